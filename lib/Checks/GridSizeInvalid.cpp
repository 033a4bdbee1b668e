//===- GridSizeInvalid.cpp - cuda-grid-size-invalid -----------------------===//
//
// Grid x is limited to 2^31-1 blocks, y and z to 65535; zero blocks is an
// invalid configuration too.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

using namespace llvm;

namespace cudalint {

void GridSizeInvalid::checkLaunch(const LaunchContext &Ctx,
                                  Findings &Out) const {
  const ArchInfo &A = Ctx.Arch;
  reportDimensionLimits(*this, Ctx, Ctx.Launch.Grid,
                        {A.MaxGridDim[0], A.MaxGridDim[1], A.MaxGridDim[2]},
                        "grid", Out);
}

} // namespace cudalint
