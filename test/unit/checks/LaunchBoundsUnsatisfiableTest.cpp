//===- LaunchBoundsUnsatisfiableTest.cpp ----------------------------------===//
//
// lib/Checks/LaunchBoundsUnsatisfiable.cpp on synthetic facts
// (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(LaunchBoundsUnsatisfiable, Unsatisfiable,
            "cuda-launch-bounds-unsatisfiable");

CHECK_TEST(LaunchBoundsUnsatisfiable, ThreadSlotsPerArch, Unsatisfiable, Both) {
  // 8 blocks of 256 threads: 2048 thread slots; sm_75 has 1024, sm_86 1536.
  Kernel K = Kernel("k").launchBounds(256, 8);
  auto D = Scenario({"sm_75", "sm_80", "sm_86", "sm_90"})
               .with(K)
               .findings(Unsatisfiable);
  EXPECT_THAT(
      D, ElementsAre(
             AllOf(warning("sm_75",
                           says("__launch_bounds__(256, 8) of 'k' cannot be "
                                "met on sm_75: 8 blocks of 256 threads need "
                                "2048 thread slots, and an SM has 1024; the "
                                "device compiler limits registers for "
                                "occupancy the kernel cannot reach")),
                   Field(&Diagnostic::Loc, Field(&SourceLoc::Column, 12u))),
             warning("sm_86", says("and an SM has 1536"))));
  EXPECT_THAT(Scenario({"sm_80", "sm_90"}).with(K).findings(Unsatisfiable),
              IsEmpty());
}

CHECK_TEST(LaunchBoundsUnsatisfiable, BlocksPerSm, Unsatisfiable, Both) {
  EXPECT_THAT(
      Scenario().with(Kernel("k").launchBounds(32, 32)).findings(Unsatisfiable),
      IsEmpty());
  EXPECT_THAT(
      Scenario().with(Kernel("k").launchBounds(32, 33)).findings(Unsatisfiable),
      ElementsAre(warning("sm_80", says("__launch_bounds__(32, 33)",
                                        "an SM holds at most 32 "
                                        "blocks"))));
}

CHECK_TEST(LaunchBoundsUnsatisfiable, PartialWarpsTakeWholeWarpSlots,
           Unsatisfiable, Both) {
  // 100 threads occupy 4 warps: 16 blocks fill 2048 slots, 17 do not fit.
  EXPECT_THAT(Scenario()
                  .with(Kernel("k").launchBounds(100, 16))
                  .findings(Unsatisfiable),
              IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(Kernel("k").launchBounds(100, 17))
                  .findings(Unsatisfiable),
              ElementsAre(warning("sm_80", says("17 blocks of 100 threads "
                                                "need 2176 thread slots"))));
}

CHECK_TEST(LaunchBoundsUnsatisfiable, StaticSharedMemoryPerArch, Unsatisfiable,
           Both) {
  // 48 KiB + 1 KiB reserved: 3 blocks in sm_80's 164 KiB, 4 in sm_90's 228.
  Kernel K = Kernel("k").launchBounds(256, 4);
  auto D = Scenario({"sm_80", "sm_90"})
               .with(K, Resources(K, "sm_80").regs(32).staticSmem(48 * 1024),
                     Resources(K, "sm_90").regs(32).staticSmem(48 * 1024))
               .findings(Unsatisfiable);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     warning("sm_80", says("its 48 KiB of static shared memory "
                                           "per block allows 3 resident "
                                           "blocks")),
                     withNote("sm_80: 32 registers, 48 KiB static"))));
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K, Resources(K, "sm_90").regs(32).staticSmem(48 * 1024))
                  .findings(Unsatisfiable),
              IsEmpty());
}

CHECK_TEST(LaunchBoundsUnsatisfiable, MinBlocksAsTheDeviceSawIt, Unsatisfiable,
           Both) {
  // Without minBlocks there is nothing to satisfy.
  EXPECT_THAT(Scenario({"sm_75"})
                  .with(Kernel("k").launchBounds(1024))
                  .findings(Unsatisfiable),
              IsEmpty());
  // The device compile for sm_75 saw no minBlocks; for sm_86 it saw 8.
  Kernel K = Kernel("k").launchBounds(256, 8);
  EXPECT_THAT(Scenario({"sm_75"})
                  .with(K, Resources(K, "sm_75").regs(32).maxntid(256))
                  .findings(Unsatisfiable),
              IsEmpty());
  Kernel Host = Kernel("k").launchBounds(256);
  EXPECT_THAT(
      Scenario({"sm_86"})
          .with(Host,
                Resources(Host, "sm_86").regs(32).maxntid(256).minnctapersm(8))
          .findings(Unsatisfiable),
      ElementsAre(warning("sm_86", says("__launch_bounds__(256, 8)"))));
}

} // namespace
} // namespace cudalint::checktest
