//===- HipBinaryReader.cpp - Offload bundles and AMDGPU code objects ------===//
//
// The layouts (include/cudalint/Device/HipBinary.h) as Clang 19's offload
// bundler writes them (clang/lib/Driver/OffloadBundler.cpp):
//
//   "__CLANG_OFFLOAD_BUNDLE__", u64 entry count, then per entry u64 offset
//   (from the bundle's start), u64 size, u64 ID length and the ID;
//   "CCOB", u16 version, u16 method, [u32 total size (version 2)], u32
//   uncompressed size, u64 hash, then the compressed plain bundle.
//
// Sizes are checked before anything is read or allocated; the
// decompression itself is Clang's (CompressedOffloadBundle).
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/HipBinary.h"

#include "BinaryLayout.h"
#include "OneLine.h"

#include "clang/Driver/OffloadBundler.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/AMDGPUMetadataVerifier.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/BinaryFormat/MsgPackReader.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/DataExtractor.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace cudalint {

namespace {

constexpr StringLiteral BundleMagic = "__CLANG_OFFLOAD_BUNDLE__";
constexpr StringLiteral CompressedMagic = "CCOB";
/// A decompressed bundle larger than this is taken for a corrupt header
/// (a code object is a few MiB at most; a 4 GiB allocation is not made).
constexpr uint64_t MaxUncompressedBundle = uint64_t(1) << 30;

Error bundleError(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Why);
}

/// The entries of one plain bundle at the start of Data; End: where it
/// ends (the furthest entry's end).
Error readPlainBundle(StringRef Data, std::vector<OffloadBundleEntry> &Out,
                      uint64_t &End) {
  DataExtractor DE(Data, /*IsLittleEndian=*/true, 8);
  DataExtractor::Cursor C(BundleMagic.size());
  uint64_t Count = DE.getU64(C);
  if (!C)
    return bundleError("offload bundle header: " + toString(C.takeError()));
  // Each entry takes at least 24 bytes of header.
  if (Count > Data.size() / 24)
    return bundleError(formatv("offload bundle claims {0} entries in {1} "
                               "bytes (truncated?)",
                               Count, Data.size()));
  End = 0;
  for (uint64_t I = 0; I < Count; ++I) {
    uint64_t Offset = DE.getU64(C), Size = DE.getU64(C),
             IdLength = DE.getU64(C);
    StringRef Id = C ? DE.getBytes(C, IdLength) : StringRef();
    if (!C)
      return bundleError(
          formatv("offload bundle entry {0}: {1}", I, toString(C.takeError())));
    // A corrupt ID may be long: the message quotes its start.
    std::string Shown =
        (Id.take_front(64) + (Id.size() > 64 ? "..." : "")).str();
    if (Offset > Data.size() || Size > Data.size() - Offset)
      return bundleError(formatv("offload bundle entry '{0}': {1} bytes at "
                                 "offset {2}, past the end of its {3} bytes "
                                 "(truncated?)",
                                 Shown, Size, Offset, Data.size()));
    Out.push_back({Id.str(), Data.substr(Offset, Size).str()});
    End = std::max(End, std::max<uint64_t>(Offset + Size, C.tell()));
  }
  End = std::max<uint64_t>(End, C.tell());
  return Error::success();
}

