//===- DeviceResources.h - Device facts as the checks read them -*- C++ -*-===//
//
// The plain data the checks and reports read about the device side: one
// kernel's resources on one architecture, and the table of them joined to
// the front end's kernels. No Clang types, no processes, header-only: the
// checks see device facts through this header alone and need not link
// lib/Device. How the table is computed: DeviceFacts.h.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DEVICERESOURCES_H
#define CUDALINT_DEVICERESOURCES_H

#include "cudalint/Facts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudalint {

/// One kernel (entry) on one architecture.
struct KernelResources {
  std::string Mangled; // as the device compiler named the entry
  std::string Arch;    // "sm_80"
  /// "nvcc", "clang", "log:<file>" or "object:<file>".
  std::string Source;

  /// From ptxas (HasUsage: a complete "Used ..." report was seen), or from
  /// the cubin ptxas wrote.
  bool HasUsage = false;
  unsigned Registers = 0, Barriers = 0;
  uint64_t StaticSmem = 0, StackFrame = 0, SpillStores = 0, SpillLoads = 0;
  uint64_t CumulativeStack = 0;
  std::optional<uint64_t> ConstMem0;
  /// False for facts read from a build's objects: a cubin records no spill
  /// figures, so SpillStores and SpillLoads are unknown, not zero.
  bool SpillsKnown = true;

  /// From the PTX of this arch (HasPtx): the device view of the kernel's
  /// annotations. With HasPtx, an absent directive means "no such bound on
  /// this arch", whatever the host-side parse saw.
  bool HasPtx = false;
  /// With HasPtx: the device view came from a cubin's attributes instead,
  /// which record .maxntid, .reqntid and the cluster shape but neither
  /// .minnctapersm nor .maxnreg; those two are the source's (the join sets
  /// them, with a note).
  bool BoundsFromCubin = false;
  std::optional<std::array<unsigned, 3>> MaxNTid, ReqNTid, ReqNCtaPerCluster;
  std::optional<unsigned> MinNCtaPerSM, MaxNReg, MaxClusterRank;
  bool ExplicitCluster = false;

  /// .maxntid x*y*z (the launch bound's max threads), if any.
  std::optional<uint64_t> maxThreads() const {
    if (!MaxNTid)
      return std::nullopt;
    return uint64_t((*MaxNTid)[0]) * (*MaxNTid)[1] * (*MaxNTid)[2];
  }
};

//===-- Joined view for checks and reports -------------------------------===//

/// The device facts joined to the front end's kernels: keyed by the front
/// end's mangled name (KernelInfo::Mangled, LaunchSite::Mangled) and arch.
/// Header-only, so that checks and reports need not link lib/Device.
struct DeviceResourceTable {
  /// False with --resource-usage=none (or when no toolkit could be used):
  /// register-based checks stay silent.
  bool Enabled = false;
  /// "auto", "nvcc", "clang", "none", "log".
  std::string Mode;
  /// Run-wide and per-unit notes, for reports.
  std::vector<std::string> Notes;
  /// (front-end mangled name, arch) -> resources.
  std::map<std::pair<std::string, std::string>, KernelResources> Resources;
  /// Main file -> the archs its launches are evaluated for.
  std::map<std::string, std::vector<std::string>> ArchsByFile;

  const KernelResources *find(llvm::StringRef Mangled,
                              llvm::StringRef Arch) const {
    auto It = Resources.find({Mangled.str(), Arch.str()});
    return It == Resources.end() ? nullptr : &It->second;
  }
  /// Every arch with results for the kernel, sorted.
  std::vector<const KernelResources *>
  forKernel(llvm::StringRef Mangled) const {
    std::vector<const KernelResources *> Out;
    for (auto It = Resources.lower_bound({Mangled.str(), std::string()});
         It != Resources.end() && It->first.first == Mangled; ++It)
      Out.push_back(&It->second);
    return Out;
  }
  llvm::ArrayRef<std::string> archsFor(llvm::StringRef MainFile) const {
    auto It = ArchsByFile.find(MainFile.str());
    if (It == ArchsByFile.end())
      return {};
    return It->second;
  }
};

/// The launch bound that holds on an arch: the device view when the PTX was
/// seen (R->HasPtx), else the host-side parse.
inline std::optional<int64_t> effectiveMaxThreads(const KernelAttributes &Host,
                                                  const KernelResources *R) {
  if (R && R->HasPtx) {
    if (auto T = R->maxThreads())
      return int64_t(*T);
    return std::nullopt;
  }
  return Host.MaxThreadsPerBlock;
}
inline std::optional<int64_t> effectiveMinBlocks(const KernelAttributes &Host,
                                                 const KernelResources *R) {
  if (R && R->HasPtx) {
    if (R->MinNCtaPerSM)
      return int64_t(*R->MinNCtaPerSM);
    return std::nullopt;
  }
  return Host.MinBlocksPerSM;
}

} // namespace cudalint

#endif // CUDALINT_DEVICERESOURCES_H
