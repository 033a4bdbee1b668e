//===- BlockSizeInvalid.cpp - cuda-block-size-invalid ---------------------===//
//
// Block dimensions beyond the hardware's (x, y <= 1024, z <= 64, x*y*z <=
// 1024) or zero make the launch fail: with cudaErrorInvalidValue on CUDA
// 13.0 (checked on an H100), not the cudaErrorInvalidConfiguration older
// toolkits are reported to return.
//
//===----------------------------------------------------------------------===//

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

} // namespace cudalint
