//===- LaunchBoundsExceededTest.cpp - cuda-launch-bounds-exceeded ---------===//
//
// lib/Checks/LaunchBoundsExceeded.cpp on synthetic facts (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(LaunchBoundsExceeded, BoundsExceeded,
            "cuda-launch-bounds-exceeded");

CHECK_TEST(LaunchBoundsExceeded, BlockOverTheBoundFails, BoundsExceeded,
           Reports) {
  Kernel K = Kernel("scale").launchBounds(256);
  auto D =
      Scenario().with(K, Launch(K, c(100), c(512))).findings(BoundsExceeded);
  EXPECT_THAT(
      D, ElementsAre(AllOf(
             error("sm_80", says("launch of 'scale' with 512 threads per block "
                                 "exceeds its __launch_bounds__ maximum of 256 "
                                 "on sm_80; the launch fails")),
             at(20), withNote("kernel 'scale' declared here"),
             withNote("launch bound declared here"))));
}

CHECK_TEST(LaunchBoundsExceeded, BlockExactlyAtTheBoundLaunches, BoundsExceeded,
           Both) {
  Kernel K = Kernel("scale").launchBounds(256);
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), c(16)).block(c(16), c(16)))
                  .findings(BoundsExceeded),
              IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), c(16)).block(c(16), c(16), c(2)))
                  .findings(BoundsExceeded),
              ElementsAre(error("sm_80", says("with 512 threads per block"))));
}

CHECK_TEST(LaunchBoundsExceeded, NoBoundUntracedTunedOrUnknownIsSilent,
           BoundsExceeded, Silent) {
  Kernel Free("free");
  EXPECT_THAT(Scenario()
                  .with(Free, Launch(Free, c(100), c(1024)))
                  .findings(BoundsExceeded),
              IsEmpty());
  Kernel K = Kernel("scale").launchBounds(256);
  // The kernel cannot be traced: its bound is not known.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), c(512)).untraced())
                  .findings(BoundsExceeded),
              IsEmpty());
  // The occupancy API respects the bound.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), c(512)).occupancyTuned())
                  .findings(BoundsExceeded),
              IsEmpty());
  // Unknown and range block sizes are never guessed at.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), unknown()),
                        Launch(K, c(100), range(1, 1024), 21))
                  .findings(BoundsExceeded),
              IsEmpty());
}

CHECK_TEST(LaunchBoundsExceeded, DeviceViewOfTheBoundWinsPerArch,
           BoundsExceeded, Both) {
  // The host parse saw __launch_bounds__(1024); `#if __CUDA_ARCH__` gave
  // sm_80 a bound of 128 and sm_90 none at all.
  Kernel K = Kernel("tiled").launchBounds(1024);
  auto D = Scenario({"sm_80", "sm_90"})
               .with(K, Launch(K, c(100), c(256)),
                     Resources(K, "sm_80").regs(32).maxntid(128),
                     Resources(K, "sm_90").regs(32).ptx())
               .findings(BoundsExceeded);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     error("sm_80", says("256 threads per block exceeds its "
                                         "__launch_bounds__ maximum of 128 on "
                                         "sm_80")),
                     withNote("the device compile for sm_80 saw a maximum of "
                              "128 threads (.maxntid)"))));
  // .maxntid is x*y*z; without PTX the host view holds.
  EXPECT_THAT(Scenario({"sm_80", "sm_90"})
                  .with(K, Launch(K, c(100), c(512)),
                        Resources(K, "sm_80").regs(32).maxntid(16, 16, 2),
                        Resources(K, "sm_90").regs(32))
                  .findings(BoundsExceeded),
              IsEmpty());
}

CHECK_TEST(LaunchBoundsExceeded, SetOfBlockSizes, BoundsExceeded, Reports) {
  Kernel K = Kernel("scale").launchBounds(256);
  // Some values fail: the launch may fail.
  auto Some = Scenario()
                  .with(K, Launch(K, c(100), oneOf({128, 512})))
                  .findings(BoundsExceeded);
  EXPECT_THAT(Some, ElementsAre(AllOf(
                        warning("sm_80", says("with 512 threads per block",
                                              "the launch may fail")),
                        withNote("only some of the values that may reach "
                                 "this launch fail"))));
  // Every value fails: one error, naming the values.
  auto Every = Scenario()
                   .with(K, Launch(K, c(100), oneOf({512, 1024})))
                   .findings(BoundsExceeded);
  EXPECT_THAT(
      Every,
      ElementsAre(AllOf(error("sm_80", says("with 512 threads per block",
                                            "; the launch fails")),
                        withNote("every value that may reach this launch gives "
                                 "this finding (block x = 512, 1024)"))));
}

} // namespace
} // namespace cudalint::checktest
