//===- OccupancyLimitedTest.cpp - cuda-occupancy-limited ------------------===//
//
// lib/Checks/OccupancyLimited.cpp on synthetic facts (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(OccupancyLimited, OccLimited, "cuda-occupancy-limited");

/// What the check reports on S when a stated intent excuses nothing
/// (IgnoreStatedIntent=false).
std::vector<Diagnostic> findingsIgnoringIntent(Scenario S) {
  return S.option("cuda-occupancy-limited.IgnoreStatedIntent", "false")
      .findings(OccLimited);
}

/// S states its intent: the check stays silent on it, and reports what
/// Reported matches once a stated intent excuses nothing.
void expectStatedIntent(const Scenario &S,
                        Matcher<const std::vector<Diagnostic> &> Reported) {
  EXPECT_THAT(S.findings(OccLimited), IsEmpty());
  EXPECT_THAT(findingsIgnoringIntent(S), Reported);
}

/// 256 threads x 128 registers: 2 blocks of 8 warps on a 64-warp SM (25%).
Scenario registerBound(const Kernel &K, ResolvedValue Grid = c(1000),
                       std::vector<std::string> Archs = {"sm_80"}) {
  Scenario S(Archs);
  S.with(K, Launch(K, std::move(Grid), c(256)));
  for (const std::string &A : Archs)
    S.with(Resources(K, A).regs(128));
  return S;
}

/// K launched as L alone, with Regs registers on sm_80.
Scenario launched(const Kernel &K, const Launch &L, unsigned Regs) {
  Scenario S;
  S.with(K, L, Resources(K, "sm_80").regs(Regs));
  return S;
}

/// 256 threads with Smem bytes of dynamic shared memory and Regs registers
/// on sm_80, MaxDynamicSharedMemorySize set to OptIn bytes.
Scenario optedIn(const Kernel &K, int64_t Smem, unsigned Regs, int64_t OptIn) {
  Scenario S = launched(K, Launch(K, c(1000), c(256)).smem(c(Smem)), Regs);
  S.setting(K, "MaxDynamicSharedMemorySize", c(OptIn));
  return S;
}

CHECK_TEST(OccupancyLimited, RegistersBind, OccLimited, Reports) {
  Kernel K("heavy");
  auto D = registerBound(K).findings(OccLimited);
  EXPECT_THAT(
      D, ElementsAre(AllOf(
             warning("sm_80",
                     says("occupancy of 'heavy' with 256 threads per block is "
                          "25% on sm_80 (16 of 64 warps): 128 registers per "
                          "thread (32768 per block) limit it to 2 resident "
                          "blocks per SM")),
             withNote("at most 80 registers per thread would allow 3 blocks "
                      "(38%): __launch_bounds__(256, 3) asks the device "
                      "compiler for that"),
             withNote("sm_80: 128 registers"))));
  // The kernel has no bound and every launch fits: a fix-it at the kernel.
  ASSERT_EQ(D.size(), 1u);
  ASSERT_EQ(D[0].Fixes.size(), 1u);
  EXPECT_EQ(D[0].Fixes[0].Replacement, "__launch_bounds__(256, 3) ");
  EXPECT_EQ(D[0].Fixes[0].Loc.Line, K.Info.Loc.Line);
  EXPECT_EQ(D[0].Fixes[0].Length, 0u);
}

CHECK_TEST(OccupancyLimited, NoFixItThatCouldBreakALaunch, OccLimited,
           Reports) {
  // Another launch of the kernel has an unknown block size: a bound of 256
  // could make it fail.
  Kernel K("heavy");
  auto D = registerBound(K)
               .with(Launch(K, c(1000), unknown(), 30))
               .findings(OccLimited);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_THAT(D[0].Fixes, IsEmpty());
  EXPECT_THAT(D[0], withNote("__launch_bounds__(256, 3)"));
}

CHECK_TEST(OccupancyLimited, PerArchWarpSlots, OccLimited, Both) {
  // The same 16 warps are half of sm_75's 32 warp slots, a quarter of
  // sm_80's 64 and a third of sm_86's 48.
  Kernel K("heavy");
  auto D = registerBound(K, c(1000), {"sm_75", "sm_80", "sm_86"})
               .findings(OccLimited);
  EXPECT_THAT(D, ElementsAre(warning("sm_80", says("is 25% on sm_80 (16 of "
                                                   "64 warps)")),
                             warning("sm_86", says("is 33% on sm_86 (16 of "
                                                   "48 warps)"))));
  EXPECT_THAT(registerBound(K, c(1000), {"sm_75"}).findings(OccLimited),
              IsEmpty());
}

