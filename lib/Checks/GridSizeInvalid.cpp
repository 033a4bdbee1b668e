//===- GridSizeInvalid.cpp - cuda-grid-size-invalid -----------------------===//
//
// Grid x is limited to 2^31-1 blocks, y and z to 65535; zero blocks is an
// invalid configuration too.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"

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
    const LaunchSite &L = Ctx.Launch;
    const ResolvedValue *Dims[] = {&L.Grid.X, &L.Grid.Y, &L.Grid.Z};
    const char *Names[] = {"x", "y", "z"};
    for (unsigned I = 0; I < 3; ++I)
      for (int64_t V : possibleValues(*Dims[I])) {
        if (V > 0 && static_cast<uint64_t>(V) <= Ctx.Arch.MaxGridDim[I])
          continue;
        std::string Why =
            V <= 0 ? formatv("is {0}", V).str()
                   : formatv("= {0} exceeds the maximum of {1}", V,
                             Ctx.Arch.MaxGridDim[I])
                         .str();
        Diagnostic D = launchDiagnostic(
            *this, Ctx,
            formatv("grid dimension {0} {1} on {2}; the launch fails "
                    "with cudaErrorInvalidConfiguration",
                    Names[I], Why, Ctx.Arch.Name)
                .str());
        addOriginNotes(D, *Dims[I], formatv("grid {0}", Names[I]).str());
        Out.push_back(std::move(D));
      }
  }
};

} // namespace

std::unique_ptr<Check> createGridSizeInvalid() {
  return std::make_unique<GridSizeInvalid>();
}

} // namespace cudalint
