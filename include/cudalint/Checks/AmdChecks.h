//===- AmdChecks.h - The checks on HIP launches for gfx targets -*- C++ -*-===//
//
// A HIP unit's launches and kernels are judged on each of its gfx targets
// by the same checks as CUDA's (the same names, globs, NOLINT and options),
// through each check's AMD body (Check::checkAmd<Facts>, for a check whose
// Vendors in Checks.def include Amd): what the HIP runtime and the AMD arch
// model (AmdArch.h) say instead of what the CUDA runtime and ArchInfo say.
// A body claims a failure (an error) only where the HIP runtime's sources
// or documentation show the refusal; its check page's "HIP" section says
// which. Pure functions of facts, like every check.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_AMDCHECKS_H
#define CUDALINT_AMDCHECKS_H

#include "cudalint/Arch/AmdArch.h"
#include "cudalint/Checks/Checks.h"
#include "cudalint/Occupancy/AmdOccupancy.h"

#include <optional>
#include <vector>

namespace cudalint {

/// One launch on one gfx target.
struct AmdLaunchContext {
  const LaunchSite &Launch;
  /// The launched kernel's facts; null when it is not traced.
  const KernelInfo *Kernel;
  const AmdArchInfo &Arch;
  /// The kernel's device facts on this target (KernelResources::Amd set);
  /// null without them.
  const KernelResources *Resources;
  llvm::ArrayRef<const LaunchSite *> LaunchesOfKernel;
  const CheckOptions &Options;
  /// The kernel's hipFuncSetAttribute / hipFuncSetCacheConfig calls, in
  /// every file of the run.
  llvm::ArrayRef<const KernelSetting *> Settings = {};
  /// The wave size the unit is compiled for on this target (the arch's
  /// default, or 64 from -mwavefrontsize64 on RDNA).
  unsigned WaveSize = 0;

  /// The AMDGPU backend's figures, or null.
  const AmdKernelUsage *usage() const {
    return Resources && Resources->Amd ? &*Resources->Amd : nullptr;
  }
  /// The last hipFuncSetAttribute(k, Attribute, n) of the kernel that
  /// the HIP runtime accepts on this target (amdSettingRefused), or null.
  const KernelSetting *setting(llvm::StringRef Attribute) const;
};

/// One kernel on one gfx target.
struct AmdKernelContext {
  const KernelInfo &Kernel;
  const AmdArchInfo &Arch;
  const KernelResources *Resources;
  llvm::ArrayRef<const LaunchSite *> LaunchesOfKernel;
  const CheckOptions &Options;
};

/// One hipFuncSetAttribute-like call on one gfx target.
struct AmdSettingContext {
  const KernelSetting &Setting;
  const AmdArchInfo &Arch;
  /// The kernel's device facts on this target; null without them (or when
  /// the call's kernel is not traced).
  const KernelResources *Resources;
  const CheckOptions &Options;
};

/// Whether the HIP runtime refuses a hipFuncSetAttribute(k,
/// hipFuncAttributeMaxDynamicSharedMemorySize, n) on Arch: n above the LDS
/// a work-group may have less the kernel's static LDS (counted as 0 without
/// device facts). ROCm's clr refuses it with hipErrorInvalidValue since
/// commit c9955a1 (2024-09, after ROCm 6.2.2); earlier runtimes ignore the
/// call. Unknown values are not refused.
bool amdSettingRefused(const KernelSetting &S, const AmdArchInfo &Arch,
                       const KernelResources *Resources);

/// The calculator's input for a launch at Threads threads per work-group:
/// the backend's VGPRs, AGPRs, SGPRs and LDS, the dynamic LDS when it is a
/// constant. None without device facts, with an unknown dynamic LDS, or a
/// size outside 1..1024.
std::optional<AmdOccupancyInput> amdOccupancyInput(const AmdLaunchContext &Ctx,
                                                   int64_t Threads);

/// One launch on one gfx target at one work-group size.
struct AmdLaunchOccupancy {
  size_t Unit = 0, Launch = 0; // CheckRun::Units[Unit].Launches[Launch]
  AmdOccupancyQuery Query;
};

/// Every launch x gfx target whose block size is known (each value of a set)
/// and whose kernel has device facts there, with a constant dynamic LDS.
std::vector<AmdLaunchOccupancy> amdLaunchOccupancies(const CheckRun &Run);

} // namespace cudalint

#endif // CUDALINT_AMDCHECKS_H
