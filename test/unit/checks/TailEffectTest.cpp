//===- TailEffectTest.cpp - cuda-tail-effect ------------------------------===//
//
// lib/Checks/TailEffect.cpp on synthetic facts (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(TailEffect, Tail, "cuda-tail-effect");

/// 256 threads x 32 registers on an H100 SXM: 8 blocks per SM, waves of
/// 1056 blocks.
Scenario onH100(ResolvedValue Grid, ResolvedValue Block = c(256)) {
  Kernel K("k");
  Scenario S({"sm_90"});
  S.gpu("H100-SXM")
      .with(K, Launch(K, std::move(Grid), std::move(Block)),
            Resources(K, "sm_90").regs(32));
  return S;
}

CHECK_TEST(TailEffect, LastWaveNearlyEmpty, Tail, Reports) {
  // The hardware runs whole waves: one block past a wave doubles the time.
  EXPECT_THAT(
      onH100(c(1057)).findings(Tail),
      ElementsAre(AllOf(
          warning("sm_90",
                  says("grid of 1057 blocks runs in 2 waves of 1056 blocks "
                       "(8 per SM x 132 SMs of H100-SXM), the last holding 1 "
                       "block: about 2x the time of 1056 blocks (1 full "
                       "wave), as long as 2112 blocks take, for blocks of "
                       "equal duration; 50% of the run's block slots stay "
                       "empty")),
          withNote("1056 or 2112 blocks fill whole waves"),
          // The model's assumption, with what it was measured at.
          withNote("the wave count assumes blocks of equal duration, not "
                   "very short: one block past 1 full wave measured "
                   "x1.99-2.00 for blocks of 1 ms, x1.89-1.96 for 100 us, "
                   "x1.58-1.84 for 20 us (an H200 and an H100)"))));
  // Three waves against two full ones: 1.5x.
  EXPECT_THAT(onH100(c(2113)).findings(Tail),
              ElementsAre(warning(
                  "sm_90", says("runs in 3 waves of 1056 blocks",
                                "about 1.5x "
                                "the time of 2112 blocks (2 full waves), as "
                                "long as 3168 blocks take"))));
}

CHECK_TEST(TailEffect, MaxTailWasteIsInclusive, Tail, Both) {
  // 1584 blocks: the last wave holds 528, a quarter of two waves is empty.
  EXPECT_THAT(onH100(c(1584)).findings(Tail), IsEmpty());
  EXPECT_THAT(onH100(c(1583)).findings(Tail),
              ElementsAre(warning("sm_90", says("the last holding 527 "
                                                "blocks",
                                                "; 25% of the run's"))));
  EXPECT_THAT(onH100(c(1057))
                  .option("cuda-tail-effect.MaxTailWaste", "0.5")
                  .findings(Tail),
              IsEmpty());
}

CHECK_TEST(TailEffect, WholeWavesAndUnknownsAreSilent, Tail, Silent) {
  EXPECT_THAT(onH100(c(1056)).findings(Tail), IsEmpty());
  EXPECT_THAT(onH100(c(2112)).findings(Tail), IsEmpty());
  EXPECT_THAT(onH100(unknown()).findings(Tail), IsEmpty());
  EXPECT_THAT(onH100(c(1057), oneOf({128, 256})).findings(Tail), IsEmpty());
  // Without a preset or the kernel's registers the wave is not known.
  Kernel K("k");
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K, Launch(K, c(1057), c(256)), Resources(K, "sm_90").regs(32))
          .findings(Tail),
      IsEmpty());
  EXPECT_THAT(Scenario({"sm_90"})
                  .gpu("H100-SXM")
                  .with(K, Launch(K, c(1057), c(256)))
                  .findings(Tail),
              IsEmpty());
}

} // namespace
} // namespace cudalint::checktest
