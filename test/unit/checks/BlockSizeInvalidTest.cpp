//===- BlockSizeInvalidTest.cpp - cuda-block-size-invalid -----------------===//
//
// lib/Checks/BlockSizeInvalid.cpp on synthetic facts (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(BlockSizeInvalid, BlockInvalid, "cuda-block-size-invalid");

CHECK_TEST(BlockSizeInvalid, LimitsAreInclusive, BlockInvalid, Silent) {
  Kernel K("k");
  for (Dim3Value B :
       {dim3(c(1024)), dim3(c(1), c(1024)), dim3(c(16), c(1), c(64)),
        dim3(c(32), c(32)), dim3(c(1))}) {
    SCOPED_TRACE(describeDim3(B));
    Launch L(K, c(100), c(1));
    L.Site.Block = B;
    EXPECT_THAT(Scenario({"sm_75", "sm_80", "sm_90", "sm_120"})
                    .with(K, L)
                    .findings(BlockInvalid),
                IsEmpty());
  }
}

CHECK_TEST(BlockSizeInvalid, DimensionOverItsMaximum, BlockInvalid, Reports) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario().with(K, Launch(K, c(100), c(1025))).findings(BlockInvalid),
      ElementsAre(error("sm_80", says("block dimension x = 1025 exceeds the "
                                      "maximum of 1024 on sm_80; the launch "
                                      "fails with cudaErrorInvalidValue"))));
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), c(1)).block(c(1), c(1), c(65)))
                  .findings(BlockInvalid),
              ElementsAre(error("sm_80", says("block dimension z = 65 exceeds "
                                              "the maximum of 64"))));
}

CHECK_TEST(BlockSizeInvalid, ZeroOrNegativeDimension, BlockInvalid, Reports) {
  Kernel K("k");
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), c(1)).block(c(32), c(0)))
                  .findings(BlockInvalid),
              ElementsAre(error("sm_80", says("block dimension y is 0 on "
                                              "sm_80; the launch fails"))));
  EXPECT_THAT(
      Scenario().with(K, Launch(K, c(100), c(-1))).findings(BlockInvalid),
      ElementsAre(error("sm_80", says("block dimension x is -1"))));
}

CHECK_TEST(BlockSizeInvalid, ProductOverTheThreadLimit, BlockInvalid, Both) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario()
          .with(K, Launch(K, c(100), c(1)).block(c(64), c(32)))
          .findings(BlockInvalid),
      ElementsAre(AllOf(error("sm_80", says("block of 2048 threads exceeds the "
                                            "maximum of 1024 threads per block "
                                            "on sm_80")))));
  // A dimension error says it all: no second error for the product.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), c(1)).block(c(2048), c(2)))
                  .findings(BlockInvalid),
              ElementsAre(error("sm_80", says("block dimension x = 2048"))));
  // An occupancy-tuned block (from the API) never exceeds the product
  // limit; its dimensions are still checked.
  EXPECT_THAT(
      Scenario()
          .with(K, Launch(K, c(100), c(1)).block(c(64), c(32)).occupancyTuned())
          .findings(BlockInvalid),
      IsEmpty());
}

CHECK_TEST(BlockSizeInvalid, SameOnEveryArch, BlockInvalid, Reports) {
  Kernel K("k");
  auto D = Scenario({"sm_75", "sm_90"})
               .with(K, Launch(K, c(100), c(2000)))
               .findings(BlockInvalid);
  EXPECT_THAT(D, ElementsAre(error("sm_75", says("on sm_75")),
                             error("sm_90", says("on sm_90"))));
}

CHECK_TEST(BlockSizeInvalid, SetWithOneBadValueMayFail, BlockInvalid, Reports) {
  Kernel K("k");
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(100), oneOf({256, 2048})))
                  .findings(BlockInvalid),
              ElementsAre(warning("sm_80", says("block dimension x = 2048",
                                                "the launch may fail"))));
}

} // namespace
} // namespace cudalint::checktest