CHECK_TEST(OccupancyLimited, MinOccupancyIsTheThreshold, OccLimited, Both) {
  // 64 registers: 4 blocks, 32 of 64 warps, exactly 50%.
  Kernel K("k");
  Scenario At50 = launched(K, Launch(K, c(1000), c(256)), 64);
  EXPECT_THAT(At50.findings(OccLimited), IsEmpty());
  EXPECT_THAT(At50.option("cuda-occupancy-limited.MinOccupancy", "0.6")
                  .findings(OccLimited),
              ElementsAre(warning("sm_80", says("is 50% on sm_80 (32 of 64 "
                                                "warps): 64 registers per "
                                                "thread"))));
  EXPECT_THAT(registerBound(K)
                  .option("cuda-occupancy-limited.MinOccupancy", "0")
                  .findings(OccLimited),
              IsEmpty());
}

CHECK_TEST(OccupancyLimited, SharedMemoryBinds, OccLimited, Reports) {
  // 48 KiB + 1 KiB reserved per block: 3 blocks in 164 KiB.
  Kernel K("stencil");
  auto D = launched(K, Launch(K, c(1000), c(256)).smem(c(48 * 1024)), 32)
               .findings(OccLimited);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     warning("sm_80", says("is 38% on sm_80 (24 of 64 warps): "
                                           "49 KiB of shared memory per block "
                                           "limit it to 3 resident blocks per "
                                           "SM")),
                     withNote("at most 40 KiB of shared memory per block (8 "
                              "KiB less) would allow 4 blocks"))));
  ASSERT_EQ(D.size(), 1u);
  EXPECT_THAT(D[0].Fixes, IsEmpty());
}

CHECK_TEST(OccupancyLimited, BarriersBindFromSm90, OccLimited, Both) {
  // 16 named barriers: sm_90 holds 32 x 2 / 16 = 4 blocks; sm_80 does not
  // count barriers.
  Kernel K("k");
  auto D = Scenario({"sm_80", "sm_90"})
               .with(K, Launch(K, c(1000), c(64)),
                     Resources(K, "sm_80").regs(32).barriers(16),
                     Resources(K, "sm_90").regs(32).barriers(16))
               .findings(OccLimited);
  EXPECT_THAT(
      D, ElementsAre(warning("sm_90", says("is 13% on sm_90 (8 of 64 warps): "
                                           "16 barriers per block limit it to "
                                           "4 resident blocks per SM"))));
  EXPECT_THAT(Scenario({"sm_80"})
                  .with(K, Launch(K, c(1000), c(64)),
                        Resources(K, "sm_80").regs(32).barriers(16))
                  .findings(OccLimited),
              IsEmpty());
}

CHECK_TEST(OccupancyLimited, NeedsRegistersAndAKnownLaunch, OccLimited,
           Silent) {
  Kernel K("heavy");
  // No device facts; device facts turned off.
  EXPECT_THAT(
      Scenario().with(K, Launch(K, c(1000), c(256))).findings(OccLimited),
      IsEmpty());
  EXPECT_THAT(registerBound(K).noDeviceFacts().findings(OccLimited), IsEmpty());
  // Unknown block size or dynamic shared memory.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(1000), unknown()),
                        Launch(K, c(1000), c(256), 21).smem(unknown()),
                        Resources(K, "sm_80").regs(128))
                  .findings(OccLimited),
              IsEmpty());
  // The block size itself binds: the ceiling check's business.
  EXPECT_THAT(
      Scenario({"sm_86"})
          .with(K, Launch(K, c(1000), c(32)), Resources(K, "sm_86").regs(32))
          .findings(OccLimited),
      IsEmpty());
}

CHECK_TEST(OccupancyLimited, SmallGridsCannotFillTheGpu, OccLimited, Both) {
  // The smallest sm_80 preset (A30) has 56 SMs, the smallest sm_90 one
  // (H100 PCIe) 114.
  Kernel K("heavy");
  EXPECT_THAT(registerBound(K, c(55)).findings(OccLimited), IsEmpty());
  EXPECT_THAT(registerBound(K, c(56)).findings(OccLimited), SizeIs(1));
  EXPECT_THAT(registerBound(K, c(100), {"sm_80", "sm_90"}).findings(OccLimited),
              ElementsAre(warning("sm_80", says("is 25% on sm_80"))));
  // Every dimension counts; a set counts with its largest value; an unknown
  // grid may be large.
  Scenario TwoD = registerBound(K, c(1));
  TwoD.with(Launch(K, c(1), c(256), 21).grid(c(7), c(8)));
  EXPECT_THAT(TwoD.findings(OccLimited), ElementsAre(at(21)));
  EXPECT_THAT(registerBound(K, oneOf({1, 64})).findings(OccLimited), SizeIs(1));
  EXPECT_THAT(registerBound(K, unknown()).findings(OccLimited), SizeIs(1));
  // --gpu pins the SM count: an A100 has 108.
  EXPECT_THAT(registerBound(K, c(100)).gpu("A100-SXM").findings(OccLimited),
              IsEmpty());
  // IgnoreSmallGrids=false brings them back.
  EXPECT_THAT(registerBound(K, c(1))
                  .option("cuda-occupancy-limited.IgnoreSmallGrids", "false")
                  .findings(OccLimited),
              SizeIs(1));
}

