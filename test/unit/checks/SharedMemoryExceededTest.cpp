//===- SharedMemoryExceededTest.cpp - cuda-shared-memory-exceeded ---------===//
//
// lib/Checks/SharedMemoryExceeded.cpp on synthetic facts (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(SharedMemoryExceeded, SmemExceeded, "cuda-shared-memory-exceeded");

CHECK_TEST(SharedMemoryExceeded, ExactlyTheDefault48KiB, SmemExceeded, Silent) {
  Kernel K("k");
  EXPECT_THAT(Scenario({"sm_75", "sm_80", "sm_90"})
                  .with(K, Launch(K, c(100), c(256)).smem(c(48 * 1024)))
                  .findings(SmemExceeded),
              IsEmpty());
  // Static + dynamic = 48 KiB.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), c(256)).smem(c(8 * 1024)),
                        Resources(K, "sm_80").regs(32).staticSmem(40 * 1024))
                  .findings(SmemExceeded),
              IsEmpty());
  // Unknown and range sizes are never guessed at.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), c(256)).smem(unknown()),
                        Launch(K, c(100), c(256), 21).smem(range(0, 1 << 20)))
                  .findings(SmemExceeded),
              IsEmpty());
}

CHECK_TEST(SharedMemoryExceeded, OneByteOverWithoutOptIn, SmemExceeded,
           Reports) {
  Kernel K("stencil");
  auto D = Scenario({"sm_75", "sm_90"})
               .with(K, Launch(K, c(100), c(256)).smem(c(48 * 1024 + 1)))
               .findings(SmemExceeded);
  EXPECT_THAT(
      D,
      ElementsAre(
          AllOf(error("sm_75",
                      says("launch of 'stencil' asks for 49153 B of shared "
                           "memory per block (49153 B dynamic) on sm_75, over "
                           "the 48 KiB default, and the kernel does not opt "
                           "in; the launch fails")),
                withNote("opt in before launching: cudaFuncSetAttribute("
                         "stencil, cudaFuncAttributeMaxDynamicSharedMemory"
                         "Size, 49153);")),
          error("sm_90", says("on sm_90, over the 48 KiB default"))));
}

CHECK_TEST(SharedMemoryExceeded, StaticCountsTowardsTheDefault, SmemExceeded,
           Reports) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario()
          .with(K, Launch(K, c(100), c(256)).smem(c(9 * 1024)),
                Resources(K, "sm_80").regs(32).staticSmem(40 * 1024))
          .findings(SmemExceeded),
      ElementsAre(AllOf(
          error("sm_80", says("asks for 49 KiB of shared memory per block (40 "
                              "KiB static + 9 KiB dynamic) on sm_80")),
          withNote("sm_80: 32 registers, 40 KiB static shared memory"))));
}

CHECK_TEST(SharedMemoryExceeded, OptInIsTheNewLimit, SmemExceeded, Both) {
  Kernel K("k");
  auto WithOptIn = [&](int64_t Dynamic) {
    return Scenario()
        .with(K, Launch(K, c(100), c(256)).smem(c(Dynamic)))
        .setting(K, "MaxDynamicSharedMemorySize", c(64 * 1024))
        .findings(SmemExceeded);
  };
  EXPECT_THAT(WithOptIn(64 * 1024), IsEmpty());
  EXPECT_THAT(WithOptIn(65 * 1024),
              ElementsAre(AllOf(
                  error("sm_80", says("asks for 65 KiB of dynamic shared "
                                      "memory, more than the 64 KiB the "
                                      "kernel opted in to; the launch fails")),
                  withNote("opt-in set here"))));
}

CHECK_TEST(SharedMemoryExceeded, OptInOfUnknownSizeIsTakenToBeEnough,
           SmemExceeded, Both) {
  // cudaFuncSetAttribute(k, ..MaxDynamicSharedMemorySize, bytes) with bytes
  // not known: the kernel opted in; only the arch's maximum is certain.
  Kernel K("k");
  auto WithOptIn = [&](int64_t Dynamic) {
    return Scenario()
        .with(K, Launch(K, c(100), c(256)).smem(c(Dynamic)))
        .setting(K, "MaxDynamicSharedMemorySize", unknown())
        .findings(SmemExceeded);
  };
  EXPECT_THAT(WithOptIn(96 * 1024), IsEmpty());
  EXPECT_THAT(WithOptIn(200 * 1024),
              ElementsAre(AllOf(error("sm_80", says("more than the sm_80 "
                                                    "maximum of 163 KiB")),
                                withNote("opt-in set here"))));
}

