//===- GridSizeInvalid.cpp - cuda-grid-size-invalid -----------------------===//
//
// Grid x is limited to 2^31-1 blocks, y and z to 65535; zero blocks is an
// invalid configuration too. HIP limits the work-items of each dimension.
//
//===----------------------------------------------------------------------===//

#include "AmdCheckSupport.h"
#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace llvm;

namespace cudalint {

void GridSizeInvalid::checkLaunch(const LaunchContext &Ctx,
                                  Findings &Out) const {
  const ArchInfo &A = Ctx.Arch;
  reportDimensionLimits(*this, Ctx, Ctx.Launch.Grid,
                        {A.MaxGridDim[0], A.MaxGridDim[1], A.MaxGridDim[2]},
                        "grid", Out);
}

// HIP: a zero dimension is refused (reportZeroDimension). ROCm's clr
// multiplies each grid dimension by the block's in 64 bits
// and refuses more than 2^32 - 1 work-items in any of them with
// hipErrorInvalidConfiguration: ihipLaunchKernel (hipamd/src/
// hip_platform.cpp; `<<<>>>`, hipLaunchKernelGGL, hipLaunchKernel),
// hipModuleLaunchCooperativeKernel and kernel graph nodes (hip_graph.cpp).
// hipModuleLaunchKernel checks x only (hip_module.cpp). A dimension whose
// grid and block both take several values is judged only when every pair
// fails: a pair of them may never meet.
void GridSizeInvalid::checkAmdLaunch(const AmdLaunchContext &Ctx,
                                     Findings &Out) const {
  if (reportZeroDimension(*this, Ctx, Ctx.Launch.Grid, "grid", Out))
    return;
  const LaunchSite &L = Ctx.Launch;
  const ResolvedValue *Grid[] = {&L.Grid.X, &L.Grid.Y, &L.Grid.Z};
  const ResolvedValue *Block[] = {&L.Block.X, &L.Block.Y, &L.Block.Z};
  const char *Names[] = {"x", "y", "z"};
  constexpr uint64_t MaxWorkItems = std::numeric_limits<uint32_t>::max();
  unsigned Dimensions = L.Api == "hipModuleLaunchKernel" ? 1 : 3;
  for (unsigned I = 0; I < Dimensions; ++I) {
    std::vector<int64_t> Blocks = possibleValues(*Block[I]);
    std::vector<int64_t> WorkItems;
    for (int64_t G : possibleValues(*Grid[I]))
      for (int64_t B : Blocks) {
        // A product over what int64_t holds is over the limit as surely.
        int64_t Product;
        if (G > 0 && B > 0)
          WorkItems.push_back(MulOverflow(G, B, Product) ? INT64_MAX : Product);
      }
    bool SeveralBoth = !Grid[I]->isConstant() && !Block[I]->isConstant();
    if (SeveralBoth && llvm::any_of(WorkItems, [&](int64_t W) {
          return static_cast<uint64_t>(W) <= MaxWorkItems;
        }))
      continue;
    reportSizes(
        WorkItems,
        [&](int64_t W) { return static_cast<uint64_t>(W) > MaxWorkItems; },
        [&](int64_t W) {
          Diagnostic D = amdLaunchError(
              *this, Ctx,
              formatv("grid {0} times block {0} is {1} work-items, over the "
                      "{2} the HIP runtime accepts in one dimension",
                      Names[I], W, MaxWorkItems)
                  .str(),
              HipErrorInvalidConfiguration);
          addOriginNotes(D, *Grid[I], std::string("grid ") + Names[I]);
          return D;
        },
        Out);
  }
}

} // namespace cudalint