/// Decompresses the compressed bundle at the start of Data; Size: how many
/// bytes of Data it takes.
Expected<std::string> decompressBundle(StringRef Data, uint64_t &Size) {
  DataExtractor DE(Data, /*IsLittleEndian=*/true, 8);
  DataExtractor::Cursor C(CompressedMagic.size());
  uint16_t Version = DE.getU16(C);
  DE.getU16(C); // the method: Clang checks it
  Size = Data.size();
  if (C && Version >= 2)
    Size = DE.getU32(C);
  uint32_t Uncompressed = DE.getU32(C);
  DE.getU64(C); // the hash
  if (!C)
    return bundleError("compressed offload bundle header: " +
                       toString(C.takeError()));
  if (Version == 0 || Version > 2)
    return bundleError(formatv("compressed offload bundle version {0} (1 "
                               "and 2 are known)",
                               Version));
  if (Size < C.tell() || Size > Data.size())
    return bundleError(formatv("compressed offload bundle of {0} bytes, {1} "
                               "left (truncated?)",
                               Size, Data.size()));
  if (Uncompressed > MaxUncompressedBundle)
    return bundleError(formatv("compressed offload bundle claims {0} bytes "
                               "uncompressed",
                               Uncompressed));
  std::unique_ptr<MemoryBuffer> In = MemoryBuffer::getMemBuffer(
      Data.take_front(Size), "bundle", /*RequiresNullTerminator=*/false);
  Expected<std::unique_ptr<MemoryBuffer>> Out =
      clang::CompressedOffloadBundle::decompress(*In);
  if (!Out)
    return bundleError("compressed offload bundle: " +
                       toString(Out.takeError()));
  return (*Out)->getBuffer().str();
}

/// The value of an unsigned integer node (msgpack may store one as a
/// signed integer); none for anything else.
std::optional<uint64_t> unsignedOf(const msgpack::DocNode &N) {
  if (N.getKind() == msgpack::Type::UInt)
    return N.getUInt();
  if (N.getKind() == msgpack::Type::Int && N.getInt() >= 0)
    return uint64_t(N.getInt());
  return std::nullopt;
}

/// Key's node in Map; null when absent.
msgpack::DocNode *lookup(msgpack::MapDocNode &Map, StringRef Key) {
  auto It = Map.find(Key);
  return It == Map.end() ? nullptr : &It->second;
}

std::optional<unsigned> countOf(msgpack::MapDocNode &Map, StringRef Key) {
  msgpack::DocNode *N = lookup(Map, Key);
  std::optional<uint64_t> V = N ? unsignedOf(*N) : std::nullopt;
  if (!V || *V > UINT32_MAX)
    return std::nullopt;
  return unsigned(*V);
}

/// One item of amdhsa.kernels.
Expected<AmdCodeObject::Kernel> readKernel(msgpack::MapDocNode &Map) {
  AmdCodeObject::Kernel K;
  AmdKernelUsage &U = K.Usage;
  msgpack::DocNode *Name = lookup(Map, ".name");
  if (!Name || !Name->isString())
    return bundleError("a kernel without a .name");
  U.Name = Name->getString().str();
  std::optional<unsigned> Charged = countOf(Map, ".vgpr_count");
  if (!Charged)
    return bundleError("kernel " + U.Name + ": no .vgpr_count");
  K.ChargedVGPRs = *Charged;
  U.SGPRs = countOf(Map, ".sgpr_count");
  // Code object v3 and newer always say it; older ones had no AGPRs.
  U.AGPRs = countOf(Map, ".agpr_count").value_or(0);
  if (std::optional<unsigned> L = countOf(Map, ".group_segment_fixed_size"))
    U.LDSBytes = *L;
  if (std::optional<unsigned> S = countOf(Map, ".private_segment_fixed_size"))
    U.ScratchBytesPerLane = *S;
  U.SGPRSpills = countOf(Map, ".sgpr_spill_count");
  U.VGPRSpills = countOf(Map, ".vgpr_spill_count");
  if (msgpack::DocNode *D = lookup(Map, ".uses_dynamic_stack"))
    if (D->getKind() == msgpack::Type::Boolean)
      U.DynamicStack = D->getBool();
  return K;
}

