//===- CubinReader.cpp - Kernels and their resources in a cubin -----------===//
//
// A cubin is an ELF file (EM_CUDA). What ptxas decided for each kernel is
// spread over sections; the meaning of each was found by compiling kernels
// with known properties (nvcc 13.0, ptxas -v, sm_75 to sm_121, PTX written
// to set each directive alone) and comparing (docs/device-facts.md):
//
//   kernels        STT_FUNC symbols with st_other bit 0x10 (device
//                  functions have 0), code in `.text.<name>`
//   .nv.info       records for every function, keyed by symbol index:
//                  REGCOUNT, FRAME_SIZE, MIN_STACK_SIZE (the cumulative
//                  stack, in linked cubins), MAX_STACK_SIZE (relocatable)
//   .nv.info.<k>   the kernel's own records: MAX_THREADS (.maxntid),
//                  REQNTID, MAXREG_COUNT (the register cap ptxas applied),
//                  NUM_BARRIERS, CTA_PER_CLUSTER, EXPLICIT_CLUSTER,
//                  MAX_CLUSTER_RANK
//   .nv.shared.<k> static shared memory (its size); a linked sm_90+ cubin
//                  puts the 1 KiB reserved per block first
//   .nv.constant0.<k>  cmem[0]
//   .note.nv.cuinfo    the compute_XY the code was compiled from
//
// A record is: u8 format, u8 attribute, then by format: 0x01 nothing (two
// unused bytes), 0x02 a byte (and one unused), 0x03 a u16, 0x04 a u16 size
// and that many bytes. Not recorded anywhere: spills, .minnctapersm, and
// whether a register cap came from .maxnreg.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/CudaBinary.h"

#include "BinaryLayout.h"
#include "OneLine.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace llvm;
using namespace llvm::support::endian;

namespace cudalint {

namespace {

using ElfFile = object::ELF64LEFile;
using Shdr = ElfFile::Elf_Shdr;

/// EIATTR_* attribute codes (the names NVIDIA's tools print).
enum : uint8_t {
  EiattrMaxThreads = 0x05,
  EiattrReqNTid = 0x10,
  EiattrFrameSize = 0x11,
  EiattrMinStackSize = 0x12,
  EiattrMaxRegCount = 0x1b,
  EiattrMaxStackSize = 0x23,
  EiattrRegCount = 0x2f,
  EiattrCtaPerCluster = 0x3d,
  EiattrExplicitCluster = 0x3e,
  EiattrMaxClusterRank = 0x3f,
  EiattrNumBarriers = 0x4c,
};
/// EIFMT_* record formats.
enum : uint8_t { FmtNone = 1, FmtByte = 2, FmtHalf = 3, FmtSized = 4 };

constexpr uint8_t StoCudaEntry = 0x10;
/// The ELF OS/ABI byte of cubins since CUDA 12.8 (nvcc 13 writes only
/// these); older ones use ELFOSABI_CUDA, with the arch in e_flags' low byte.
constexpr uint8_t OsAbiCuda2 = 0x41;
constexpr unsigned CudaNoteInfo = 1000;
constexpr uint64_t ReservedSharedSm90 = 1024;

Error cubinError(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), "cubin: " + Why);
}

struct Record {
  uint8_t Attr = 0, Format = 0;
  uint32_t Value = 0; // FmtByte, FmtHalf
  StringRef Bytes;    // FmtSized
  uint32_t word(size_t I) const { return read32le(Bytes.data() + 4 * I); }
};

/// The records of one .nv.info section.
Expected<std::vector<Record>> readRecords(StringRef Data, StringRef Section) {
  std::vector<Record> Out;
  size_t Pos = 0;
  while (Pos < Data.size()) {
    if (Data.size() - Pos < 4)
      return cubinError(
          formatv("{0}: record cut off at offset {1}", Section, Pos));
    Record R;
    R.Format = uint8_t(Data[Pos]);
    R.Attr = uint8_t(Data[Pos + 1]);
    switch (R.Format) {
    case FmtNone:
      Pos += 4;
      break;
    case FmtByte:
      R.Value = uint8_t(Data[Pos + 2]);
      Pos += 4;
      break;
    case FmtHalf:
      R.Value = read16le(Data.data() + Pos + 2);
      Pos += 4;
      break;
    case FmtSized: {
      uint16_t Size = read16le(Data.data() + Pos + 2);
      if (Size > Data.size() - Pos - 4)
        return cubinError(formatv("{0}: record of {1} bytes at offset {2}, "
                                  "{3} left",
                                  Section, Size, Pos, Data.size() - Pos - 4));
      R.Bytes = Data.substr(Pos + 4, Size);
      Pos += 4 + Size;
      break;
    }
    default:
      return cubinError(formatv("{0}: unknown record format {1:x2} at offset "
                                "{2}",
                                Section, R.Format, Pos));
    }
    Out.push_back(R);
  }
  return Out;
}

