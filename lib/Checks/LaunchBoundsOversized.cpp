//===- LaunchBoundsOversized.cpp - cuda-launch-bounds-oversized -----------===//
//
// A __launch_bounds__ maximum far above every block the code launches makes
// ptxas budget registers for threads that never come; when that budget
// binds (the kernel spills), a bound matching the real launches frees
// registers.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

void LaunchBoundsOversized::checkKernel(const KernelContext &Ctx,
                                        Findings &Out) const {
  const KernelResources *R = Ctx.Resources;
  std::optional<int64_t> Max = effectiveMaxThreads(Ctx.Kernel.Attrs, R);
  if (!Max || !R || !R->HasUsage ||
      (R->SpillStores == 0 && R->SpillLoads == 0) ||
      Ctx.LaunchesOfKernel.empty())
    return;
  // Spills below the bound's register budget are not the bound's doing: a
  // smaller bound would not give the kernel more registers.
  if (!launchBoundCapsRegisters(Ctx.Arch, Ctx.Kernel, *R))
    return;
  double Ratio = Ctx.Options.number(*this, RatioOption);
  int64_t Largest = 0;
  for (const LaunchSite *L : Ctx.LaunchesOfKernel) {
    std::vector<int64_t> Values = possibleValues(L->ThreadsPerBlock);
    if (Values.empty() || L->OccupancyTuned)
      return; // a launch we cannot see might use the whole bound
    Largest = std::max(Largest, Values.back());
  }
  if (Largest > Ratio * *Max)
    return;
  Diagnostic D = kernelDiagnostic(
      *this, Ctx, Ctx.Kernel.Attrs.LaunchBoundsLoc,
      formatv("__launch_bounds__ of '{0}' allows {1} threads but its {2} "
              "{3} at most {4}; on {5} the bound's register "
              "budget makes it spill ({6} stores, {7} loads)",
              Ctx.Kernel.Name, *Max, Ctx.LaunchesOfKernel.size(),
              Ctx.LaunchesOfKernel.size() == 1 ? "launch uses" : "launches use",
              Largest, Ctx.Arch.Name, formatBytes(R->SpillStores),
              formatBytes(R->SpillLoads))
          .str());
  addNote(D, SourceLoc(),
          formatv("__launch_bounds__({0}) matches the launches and leaves "
                  "more registers per thread",
                  Largest)
              .str());
  for (const LaunchSite *L : Ctx.LaunchesOfKernel)
    addNote(D, L->Loc,
            "launched with " +
                std::to_string(possibleValues(L->ThreadsPerBlock).back()) +
                " threads here");
  Out.push_back(std::move(D));
}

} // namespace cudalint
