//===- TooManyResourcesTest.cpp - cuda-too-many-resources -----------------===//
//
// lib/Checks/TooManyResources.cpp on synthetic facts (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(TooManyResources, TooMany, "cuda-too-many-resources");

CHECK_TEST(TooManyResources, RegistersExactlyFillTheFile, TooMany, Silent) {
  // 64 registers x 1024 threads = 65536, the whole register file.
  Kernel K("k");
  EXPECT_THAT(
      Scenario({"sm_75", "sm_80", "sm_90"})
          .with(K, Launch(K, c(100), c(1024)), Resources(K, "sm_75").regs(64),
                Resources(K, "sm_80").regs(64), Resources(K, "sm_90").regs(64))
          .findings(TooMany),
      IsEmpty());
}

CHECK_TEST(TooManyResources, OneRegisterMoreFails, TooMany, Reports) {
  // 65 registers: 2080 per warp, allocated as 2304; 32 warps need 73728.
  Kernel K("k");
  auto D =
      Scenario()
          .with(K, Launch(K, c(100), c(1024)), Resources(K, "sm_80").regs(65))
          .findings(TooMany);
  EXPECT_THAT(
      D, ElementsAre(AllOf(
             error("sm_80",
                   says("launch of 'k' with 1024 threads per block needs "
                        "73728 registers on sm_80 (65 per thread, allocated "
                        "per warp), more than the 65536 available to a block; "
                        "the launch fails with cudaErrorLaunchOutOfResources "
                        "('too many resources requested for launch')")),
             withNote("at 65 registers per thread, blocks of up to 896 "
                      "threads launch"),
             withNote("__launch_bounds__(1024) on the kernel makes the device "
                      "compiler limit its registers to fit 1024 threads"),
             withNote("sm_80: 65 registers, 0 B static shared memory, 0 B "
                      "spill stores, 0 B spill loads (nvcc)"))));
}

CHECK_TEST(TooManyResources, PerArchRegisterCounts, TooMany, Both) {
  // 255 registers (8192 per warp): 8 warps fit, 16 do not. The device
  // compiler's count differs per arch.
  Kernel K("k");
  auto Run = [&](unsigned Regs75, unsigned Regs80) {
    return Scenario({"sm_75", "sm_80"})
        .with(K, Launch(K, c(100), c(512)), Resources(K, "sm_75").regs(Regs75),
              Resources(K, "sm_80").regs(Regs80))
        .findings(TooMany);
  };
  EXPECT_THAT(Run(128, 255),
              ElementsAre(AllOf(
                  error("sm_80", says("needs 131072 registers on sm_80 (255 "
                                      "per thread")),
                  withNote("blocks of up to 256 threads launch"))));
  EXPECT_THAT(Run(128, 128), IsEmpty());
}

CHECK_TEST(TooManyResources, WarpsCountInWholeRoundsOfTheWarpSchedulers,
           TooMany, Both) {
  // 136 registers (4352 per warp) x 15 warps = 65280 fit the file, but the
  // hardware counts 16 warps (4 schedulers): 69632, the launch fails. 12
  // warps fit.
  Kernel K("k");
  auto Run = [&](int64_t Threads) {
    return Scenario()
        .with(K, Launch(K, c(100), c(Threads)), Resources(K, "sm_80").regs(136))
        .findings(TooMany);
  };
  EXPECT_THAT(
      Run(480),
      ElementsAre(AllOf(
          error("sm_80", says("with 480 threads per block needs 69632 "
                              "registers on sm_80 (136 per thread, allocated "
                              "per warp, its 15 warps counted as 16 for the 4 "
                              "warp schedulers), more than the 65536 available "
                              "to a block")),
          withNote("blocks of up to 384 threads launch"))));
  EXPECT_THAT(Run(448),
              ElementsAre(error("sm_80", says("its 14 warps counted as 16"))));
  EXPECT_THAT(Run(384), IsEmpty());
}

CHECK_TEST(TooManyResources, RegistersPerThreadOverTheMaximum, TooMany,
           Reports) {
  // Only a hand-written log says so (ptxas stops at 255), but the message
  // must still be true.
  Kernel K("k");
  EXPECT_THAT(
      Scenario()
          .with(K, Launch(K, c(100), c(32)), Resources(K, "sm_80").regs(300))
          .findings(TooMany),
      ElementsAre(error("sm_80", says("launch of 'k' uses 300 "
                                      "registers per thread on sm_80, "
                                      "more than the maximum of 255; "
                                      "the launch fails with "
                                      "cudaErrorLaunchOutOfResources "
                                      "('too many resources"))));
}

CHECK_TEST(TooManyResources, NeedsTheDeviceCompilersRegisterCount, TooMany,
           Silent) {
  Kernel K("k");
  Launch L(K, c(100), c(1024));
  // No device facts at all, facts turned off, or PTX without a ptxas report.
  EXPECT_THAT(Scenario().with(K, L).findings(TooMany), IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(K, L, Resources(K, "sm_80").regs(255))
                  .noDeviceFacts()
                  .findings(TooMany),
              IsEmpty());
  Resources PtxOnly = Resources(K, "sm_80").regs(255).ptx();
  PtxOnly.R.HasUsage = false;
  EXPECT_THAT(Scenario().with(K, L, PtxOnly).findings(TooMany), IsEmpty());
  // Resources of another arch say nothing about this one.
  EXPECT_THAT(
      Scenario().with(K, L, Resources(K, "sm_90").regs(255)).findings(TooMany),
      IsEmpty());
}

CHECK_TEST(TooManyResources, BlocksOverTheThreadLimitAreNotItsBusiness, TooMany,
           Silent) {
  Kernel K("k");
  auto All =
      Scenario()
          .with(K, Launch(K, c(100), c(2048)), Resources(K, "sm_80").regs(255))
          .all();
  EXPECT_THAT(checkNames(All), ElementsAre("cuda-block-size-invalid"));
  EXPECT_THAT(
      Scenario()
          .with(K, Launch(K, c(100), c(2048)), Resources(K, "sm_80").regs(255))
          .findings(TooMany),
      IsEmpty());
}

CHECK_TEST(TooManyResources, SetWithOneBadValueMayFail, TooMany, Reports) {
  Kernel K("k");
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), oneOf({256, 512})),
                        Resources(K, "sm_80").regs(255))
                  .findings(TooMany),
              ElementsAre(warning("sm_80", says("with 512 threads per block",
                                                "the launch may fail with "
                                                "cudaErrorLaunchOutOfResources "
                                                "('too many resources"))));
}

} // namespace
} // namespace cudalint::checktest
