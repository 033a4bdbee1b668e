//===- LaunchOccupancy.cpp - Each launch's occupancy, per arch -----------===//

#include "cudalint/Checks/LaunchOccupancy.h"

#include "CheckSupport.h"
#include "RunIndex.h"

#include "cudalint/Facts/SaturatingArithmetic.h"

#include <algorithm>

namespace cudalint {

namespace {
/// The grid's blocks when every dimension is a positive constant (a
/// product past INT64_MAX saturates).
std::optional<uint64_t> gridBlocks(const Dim3Value &G) {
  for (const ResolvedValue *V : {&G.X, &G.Y, &G.Z})
    if (!V->isConstant() || V->value() <= 0)
      return std::nullopt;
  return uint64_t(saturatingMul(G.X.value(), G.Y.value(), G.Z.value()));
}
} // namespace

std::vector<LaunchOccupancy> launchOccupancies(const CheckRun &Run) {
  RunIndex Index(Run);
  std::vector<LaunchOccupancy> Out;
  for (size_t U = 0; U < Run.Units.size(); ++U) {
    const TranslationUnitFacts &Unit = Run.Units[U];
    for (size_t I = 0; I < Unit.Launches.size(); ++I) {
      const LaunchSite &L = Unit.Launches[I];
      for (const LaunchContext &Ctx : Index.launchContexts(Unit, L))
        for (int64_t Threads : possibleValues(L.ThreadsPerBlock)) {
          std::optional<OccupancyInput> In = occupancyInput(Ctx, Threads);
          if (!In)
            continue;
          LaunchOccupancy O;
          O.Unit = U;
          O.Launch = I;
          O.Query.Arch = &Ctx.Arch;
          if (Run.Options.Gpu &&
              Run.Options.Gpu->SmVersion == Ctx.Arch.smVersion())
            O.Query.Gpu = Run.Options.Gpu;
          O.Query.Input = *In;
          // A bound over the arch's block maximum bounds nothing.
          O.Query.MaxThreads =
              unsigned(std::clamp<int64_t>(Ctx.maxThreadsBound().value_or(0), 0,
                                           Ctx.Arch.MaxThreadsPerBlock));
          O.Query.GridBlocks = gridBlocks(L.Grid);
          Out.push_back(O);
        }
    }
  }
  return Out;
}

} // namespace cudalint
