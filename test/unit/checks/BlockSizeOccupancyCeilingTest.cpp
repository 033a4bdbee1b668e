//===- BlockSizeOccupancyCeilingTest.cpp ----------------------------------===//
//
// lib/Checks/BlockSizeOccupancyCeiling.cpp on synthetic facts
// (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(BlockSizeOccupancyCeiling, Ceiling,
            "cuda-block-size-occupancy-ceiling");

CHECK_TEST(BlockSizeOccupancyCeiling, BlocksPerSmLimitPerArch, Ceiling, Both) {
  // One-warp blocks: sm_86 holds 16 (16 of 48 warps); sm_75 16 of 32,
  // sm_80 32 of 64, sm_89 24 of 48: 50%, not below.
  Kernel K("tiny");
  auto D = Scenario({"sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_120"})
               .with(K, Launch(K, c(1000), c(32)))
               .findings(Ceiling);
  EXPECT_THAT(
      D, ElementsAre(AllOf(
             warning("sm_86", says("blocks of 32 threads cap occupancy at 33% "
                                   "on sm_86: an SM holds at most 16 such "
                                   "blocks (16 of 48 warps), the limit of 16 "
                                   "blocks per SM")),
             withNote("block sizes 768, 512, 384, 256 reach 100%"))));
  EXPECT_THAT(Scenario({"sm_75", "sm_80", "sm_89", "sm_90", "sm_120"})
                  .with(K, Launch(K, c(1000), c(32)))
                  .findings(Ceiling),
              IsEmpty());
}

CHECK_TEST(BlockSizeOccupancyCeiling, ThreadsPerSmLimit, Ceiling, Both) {
  // 1024 threads: one block in sm_86's 1536 thread slots, 67%.
  Kernel K("wide");
  auto Wide = [&]() {
    Scenario S({"sm_80", "sm_86"});
    S.with(K, Launch(K, c(1000), c(1024)));
    return S;
  };
  EXPECT_THAT(Wide().findings(Ceiling), IsEmpty());
  EXPECT_THAT(
      Wide()
          .option("cuda-block-size-occupancy-ceiling.MinOccupancy", "0.7")
          .findings(Ceiling),
      ElementsAre(warning("sm_86", says("blocks of 1024 threads cap occupancy "
                                        "at 67% on sm_86: an SM holds at most "
                                        "1 such block (32 of 48 warps), the "
                                        "limit of 1536 threads per SM"))));
}

CHECK_TEST(BlockSizeOccupancyCeiling, SuggestsSizesForThisKernel, Ceiling,
           Reports) {
  // With the kernel's 64 registers (2048 per warp) an sm_86 holds 32 of its
  // 48 warps whatever the block size: the note says what can be reached.
  Kernel K("tiny");
  auto D =
      Scenario({"sm_86"})
          .with(K, Launch(K, c(1000), c(32)), Resources(K, "sm_86").regs(64))
          .findings(Ceiling);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     warning("sm_86", says("cap occupancy at 33%")),
                     withNote("reach 67% with this kernel's registers and "
                              "shared memory"))));
}

CHECK_TEST(BlockSizeOccupancyCeiling, SmallGridsAndScalarLaunches, Ceiling,
           Both) {
  // The smallest sm_86 preset (A10) has 72 SMs.
  Kernel K("tiny");
  auto Grid = [&](ResolvedValue G, ResolvedValue B = c(32)) {
    Scenario S({"sm_86"});
    S.with(K, Launch(K, std::move(G), std::move(B)));
    return S;
  };
  EXPECT_THAT(Grid(c(71)).findings(Ceiling), IsEmpty());
  EXPECT_THAT(Grid(c(72)).findings(Ceiling), SizeIs(1));
  EXPECT_THAT(
      Grid(c(71))
          .option("cuda-block-size-occupancy-ceiling.IgnoreSmallGrids", "false")
          .findings(Ceiling),
      SizeIs(1));
  EXPECT_THAT(Grid(c(1000), c(1)).findings(Ceiling), IsEmpty());
  EXPECT_THAT(
      Grid(c(1000), c(1))
          .option("cuda-block-size-occupancy-ceiling.IgnoreTinyLaunches",
                  "false")
          .findings(Ceiling),
      ElementsAre(warning("sm_86", says("blocks of 1 threads cap occupancy at "
                                        "33%"))));
}

CHECK_TEST(BlockSizeOccupancyCeiling, ReachedMinBlocksIsStatedIntent, Ceiling,
           Both) {
  auto Bounded = [](int64_t MinBlocks) {
    Kernel K = Kernel("tiny").launchBounds(32, MinBlocks);
    Scenario S({"sm_86"});
    S.with(K, Launch(K, c(1000), c(32)));
    return S;
  };
  EXPECT_THAT(Bounded(16).findings(Ceiling), IsEmpty());
  EXPECT_THAT(Bounded(16)
                  .option("cuda-block-size-occupancy-ceiling."
                          "IgnoreStatedIntent",
                          "false")
                  .findings(Ceiling),
              SizeIs(1));
  EXPECT_THAT(Bounded(17).findings(Ceiling), SizeIs(1));
}

CHECK_TEST(BlockSizeOccupancyCeiling, OccupancyTunedAndInvalidBlocksAreSilent,
           Ceiling, Silent) {
  Kernel K("tiny");
  EXPECT_THAT(Scenario({"sm_86"})
                  .with(K, Launch(K, c(1000), c(32)).occupancyTuned())
                  .option("cuda-block-size-occupancy-ceiling."
                          "IgnoreStatedIntent",
                          "false")
                  .findings(Ceiling),
              IsEmpty());
  EXPECT_THAT(Scenario({"sm_86"})
                  .with(K, Launch(K, c(1000), c(0)),
                        Launch(K, c(1000), c(2048), 21),
                        Launch(K, c(1000), unknown(), 22))
                  .findings(Ceiling),
              IsEmpty());
}

} // namespace
} // namespace cudalint::checktest
