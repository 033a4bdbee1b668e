//===- ObjectFacts.cpp - A build output's kernels as KernelResources ------===//
//
// From the fatbins of a build output (CudaBinaryReader.cpp) to the same
// KernelResources a device compile gives: the cubin has the resources
// (CubinReader.cpp); the launch bounds come from the PTX the cubin was
// compiled from when the fatbin keeps it (`code=compute_XY`, CMake's
// default), else from the cubin's own attributes (BoundsFromCubin). Spills
// are never in a cubin (SpillsKnown = false). A HIP build output's AMDGPU
// code objects give their kernels from the metadata note
// (HipBinaryReader.cpp), spills included.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Arch/AmdArch.h"
#include "cudalint/Device/CudaBinary.h"
#include "cudalint/Device/DeviceFacts.h"
#include "cudalint/Device/HipBinary.h"

#include "ResourceUsage.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <set>

using namespace llvm;

namespace cudalint {

namespace {

/// A cubin's kernel as KernelResources; Ptx: its PTX entry, if kept.
KernelResources toResources(const CubinKernel &K, StringRef Arch,
                            StringRef Source, const PtxEntryDirectives *Ptx) {
  KernelResources R;
  R.Mangled = K.Name;
  R.Arch = Arch.str();
  R.Source = Source.str();
  R.HasUsage = true;
  R.SpillsKnown = false;
  copyResourceUsage(R, K);
  R.CumulativeStack = K.CumulativeStack.value_or(0);
  R.HasPtx = true;
  if (Ptx) {
    applyPtxDirectives(R, *Ptx);
  } else {
    R.BoundsFromCubin = true;
    R.MaxNTid = K.MaxNTid;
    R.ReqNTid = K.ReqNTid;
    R.ReqNCtaPerCluster = K.ClusterDims;
    R.MaxClusterRank = K.MaxClusterRank;
    R.ExplicitCluster = K.ExplicitCluster;
  }
  return R;
}

/// "sm_80" for an image of arch 80 whatever its kind.
std::string smName(const FatbinImage &I) {
  return "sm_" + std::to_string(I.Arch) + I.Suffix;
}

/// The kernels of all containers, deduplicated.
class Collector {
public:
  explicit Collector(StringRef Source) : Source(Source) {}

