//===- GridSizeInvalidTest.cpp - cuda-grid-size-invalid -------------------===//
//
// lib/Checks/GridSizeInvalid.cpp on synthetic facts (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(GridSizeInvalid, GridInvalid, "cuda-grid-size-invalid");

CHECK_TEST(GridSizeInvalid, LimitsAreInclusive, GridInvalid, Silent) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario({"sm_75", "sm_80", "sm_90"})
          .with(K,
                Launch(K, c(1), c(128)).grid(c(2147483647), c(65535), c(65535)))
          .findings(GridInvalid),
      IsEmpty());
  // Unknown and range grids are never guessed at.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, unknown(), c(128)),
                        Launch(K, range(0, 1LL << 40), c(128), 21))
                  .findings(GridInvalid),
              IsEmpty());
}

CHECK_TEST(GridSizeInvalid, OneOverTheLimit, GridInvalid, Reports) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario()
          .with(
              K,
              Launch(K, c(1), c(128)).grid(c(2147483648LL), c(65536), c(65536)))
          .findings(GridInvalid),
      ElementsAre(
          error("sm_80", says("grid dimension x = 2147483648 exceeds the "
                              "maximum of 2147483647 on sm_80; the launch "
                              "fails with cudaErrorInvalidValue")),
          error("sm_80", says("grid dimension y = 65536 exceeds the maximum "
                              "of 65535")),
          error("sm_80", says("grid dimension z = 65536 exceeds the maximum "
                              "of 65535"))));
}

CHECK_TEST(GridSizeInvalid, EmptyGrid, GridInvalid, Reports) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario().with(K, Launch(K, c(0), c(128))).findings(GridInvalid),
      ElementsAre(error("sm_80", says("grid dimension x is 0 on sm_80"))));
}

CHECK_TEST(GridSizeInvalid, SetsAndTheirOrigins, GridInvalid, Reports) {
  Kernel K("k");
  Launch L = Launch(K, c(1), c(128)).grid(c(64), oneOf({1, 70000}));
  L.Site.Grid.Y.Origins.push_back(origin("variable 'rows'", {File, 18, 7}));
  auto D = Scenario().with(K, L).findings(GridInvalid);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     warning("sm_80", says("grid dimension y = 70000",
                                           "the launch may fail")),
                     withNote("grid y = {1, 70000} from variable 'rows'"))));
  // Every value of the set fails: errors.
  EXPECT_THAT(
      Scenario()
          .with(K, Launch(K, c(1), c(128)).grid(c(1), oneOf({0, 70000})))
          .findings(GridInvalid),
      ElementsAre(AllOf(error("sm_80", says("grid dimension y is 0")),
                        withNote("(grid y = 0, 70000)"))));
}

} // namespace
} // namespace cudalint::checktest
