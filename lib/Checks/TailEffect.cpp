//===- TailEffect.cpp - cuda-tail-effect ----------------------------------===//
//
// Blocks run in waves of (resident blocks per SM) x (SMs). When the last
// wave is only partly full, the GPU idles for a large share of the run: 1.1
// waves take as long as 2. Needs a GPU preset and the kernel's resources.
// The model assumes blocks of equal duration, not very short: measured on
// an H200 and an H100 (bench/gpu/calibration), one block past k full waves
// costs (k+1)/k of k waves within 0.5% for blocks of 1 ms, but only
// x1.58-1.84 at k = 1 for blocks of 20 us (dispatching a wave takes time).
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "cudalint/Facts/SaturatingArithmetic.h"

#include "llvm/Support/FormatVariadic.h"

#include <string>

using namespace llvm;

namespace cudalint {

namespace {
/// "2", "1.5", "1.33": a ratio of run times, without trailing zeros.
std::string timesText(double Ratio) {
  std::string Text = formatv("{0:f2}", Ratio).str();
  while (Text.back() == '0')
    Text.pop_back();
  if (Text.back() == '.')
    Text.pop_back();
  return Text;
}
} // namespace

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
  int64_t Blocks = saturatingMul(G.X.value(), G.Y.value(), G.Z.value());
  uint64_t Wave = uint64_t(R.ActiveBlocksPerSM) * Gpu->SMCount;
  if (Blocks <= 0 || uint64_t(Blocks) <= Wave) // cuda-grid-underfills-gpu's
    return;
  GridWaves W = gridWaves(uint64_t(Blocks), Wave);
  double MaxWaste = Ctx.Options.number(*this, MaxTailWasteOption);
  if (W.idleShare() <= MaxWaste)
    return;
  auto Plural = [](uint64_t N) { return N == 1 ? "" : "s"; };
  uint64_t FullWaves = W.Waves - 1;
  Diagnostic D = launchDiagnostic(
      *this, Ctx,
      formatv("grid of {0} blocks runs in {1} waves of {2} blocks ({3} per SM "
              "x {4} SMs of {5}), the last holding {6} block{7}: about {8}x "
              "the time of {9} blocks ({10} full wave{11}), as long as {12} "
              "blocks take, for blocks of equal duration; {13} of the run's "
              "block slots stay empty",
              W.Blocks, W.Waves, Wave, R.ActiveBlocksPerSM, Gpu->SMCount,
              Gpu->Name, W.LastWaveBlocks, Plural(W.LastWaveBlocks),
              timesText(double(W.Waves) / double(FullWaves)),
              W.wholeWavesBelow(), FullWaves, Plural(FullWaves),
              W.wholeWavesAbove(), formatPercent(W.idleShare()))
          .str());
  addNote(D, SourceLoc(),
          formatv("{0} or {1} blocks fill whole waves", W.wholeWavesBelow(),
                  W.wholeWavesAbove())
              .str());
  addNote(D, SourceLoc(),
          "the wave count assumes blocks of equal duration, not very short: "
          "one block past 1 full wave measured x1.99-2.00 for blocks of 1 ms, "
          "x1.89-1.96 for 100 us, x1.58-1.84 for 20 us (an H200 and an H100)");
  addResourceNote(D, Ctx.Resources);
  Out.push_back(std::move(D));
}

} // namespace cudalint