CHECK_TEST(SharedMemoryExceeded, OptInMaximumPerArch, SmemExceeded, Both) {
  // 100 KiB, opted in: beyond sm_75's 64 KiB and sm_86's 99 KiB; within
  // sm_80's 163 KiB and sm_90's 227 KiB.
  Kernel K("k");
  auto D = Scenario({"sm_75", "sm_80", "sm_86", "sm_90"})
               .with(K, Launch(K, c(100), c(256)).smem(c(100 * 1024)))
               .setting(K, "MaxDynamicSharedMemorySize", c(100 * 1024))
               .findings(SmemExceeded);
  EXPECT_THAT(
      D, ElementsAre(
             error("sm_75", says("asks for 100 KiB of shared memory per "
                                 "block (100 KiB dynamic), more than the "
                                 "sm_75 maximum of 64 KiB; the launch fails")),
             error("sm_86", says("more than the sm_86 maximum of 99 KiB"))));
  // Exactly the maximum, static included.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), c(256)).smem(c(131 * 1024)),
                        Resources(K, "sm_80").regs(32).staticSmem(32 * 1024))
                  .setting(K, "MaxDynamicSharedMemorySize", c(131 * 1024))
                  .findings(SmemExceeded),
              IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), c(256)).smem(c(131 * 1024)),
                        Resources(K, "sm_80").regs(32).staticSmem(33 * 1024))
                  .setting(K, "MaxDynamicSharedMemorySize", c(131 * 1024))
                  .findings(SmemExceeded),
              ElementsAre(error("sm_80", says("164 KiB of shared memory per "
                                              "block (33 KiB static + 131 KiB "
                                              "dynamic), more than the sm_80 "
                                              "maximum of 163 KiB"))));
}

CHECK_TEST(SharedMemoryExceeded, SetWithOneBadValueMayFail, SmemExceeded,
           Reports) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario()
          .with(K, Launch(K, c(100), c(256)).smem(oneOf({0, 64 * 1024})))
          .findings(SmemExceeded),
      ElementsAre(AllOf(
          warning("sm_80", says("asks for 64 KiB", "the launch may fail")),
          withNote("only some of the values"))));
}

CHECK_FIXTURE(SharedMemoryExceededRefusedOptIn);

// Checked on an H100 with CUDA 13.0: an opt-in over the arch's maximum
// (static included) is refused and the kernel keeps its previous limit.
CHECK_TEST(SharedMemoryExceededRefusedOptIn, LaunchesCheckTheLimitThatHolds,
           SmemExceeded, Both) {
  Kernel K("k");
  // Refused once: the 48 KiB default holds.
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K, Launch(K, c(132), c(256)).smem(c(100 * 1024)))
          .setting(K, "MaxDynamicSharedMemorySize", c(240000))
          .findings(SmemExceeded),
      ElementsAre(AllOf(
          error("sm_90", says("over the 48 KiB default, and the kernel has no "
                              "opt-in the runtime accepts; the launch fails "
                              "with cudaErrorInvalidValue")),
          Field(&Diagnostic::CudaError, "cudaErrorInvalidValue"),
          withNote("the opt-in to 240000 B here is refused on sm_90"))));
  // Accepted, then refused: the accepted one holds.
  Scenario AfterAccepted({"sm_90"});
  AfterAccepted.with(K)
      .setting(K, "MaxDynamicSharedMemorySize", c(100 * 1024), 14)
      .setting(K, "MaxDynamicSharedMemorySize", c(240000), 15);
  EXPECT_THAT(Scenario(AfterAccepted)
                  .with(Launch(K, c(132), c(256)).smem(c(100 * 1024)))
                  .findings(SmemExceeded),
              IsEmpty());
  EXPECT_THAT(
      Scenario(AfterAccepted)
          .with(Launch(K, c(132), c(256)).smem(c(150 * 1024)))
          .findings(SmemExceeded),
      ElementsAre(AllOf(error("sm_90", says("more than the 100 KiB the kernel "
                                            "opted in to")),
                        withNote("the limit stays 100 KiB from the earlier "
                                 "opt-in"))));
  // The static shared memory counts: 220 KiB fits alone, not with 16 KiB.
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K, Resources(K, "sm_90").regs(32).staticSmem(16 * 1024),
                        Launch(K, c(132), c(256)).smem(c(64 * 1024)))
                  .setting(K, "MaxDynamicSharedMemorySize", c(220 * 1024))
                  .findings(SmemExceeded),
              ElementsAre(error("sm_90", says("80 KiB of shared memory per "
                                              "block (16 KiB static + 64 KiB "
                                              "dynamic)",
                                              "no opt-in the runtime "
                                              "accepts"))));
  // Per arch: 200 KiB is refused on sm_80 (163 KiB) but not on sm_90.
  EXPECT_THAT(Scenario({"sm_80", "sm_90"})
                  .with(K, Launch(K, c(132), c(256)).smem(c(100 * 1024)))
                  .setting(K, "MaxDynamicSharedMemorySize", c(200 * 1024))
                  .findings(SmemExceeded),
              ElementsAre(error("sm_80", says("over the 48 KiB default"))));
}

} // namespace
} // namespace cudalint::checktest
