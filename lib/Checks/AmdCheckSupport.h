//===- AmdCheckSupport.h - Helpers of the checks' AMD bodies ----*- C++ -*-===//

#ifndef CUDALINT_LIB_CHECKS_AMDCHECKSUPPORT_H
#define CUDALINT_LIB_CHECKS_AMDCHECKSUPPORT_H

#include "cudalint/Checks/AmdChecks.h"

#include <string>

namespace cudalint {

/// The hipError_t names the AMD bodies' errors carry (in
/// Diagnostic::CudaError, the runtime's error), each as ROCm's clr
/// returns it from ihipLaunchKernel_validate (hipamd/src/hip_module.cpp).
inline constexpr llvm::StringLiteral HipErrorLaunchFailure =
    "hipErrorLaunchFailure";
inline constexpr llvm::StringLiteral HipErrorInvalidConfiguration =
    "hipErrorInvalidConfiguration";
inline constexpr llvm::StringLiteral HipErrorInvalidValue =
    "hipErrorInvalidValue";
inline constexpr llvm::StringLiteral HipErrorCooperativeLaunchTooLarge =
    "hipErrorCooperativeLaunchTooLarge";

/// Reports the first zero among Dims (a launch's grid or block, named
/// What), a warning when it is only one of several values: whether it did.
/// Every launch path of ROCm's clr multiplies grid by block into global
/// work sizes and ihipLaunchKernel_validate refuses a size of 0 with
/// hipErrorInvalidValue; hip-tests expect hipErrorInvalidConfiguration
/// from the cooperative launches.
bool reportZeroDimension(const Check &C, const AmdLaunchContext &Ctx,
                         const Dim3Value &Dims, llvm::StringRef What,
                         Findings &Out);

/// A warning of check C at the launch, for the context's gfx target, with a
/// note at the kernel's declaration.
Diagnostic amdLaunchDiagnostic(const Check &C, const AmdLaunchContext &Ctx,
                               std::string Message);
/// A launch the HIP runtime refuses with Error: an error that fails.
Diagnostic amdLaunchError(const Check &C, const AmdLaunchContext &Ctx,
                          std::string Message, llvm::StringRef Error);
Diagnostic amdKernelDiagnostic(const Check &C, const AmdKernelContext &Ctx,
                               std::string Message);
/// A warning of check C at a hipFuncSetAttribute-like call, for the
/// context's gfx target: the call may fail.
Diagnostic amdSettingDiagnostic(const Check &C, const AmdSettingContext &Ctx,
                                std::string Message);

/// The wave size U's code runs with on A: the command's, where A has that
/// mode (-mno-wavefrontsize64 leaves GCN and CDNA at 64), else A's default.
unsigned amdWaveSizeOn(const TranslationUnitFacts &U, const AmdArchInfo &A);

/// "'scale'" or "the kernel".
std::string amdKernelName(const LaunchSite &L);

/// Whether an occupancy finding on the launch at Threads per work-group is
/// worth making, as on CUDA (occupancyMatters): not for a tiny launch (one
/// thread, or 32 threads in all) with IgnoreTinyLaunches, nor for a grid of
/// fewer work-groups than the target's smallest GPU has CUs (the --gpu
/// preset's when it is of the target) with IgnoreSmallGrids.
bool amdOccupancyMatters(const Check &C, const AmdLaunchContext &Ctx,
                         int64_t Threads);

/// The thread counts a launch's work-group certainly has in some execution
/// (the constant, or each member of a set), and whether they are all of
/// its values (a constant or a set, not a range).
std::vector<int64_t> workGroupSizes(const LaunchSite &L);

/// Reports, for each size of Sizes that Fails, one finding: an error when
/// every size fails, else a warning that the launch may fail. Make builds
/// the finding for one failing size.
template <typename FailsFn, typename MakeFn>
void reportSizes(llvm::ArrayRef<int64_t> Sizes, FailsFn Fails, MakeFn Make,
                 Findings &Out) {
  std::vector<int64_t> Failing;
  for (int64_t S : Sizes)
    if (Fails(S))
      Failing.push_back(S);
  if (Failing.empty())
    return;
  Diagnostic D = Make(Failing.front());
  if (Failing.size() != Sizes.size()) {
    D.Promise = Claim::MayFail;
    D.Sev = Severity::Warning;
  }
  Out.push_back(std::move(D));
}

} // namespace cudalint

#endif
