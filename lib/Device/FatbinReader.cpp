//===- FatbinReader.cpp - Fatbin containers and their images --------------===//
//
// The fatbin layout, as nvcc 13.0 writes it (checked on `nvcc -c`, `-rdc`,
// `-dlink`, executables, shared libraries, `-fatbin`, several -gencode, PTX
// only, LTO, and every --compress-mode; docs/device-facts.md):
//
//   container header (16 bytes): u32 magic 0xBA55ED50, u16 version 1,
//     u16 header size (16), u64 size of the entries that follow
//   entry header (64 bytes or more; the rest is options text):
//     +0 u16 kind (1 PTX, 2 cubin, 8 LTO IR)   +2 u16 version (0x0101)
//     +4 u32 header size                        +8 u64 payload size (padded)
//     +16 u32 compressed size (0: stored)       +28 u32 arch (80, 90, ...)
//     +40 u64 flags: 0x2000 LZ4, 0x8000 zstd, 0x100000 "a" arch,
//                    0x200000 "f" family
//     +56 u64 decompressed size
//
// An executable's `.nv_fatbin` holds one container per object linked in,
// back to back. Every size is checked against what is left before it is
// used.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/CudaBinary.h"

#include "BinaryLayout.h"
#include "OneLine.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;
using namespace llvm::support::endian;

