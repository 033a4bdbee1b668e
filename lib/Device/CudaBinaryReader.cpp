//===- CudaBinaryReader.cpp - Fatbins in objects, libraries, executables --===//
//
// Where nvcc 13.0 puts device code in a build's outputs (checked with
// llvm-readelf on `nvcc -c`, `-rdc=true`, `-dlink`, `-shared`, executables
// with and without -rdc, and `ar` libraries of them):
//
//   .nv_fatbin       whole-program and device-linked code; an executable or
//                    shared library has one container per object linked in
//   __nv_relfatbin   relocatable device code (-rdc / -dc objects), kept in
//                    executables too for later device links
//
// `.nvFatBinSegment` only points at the data (through relocations) and is
// not read. A raw fatbin (`nvcc -fatbin`) and a raw cubin (`nvcc -cubin`)
// are read as they are.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/CudaBinary.h"
#include "cudalint/Device/HipBinary.h"

#include "BinaryLayout.h"
#include "OneLine.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

namespace {

constexpr StringLiteral FatbinSections[] = {".nv_fatbin", "__nv_relfatbin"};
/// HIP: whole-program code objects; -fgpu-rdc's sections are named after
/// their bundle entry (__CLANG_OFFLOAD_BUNDLE__hip-amdgcn-...).
constexpr StringLiteral HipFatbinSection = ".hip_fatbin";
constexpr StringLiteral BundleSectionPrefix = "__CLANG_OFFLOAD_BUNDLE__";
constexpr char FatbinMagicBytes[] = "\x50\xed\x55\xba";
/// Archives inside archives: a few levels, never an endless loop.
constexpr unsigned MaxArchiveDepth = 4;

Error binaryError(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

bool isFatbin(StringRef Data) { return Data.starts_with(FatbinMagicBytes); }

/// A raw cubin: ELF, machine EM_CUDA (e_machine at offset 18, either
/// class).
bool isCubin(StringRef Data) {
  return Data.size() >= 20 &&
         Data.starts_with("\x7f"
                          "ELF") &&
         Data[ELF::EI_DATA] == ELF::ELFDATA2LSB &&
         support::endian::read16le(Data.data() + 18) == ELF::EM_CUDA;
}

/// Errors name where they happened below the file itself: the archive
/// member, the section ("k.o: .nv_fatbin: fatbin entry at offset 16: ...");
/// the caller names the file.
class Reader {
public:
  explicit Reader(CudaBinary &Out) : Out(Out) {}

  /// Reads Buffer; Label names it in the results ("libk.a(k.o)").
  Error read(MemoryBufferRef Buffer, const std::string &Label,
             unsigned Depth = 0);

private:
  Error readCubinFile(StringRef Data, const std::string &Label);
  Error readObject(MemoryBufferRef Buffer, const std::string &Label);
  Error readArchive(MemoryBufferRef Buffer, const std::string &Label,
                    unsigned Depth);
  Error addFatbins(StringRef Data, const std::string &Label);
  Error addBundles(StringRef Data, const std::string &Label);
  /// A section of an ELF file that holds device code: its containers.
  Error readSection(StringRef Name, StringRef Contents,
                    const std::string &Label);

  CudaBinary &Out;
};

Error Reader::read(MemoryBufferRef Buffer, const std::string &Label,
                   unsigned Depth) {
  StringRef Data = Buffer.getBuffer();
  if (isFatbin(Data))
    return addFatbins(Data, Label);
  if (isCubin(Data))
    return readCubinFile(Data, Label);
  if (isOffloadBundle(Data))
    return addBundles(Data, Label);
  if (isAmdCodeObject(Data)) {
    Out.HipImages.push_back({Label, "", Data.str()});
    ++Out.HipBundles;
    return Error::success();
  }
  switch (identify_magic(Data)) {
  case file_magic::archive:
    return readArchive(Buffer, Label, Depth);
  case file_magic::elf:
  case file_magic::elf_relocatable:
  case file_magic::elf_executable:
  case file_magic::elf_shared_object:
  case file_magic::elf_core:
    return readObject(Buffer, Label);
  default:
    return binaryError("not an object file, library, executable, fatbin or "
                       "cubin");
  }
}

Error Reader::readCubinFile(StringRef Data, const std::string &Label) {
  // A raw cubin stands for a fatbin of one image; it is parsed here so that
  // a broken one is reported as the input's error.
  Expected<Cubin> C = readCubin(Data);
  if (!C)
    return C.takeError();
  FatbinImage I;
  I.K = FatbinImage::Kind::Cubin;
  I.KindCode = 2;
  I.Arch = C->Arch;
  I.Compression = "none";
  I.Data = Data.str();
  CudaBinary::Container Box{Label, {}};
  Box.F.Images.push_back(std::move(I));
  Out.Fatbins.push_back(std::move(Box));
  return Error::success();
}

Error Reader::readObject(MemoryBufferRef Buffer, const std::string &Label) {
  // ELFFile alone (not ObjectFile, whose symbol table set-up crashed on
  // fuzzed input in LLVM 19): the section table and names, each checked.
  StringRef Data = Buffer.getBuffer();
  if (Data.size() < ELF::EI_NIDENT || Data[ELF::EI_CLASS] != ELF::ELFCLASS64 ||
      Data[ELF::EI_DATA] != ELF::ELFDATA2LSB)
    return binaryError("not a 64-bit little-endian ELF file (nvcc writes no "
                       "other)");
  std::string Aligned;
  Expected<object::ELF64LEFile> Obj =
      object::ELF64LEFile::create(alignedForElf(Data, Aligned));
  if (!Obj)
    return Obj.takeError();
  auto Sections = Obj->sections();
  if (!Sections)
    return Sections.takeError();
  Expected<StringRef> Names = Obj->getSectionStringTable(*Sections);
  if (!Names)
    return Names.takeError();
  for (const auto &Sec : *Sections) {
    Expected<StringRef> Name = Obj->getSectionName(Sec, *Names);
    if (!Name)
      return Name.takeError();
    if (!is_contained(FatbinSections, *Name) && *Name != HipFatbinSection &&
        !Name->starts_with(BundleSectionPrefix))
      continue;
    Expected<ArrayRef<uint8_t>> Contents = Obj->getSectionContents(Sec);
    if (!Contents)
      return binaryError(*Name + ": " + toString(Contents.takeError()));
    if (Error E = readSection(*Name, toStringRef(*Contents),
                              Label.empty() ? Name->str()
                                            : Label + ": " + Name->str()))
      return binaryError(*Name + ": " + toString(std::move(E)));
  }
  return Error::success();
}

Error Reader::readSection(StringRef Name, StringRef Contents,
                          const std::string &Label) {
  if (Name == HipFatbinSection)
    return addBundles(Contents, Label);
  if (Name.consume_front(BundleSectionPrefix)) {
    // -fgpu-rdc: this entry's bitcode; the host's entry is empty.
    std::string Arch = amdArchOfBundleEntry(Name);
    if (!Arch.empty()) {
      Out.HipImages.push_back({Label, Arch, Contents.str()});
      ++Out.HipBundles;
    }
    return Error::success();
  }
  return addFatbins(Contents, Label);
}

Error Reader::readArchive(MemoryBufferRef Buffer, const std::string &Label,
                          unsigned Depth) {
  if (Depth >= MaxArchiveDepth)
    return binaryError("archives nested too deep");
  Expected<std::unique_ptr<object::Archive>> A =
      object::Archive::create(Buffer);
  if (!A)
    return binaryError(toString(A.takeError()));
  Error Err = Error::success();
  for (const object::Archive::Child &C : (*A)->children(Err)) {
    Expected<StringRef> Name = C.getName();
    if (!Name) {
      consumeError(std::move(Err));
      return binaryError(toString(Name.takeError()));
    }
    Expected<MemoryBufferRef> Member = C.getMemoryBufferRef();
    if (!Member) {
      consumeError(std::move(Err));
      return binaryError(*Name + ": " + toString(Member.takeError()));
    }
    // LLVM 19 hands out a member of a corrupt archive that runs past the
    // archive's end (found by fuzzing); a regular archive's members are
    // inside it (a thin one's are other files).
    StringRef Whole = Buffer.getBuffer(), Part = Member->getBuffer();
    if (!(*A)->isThin() &&
        (Part.begin() < Whole.begin() || Part.end() > Whole.end())) {
      consumeError(std::move(Err));
      return binaryError(*Name + ": the member runs past the end of the "
                                 "archive (truncated?)");
    }
    // Members that are no objects at all (another format's symbol table,
    // text) are skipped, as the linker skips them; host-only objects add
    // no fatbin.
    StringRef Data = Member->getBuffer();
    file_magic M = identify_magic(Data);
    bool Readable =
        M == file_magic::archive || isFatbin(Data) || isCubin(Data) ||
        M == file_magic::elf || M == file_magic::elf_relocatable ||
        M == file_magic::elf_executable || M == file_magic::elf_shared_object;
    if (!Readable)
      continue;
    std::string Here =
        Label.empty() ? Name->str() : (Label + "(" + *Name + ")").str();
    if (Error E = read(*Member, Here, Depth + 1)) {
      consumeError(std::move(Err));
      return binaryError(*Name + ": " + toString(std::move(E)));
    }
  }
  if (Err)
    return binaryError(toString(std::move(Err)));
  return Error::success();
}

Error Reader::addBundles(StringRef Data, const std::string &Label) {
  Expected<std::vector<OffloadBundleEntry>> Entries = readOffloadBundles(Data);
  if (!Entries)
    return Entries.takeError();
  ++Out.HipBundles;
  for (OffloadBundleEntry &E : *Entries) {
    std::string Arch = amdArchOfBundleEntry(E.Target);
    if (!Arch.empty())
      Out.HipImages.push_back({Label, Arch, std::move(E.Data)});
  }
  return Error::success();
}

Error Reader::addFatbins(StringRef Data, const std::string &Label) {
  Expected<std::vector<Fatbin>> Fatbins = readFatbins(Data);
  if (!Fatbins)
    return Fatbins.takeError();
  for (Fatbin &F : *Fatbins)
    Out.Fatbins.push_back({Label, std::move(F)});
  return Error::success();
}

} // namespace

bool looksLikeCudaBinary(StringRef Head) {
  return Head.starts_with("\x7f"
                          "ELF") ||
         Head.starts_with("!<arch>\n") || Head.starts_with("!<thin>\n") ||
         isFatbin(Head) ||
         // An offload bundle (isBuildOutputFile reads 8 bytes).
         Head.starts_with("__CLANG_") || Head.starts_with("CCOB");
}

Expected<CudaBinary> readCudaBinary(MemoryBufferRef Buffer) {
  CudaBinary Out;
  if (Error E = Reader(Out).read(Buffer, ""))
    return oneLineError(std::move(E));
  return Out;
}

} // namespace cudalint
