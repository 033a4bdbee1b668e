//===- GridUnderfillsGpuTest.cpp - cuda-grid-underfills-gpu ---------------===//
//
// lib/Checks/GridUnderfillsGpu.cpp on synthetic facts (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(GridUnderfillsGpu, Underfills, "cuda-grid-underfills-gpu");

CHECK_TEST(GridUnderfillsGpu, FewerBlocksThanSMs, Underfills, Reports) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario({"sm_90"})
          .gpu("H100-SXM")
          .with(K, Launch(K, c(1), c(256)).grid(c(10), c(10)),
                Launch(K, c(1), c(256), 21))
          .findings(Underfills),
      ElementsAre(AllOf(warning("sm_90", says("grid of 100 blocks leaves 32 of "
                                              "the 132 SMs of H100-SXM idle")),
                        at(20)),
                  AllOf(warning("sm_90", says("grid of 1 block leaves "
                                              "131 of the 132 SMs")),
                        at(21))));
}

CHECK_TEST(GridUnderfillsGpu, OnlyWithAPresetOfTheArch, Underfills, Both) {
  Kernel K("k");
  auto Small = [&](std::vector<std::string> Archs) {
    Scenario S(std::move(Archs));
    S.with(K, Launch(K, c(100), c(256)));
    return S;
  };
  EXPECT_THAT(Small({"sm_80", "sm_90"}).findings(Underfills), IsEmpty());
  EXPECT_THAT(Small({"sm_80", "sm_90"}).gpu("A100-SXM").findings(Underfills),
              ElementsAre(warning("sm_80", says("leaves 8 of the 108 SMs of "
                                                "A100-SXM"))));
}

CHECK_TEST(GridUnderfillsGpu, FullOrUnknownGrids, Underfills, Silent) {
  Kernel K("k");
  EXPECT_THAT(Scenario({"sm_90"})
                  .gpu("H100-SXM")
                  .with(K, Launch(K, c(132), c(256)),
                        Launch(K, unknown(), c(256), 21),
                        Launch(K, oneOf({1, 2}), c(256), 22),
                        Launch(K, range(1, 10), c(256), 23))
                  .findings(Underfills),
              IsEmpty());
}

} // namespace
} // namespace cudalint::checktest