namespace cudalint {

namespace {

constexpr uint32_t FatbinMagic = 0xBA55ED50;
constexpr size_t ContainerHeaderSize = 16, EntryHeaderSize = 64;
constexpr uint64_t FlagLz4 = 0x2000, FlagZstd = 0x8000,
                   FlagArchSpecific = 0x100000, FlagFamily = 0x200000;
/// No cubin or PTX comes near: a header claiming more is corrupt, and
/// must not make the reader allocate it.
constexpr uint64_t MaxImageSize = uint64_t(1) << 30;

Error fatbinError(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

/// The decompressed size a header may claim for Compressed bytes: zstd and
/// LZ4 do not expand a real image 4096 times.
uint64_t plausibleSize(uint64_t Compressed) {
  return std::min(MaxImageSize,
                  std::max<uint64_t>(uint64_t(1) << 20, Compressed * 4096));
}

Expected<std::string> decompressZstd(StringRef In, uint64_t Size) {
  if (!compression::zstd::isAvailable())
    return fatbinError("a zstd-compressed image, and this build of LLVM "
                       "has no zstd");
  std::string Out(Size, '\0');
  size_t Got = Size;
  if (Error E = compression::zstd::decompress(
          arrayRefFromStringRef(In), reinterpret_cast<uint8_t *>(Out.data()),
          Got))
    return fatbinError("bad zstd payload: " + toString(std::move(E)));
  if (Got != Size)
    return fatbinError(formatv("bad zstd payload: {0} bytes decompressed, the "
                               "entry header says {1}",
                               Got, Size));
  return Out;
}

/// One entry at Data[0..), with End bytes up to the container's end.
Expected<FatbinImage> readEntry(StringRef Entry, uint64_t &Consumed) {
  if (Entry.size() < EntryHeaderSize)
    return fatbinError(formatv("entry header cut off ({0} of {1} bytes)",
                               Entry.size(), EntryHeaderSize));
  const char *P = Entry.data();
  uint16_t Kind = read16le(P);
  uint32_t HeaderSize = read32le(P + 4);
  uint64_t PayloadSize = read64le(P + 8);
  uint32_t CompressedSize = read32le(P + 16);
  uint32_t Arch = read32le(P + 28);
  uint64_t Flags = read64le(P + 40);
  uint64_t DecompressedSize = read64le(P + 56);
  if (HeaderSize < EntryHeaderSize || HeaderSize > Entry.size())
    return fatbinError(formatv("entry header size {0} (at least {1}, {2} "
                               "bytes left)",
                               HeaderSize, EntryHeaderSize, Entry.size()));
  if (PayloadSize > Entry.size() - HeaderSize)
    return fatbinError(formatv("entry payload of {0} bytes, {1} left",
                               PayloadSize, Entry.size() - HeaderSize));
  Consumed = HeaderSize + PayloadSize;
  StringRef Payload = Entry.substr(HeaderSize, PayloadSize);

  FatbinImage I;
  I.KindCode = Kind;
  I.K = Kind == 1   ? FatbinImage::Kind::Ptx
        : Kind == 2 ? FatbinImage::Kind::Cubin
                    : FatbinImage::Kind::Other;
  I.Arch = Arch;
  if (Flags & FlagArchSpecific)
    I.Suffix = "a";
  else if (Flags & FlagFamily)
    I.Suffix = "f";
  if (I.K == FatbinImage::Kind::Other) {
    I.Compression = Flags & (FlagZstd | FlagLz4) ? "skipped" : "none";
    return I; // LTO IR and unknown kinds: kept as a fact, never decoded
  }
  if (Flags & (FlagZstd | FlagLz4)) {
    I.Compression = Flags & FlagZstd ? "zstd" : "lz4";
    if (CompressedSize > PayloadSize)
      return fatbinError(formatv("compressed size {0} beyond the payload's {1}",
                                 CompressedSize, PayloadSize));
    if (DecompressedSize > plausibleSize(CompressedSize))
      return fatbinError(formatv("decompressed size {0} for {1} compressed "
                                 "bytes",
                                 DecompressedSize, CompressedSize));
    StringRef Packed = Payload.take_front(CompressedSize);
    Expected<std::string> Data =
        Flags & FlagZstd ? decompressZstd(Packed, DecompressedSize)
                         : decompressLz4Block(Packed, DecompressedSize);
    if (!Data)
      return Data.takeError();
    I.Data = std::move(*Data);
  } else {
    I.Compression = "none";
    I.Data = Payload.str();
  }
  if (I.K == FatbinImage::Kind::Ptx)
    I.Data.erase(I.Data.find_last_not_of('\0') + 1);
  return I;
}

/// The entries of one container, Body being its entry bytes.
Expected<Fatbin> readContainer(StringRef Body, uint64_t BodyOffset) {
  Fatbin F;
  uint64_t Pos = 0;
  while (Pos < Body.size()) {
    uint64_t Consumed = 0;
    Expected<FatbinImage> I = readEntry(Body.drop_front(Pos), Consumed);
    if (!I)
      return fatbinError(formatv("fatbin entry at offset {0}: {1}",
                                 BodyOffset + Pos, toString(I.takeError())));
    F.Images.push_back(std::move(*I));
    Pos += Consumed;
  }
  return F;
}

} // namespace

std::string FatbinImage::archName() const {
  return (K == Kind::Cubin ? "sm_" : "compute_") + std::to_string(Arch) +
         Suffix;
}

static Expected<std::vector<Fatbin>> readFatbinsImpl(StringRef Data);

Expected<std::vector<Fatbin>> readFatbins(StringRef Data) {
  Expected<std::vector<Fatbin>> F = readFatbinsImpl(Data);
  if (!F)
    return oneLineError(F.takeError());
  return F;
}

static Expected<std::vector<Fatbin>> readFatbinsImpl(StringRef Data) {
  std::vector<Fatbin> Out;
  uint64_t Pos = 0;
  while (Pos < Data.size()) {
    StringRef Rest = Data.drop_front(Pos);
    // Zero padding between two objects' containers (a header starts with
    // the magic's 0x50).
    if (Rest.front() == '\0') {
      size_t NonZero = paddingZeros(Rest);
      if (NonZero == Rest.size())
        break;
      Pos += NonZero & ~size_t(7); // containers are 8-byte aligned
      if ((NonZero & 7) != 0)
        return fatbinError(
            formatv("bad fatbin header at offset {0}", Pos + (NonZero & 7)));
      continue;
    }
    if (Rest.size() < ContainerHeaderSize)
      return fatbinError(formatv("fatbin header cut off at offset {0} ({1} of "
                                 "{2} bytes)",
                                 Pos, Rest.size(), ContainerHeaderSize));
    uint32_t Magic = read32le(Rest.data());
    if (Magic != FatbinMagic)
      return fatbinError(formatv("bad fatbin magic {0:x8} at offset {1} "
                                 "(expected 0xba55ed50)",
                                 Magic, Pos));
    uint16_t HeaderSize = read16le(Rest.data() + 6);
    uint64_t BodySize = read64le(Rest.data() + 8);
    if (HeaderSize < ContainerHeaderSize || HeaderSize > Rest.size())
      return fatbinError(
          formatv("fatbin header size {0} at offset {1}", HeaderSize, Pos));
    if (BodySize > Rest.size() - HeaderSize)
      return fatbinError(formatv("fatbin at offset {0} claims {1} bytes, {2} "
                                 "left (truncated?)",
                                 Pos, BodySize, Rest.size() - HeaderSize));
    Expected<Fatbin> F =
        readContainer(Rest.substr(HeaderSize, BodySize), Pos + HeaderSize);
    if (!F)
      return F.takeError();
    Out.push_back(std::move(*F));
    Pos += HeaderSize + BodySize;
  }
  if (Out.empty())
    return fatbinError("no fatbin in the data");
  return Out;
}

} // namespace cudalint
