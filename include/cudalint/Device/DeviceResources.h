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

#include "cudalint/Device/AmdResourceRemarks.h"
#include "cudalint/Facts/Facts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
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
  /// Whether the kernel's PTX body on this arch is empty (only `ret;`);
  /// none where no PTX body was read (a cubin, a ptxas log). Where another
  /// arch's body is not empty, the preprocessor removed the code for this
  /// arch: the kernel is not built for it (compiledOut).
  std::optional<bool> EmptyBody;

  /// An AMD target (Arch "gfx..."): the AMDGPU backend's figures. Of the
  /// fields above, Registers (VGPRs), StaticSmem (LDS) and StackFrame
  /// (scratch bytes per lane) mirror them; spills are registers here, not
  /// bytes, and live only in Amd. None for NVIDIA archs.
  std::optional<AmdKernelUsage> Amd;

  /// .maxntid x*y*z (the launch bound's max threads), if any.
  std::optional<uint64_t> maxThreads() const {
    if (!MaxNTid)
      return std::nullopt;
    return uint64_t((*MaxNTid)[0]) * (*MaxNTid)[1] * (*MaxNTid)[2];
  }
};

/// Why a file has no device facts on one of its target archs: the device
/// compile for that arch did not give any. Structured, so that the checks,
/// the reports and the CI gate read the kind, not a message.
struct DeviceGap {
  enum class Kind {
    /// The code requires a newer (or another) arch: ptxas' "requires
    /// .target sm_90", nvcc's "__cluster_dims__ is not supported for this
    /// GPU architecture", an #error or a failed static_assert on
    /// __CUDA_ARCH__. The arch is not a target of the file: no launch of it
    /// is judged for that arch.
    NotATarget,
    /// The compiler failed (an error, a crash, could not be started).
    CompileFailed,
    /// The compiler ran past --device-timeout and was killed.
    TimedOut,
    /// The run was cancelled (an editor edit) while it compiled.
    Cancelled,
    /// The compile succeeded but printed no resource report.
    NoReport,
  };
  std::string Arch; // "sm_80"
  Kind K = Kind::CompileFailed;
  /// One line: the compiler's diagnostic that decided the kind, or what
  /// went wrong ("nvcc timed out after 300 s (killed)").
  std::string Detail;
  /// NotATarget: the arch the code asks for ("sm_90") when the sign names
  /// one; empty otherwise.
  std::string RequiredArch;
  /// The whole message for people, prefixed with the file and arch.
  std::string Message;

  /// A failure the user should act on (a warning in every output), not a
  /// fact about the code (NotATarget, a note).
  bool isFailure() const { return K != Kind::NotATarget; }
};

/// "not_a_target", "compile_failed", "timed_out", "cancelled", "no_report":
/// the kind's name in JSON and in the reasons of unchecked launches.
inline llvm::StringRef deviceGapKindName(DeviceGap::Kind K) {
  switch (K) {
  case DeviceGap::Kind::NotATarget:
    return "not_a_target";
  case DeviceGap::Kind::CompileFailed:
    return "compile_failed";
  case DeviceGap::Kind::TimedOut:
    return "timed_out";
  case DeviceGap::Kind::Cancelled:
    return "cancelled";
  case DeviceGap::Kind::NoReport:
    return "no_report";
  }
  return "compile_failed";
}

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
  /// (front-end mangled name, arch) -> why the kernel was not joined
  /// although the device output has one of the same name up to CUB's or
  /// Thrust's versioned namespaces (their versions differ).
  std::map<std::pair<std::string, std::string>, std::string>
      NamespaceMismatches;
  /// Main file -> the archs its launches are evaluated for.
  std::map<std::string, std::vector<std::string>> ArchsByFile;
  /// Main file -> the target archs its device compiles gave no facts for,
  /// and why (in target order).
  std::map<std::string, std::vector<DeviceGap>> GapsByFile;
  /// Main file -> the archs its device facts came for (a compile, the
  /// cache, a log or a build output).
  std::map<std::string, std::vector<std::string>> CompiledArchsByFile;

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
  /// Why MainFile has no device facts on Arch; null when nothing went wrong
  /// there (or it was not compiled at all).
  const DeviceGap *gap(llvm::StringRef MainFile, llvm::StringRef Arch) const {
    auto It = GapsByFile.find(MainFile.str());
    if (It == GapsByFile.end())
      return nullptr;
    for (const DeviceGap &G : It->second)
      if (G.Arch == Arch)
        return &G;
    return nullptr;
  }
  /// Whether MainFile has device facts for Arch.
  bool compiled(llvm::StringRef MainFile, llvm::StringRef Arch) const {
    auto It = CompiledArchsByFile.find(MainFile.str());
    return It != CompiledArchsByFile.end() &&
           llvm::is_contained(It->second, Arch);
  }
  /// Whether the device compile showed that MainFile's code is not built
  /// for Arch (DeviceGap::Kind::NotATarget).
  bool isNotATarget(llvm::StringRef MainFile, llvm::StringRef Arch) const {
    const DeviceGap *G = gap(MainFile, Arch);
    return G && G->K == DeviceGap::Kind::NotATarget;
  }
  /// Whether Mangled's code is removed on Arch (`#if __CUDA_ARCH__ >= 800`
  /// around its body): its body is empty there and not on another arch, so
  /// the code is not meant to run on Arch and none of its launches or
  /// settings is judged for it.
  bool compiledOut(llvm::StringRef Mangled, llvm::StringRef Arch) const {
    const KernelResources *R = find(Mangled, Arch);
    if (!R || R->EmptyBody != true)
      return false;
    for (const KernelResources *Other : forKernel(Mangled))
      if (Other->EmptyBody == false)
        return true;
    return false;
  }
  /// The archs MainFile's launches and kernels are judged for: its own
  /// archs (else Defaults) without those that are not targets of it. May
  /// be empty: a file built for none of the archs asked for.
  std::vector<std::string>
  archsToJudge(llvm::StringRef MainFile,
               llvm::ArrayRef<std::string> Defaults) const {
    llvm::ArrayRef<std::string> Names = archsFor(MainFile);
    if (Names.empty())
      Names = Defaults;
    std::vector<std::string> Out;
    for (const std::string &A : Names)
      if (!isNotATarget(MainFile, A))
        Out.push_back(A);
    return Out;
  }
};

/// The launch bound that holds on an arch: the device view when the PTX was
/// seen (R->HasPtx), else the host-side parse, unless that parse saw only
/// the host's branch of a test of the arch.
inline std::optional<int64_t> effectiveMaxThreads(const KernelAttributes &Host,
                                                  const KernelResources *R) {
  if (R && R->HasPtx) {
    if (auto T = R->maxThreads())
      return int64_t(*T);
    return std::nullopt;
  }
  if (Host.LaunchBoundsDependOnArch)
    return std::nullopt;
  return Host.MaxThreadsPerBlock;
}
inline std::optional<int64_t> effectiveMinBlocks(const KernelAttributes &Host,
                                                 const KernelResources *R) {
  if (R && R->HasPtx) {
    if (R->MinNCtaPerSM)
      return int64_t(*R->MinNCtaPerSM);
    return std::nullopt;
  }
  if (Host.LaunchBoundsDependOnArch)
    return std::nullopt;
  return Host.MinBlocksPerSM;
}

} // namespace cudalint

#endif // CUDALINT_DEVICERESOURCES_H