CHECK_TEST(OccupancyLimited, SingleThreadBlockIsDeliberate, OccLimited, Both) {
  // 255 registers: 8 one-warp blocks, 8 of 64 warps.
  Kernel K("flag");
  Scenario Scalar = launched(K, Launch(K, c(1000), c(1)), 255);
  EXPECT_THAT(Scalar.findings(OccLimited), IsEmpty());
  EXPECT_THAT(
      Scalar.option("cuda-occupancy-limited.IgnoreTinyLaunches", "false")
          .findings(OccLimited),
      ElementsAre(warning("sm_80", says("with 1 threads per block is "
                                        "13% on sm_80"))));
}

CHECK_TEST(OccupancyLimited, ReachedMinBlocksIsStatedIntent, OccLimited, Both) {
  Kernel Reached = Kernel("bounded").launchBounds(256, 2);
  expectStatedIntent(registerBound(Reached),
                     ElementsAre(warning("sm_80", says("is 25% on sm_80"))));
  // A minBlocks the launch does not reach states nothing; a kernel with a
  // bound gets no fix-it.
  auto Missed = registerBound(Kernel("bounded").launchBounds(256, 3))
                    .findings(OccLimited);
  ASSERT_EQ(Missed.size(), 1u);
  EXPECT_THAT(Missed[0].Fixes, IsEmpty());
}

CHECK_TEST(OccupancyLimited, MinBlocksAsTheDeviceSawIt, OccLimited, Both) {
  // The host parse saw minBlocks 2; the device compile for sm_80 saw no
  // minBlocks (`#if __CUDA_ARCH__`), for sm_90 a minBlocks of 2.
  Kernel K = Kernel("bounded").launchBounds(256, 2);
  auto D =
      Scenario({"sm_80", "sm_90"})
          .with(K, Launch(K, c(1000), c(256)),
                Resources(K, "sm_80").regs(128).maxntid(256),
                Resources(K, "sm_90").regs(128).maxntid(256).minnctapersm(2))
          .findings(OccLimited);
  EXPECT_THAT(D, ElementsAre(warning("sm_80", says("is 25% on sm_80"))));
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K, Launch(K, c(1000), c(256)),
                Resources(K, "sm_90").regs(128).maxntid(256).minnctapersm(2))
          .findings(OccLimited),
      IsEmpty());
}

CHECK_TEST(OccupancyLimited, MaxnregIsStatedIntentWhenRegistersBind, OccLimited,
           Both) {
  // Host view (__maxnreg__ kept from the source) and device view (.maxnreg).
  EXPECT_THAT(registerBound(Kernel("capped").maxnreg(128)).findings(OccLimited),
              IsEmpty());
  Kernel K("capped");
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(1000), c(256)),
                        Resources(K, "sm_80").regs(128).maxnreg(128))
                  .findings(OccLimited),
              IsEmpty());
  EXPECT_THAT(
      findingsIgnoringIntent(registerBound(Kernel("capped").maxnreg(128))),
      SizeIs(1));
  // A register cap says nothing about shared memory.
  Kernel S = Kernel("stencil").maxnreg(32);
  EXPECT_THAT(Scenario()
                  .with(S, Launch(S, c(1000), c(256)).smem(c(48 * 1024)),
                        Resources(S, "sm_80").regs(32).maxnreg(32))
                  .findings(OccLimited),
              ElementsAre(warning("sm_80", says("of shared memory per block "
                                                "limit it to 3"))));
}

CHECK_TEST(OccupancyLimited, StatedLimitBindingWithAnotherIsIntent, OccLimited,
           Both) {
  // A tuned GEMM: 128 registers and 72 KiB of opted-in shared memory both
  // hold sm_80 at 2 blocks of 256 threads. Fewer registers would not admit a
  // third block; the author chose the shared memory.
  Kernel K("gemm");
  expectStatedIntent(optedIn(K, 72 * 1024, 128, 72 * 1024),
                     ElementsAre(warning("sm_80", says("is 25% on sm_80"))));
}

