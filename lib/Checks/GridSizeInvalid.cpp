//===- GridSizeInvalid.cpp - cuda-grid-size-invalid -----------------------===//
//
// Grid x is limited to 2^31-1 blocks, y and z to 65535; zero blocks is an
// invalid configuration too.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

using namespace llvm;

namespace cudalint {
namespace {

class GridSizeInvalid : public Check {
public:
  StringRef name() const override { return "cuda-grid-size-invalid"; }
  Severity severity() const override { return Severity::Error; }
  StringRef summary() const override {
    return "grid dimensions over the hardware maximum, or zero";
  }

  void checkLaunch(const LaunchContext &Ctx,
                   std::vector<Diagnostic> &Out) const override {
    const ArchInfo &A = Ctx.Arch;
    reportDimensionLimits(*this, Ctx, Ctx.Launch.Grid,
                          {A.MaxGridDim[0], A.MaxGridDim[1], A.MaxGridDim[2]},
                          "grid", Out);
  }
};

} // namespace

std::unique_ptr<Check> createGridSizeInvalid() {
  return std::make_unique<GridSizeInvalid>();
}

} // namespace cudalint
