//===- CudaBinaryTest.cpp - Fatbin containers, LZ4, depfiles, .ninja_deps -===//
//
// Synthetic inputs in the layouts docs/device-facts.md describes (found on
// nvcc 13.0's outputs): well-formed ones decode, every kind of damage is a
// one-line error. Real nvcc outputs are read by test/lit/objects.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/CudaBinary.h"

#include "LittleEndianWriters.h"
#include "NinjaDeps.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace llvm;
using namespace cudalint::bytes;

namespace {

/// One fatbin entry: a 64-byte header and the payload padded to 8.
std::string entry(uint16_t Kind, uint32_t Arch, StringRef Payload,
                  uint64_t Flags = 0x11, uint32_t Compressed = 0,
                  uint64_t Decompressed = 0) {
  std::string Padded = Payload.str();
  Padded.resize(alignTo(Padded.size(), 8), '\0');
  std::string S;
  put16(S, Kind);
  put16(S, 0x0101);
  put32(S, 64);
  put64(S, Padded.size());
  put32(S, Compressed);
  put32(S, 0);
  put32(S, 0x10008); // version
  put32(S, Arch);
  put32(S, 0);
  put32(S, 0);
  put64(S, Flags);
  put64(S, 0);
  put64(S, Decompressed);
  return S + Padded;
}

std::string container(StringRef Entries) {
  std::string S;
  put32(S, 0xBA55ED50);
  put16(S, 1);
  put16(S, 16);
  put64(S, Entries.size());
  return S + Entries.str();
}

std::string errorOf(Error E) { return toString(std::move(E)); }

TEST(Fatbin, ImagesOfOneContainer) {
  auto F = readFatbins(container(entry(2, 80,
                                       "\x7f"
                                       "ELFcubin") +
                                 entry(1, 90, "// ptx\0\0", 0x100011)));
  ASSERT_TRUE(bool(F)) << errorOf(F.takeError());
  ASSERT_EQ(F->size(), 1u);
  const auto &Images = (*F)[0].Images;
  ASSERT_EQ(Images.size(), 2u);
  EXPECT_EQ(Images[0].K, FatbinImage::Kind::Cubin);
  EXPECT_EQ(Images[0].archName(), "sm_80");
  EXPECT_EQ(Images[1].K, FatbinImage::Kind::Ptx);
  EXPECT_EQ(Images[1].Data, "// ptx"); // NUL padding dropped
  EXPECT_EQ(Images[1].archName(), "compute_90a");
}

TEST(Fatbin, ContainersBackToBackWithPadding) {
  std::string A = container(entry(2, 80, "one")),
              B = container(entry(2, 90, "two"));
  auto F = readFatbins(A + std::string(8, '\0') + B + std::string(16, '\0'));
  ASSERT_TRUE(bool(F)) << errorOf(F.takeError());
  ASSERT_EQ(F->size(), 2u);
  EXPECT_EQ((*F)[1].Images[0].Arch, 90u);
}

TEST(Fatbin, LtoIrIsKeptUndecoded) {
  auto F = readFatbins(container(entry(8, 80, "ir", 0x18011, 2, 99)));
  ASSERT_TRUE(bool(F)) << errorOf(F.takeError());
  EXPECT_EQ((*F)[0].Images[0].K, FatbinImage::Kind::Other);
  EXPECT_EQ((*F)[0].Images[0].KindCode, 8u);
}

TEST(Fatbin, ZstdImage) {
  if (!compression::zstd::isAvailable())
    GTEST_SKIP() << "LLVM without zstd";
  std::string Ptx = ".version 9.0\n.target sm_80\n" + std::string(500, '\n');
  SmallVector<uint8_t, 0> Packed;
  compression::zstd::compress(arrayRefFromStringRef(Ptx), Packed);
  auto F = readFatbins(container(
      entry(1, 80, toStringRef(Packed), 0x8011, Packed.size(), Ptx.size())));
  ASSERT_TRUE(bool(F)) << errorOf(F.takeError());
  EXPECT_EQ((*F)[0].Images[0].Compression, "zstd");
  EXPECT_EQ((*F)[0].Images[0].Data, StringRef(Ptx).rtrim('\0'));

  std::string Broken(toStringRef(Packed));
  Broken[Broken.size() / 2] ^= 0x5a;
  Broken[4] ^= 0x33;
  auto Bad = readFatbins(
      container(entry(1, 80, Broken, 0x8011, Broken.size(), Ptx.size())));
  ASSERT_FALSE(bool(Bad));
  EXPECT_NE(errorOf(Bad.takeError()).find("bad zstd payload"),
            std::string::npos);

  auto WrongSize = readFatbins(container(entry(
      1, 80, toStringRef(Packed), 0x8011, Packed.size(), Ptx.size() + 1)));
  ASSERT_FALSE(bool(WrongSize));
  consumeError(WrongSize.takeError());
}

TEST(Fatbin, Lz4Image) {
  // "abcd", then 8 bytes from 4 back, then the literal "x".
  std::string Block("\x44"
                    "abcd\x04\x00\x10x",
                    9);
  auto F =
      readFatbins(container(entry(1, 75, Block, 0x2011, Block.size(), 13)));
  ASSERT_TRUE(bool(F)) << errorOf(F.takeError());
  EXPECT_EQ((*F)[0].Images[0].Data, "abcdabcdabcdx");
  EXPECT_EQ((*F)[0].Images[0].Compression, "lz4");
}

TEST(Fatbin, Damage) {
  std::string Good = container(entry(2, 80, "cubin"));
  auto Fails = [](StringRef Data, StringRef Expected) {
    auto F = readFatbins(Data);
    if (F)
      return ::testing::AssertionFailure() << "no error";
    std::string E = errorOf(F.takeError());
    if (E.find(Expected.str()) == std::string::npos || E.find('\n') != E.npos)
      return ::testing::AssertionFailure() << E;
    return ::testing::AssertionSuccess();
  };
  EXPECT_TRUE(Fails("", "no fatbin"));
  EXPECT_TRUE(Fails(StringRef(Good).take_front(10), "cut off"));
  EXPECT_TRUE(Fails(StringRef(Good).drop_back(3), "truncated"));
  std::string BadMagic = Good;
  BadMagic[0] = 0x51;
  EXPECT_TRUE(Fails(BadMagic, "bad fatbin magic"));
  std::string SmallHeader = Good;
  SmallHeader[16 + 4] = 8; // entry header size 8
  EXPECT_TRUE(Fails(SmallHeader, "entry header size 8"));
  std::string HugePayload = Good;
  HugePayload[16 + 8 + 5] = 1; // payload size 2^40 + ...
  EXPECT_TRUE(Fails(HugePayload, "entry payload of"));
  // A compressed size past the payload, an absurd decompressed size.
  EXPECT_TRUE(Fails(container(entry(2, 80, "zz", 0x8011, 100, 10)),
                    "compressed size 100"));
  EXPECT_TRUE(Fails(container(entry(2, 80, "zz", 0x8011, 2, uint64_t(1) << 40)),
                    "decompressed size"));
  EXPECT_TRUE(Fails(container(entry(2, 80, "").substr(0, 40)),
                    "entry header cut off (40 of 64 bytes)"));
  std::string Misaligned = std::string(3, '\0') + Good;
  EXPECT_TRUE(Fails(Misaligned, "bad fatbin header at offset 3"));
}

TEST(Lz4, DamageIsAnError) {
  auto Fails = [](StringRef Block, uint64_t Size) {
    auto R = decompressLz4Block(Block, Size);
    if (R)
      return false;
    consumeError(R.takeError());
    return true;
  };
  EXPECT_TRUE(Fails(StringRef("\x44"
                              "abcd\x00\x00",
                              7),
                    12)); // offset 0
  EXPECT_TRUE(Fails(StringRef("\x44"
                              "abcd\x09\x00",
                              7),
                    12));          // offset before the start
  EXPECT_TRUE(Fails("\xf0", 100)); // literal length cut off
  EXPECT_TRUE(Fails("\x50"
                    "ab",
                    5)); // 5 literals promised, 2 there
  EXPECT_TRUE(Fails("\x20"
                    "ab",
                    3)); // size mismatch
  EXPECT_TRUE(Fails("\x20"
                    "ab",
                    1)); // more than promised
  auto Long = decompressLz4Block("\xf0\x05" + std::string(20, 'q'), 20);
  ASSERT_TRUE(bool(Long)) << errorOf(Long.takeError());
  EXPECT_EQ(*Long, std::string(20, 'q'));
}

TEST(CudaBinary, ForeignAndBrokenInputs) {
  auto Read = [](StringRef Data) {
    return readCudaBinary(MemoryBufferRef(Data, "input"));
  };
  auto Text = Read("ptxas info    : Used 8 registers\n");
  ASSERT_FALSE(bool(Text));
  EXPECT_EQ(errorOf(Text.takeError()),
            "not an object file, library, executable, fatbin or cubin");
  // A cubin cut short.
  std::string Elf = "\x7f"
                    "ELF\x02\x01\x01\x41";
  Elf.resize(20, '\0');
  Elf[18] = char(190); // EM_CUDA
  auto Cut = Read(Elf);
  ASSERT_FALSE(bool(Cut));
  EXPECT_NE(errorOf(Cut.takeError()).find("cubin"), std::string::npos);
  EXPECT_TRUE(looksLikeCudaBinary("!<arch>\n"));
  EXPECT_FALSE(looksLikeCudaBinary("ptxas info"));
  auto Cubin = readCubin("not an ELF file at all");
  ASSERT_FALSE(bool(Cubin));
  consumeError(Cubin.takeError());
}

TEST(Depfile, Prerequisites) {
  auto D = device::parseDepfile("CMakeFiles/k.dir/a.cu.o : /src/a.cu \\\n"
                                "  /src/my\\ dir/b.h $$c.h \\\n"
                                "  /usr/include/stdio.h\n"
                                "/src/my\\ dir/b.h:\n");
  ASSERT_EQ(D.size(), 4u);
  EXPECT_EQ(D[0], "/src/a.cu");
  EXPECT_EQ(D[1], "/src/my dir/b.h");
  EXPECT_EQ(D[2], "$c.h");
  EXPECT_EQ(D[3], "/usr/include/stdio.h");
}

/// A .ninja_deps as ninja 1.11 writes it.
std::string ninjaDeps(bool CutShort) {
  std::string S = "# ninjadeps\n";
  put32(S, 4);
  auto Path = [&](StringRef P, uint32_t Id) {
    std::string Padded = P.str();
    Padded.resize(alignTo(Padded.size(), 4), '\0');
    put32(S, Padded.size() + 4);
    S += Padded;
    put32(S, ~Id);
  };
  Path("obj/a.cu.o", 0);
  Path("../src/a.cu", 1);
  Path("/usr/include/b.h", 2);
  put32(S, 0x80000000u | 20);
  put32(S, 0);
  put64(S, 12345);
  put32(S, 1);
  put32(S, 2);
  if (CutShort)
    S += "\x10\x00"; // a record ninja was writing when it was killed
  return S;
}

TEST(NinjaDeps, InputsOfAnOutput) {
  SmallString<128> Dir;
  ASSERT_FALSE(sys::fs::createUniqueDirectory("cudalint-ninja", Dir));
  SmallString<128> File(Dir);
  sys::path::append(File, ".ninja_deps");
  {
    std::error_code EC;
    raw_fd_ostream OS(File, EC);
    ASSERT_FALSE(EC);
    OS << ninjaDeps(/*CutShort=*/true);
  }
  auto Log = device::NinjaDepsLog::load(Dir);
  ASSERT_TRUE(bool(Log)) << errorOf(Log.takeError());
  SmallString<128> Obj(Dir);
  sys::path::append(Obj, "obj", "a.cu.o");
  const std::vector<std::string> *In = Log->inputsOf(Obj);
  ASSERT_NE(In, nullptr);
  ASSERT_EQ(In->size(), 2u);
  SmallString<128> Src(sys::path::parent_path(Dir));
  sys::path::append(Src, "src", "a.cu");
  EXPECT_EQ((*In)[0], Src.str());
  EXPECT_EQ((*In)[1], "/usr/include/b.h");
  EXPECT_EQ(Log->inputsOf("/nowhere.o"), nullptr);

  {
    std::error_code EC;
    raw_fd_ostream OS(File, EC);
    OS << "# ninjalog v5\n";
  }
  auto Bad = device::NinjaDepsLog::load(Dir);
  ASSERT_FALSE(bool(Bad));
  consumeError(Bad.takeError());
  sys::fs::remove_directories(Dir);
}

} // namespace
