//===- LaunchBoundsNotWarpMultipleTest.cpp --------------------------------===//
//
// lib/Checks/LaunchBoundsNotWarpMultiple.cpp on synthetic facts
// (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(LaunchBoundsNotWarpMultiple, BoundsWarp,
            "cuda-launch-bounds-not-warp-multiple");

CHECK_TEST(LaunchBoundsNotWarpMultiple, OnceForEveryArch, BoundsWarp, Reports) {
  auto D = Scenario({"sm_75", "sm_80", "sm_90"})
               .with(Kernel("k").launchBounds(100))
               .findings(BoundsWarp);
  EXPECT_THAT(
      D, ElementsAre(AllOf(
             warning("", says("__launch_bounds__ maximum of 100 threads is not "
                              "a multiple of the warp size (32); a block of "
                              "100 threads idles 28 lanes of its last warp")),
             Field(&Diagnostic::Loc, Field(&SourceLoc::Column, 12u)))));
}

CHECK_TEST(LaunchBoundsNotWarpMultiple, WarpMultipleOrNoBound, BoundsWarp,
           Silent) {
  EXPECT_THAT(Scenario({"sm_75", "sm_90"})
                  .with(Kernel("a").launchBounds(128, 2),
                        Kernel("b", 5).launchBounds(32),
                        Kernel("c", 7).launchBounds(1024), Kernel("d", 9))
                  .findings(BoundsWarp),
              IsEmpty());
}

CHECK_TEST(LaunchBoundsNotWarpMultiple, DeviceViewOfTheBound, BoundsWarp,
           Both) {
  Kernel K = Kernel("k").launchBounds(128);
  EXPECT_THAT(Scenario()
                  .with(K, Resources(K, "sm_80").regs(32).maxntid(10, 10))
                  .findings(BoundsWarp),
              ElementsAre(warning("", says("maximum of 100 threads"))));
  Kernel Odd = Kernel("odd").launchBounds(100);
  EXPECT_THAT(Scenario()
                  .with(Odd, Resources(Odd, "sm_80").regs(32).maxntid(128))
                  .findings(BoundsWarp),
              IsEmpty());
}

} // namespace
} // namespace cudalint::checktest