CHECK_TEST(OccupancyLimited, OptInThatCapsOccupancyAnywayIsIntent, OccLimited,
           Both) {
  // 164 registers hold sm_80 at 1 block; the opted-in 72 KiB would allow 2
  // (25%), still under MinOccupancy: the author designed for low occupancy.
  Kernel K("tensor_core_gemm");
  expectStatedIntent(optedIn(K, 72 * 1024, 164, 96 * 1024),
                     ElementsAre(warning("sm_80", says("is 13% on sm_80"))));
  // Shared memory that leaves room for MinOccupancy (32 KiB: 4 blocks, 50%)
  // explains nothing about the registers.
  EXPECT_THAT(optedIn(K, 32 * 1024, 164, 96 * 1024).findings(OccLimited),
              ElementsAre(warning("sm_80", says("is 13% on sm_80"))));
}

CHECK_TEST(OccupancyLimited, SharedMemoryOptInIsStatedIntent, OccLimited,
           Both) {
  Kernel K("stencil");
  expectStatedIntent(
      optedIn(K, 48 * 1024, 32, 96 * 1024),
      ElementsAre(warning("sm_80", says("of shared memory per "
                                        "block limit it to 3"))));
  // An opt-in says nothing about registers.
  Kernel H("heavy");
  EXPECT_THAT(registerBound(H)
                  .setting(H, "MaxDynamicSharedMemorySize", c(96 * 1024))
                  .findings(OccLimited),
              SizeIs(1));
}

CHECK_TEST(OccupancyLimited, OccupancyApiIsStatedIntent, OccLimited, Both) {
  Kernel K("heavy");
  expectStatedIntent(
      launched(K, Launch(K, c(1000), c(256)).occupancyTuned(), 128), SizeIs(1));
}

CHECK_FIXTURE(OccupancyLimitedCarveout);

// On an H100, cudaFuncSetCacheConfig(k, cudaFuncCachePreferL1) lets the
// occupancy API allow 8 blocks per SM for a kernel without static shared
// memory (its 1 KiB reserved per block fits the 8 KiB carveout 8 times) and
// 1 for one with 8 KiB; the finding names the carveout and the call.
CHECK_TEST(OccupancyLimitedCarveout, TheCacheConfigThatChoseItIsNamed,
           OccLimited, Both) {
  Kernel K("k");
  auto Base = [&](uint64_t Static) {
    Scenario S({"sm_90"});
    S.with(K, Resources(K, "sm_90").regs(16).staticSmem(Static),
           Launch(K, c(1320), c(64)));
    return S;
  };
  EXPECT_THAT(
      Base(0).setting(K, "CacheConfig", c(2), 12).findings(OccLimited),
      ElementsAre(AllOf(
          warning("sm_90",
                  says("occupancy of 'k' with 64 threads per block is 25% on "
                       "sm_90 (16 of 64 warps): the shared memory carveout "
                       "that cudaFuncSetCacheConfig(k, cudaFuncCachePreferL1) "
                       "chose, 8 KiB per SM for blocks of 1 KiB, limits it "
                       "to 8 resident blocks per SM")),
          at(20), withNote("cache preference set here"),
          withNote("1 KiB the driver reserves per block"),
          withNote("with the default carveout (228 KiB of shared memory per "
                   "SM) 32 blocks would be resident (100%)"))));
  EXPECT_THAT(
      Base(8 * 1024).setting(K, "CacheConfig", c(2), 12).findings(OccLimited),
      ElementsAre(warning("sm_90", says("16 KiB per SM for blocks of "
                                        "9 KiB, limits it to 1 "
                                        "resident block per SM"))));
  // PreferEqual: 14 blocks of 9 KiB, 28 of 64 warps (44%).
  EXPECT_THAT(
      Base(8 * 1024).setting(K, "CacheConfig", c(3), 12).findings(OccLimited),
      ElementsAre(warning("sm_90", says("cudaFuncCachePreferEqual",
                                        "limits it to 14 resident "
                                        "blocks per SM"))));
  // A carveout attribute wins over the cache preference.
  EXPECT_THAT(
      Base(0)
          .setting(K, "CacheConfig", c(1), 12)
          .setting(K, "PreferredSharedMemoryCarveout", c(0), 13)
          .findings(OccLimited),
      ElementsAre(AllOf(warning("sm_90", says("cudaFuncSetAttribute(k, "
                                              "cudaFuncAttributePreferredShared"
                                              "MemoryCarveout, 0) chose")),
                        withNote("shared memory carveout set here"))));
  // No preference: nothing binds below 50%.
  EXPECT_THAT(Base(0).findings(OccLimited), IsEmpty());
}

} // namespace
} // namespace cudalint::checktest
