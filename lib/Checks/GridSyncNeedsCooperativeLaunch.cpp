//===- GridSyncNeedsCooperativeLaunch.cpp ---------------------------------===//
//
// cuda-grid-sync-needs-cooperative-launch: a kernel that synchronizes the
// whole grid (cooperative_groups' grid_group::sync), itself or through the
// device functions it calls, launched with <<<>>>, cudaLaunchKernel or a
// cudaLaunchKernelEx without cudaLaunchAttributeCooperative. The toolkit's
// grid_group::sync() checks is_valid() and executes __trap() when the launch
// was not cooperative: the kernel aborts. A kernel that queries
// grid.is_valid() on the way to the sync handles that case: no finding. A
// sync that runs only under a branch condition makes the launch one that
// may fail: a warning.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

namespace {

/// "<<<>>>", "cudaLaunchKernel", "a cudaLaunchKernelEx whose config ..."
std::string howLaunched(const LaunchSite &L) {
  if (StringRef(L.Api).starts_with("cudaLaunchKernelEx"))
    return L.Api + " without the cudaLaunchAttributeCooperative attribute";
  return L.Api;
}

} // namespace

void GridSyncNeedsCooperativeLaunch::checkLaunch(const LaunchContext &Ctx,
                                                 Findings &Out) const {
  const KernelInfo *K = Ctx.Kernel;
  const LaunchSite &L = Ctx.Launch;
  // Unknown (a config whose attributes cannot be followed) stays unknown.
  if (!K || !K->GridSync || K->GridSync->guarded() || !L.Cooperative ||
      *L.Cooperative)
    return;
  const GridSyncFact &G = *K->GridSync;
  // A sync under a branch condition may not run on every path: the launch
  // may fail, which is a warning (as a set of values of which only some
  // fail).
  Diagnostic D = launchDiagnostic(
      *this, Ctx,
      formatv("'{0}' synchronizes the whole grid ({1}) but is launched with "
              "{2}, not cooperatively; the grid sync traps in a launch that "
              "is not cooperative",
              K->Name, G.Sync, howLaunched(L))
          .str());
  D.Promise = Claim::Fails;
  if (G.conditional())
    claimMayFail(D);
  // The path from the kernel to the sync, one note per call.
  for (size_t I = 0; I < G.Chain.size(); ++I) {
    const CallStep &S = G.Chain[I];
    std::string Caller =
        I == 0 ? "kernel '" + S.Caller + "'" : "'" + S.Caller + "'";
    if (S.Callee == G.Sync)
      addNote(D, S.Loc, Caller + " synchronizes the grid here");
    else if (I + 1 == G.Chain.size())
      addNote(D, S.Loc,
              formatv("{0} calls '{1}' here, which synchronizes the grid "
                      "({2})",
                      Caller, S.Callee, G.Sync)
                  .str());
    else
      addNote(D, S.Loc, formatv("{0} calls '{1}' here", Caller, S.Callee));
  }
  if (G.conditional())
    addNote(D, G.ConditionLoc,
            "the sync runs only when this condition holds: the launch fails "
            "on the paths where it does");
  addNote(D, SourceLoc(),
          "launch it with cudaLaunchCooperativeKernel (or cudaLaunchKernelEx "
          "with the cudaLaunchAttributeCooperative attribute), with no more "
          "blocks than can be co-resident");
  // Nothing here depends on the arch.
  D.Arch.clear();
  Out.push_back(std::move(D));
}

} // namespace cudalint
