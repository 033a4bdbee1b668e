//===- BlockSizeNotWarpMultipleTest.cpp -----------------------------------===//
//
// lib/Checks/BlockSizeNotWarpMultiple.cpp on synthetic facts
// (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(BlockSizeNotWarpMultiple, WarpMultiple,
            "cuda-block-size-not-warp-multiple");

CHECK_TEST(BlockSizeNotWarpMultiple, IdleLanesOnceForEveryArch, WarpMultiple,
           Reports) {
  Kernel K("k");
  Launch L = Launch(K, c(1000), c(100));
  L.Site.Block.X.Origins.push_back(origin("macro 'THREADS'", {File, 1, 9}));
  auto D =
      Scenario({"sm_75", "sm_80", "sm_90"}).with(K, L).findings(WarpMultiple);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     warning("", says("block of 100 threads is not a multiple "
                                      "of the warp size (32): its last warp "
                                      "idles 28 of 32 lanes (22% of the "
                                      "block's lanes)")),
                     withNote("the nearest warp multiples are 96 and 128"),
                     withNote("block x = 100 from macro 'THREADS'"))));
  // 2D blocks count x*y*z; below one warp there is one neighbour.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(1000), c(1)).block(c(4), c(4)))
                  .findings(WarpMultiple),
              ElementsAre(AllOf(warning("", says("block of 16 threads",
                                                 "idles 16 of 32 lanes (50%")),
                                withNote("the nearest warp multiple is 32"))));
}

CHECK_TEST(BlockSizeNotWarpMultiple, WarpMultiplesAndInvalidBlocksAreSilent,
           WarpMultiple, Silent) {
  Kernel K("k");
  for (Dim3Value B : {dim3(c(32)), dim3(c(1024)), dim3(c(8), c(4)), dim3(c(0)),
                      dim3(c(1100))}) {
    SCOPED_TRACE(describeDim3(B));
    Launch L(K, c(1000), c(1));
    L.Site.Block = B;
    EXPECT_THAT(Scenario().with(K, L).findings(WarpMultiple), IsEmpty());
  }
  // The occupancy API chose the block size.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(1000), c(100)).occupancyTuned())
                  .findings(WarpMultiple),
              IsEmpty());
}

CHECK_TEST(BlockSizeNotWarpMultiple, SingleThreadBlockIsDeliberate,
           WarpMultiple, Both) {
  Kernel K("flag");
  Launch L(K, c(1), c(1));
  EXPECT_THAT(Scenario().with(K, L).findings(WarpMultiple), IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(K, L)
                  .option("cuda-block-size-not-warp-multiple."
                          "IgnoreTinyLaunches",
                          "false")
                  .findings(WarpMultiple),
              ElementsAre(AllOf(warning("", says("block of 1 threads",
                                                 "idles 31 of 32 lanes")),
                                withNote("the nearest warp multiple is 32"))));
}

CHECK_TEST(BlockSizeNotWarpMultiple, EachValueOfASet, WarpMultiple, Reports) {
  Kernel K("k");
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(1000), oneOf({100, 128, 200})))
                  .findings(WarpMultiple),
              ElementsAre(AllOf(warning("", says("block of 100 threads")),
                                withNote("of the values that may reach this "
                                         "launch, block x = 100, 200 give "
                                         "this finding"))));
}

} // namespace
} // namespace cudalint::checktest
