//===- CooperativeLaunchTooLargeTest.cpp ----------------------------------===//
//
// lib/Checks/CooperativeLaunchTooLarge.cpp on synthetic facts
// (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(CooperativeLaunchTooLarge, CoopTooLarge,
            "cuda-cooperative-launch-too-large");

CHECK_TEST(CooperativeLaunchTooLarge, OverTheLargestGpuOfTheArch, CoopTooLarge,
           Both) {
  // sm_80, 256 threads, 32 registers: 8 blocks per SM (warps and registers);
  // the largest sm_80 GPU, the A100, has 108 SMs: 864 blocks.
  Kernel K("persistent");
  auto Run = [&](ResolvedValue Grid) {
    return Scenario()
        .with(K, Launch(K, std::move(Grid), c(256)).cooperative(),
              Resources(K, "sm_80").regs(32))
        .findings(CoopTooLarge);
  };
  EXPECT_THAT(Run(c(864)), IsEmpty());
  EXPECT_THAT(
      Run(c(865)),
      ElementsAre(AllOf(
          error("sm_80",
                says("cooperative launch of 'persistent' with a grid of 865 "
                     "blocks exceeds the 864 blocks that can be co-resident "
                     "on sm_80 (8 blocks of 256 threads per SM x 108 SMs, "
                     "the most of any known sm_80 GPU: A100-SXM); the launch "
                     "fails with cudaErrorCooperativeLaunchTooLarge")),
          withNote("8 blocks per SM: limited by warps 8 and registers 8; the "
                   "other limits allow: blocks 32, shared memory 164"),
          withNote("sm_80: 32 registers"),
          withNote("cudaOccupancyMaxActiveBlocksPerMultiprocessor"))));
  // x*y*z blocks.
  EXPECT_THAT(
      Scenario()
          .with(K, Launch(K, c(0), c(256)).grid(c(30), c(30)).cooperative(),
                Resources(K, "sm_80").regs(32))
          .findings(CoopTooLarge),
      ElementsAre(error("sm_80", says("a grid of 900 blocks"))));
}

CHECK_TEST(CooperativeLaunchTooLarge, GpuPresetPinsTheSmCount, CoopTooLarge,
           Both) {
  // 64 registers: 4 blocks of 256 threads per SM. A30: 56 SMs, 224 blocks.
  Kernel K("persistent");
  auto Run = [&](int64_t Grid) {
    return Scenario()
        .gpu("A30")
        .with(K, Launch(K, c(Grid), c(256)).cooperative(),
              Resources(K, "sm_80").regs(64))
        .findings(CoopTooLarge);
  };
  EXPECT_THAT(Run(224), IsEmpty());
  EXPECT_THAT(Run(225), ElementsAre(error(
                            "sm_80", says("exceeds the 224 blocks that can be "
                                          "co-resident on sm_80 (4 blocks of "
                                          "256 threads per SM x 56 SMs of "
                                          "A30)"))));
}

CHECK_TEST(CooperativeLaunchTooLarge, WithoutDeviceFactsTheArchBoundsIt,
           CoopTooLarge, Both) {
  // No registers counted: 1024 threads leave room for 2 blocks per SM on
  // sm_90 (warps); the largest sm_90 GPU has 132 SMs.
  Kernel K("persistent");
  auto Run = [&](int64_t Grid) {
    return Scenario({"sm_90"})
        .noDeviceFacts()
        .with(K, Launch(K, c(Grid), c(1024)).cooperative())
        .findings(CoopTooLarge);
  };
  EXPECT_THAT(Run(264), IsEmpty());
  EXPECT_THAT(
      Run(265),
      ElementsAre(AllOf(
          error("sm_90", says("exceeds the 264 blocks", "(2 blocks of 1024 "
                                                        "threads per SM x 132 "
                                                        "SMs")),
          withNote("without device facts for sm_90 the bound counts no "
                   "registers and no static shared memory"))));
  // Dynamic shared memory lowers the bound; unknown counts as none.
  EXPECT_THAT(
      Scenario({"sm_90"})
          .noDeviceFacts()
          .with(K, Launch(K, c(300), c(1024)).smem(unknown()).cooperative())
          .findings(CoopTooLarge),
      ElementsAre(withNote("the dynamic shared memory is not known "
                           "and is counted as 0")));
  // 100 KiB per block (opted in): 2 blocks per SM by shared memory.
  EXPECT_THAT(
      Scenario({"sm_90"})
          .noDeviceFacts()
          .with(K)
          .setting(K, "MaxDynamicSharedMemorySize", c(100 * 1024))
          .with(Launch(K, c(265), c(128)).smem(c(100 * 1024)).cooperative())
          .findings(CoopTooLarge),
      ElementsAre(error("sm_90", says("exceeds the 264 blocks",
                                      "(2 blocks of 128 threads"))));
}

CHECK_TEST(CooperativeLaunchTooLarge, SilentWhereNothingIsPromised,
           CoopTooLarge, Silent) {
  Kernel K("persistent");
  auto Findings = [&](Launch L, std::vector<std::string> Archs = {"sm_80"}) {
    return Scenario(std::move(Archs))
        .with(K, L, Resources(K, "sm_80").regs(32))
        .findings(CoopTooLarge);
  };
  // Not cooperative (cuda-grid-sync-needs-cooperative-launch's business),
  // or not known to be.
  EXPECT_THAT(Findings(Launch(K, c(100000), c(256))), IsEmpty());
  EXPECT_THAT(
      Findings(
          Launch(K, c(100000), c(256)).api("cudaLaunchKernelEx", std::nullopt)),
      IsEmpty());
  // Unknown or range grids, unknown blocks.
  EXPECT_THAT(Findings(Launch(K, unknown(), c(256)).cooperative()), IsEmpty());
  EXPECT_THAT(Findings(Launch(K, range(1, 100000), c(256)).cooperative()),
              IsEmpty());
  EXPECT_THAT(Findings(Launch(K, c(100000), unknown()).cooperative()),
              IsEmpty());
  // No known GPU of sm_103: no bound to promise.
  EXPECT_THAT(Findings(Launch(K, c(100000), c(256)).cooperative(), {"sm_103"}),
              IsEmpty());
  // A block that cannot launch at all is another check's.
  EXPECT_THAT(Findings(Launch(K, c(100000), c(2048)).cooperative()), IsEmpty());
}

CHECK_TEST(CooperativeLaunchTooLarge, SetOfGridSizesMayFail, CoopTooLarge,
           Reports) {
  Kernel K("persistent");
  auto D = Scenario()
               .with(K,
                     Launch(K, oneOf({108, 1000}), c(256))
                         .api("cudaLaunchKernelEx", true),
                     Resources(K, "sm_80").regs(32))
               .findings(CoopTooLarge);
  EXPECT_THAT(D, ElementsAre(warning(
                     "sm_80", says("a grid of 1000 blocks exceeds the 864",
                                   "the launch may fail"))));
  // Every value over the bound: one error.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, oneOf({900, 1000}), c(256)).cooperative(),
                        Resources(K, "sm_80").regs(32))
                  .findings(CoopTooLarge),
              ElementsAre(AllOf(error("sm_80", says("a grid of 900 blocks")),
                                withNote("(grid x = 900, 1000)"))));
}

} // namespace
} // namespace cudalint::checktest
