//===- TailEffect.cpp - cuda-tail-effect ----------------------------------===//
//
// Blocks run in waves of (resident blocks per SM) x (SMs). When the last
// wave is only partly full, the GPU idles for a large share of the run: 1.1
// waves take as long as 2. Needs a GPU preset and the kernel's resources.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace cudalint {

void TailEffect::checkLaunch(const LaunchContext &Ctx, Findings &Out) const {
  const GpuPreset *Gpu = Ctx.Options.Gpu;
  if (!Gpu || Gpu->SmVersion != Ctx.Arch.smVersion() ||
      !Ctx.Launch.ThreadsPerBlock.isConstant())
    return;
  const Dim3Value &G = Ctx.Launch.Grid;
  if (!G.X.isConstant() || !G.Y.isConstant() || !G.Z.isConstant())
    return;
  std::optional<OccupancyInput> In =
      occupancyInput(Ctx, Ctx.Launch.ThreadsPerBlock.value());
  if (!In || In->ThreadsPerBlock > Ctx.Arch.MaxThreadsPerBlock)
    return;
  OccupancyResult R = computeOccupancy(Ctx.Arch, *In);
  if (!R.launchable() || R.ActiveBlocksPerSM == 0)
    return;
  int64_t Blocks = G.X.value() * G.Y.value() * G.Z.value();
  int64_t Wave = int64_t(R.ActiveBlocksPerSM) * Gpu->SMCount;
  if (Blocks <= Wave) // one wave: cuda-grid-underfills-gpu's business
    return;
  int64_t Waves = (Blocks + Wave - 1) / Wave;
  int64_t LastWave = Blocks - (Waves - 1) * Wave;
  // The share of the run's block slots that stay empty.
  double Waste = double(Wave - LastWave) / double(Waves * Wave);
  double MaxWaste = Ctx.Options.number(*this, MaxTailWasteOption);
  if (Waste <= MaxWaste)
    return;
  Diagnostic D = launchDiagnostic(
      *this, Ctx,
      formatv("grid of {0} blocks runs in {1:f2} waves of {2} blocks ({3} "
              "per SM x {4} SMs of {5}); the last wave holds {6} blocks and "
              "{7} of the run's block slots stay empty",
              Blocks, double(Blocks) / Wave, Wave, R.ActiveBlocksPerSM,
              Gpu->SMCount, Gpu->Name, LastWave, formatPercent(Waste))
          .str());
  addNote(D, SourceLoc(),
          formatv("{0} or {1} blocks fill whole waves", (Waves - 1) * Wave,
                  Waves * Wave)
              .str());
  addResourceNote(D, Ctx.Resources);
  Out.push_back(std::move(D));
}

} // namespace cudalint
