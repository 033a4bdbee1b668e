//===- GridUnderfillsGpu.cpp - cuda-grid-underfills-gpu -------------------===//
//
// A grid with fewer blocks than the GPU has SMs leaves whole SMs idle for
// the kernel's entire run. Needs a GPU preset (--gpu or the config's Gpu)
// for the SM count; evaluated on the preset's arch.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "cudalint/Facts/SaturatingArithmetic.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

void GridUnderfillsGpu::checkLaunch(const LaunchContext &Ctx,
                                    Findings &Out) const {
  const GpuPreset *Gpu = Ctx.Options.Gpu;
  if (!Gpu || Gpu->SmVersion != Ctx.Arch.smVersion())
    return;
  const Dim3Value &G = Ctx.Launch.Grid;
  if (!G.X.isConstant() || !G.Y.isConstant() || !G.Z.isConstant())
    return;
  int64_t Blocks = saturatingMul(G.X.value(), G.Y.value(), G.Z.value());
  if (Blocks <= 0 || Blocks >= Gpu->SMCount)
    return;
  Diagnostic D = launchDiagnostic(
      *this, Ctx,
      formatv("grid of {0} block{1} leaves {2} of the {3} SMs of {4} idle",
              Blocks, Blocks == 1 ? "" : "s", Gpu->SMCount - Blocks,
              Gpu->SMCount, Gpu->Name)
          .str());
  addOriginNotes(D, G.X, "grid x");
  Out.push_back(std::move(D));
}

} // namespace cudalint