/// Whether msgpack::Document can take Blob: LLVM 19 keeps a map's keys in a
/// std::map whose ordering reaches llvm_unreachable (a trap, found by
/// fuzzing) for a key that is an array, a map or an extension; and every
/// collection's items must be there.
Error checkMsgpackShape(StringRef Blob) {
  msgpack::Reader R(Blob);
  struct Level {
    uint64_t Left; // items (keys and values) still to come
    bool Map;
  };
  SmallVector<Level, 8> Open;
  uint64_t Items = 0;
  while (true) {
    msgpack::Object O;
    Expected<bool> More = R.read(O);
    if (!More)
      return bundleError("the AMDGPU metadata note is not msgpack (" +
                         toString(More.takeError()) + ")");
    if (!*More)
      break;
    ++Items;
    bool Key = !Open.empty() && Open.back().Map && Open.back().Left % 2 == 0;
    bool Collection =
        O.Kind == msgpack::Type::Array || O.Kind == msgpack::Type::Map;
    if (Key && (Collection || O.Kind == msgpack::Type::Extension))
      return bundleError("the AMDGPU metadata note has a map key that is "
                         "not a scalar");
    if (!Open.empty() && --Open.back().Left == 0)
      Open.pop_back();
    while (!Open.empty() && Open.back().Left == 0)
      Open.pop_back();
    if (Collection && O.Length > 0) {
      // Each item takes a byte at least.
      if (O.Length > Blob.size())
        return bundleError("the AMDGPU metadata note is truncated");
      Open.push_back({O.Length * (O.Kind == msgpack::Type::Map ? 2 : 1),
                      O.Kind == msgpack::Type::Map});
    }
  }
  if (!Open.empty() || Items == 0)
    return bundleError("the AMDGPU metadata note is truncated");
  return Error::success();
}

/// The metadata note's msgpack, read and verified.
Expected<AmdCodeObject> readMetadata(StringRef Blob) {
  if (Error E = checkMsgpackShape(Blob))
    return std::move(E);
  msgpack::Document Doc;
  if (!Doc.readFromBlob(Blob, /*Multi=*/false))
    return bundleError("the AMDGPU metadata note is not msgpack");
  if (!AMDGPU::HSAMD::V3::MetadataVerifier(/*Strict=*/true)
           .verify(Doc.getRoot()))
    return bundleError("the AMDGPU metadata note does not verify as code "
                       "object v3+ metadata");
  msgpack::MapDocNode Root = Doc.getRoot().getMap();
  AmdCodeObject Out;
  if (msgpack::DocNode *T = lookup(Root, "amdhsa.target"))
    if (T->isString())
      Out.Target = T->getString().str();
  msgpack::DocNode *Kernels = lookup(Root, "amdhsa.kernels");
  if (!Kernels || !Kernels->isArray())
    return bundleError("the AMDGPU metadata note has no amdhsa.kernels");
  for (msgpack::DocNode &N : Kernels->getArray()) {
    if (!N.isMap())
      return bundleError("an item of amdhsa.kernels is not a map");
    msgpack::MapDocNode Map = N.getMap();
    Expected<AmdCodeObject::Kernel> K = readKernel(Map);
    if (!K)
      return K.takeError();
    Out.Kernels.push_back(std::move(*K));
  }
  return Out;
}

} // namespace

bool isOffloadBundle(StringRef Data) {
  return Data.starts_with(BundleMagic) || Data.starts_with(CompressedMagic);
}

Expected<std::vector<OffloadBundleEntry>> readOffloadBundles(StringRef Data) {
  std::vector<OffloadBundleEntry> Out;
  uint64_t At = 0;
  while (At < Data.size()) {
    StringRef Rest = Data.drop_front(At);
    // An executable aligns each unit's bundle: zeros between them.
    if (Rest.front() == '\0') {
      At += paddingZeros(Rest);
      continue;
    }
    uint64_t Size = 0;
    // An entry's ID is the input's bytes: the message stays on one line.
    auto Where = [&](Error E) {
      return oneLineError(bundleError(formatv(
          "offload bundle at offset {0}: {1}", At, toString(std::move(E)))));
    };
    if (Rest.starts_with(CompressedMagic)) {
      Expected<std::string> Plain = decompressBundle(Rest, Size);
      if (!Plain)
        return Where(Plain.takeError());
      if (!StringRef(*Plain).starts_with(BundleMagic))
        return Where(bundleError("decompressed, it is no offload bundle"));
      uint64_t Unused;
      if (Error E = readPlainBundle(*Plain, Out, Unused))
        return Where(std::move(E));
    } else if (Rest.starts_with(BundleMagic)) {
      if (Error E = readPlainBundle(Rest, Out, Size))
        return Where(std::move(E));
    } else {
      return Where(bundleError("no offload bundle magic"));
    }
    At += std::max<uint64_t>(Size, 1);
  }
  return Out;
}

