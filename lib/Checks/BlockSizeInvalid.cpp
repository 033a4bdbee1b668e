//===- BlockSizeInvalid.cpp - cuda-block-size-invalid ---------------------===//
//
// Block dimensions beyond the hardware's (x, y <= 1024, z <= 64, x*y*z <=
// 1024) or zero make the launch fail: with cudaErrorInvalidValue on CUDA
// 13.0 (checked on an H100), not the cudaErrorInvalidConfiguration older
// toolkits are reported to return.
//
//===----------------------------------------------------------------------===//

#include "AmdCheckSupport.h"
#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

void BlockSizeInvalid::checkLaunch(const LaunchContext &Ctx,
                                   Findings &Out) const {
  const LaunchSite &L = Ctx.Launch;
  const ArchInfo &A = Ctx.Arch;
  bool DimensionReported = reportDimensionLimits(
      *this, Ctx, L.Block,
      {A.MaxBlockDim[0], A.MaxBlockDim[1], A.MaxBlockDim[2]}, "block", Out);
  if (DimensionReported || L.OccupancyTuned)
    return;
  for (int64_t Threads : possibleValues(L.ThreadsPerBlock)) {
    if (Threads <= Ctx.Arch.MaxThreadsPerBlock)
      continue;
    Diagnostic D = launchError(
        *this, Ctx,
        formatv("block of {0} threads exceeds the maximum of {1} threads "
                "per block on {2}",
                Threads, Ctx.Arch.MaxThreadsPerBlock, Ctx.Arch.Name)
            .str(),
        RuntimeError::InvalidValue);
    addBlockOriginNotes(D, L);
    Out.push_back(std::move(D));
  }
}

// HIP: ROCm's clr (ihipLaunchKernel_validate, hipamd/src/hip_module.cpp)
// refuses a block with a zero dimension (reportZeroDimension) or more threads
// than the device's maximum work-group size (1024) with
// hipErrorInvalidConfiguration; hipModuleLaunchKernel checks both first and
// returns hipErrorInvalidValue.
void BlockSizeInvalid::checkAmdLaunch(const AmdLaunchContext &Ctx,
                                      Findings &Out) const {
  if (reportZeroDimension(*this, Ctx, Ctx.Launch.Block, "block", Out))
    return;
  StringRef Error = Ctx.Launch.Api == "hipModuleLaunchKernel" ||
                            Ctx.Launch.Api == "hipModuleLaunchCooperativeKernel"
                        ? HipErrorInvalidValue
                        : HipErrorInvalidConfiguration;
  int64_t Max = Ctx.Arch.MaxThreadsPerWorkGroup;
  reportSizes(
      workGroupSizes(Ctx.Launch), [&](int64_t T) { return T > Max; },
      [&](int64_t T) {
        return amdLaunchError(
            *this, Ctx,
            formatv("{0} threads per block exceed the {1} a work-group may "
                    "have",
                    T, Max)
                .str(),
            Error);
      },
      Out);
}

} // namespace cudalint