/// A record that must carry Words 32-bit values.
Error expectWords(const Record &R, size_t Words, StringRef Section) {
  if (R.Format == FmtSized && R.Bytes.size() == 4 * Words)
    return Error::success();
  return cubinError(formatv("{0}: attribute {1:x2} has format {2} and {3} "
                            "bytes (expected {4})",
                            Section, R.Attr, R.Format, R.Bytes.size(),
                            4 * Words));
}

/// The cubin's sections by name, and the file itself.
class CubinSections {
public:
  static Expected<CubinSections> create(StringRef Elf);

  const ElfFile &file() const { return Obj; }
  const Shdr *find(StringRef Name) const {
    auto It = ByName.find(Name);
    return It == ByName.end() ? nullptr : It->second;
  }
  Expected<StringRef> contents(const Shdr &S) const {
    Expected<ArrayRef<uint8_t>> C = Obj.getSectionContents(S);
    if (!C)
      return C.takeError();
    return toStringRef(*C);
  }
  const Shdr *symtab() const { return Symtab; }

private:
  explicit CubinSections(ElfFile Obj) : Obj(std::move(Obj)) {}
  ElfFile Obj;
  StringMap<const Shdr *> ByName;
  const Shdr *Symtab = nullptr;
};

Expected<CubinSections> CubinSections::create(StringRef Elf) {
  Expected<ElfFile> Obj = ElfFile::create(Elf);
  if (!Obj)
    return cubinError(toString(Obj.takeError()));
  CubinSections S(std::move(*Obj));
  auto Sections = S.Obj.sections();
  if (!Sections)
    return cubinError(toString(Sections.takeError()));
  for (const Shdr &Sec : *Sections) {
    Expected<StringRef> Name = S.Obj.getSectionName(Sec);
    if (!Name)
      return cubinError(toString(Name.takeError()));
    S.ByName.try_emplace(*Name, &Sec);
    if (Sec.sh_type == ELF::SHT_SYMTAB && !S.Symtab)
      S.Symtab = &Sec;
  }
  return std::move(S);
}

/// The arch from e_flags, by ABI.
Expected<unsigned> cubinArch(const ElfFile &Obj) {
  const auto &H = Obj.getHeader();
  uint8_t OsAbi = H.e_ident[ELF::EI_OSABI];
  if (OsAbi == OsAbiCuda2)
    return (H.e_flags >> 8) & 0xff;
  if (OsAbi == ELF::ELFOSABI_CUDA)
    return H.e_flags & ELF::EF_CUDA_SM;
  return cubinError(formatv("unknown CUDA ELF OS/ABI {0:x2}", OsAbi));
}

/// The compute_XY of `.note.nv.cuinfo` (desc: u16 version, u16 virtual
/// arch, u32 CUDA API version); 0 when absent or unreadable.
unsigned virtualArch(const CubinSections &S) {
  const Shdr *Note = S.find(".note.nv.cuinfo");
  if (!Note)
    return 0;
  Expected<StringRef> Data = S.contents(*Note);
  if (!Data) {
    consumeError(Data.takeError());
    return 0;
  }
  // namesz, descsz, type, name (padded to 4), desc.
  if (Data->size() < 12)
    return 0;
  uint32_t NameSize = read32le(Data->data()),
           DescSize = read32le(Data->data() + 4),
           Type = read32le(Data->data() + 8);
  uint64_t Desc = 12 + alignTo(NameSize, 4);
  if (Type != CudaNoteInfo || DescSize < 4 || Desc + 4 > Data->size())
    return 0;
  return read16le(Data->data() + Desc + 2);
}

/// Per symbol index: the global .nv.info records (attribute -> value).
using GlobalInfo = std::map<uint32_t, std::map<uint8_t, uint32_t>>;

Expected<GlobalInfo> readGlobalInfo(const CubinSections &S) {
  GlobalInfo Out;
  const Shdr *Info = S.find(".nv.info");
  if (!Info)
    return Out;
  Expected<StringRef> Data = S.contents(*Info);
  if (!Data)
    return cubinError(".nv.info: " + toString(Data.takeError()));
  Expected<std::vector<Record>> Records = readRecords(*Data, ".nv.info");
  if (!Records)
    return Records.takeError();
  for (const Record &R : *Records) {
    if (R.Attr != EiattrRegCount && R.Attr != EiattrFrameSize &&
        R.Attr != EiattrMinStackSize && R.Attr != EiattrMaxStackSize)
      continue;
    if (Error E = expectWords(R, 2, ".nv.info"))
      return std::move(E);
    Out[R.word(0)][R.Attr] = R.word(1);
  }
  return Out;
}