std::string amdArchOfBundleEntry(StringRef Target) {
  // <kind>-<triple>-<target ID>; the triple's environment is empty for
  // AMDGPU ("amdgcn-amd-amdhsa-"), so the ID follows "--".
  auto [Kind, Rest] = Target.split('-');
  if ((Kind != "hip" && Kind != "hipv4") || !Rest.starts_with("amdgcn-"))
    return std::string();
  // Features (":xnack-") may hold a '-' too.
  StringRef Triple = Rest.split(':').first;
  StringRef Arch = Triple.drop_front(Triple.rfind('-') + 1);
  return Arch.starts_with("gfx") ? Arch.str() : std::string();
}

std::string AmdCodeObject::arch() const {
  // "amdgcn-amd-amdhsa--gfx90a:xnack-"
  StringRef Id = StringRef(Target).split(':').first.rsplit('-').second;
  return Id.starts_with("gfx") ? Id.str() : std::string();
}

std::optional<unsigned> architectedVGPRs(unsigned Charged, unsigned AGPRs,
                                         std::optional<bool> Unified) {
  if (AGPRs == 0)
    return Charged;
  if (!Unified)
    return std::nullopt;
  if (*Unified)
    return Charged >= AGPRs ? std::optional<unsigned>(Charged - AGPRs)
                            : std::nullopt;
  return Charged > AGPRs ? std::optional<unsigned>(Charged) : std::nullopt;
}

bool isAmdCodeObject(StringRef Data) {
  return Data.size() >= 20 &&
         Data.starts_with("\x7f"
                          "ELF") &&
         Data[ELF::EI_CLASS] == ELF::ELFCLASS64 &&
         Data[ELF::EI_DATA] == ELF::ELFDATA2LSB &&
         support::endian::read16le(Data.data() + 18) == ELF::EM_AMDGPU;
}

Expected<AmdCodeObject> readAmdCodeObject(StringRef Elf) {
  if (!isAmdCodeObject(Elf))
    return bundleError("not an AMDGPU code object (64-bit ELF, EM_AMDGPU)");
  std::string Aligned;
  Expected<object::ELF64LEFile> Obj =
      object::ELF64LEFile::create(alignedForElf(Elf, Aligned));
  if (!Obj)
    return oneLineError(Obj.takeError());
  auto Sections = Obj->sections();
  if (!Sections)
    return oneLineError(Sections.takeError());
  for (const object::ELF64LE::Shdr &Sec : *Sections) {
    if (Sec.sh_type != ELF::SHT_NOTE)
      continue;
    // Bounds checked here (without overflow) before the note iterator,
    // which reads an alignment of 0 or 1 as 4: so does getDesc here.
    if (Expected<ArrayRef<uint8_t>> Contents = Obj->getSectionContents(Sec);
        !Contents)
      return oneLineError(Contents.takeError());
    Error Err = Error::success();
    for (const object::ELF64LE::Note &N : Obj->notes(Sec, Err))
      if (N.getName() == "AMDGPU" && N.getType() == ELF::NT_AMDGPU_METADATA) {
        StringRef Blob =
            toStringRef(N.getDesc(std::max<size_t>(Sec.sh_addralign, 4)));
        consumeError(std::move(Err));
        return readMetadata(Blob);
      }
    if (Err)
      return oneLineError(std::move(Err));
  }
  return bundleError("no AMDGPU metadata note (NT_AMDGPU_METADATA)");
}

} // namespace cudalint
