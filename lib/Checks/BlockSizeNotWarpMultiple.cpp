//===- BlockSizeNotWarpMultiple.cpp - cuda-block-size-not-warp-multiple ---===//
//
// Blocks are scheduled in whole warps of 32 threads: a block of 100 threads
// occupies 4 warps and idles 28 lanes of the last one on every instruction.
//
//===----------------------------------------------------------------------===//

#include "AmdCheckSupport.h"
#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

void BlockSizeNotWarpMultiple::checkLaunch(const LaunchContext &Ctx,
                                           Findings &Out) const {
  unsigned Warp = Ctx.Arch.WarpSize;
  for (int64_t Threads : userChosenBlockSizes(Ctx)) {
    if (Threads % Warp == 0)
      continue;
    if (isTinyLaunch(Ctx.Launch, Threads) &&
        Ctx.Options.flag(*this, IgnoreTinyLaunchesOption))
      continue;
    int64_t Warps = (Threads + Warp - 1) / Warp;
    int64_t Idle = Warps * Warp - Threads;
    Diagnostic D = launchDiagnostic(
        *this, Ctx,
        formatv("block of {0} threads is not a multiple of the warp size "
                "({1}): its last warp idles {2} of {1} lanes ({3} of the "
                "block's lanes)",
                Threads, Warp, Idle,
                formatPercent(double(Idle) / (Warps * Warp)))
            .str());
    int64_t Down = Threads / Warp * Warp, Up = Warps * Warp;
    addNote(D, SourceLoc(),
            Down > 0 ? formatv("the nearest warp multiples are {0} and {1}",
                               Down, Up)
                           .str()
                     : formatv("the nearest warp multiple is {0}", Up).str());
    addBlockOriginNotes(D, Ctx.Launch);
    // The same for every arch (the warp size is 32 everywhere).
    D.Arch.clear();
    Out.push_back(std::move(D));
  }
}

// HIP: a work-group runs in waves of the target's wave size (64 on GCN and
// CDNA, 32 by default on RDNA, 64 there with -mwavefrontsize64): the last
// wave of a size that is not a multiple leaves lanes idle. Advice, as for
// CUDA's warps.
void BlockSizeNotWarpMultiple::checkAmdLaunch(const AmdLaunchContext &Ctx,
                                              Findings &Out) const {
  if (Ctx.Launch.OccupancyTuned)
    return;
  unsigned Wave = Ctx.WaveSize ? Ctx.WaveSize : Ctx.Arch.DefaultWaveSize;
  bool IgnoreTiny = Ctx.Options.flag(*this, IgnoreTinyLaunchesOption);
  for (int64_t T : workGroupSizes(Ctx.Launch)) {
    if (T <= 0 || T % Wave == 0 || (IgnoreTiny && isTinyLaunch(Ctx.Launch, T)))
      continue;
    int64_t Lanes = T % Wave;
    Out.push_back(amdLaunchDiagnostic(
        *this, Ctx,
        formatv("{0} threads per block are not a multiple of the wave size "
                "({1} on {2}{5}): the last wave runs {3} of {1} lanes; use {4}",
                T, Wave, Ctx.Arch.Name, Lanes, (T / Wave + 1) * Wave,
                Wave != Ctx.Arch.DefaultWaveSize ? " with -mwavefrontsize64"
                                                 : "")
            .str()));
    return;
  }
}

} // namespace cudalint
