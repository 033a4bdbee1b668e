//===- LaunchBoundsNotWarpMultiple.cpp - cuda-launch-bounds-not-warp-multiple //
//
// A __launch_bounds__ maximum that is not a multiple of the warp size: every
// block launched at the bound idles lanes of its last warp, and ptxas sizes
// registers for a block shape that wastes them.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

void LaunchBoundsNotWarpMultiple::checkKernel(const KernelContext &Ctx,
                                              Findings &Out) const {
  std::optional<int64_t> Max =
      effectiveMaxThreads(Ctx.Kernel.Attrs, Ctx.Resources);
  unsigned Warp = Ctx.Arch.WarpSize;
  // (A bound of 1 declares a one-thread kernel, as a one-thread launch is
  // one: Ginkgo's initialisers. Its idle lanes are its intent.)
  if (!Max || *Max <= 1 || *Max % Warp == 0)
    return;
  Diagnostic D = kernelDiagnostic(
      *this, Ctx, Ctx.Kernel.Attrs.LaunchBoundsLoc,
      formatv("__launch_bounds__ maximum of {0} threads is not a multiple "
              "of the warp size ({1}); a block of {0} threads idles {2} "
              "lanes of its last warp",
              *Max, Warp, Warp - *Max % Warp)
          .str());
  D.Arch.clear(); // the warp size is 32 on every arch
  Out.push_back(std::move(D));
}

} // namespace cudalint
