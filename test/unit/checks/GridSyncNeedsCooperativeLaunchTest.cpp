//===- GridSyncNeedsCooperativeLaunchTest.cpp -----------------------------===//
//
// lib/Checks/GridSyncNeedsCooperativeLaunch.cpp on synthetic facts
// (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(GridSyncNeedsCooperativeLaunch, GridSync,
            "cuda-grid-sync-needs-cooperative-launch");

CHECK_TEST(GridSyncNeedsCooperativeLaunch, PlainLaunchesTrap, GridSync,
           Reports) {
  Kernel K = Kernel("persistent").gridSync({"stage", "barrier"});
  auto D =
      Scenario({"sm_80", "sm_90"})
          .with(K, Launch(K, c(108), c(256)),
                Launch(K, c(108), c(256), 21).api("cudaLaunchKernel", false),
                Launch(K, c(108), c(256), 22).api("cudaLaunchKernelEx", false))
          .findings(GridSync);
  // The same on every arch: one finding per launch, with no arch.
  ASSERT_THAT(
      D,
      ElementsAre(
          AllOf(error("", says("'persistent' synchronizes the whole grid "
                               "(cooperative_groups::grid_group::sync) but "
                               "is launched with <<<>>>, not "
                               "cooperatively",
                               "the launch fails")),
                at(20)),
          AllOf(error("", says("launched with cudaLaunchKernel, not")), at(21)),
          AllOf(error("", says("launched with cudaLaunchKernelEx without "
                               "the cudaLaunchAttributeCooperative "
                               "attribute")),
                at(22))));
  // The notes walk the chain from the kernel to the sync.
  std::vector<std::string> Notes;
  for (const DiagnosticNote &N : D.front().Notes)
    Notes.push_back(N.Message);
  EXPECT_THAT(Notes, ElementsAre("kernel 'persistent' declared here",
                                 "kernel 'persistent' calls 'stage' here",
                                 "'stage' calls 'barrier' here",
                                 "'barrier' synchronizes the grid here",
                                 HasSubstr("launch it with "
                                           "cudaLaunchCooperativeKernel")));
  EXPECT_EQ(D.front().Notes[1].Loc.Line, 4u);
  EXPECT_EQ(D.front().Notes[3].Loc.Line, 6u);
}

CHECK_TEST(GridSyncNeedsCooperativeLaunch, ChainEndsInTheToolkitsHelper,
           GridSync, Reports) {
  // cg::sync(grid): the front end stops at the call from the user's code.
  Kernel K("reduce");
  GridSyncFact G;
  G.Sync = "cooperative_groups::grid_group::sync";
  CallStep Step;
  Step.Loc = place(4, 3);
  Step.Caller = "reduce";
  Step.Callee = "cooperative_groups::sync<cooperative_groups::grid_group>";
  G.Chain.push_back(Step);
  K.Info.GridSync = G;
  EXPECT_THAT(Scenario().with(K, Launch(K, c(8), c(256))).findings(GridSync),
              ElementsAre(withNote(
                  "kernel 'reduce' calls "
                  "'cooperative_groups::sync<cooperative_groups::grid_group>' "
                  "here, which synchronizes the grid "
                  "(cooperative_groups::grid_group::sync)")));
}

CHECK_TEST(GridSyncNeedsCooperativeLaunch, ConditionalSyncMayFail, GridSync,
           Reports) {
  // `if (wide) grid.sync();`: the launch fails on the paths that sync.
  Kernel K = Kernel("sometimes").gridSync();
  K.Info.GridSync->ConditionLoc = place(4, 7);
  auto D = Scenario().with(K, Launch(K, c(8), c(256))).findings(GridSync);
  ASSERT_THAT(D, ElementsAre(warning("", says("'sometimes' synchronizes the "
                                              "whole grid",
                                              "the launch may fail"))));
  EXPECT_THAT(D.front(), withNote("the sync runs only when this condition "
                                  "holds"));
  EXPECT_THAT(D.front().Message, Not(HasSubstr("the launch fails")));
}

CHECK_TEST(GridSyncNeedsCooperativeLaunch, CooperativeGuardedOrUnknownIsSilent,
           GridSync, Silent) {
  Kernel K = Kernel("persistent").gridSync({"stage"});
  for (Launch L :
       {Launch(K, c(108), c(256)).cooperative(),
        Launch(K, c(108), c(256)).api("cuLaunchCooperativeKernel", true),
        Launch(K, c(108), c(256)).api("cudaLaunchKernelEx", true),
        // A config whose attributes cannot be followed.
        Launch(K, c(108), c(256)).api("cudaLaunchKernelEx", std::nullopt),
        // The kernel cannot be traced.
        Launch(K, c(108), c(256)).untraced()}) {
    SCOPED_TRACE(L.Site.Api);
    EXPECT_THAT(Scenario().with(K, L).findings(GridSync), IsEmpty());
  }
  // A kernel that asks grid.is_valid() runs without a cooperative launch.
  Kernel Guarded = Kernel("adaptive").gridSync({}, /*Guarded=*/true);
  EXPECT_THAT(Scenario()
                  .with(Guarded, Launch(Guarded, c(108), c(256)))
                  .findings(GridSync),
              IsEmpty());
  // No grid sync at all.
  Kernel Plain("plain");
  EXPECT_THAT(
      Scenario().with(Plain, Launch(Plain, c(8), c(256))).findings(GridSync),
      IsEmpty());
}

CHECK_TEST(GridSyncNeedsCooperativeLaunch, DefinitionInAnotherFile, GridSync,
           Reports) {
  // b.cu launches a kernel it only declares; a.cu defines it, with the sync.
  Kernel K = Kernel("persistent").gridSync();
  K.Info.DefinitionEnd = {File, 9, 1};
  KernelInfo Declaration = Kernel("persistent").Info;
  Declaration.Loc.File = "/src/b.cu";
  TranslationUnitFacts A = unitFacts(File, {K.Info}),
                       B = unitFacts("/src/b.cu", {Declaration},
                                     {Launch(K, c(8), c(256))});
  for (const std::vector<TranslationUnitFacts> &Units : inBothOrders({A, B})) {
    SCOPED_TRACE(Units.front().MainFile + " first");
    CheckRun Run = runOver(Units);
    Run.Enabled = enabledChecks(GlobList(std::string("-*,") + GridSync));
    std::vector<Diagnostic> D = runChecks(Run);
    observed()[GridSync] |= D.empty() ? Silent : Reports;
    EXPECT_THAT(D, ElementsAre(error("", says("'persistent' synchronizes"))));
  }
}

} // namespace
} // namespace cudalint::checktest