  Error add(const Fatbin &F, StringRef Where);
  Error addHip(const HipImage &I);
  BinaryDeviceFacts finish(unsigned Containers);

private:
  struct Entry {
    KernelResources R;
    bool Relocatable;
  };
  std::string Source;
  std::map<std::pair<std::string, std::string>, Entry> Kernels;
  std::set<std::string> Cubins, Ptx, Lto, Bitcode;
};

Error Collector::add(const Fatbin &F, StringRef Where) {
  // The PTX of this container by arch number and suffix: a cubin is joined
  // with the PTX it was compiled from (its VirtualArch), of the same unit.
  std::map<std::pair<unsigned, std::string>, std::vector<PtxEntryDirectives>>
      PtxByArch;
  for (const FatbinImage &I : F.Images) {
    if (I.K == FatbinImage::Kind::Ptx) {
      Ptx.insert(smName(I));
      PtxByArch[{I.Arch, I.Suffix}] = parsePtxEntries(I.Data);
    } else if (I.K == FatbinImage::Kind::Other && I.KindCode == 8) {
      Lto.insert(smName(I));
    }
  }
  for (const FatbinImage &I : F.Images) {
    if (I.K != FatbinImage::Kind::Cubin)
      continue;
    Expected<Cubin> C = readCubin(I.Data);
    if (!C)
      return createStringError(inconvertibleErrorCode(),
                               (Where.empty() ? "" : Where + ": ") +
                                   I.archName() + " " +
                                   toString(C.takeError()));
    std::string Arch = smName(I);
    Cubins.insert(Arch);
    const std::vector<PtxEntryDirectives> *Entries = nullptr;
    if (C->VirtualArch)
      if (auto It = PtxByArch.find({C->VirtualArch, I.Suffix});
          It != PtxByArch.end())
        Entries = &It->second;
    for (const CubinKernel &K : C->Kernels) {
      const PtxEntryDirectives *E = nullptr;
      if (Entries)
        for (const PtxEntryDirectives &D : *Entries)
          if (D.Name == K.Name)
            E = &D;
      auto [It, New] = Kernels.try_emplace(
          {K.Name, Arch},
          Entry{toResources(K, Arch, Source, E), C->Relocatable});
      // A linked cubin has the final figures (calls resolved).
      if (!New && It->second.Relocatable && !C->Relocatable)
        It->second = Entry{toResources(K, Arch, Source, E), false};
    }
  }
  return Error::success();
}

/// A kernel of a code object for Arch as KernelResources.
KernelResources amdResources(AmdCodeObject::Kernel K, StringRef Arch,
                             StringRef Source) {
  std::optional<bool> Unified;
  if (Expected<const AmdArchInfo &> Info = lookupAmdArch(Arch))
    Unified = Info->Agprs == AmdArchInfo::AgprKind::Unified;
  else
    consumeError(Info.takeError()); // the VGPRs stay unknown with AGPRs
  AmdKernelUsage &U = K.Usage;
  U.VGPRs = architectedVGPRs(K.ChargedVGPRs, U.AGPRs.value_or(0), Unified);
  // All but the backend's occupancy, which the calculator gives.
  bool Complete = U.SGPRs && U.VGPRs && U.LDSBytes && U.ScratchBytesPerLane &&
                  U.DynamicStack && U.SGPRSpills && U.VGPRSpills;
  return amdKernelResources(std::move(U), Arch, Source, Complete);
}

Error Collector::addHip(const HipImage &I) {
  auto Fail = [&](const Twine &Why) {
    return createStringError(
        inconvertibleErrorCode(),
        (I.Where.empty() ? "" : I.Where + ": ") +
            (I.Arch.empty() ? std::string("code object") : I.Arch) + ": " +
            Why);
  };
  if (!isAmdCodeObject(I.Data)) {
    if (identify_magic(I.Data) != file_magic::bitcode)
      return Fail("neither an AMDGPU code object nor LLVM bitcode");
    Bitcode.insert(I.Arch);
    return Error::success();
  }
  Expected<AmdCodeObject> Code = readAmdCodeObject(I.Data);
  if (!Code)
    return Fail(toString(Code.takeError()));
  std::string Arch = Code->arch();
  if (Arch.empty())
    return Fail("its metadata names no gfx target ('" + Code->Target + "')");
  if (!I.Arch.empty() && Arch != I.Arch)
    return Fail("the bundle entry holds a code object for " + Arch);
  Cubins.insert(Arch);
  for (AmdCodeObject::Kernel &K : Code->Kernels) {
    std::string Name = K.Usage.Name;
    Kernels.try_emplace({Name, Arch},
                        Entry{amdResources(std::move(K), Arch, Source), false});
  }
  return Error::success();
}

BinaryDeviceFacts Collector::finish(unsigned Containers) {
  BinaryDeviceFacts Out;
  Out.Containers = Containers;
  // Sorted by arch, then name (the map is by name, then arch).
  for (auto &[Key, E] : Kernels)
    Out.Kernels.push_back(std::move(E.R));
  llvm::stable_sort(Out.Kernels,
                    [](const KernelResources &A, const KernelResources &B) {
                      return A.Arch < B.Arch;
                    });
  Out.CubinArchs.assign(Cubins.begin(), Cubins.end());
  for (const std::string &A : Ptx)
    if (!Cubins.count(A))
      Out.PtxOnlyArchs.push_back(A);
  for (const std::string &A : Lto)
    if (!Cubins.count(A) && !Ptx.count(A))
      Out.LtoOnlyArchs.push_back(A);
  for (const std::string &A : Bitcode)
    if (!Cubins.count(A))
      Out.BitcodeOnlyArchs.push_back(A);
  return Out;
}

} // namespace

bool isBuildOutputFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Head =
      MemoryBuffer::getFileSlice(Path, 8, 0, /*IsVolatile=*/false);
  return Head && looksLikeCudaBinary((*Head)->getBuffer());
}

Expected<BinaryDeviceFacts> readBinaryDeviceFacts(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buf)
    return createStringError(Buf.getError(), Buf.getError().message());
  Expected<CudaBinary> Binary = readCudaBinary((*Buf)->getMemBufferRef());
  if (!Binary)
    return Binary.takeError();
  Collector C(("object:" + Path).str());
  for (const CudaBinary::Container &Box : Binary->Fatbins)
    if (Error E = C.add(Box.F, Box.Where))
      return std::move(E);
  for (const HipImage &I : Binary->HipImages)
    if (Error E = C.addHip(I))
      return std::move(E);
  return C.finish(Binary->Fatbins.size() + Binary->HipBundles);
}

} // namespace cudalint