/// The kernel's own .nv.info.<name> records into K.
Error readKernelInfo(const CubinSections &S, CubinKernel &K) {
  std::string Name = ".nv.info." + K.Name;
  const Shdr *Info = S.find(Name);
  if (!Info)
    return Error::success();
  Expected<StringRef> Data = S.contents(*Info);
  if (!Data)
    return cubinError(Name + ": " + toString(Data.takeError()));
  Expected<std::vector<Record>> Records = readRecords(*Data, Name);
  if (!Records)
    return Records.takeError();
  auto Dim3 = [&](const Record &R,
                  std::optional<std::array<unsigned, 3>> &Out) -> Error {
    if (Error E = expectWords(R, 3, Name))
      return E;
    Out = {R.word(0), R.word(1), R.word(2)};
    return Error::success();
  };
  for (const Record &R : *Records) {
    Error E = Error::success();
    switch (R.Attr) {
    case EiattrMaxThreads:
      E = Dim3(R, K.MaxNTid);
      break;
    case EiattrReqNTid:
      E = Dim3(R, K.ReqNTid);
      break;
    case EiattrCtaPerCluster:
      E = Dim3(R, K.ClusterDims);
      break;
    case EiattrExplicitCluster:
      K.ExplicitCluster = true;
      break;
    case EiattrMaxClusterRank:
      E = expectWords(R, 1, Name);
      if (!E)
        K.MaxClusterRank = R.word(0);
      break;
    case EiattrMaxRegCount:
      if (R.Value < 255)
        K.RegisterCap = R.Value;
      break;
    case EiattrNumBarriers:
      K.Barriers = R.Value;
      break;
    default:
      break;
    }
    if (E)
      return E;
  }
  return Error::success();
}

} // namespace

static Expected<Cubin> readCubinImpl(StringRef Elf);

Expected<Cubin> readCubin(StringRef Elf) {
  Expected<Cubin> C = readCubinImpl(Elf);
  if (!C)
    return oneLineError(C.takeError());
  return C;
}

static Expected<Cubin> readCubinImpl(StringRef Elf) {
  std::string Aligned;
  Elf = alignedForElf(Elf, Aligned);
  if (Elf.size() < ELF::EI_NIDENT || !Elf.starts_with("\x7f"
                                                      "ELF"))
    return cubinError("not an ELF file");
  if (Elf[ELF::EI_CLASS] != ELF::ELFCLASS64 ||
      Elf[ELF::EI_DATA] != ELF::ELFDATA2LSB)
    return cubinError("not a 64-bit little-endian ELF file");
  Expected<CubinSections> S = CubinSections::create(Elf);
  if (!S)
    return S.takeError();
  const auto &H = S->file().getHeader();
  if (H.e_machine != ELF::EM_CUDA)
    return cubinError(
        formatv("ELF machine {0}, not EM_CUDA (190)", unsigned(H.e_machine)));
  Cubin C;
  Expected<unsigned> Arch = cubinArch(S->file());
  if (!Arch)
    return Arch.takeError();
  C.Arch = *Arch;
  C.VirtualArch = virtualArch(*S);
  C.Relocatable = H.e_type == ELF::ET_REL;
  if (!S->symtab())
    return C; // no symbols, no kernels
  Expected<GlobalInfo> Global = readGlobalInfo(*S);
  if (!Global)
    return Global.takeError();

  const ElfFile &Obj = S->file();
  auto Symbols = Obj.symbols(S->symtab());
  if (!Symbols)
    return cubinError(toString(Symbols.takeError()));
  Expected<StringRef> Strings = Obj.getStringTableForSymtab(*S->symtab());
  if (!Strings)
    return cubinError(toString(Strings.takeError()));
  uint32_t Index = 0;
  for (const auto &Sym : *Symbols) {
    uint32_t SymIndex = Index++;
    if (Sym.getType() != ELF::STT_FUNC || !(Sym.st_other & StoCudaEntry))
      continue;
    Expected<StringRef> Name = Sym.getName(*Strings);
    if (!Name)
      return cubinError(toString(Name.takeError()));
    CubinKernel K;
    K.Name = Name->str();
    auto G = Global->find(SymIndex);
    auto Attr = [&](uint8_t A) -> std::optional<uint32_t> {
      if (G == Global->end())
        return std::nullopt;
      auto It = G->second.find(A);
      return It == G->second.end() ? std::nullopt
                                   : std::optional<uint32_t>(It->second);
    };
    if (auto R = Attr(EiattrRegCount))
      K.Registers = *R;
    else if (const Shdr *Text = S->find(".text." + K.Name))
      K.Registers = Text->sh_info >> 24; // ptxas' copy of the count
    K.StackFrame = Attr(EiattrFrameSize).value_or(0);
    if (!C.Relocatable)
      if (auto Cum = Attr(EiattrMinStackSize))
        K.CumulativeStack = *Cum;
    if (const Shdr *Shared = S->find(".nv.shared." + K.Name)) {
      K.StaticSmem = Shared->sh_size;
      if (!C.Relocatable && C.Arch >= 90 && K.StaticSmem >= ReservedSharedSm90)
        K.StaticSmem -= ReservedSharedSm90;
    }
    if (const Shdr *Const = S->find(".nv.constant0." + K.Name))
      K.ConstMem0 = Const->sh_size;
    if (Error E = readKernelInfo(*S, K))
      return std::move(E);
    C.Kernels.push_back(std::move(K));
  }
  return C;
}

} // namespace cudalint
