//===- LaunchBoundsOversizedTest.cpp - cuda-launch-bounds-oversized -------===//
//
// lib/Checks/LaunchBoundsOversized.cpp on synthetic facts (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(LaunchBoundsOversized, Oversized, "cuda-launch-bounds-oversized");

/// __launch_bounds__(1024), spilling on sm_80, launched with these sizes.
Scenario oversized(std::vector<ResolvedValue> Blocks, bool Spill = true) {
  Kernel K = Kernel("k").launchBounds(1024);
  Scenario S;
  S.with(K);
  unsigned Line = 20;
  for (ResolvedValue &B : Blocks)
    S.with(Launch(K, c(1000), std::move(B), Line++));
  Resources R = Resources(K, "sm_80").regs(64);
  if (Spill)
    R.spills(8, 12);
  return S.with(R);
}

/// K launched with L, spilling 8 B each way with Regs registers on sm_80.
Scenario spilling(const Kernel &K, const Launch &L, unsigned Regs) {
  Scenario S;
  S.with(K, L, Resources(K, "sm_80").regs(Regs).spills(8, 8));
  return S;
}

CHECK_TEST(LaunchBoundsOversized, EveryLaunchFarBelowTheBound, Oversized,
           Reports) {
  auto D = oversized({c(128), c(256)}).findings(Oversized);
  EXPECT_THAT(
      D, ElementsAre(AllOf(
             warning("sm_80",
                     says("__launch_bounds__ of 'k' allows 1024 threads but "
                          "its 2 launches use at most 256; on sm_80 the "
                          "bound's register budget makes it spill (8 B "
                          "stores, 12 B loads)")),
             withNote("__launch_bounds__(256) matches the launches and "
                      "leaves more registers per thread"),
             withNote("launched with 128 threads here"),
             withNote("launched with 256 threads here"))));
}

CHECK_TEST(LaunchBoundsOversized, RatioIsInclusive, Oversized, Both) {
  EXPECT_THAT(oversized({c(512)}).findings(Oversized),
              ElementsAre(warning("sm_80", says("its 1 launch uses at most "
                                                "512"))));
  EXPECT_THAT(oversized({c(513)}).findings(Oversized), IsEmpty());
  EXPECT_THAT(oversized({c(512)})
                  .option("cuda-launch-bounds-oversized.Ratio", "0.25")
                  .findings(Oversized),
              IsEmpty());
  EXPECT_THAT(oversized({oneOf({64, 256})})
                  .option("cuda-launch-bounds-oversized.Ratio", "0.25")
                  .findings(Oversized),
              ElementsAre(warning("sm_80", says("uses at most 256"))));
}

CHECK_TEST(LaunchBoundsOversized, NeedsSpillsAndEveryLaunchKnown, Oversized,
           Silent) {
  EXPECT_THAT(oversized({c(128)}, /*Spill=*/false).findings(Oversized),
              IsEmpty());
  EXPECT_THAT(oversized({c(128), unknown()}).findings(Oversized), IsEmpty());
  EXPECT_THAT(oversized({c(128), range(1, 128)}).findings(Oversized),
              IsEmpty());
  EXPECT_THAT(oversized({}).findings(Oversized), IsEmpty());
  Kernel K = Kernel("k").launchBounds(1024);
  EXPECT_THAT(spilling(K, Launch(K, c(1000), c(128)).occupancyTuned(), 64)
                  .findings(Oversized),
              IsEmpty());
}

// Spills below the bound's register budget: a tighter bound gives nothing
// (1024 threads allow 64 registers; the kernel spills at 40, or at 255 with
// a bound of 256 that allows 255 anyway).
CHECK_TEST(LaunchBoundsOversized, NotWhenTheBoundDoesNotBind, Oversized,
           Silent) {
  Kernel K = Kernel("k").launchBounds(1024);
  EXPECT_THAT(spilling(K, Launch(K, c(1000), c(128)), 40).findings(Oversized),
              IsEmpty());
  Kernel W = Kernel("w").launchBounds(256);
  EXPECT_THAT(spilling(W, Launch(W, c(1000), c(64)), 255).findings(Oversized),
              IsEmpty());
}

} // namespace
} // namespace cudalint::checktest
