//===- ClusterDimsMismatchTest.cpp - cuda-cluster-dims-mismatch -----------===//
//
// lib/Checks/ClusterDimsMismatch.cpp on synthetic facts (CheckTestSupport.h).
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(ClusterDimsMismatch, ClusterMismatch, "cuda-cluster-dims-mismatch");

CHECK_TEST(ClusterDimsMismatch, GridAWholeNumberOfClusters, ClusterMismatch,
           Silent) {
  Kernel K = Kernel("k").clusterDims(2, 2, 2);
  EXPECT_THAT(Scenario({"sm_90", "sm_100", "sm_120"})
                  .with(K, Launch(K, c(4), c(128)).grid(c(4), c(6), c(2)))
                  .findings(ClusterMismatch),
              IsEmpty());
  // No cluster anywhere; a launch cluster that is not a constant.
  Kernel Plain("plain");
  EXPECT_THAT(Scenario({"sm_80", "sm_90"})
                  .with(Plain, Launch(Plain, c(7), c(128)),
                        Launch(Plain, c(7), c(128), 21).cluster(unknown()))
                  .findings(ClusterMismatch),
              IsEmpty());
}

CHECK_TEST(ClusterDimsMismatch, GridNotAMultipleOfTheCluster, ClusterMismatch,
           Reports) {
  Kernel K = Kernel("k").clusterDims(1, 2);
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K, Launch(K, c(8), c(128)).grid(c(8), c(3)))
          .findings(ClusterMismatch),
      ElementsAre(AllOf(
          error("sm_90", says("grid y = 3 is not a multiple of the cluster's "
                              "y = 2; the launch fails with "
                              "cudaErrorInvalidClusterSize")),
          withNote("cluster shape 1x2x1 from __cluster_dims__"))));
}

CHECK_TEST(ClusterDimsMismatch, ClustersOnlyFromSm90, ClusterMismatch, Both) {
  Kernel K = Kernel("k").clusterDims(2);
  auto On = [&](std::vector<std::string> Archs) {
    return Scenario(std::move(Archs))
        .with(K, Launch(K, c(8), c(128)))
        .findings(ClusterMismatch);
  };
  EXPECT_THAT(On({"sm_75", "sm_80", "sm_89"}),
              ElementsAre(
                  // No cluster launch was run on a GPU before sm_90: a
                  // warning until a hardware fact says it fails.
                  AllOf(warning("sm_75", says("uses thread block clusters "
                                              "(2x1x1), which sm_75 does not "
                                              "have (sm_90 and newer); no "
                                              "such launch was run on a GPU "
                                              "before sm_90; the launch may "
                                              "fail")),
                        Field(&Diagnostic::CudaError, "")),
                  warning("sm_80", says("which sm_80 does not have")),
                  warning("sm_89", says("which sm_89 does not have"))));
  EXPECT_THAT(On({"sm_90", "sm_100", "sm_120"}), IsEmpty());
}

CHECK_TEST(ClusterDimsMismatch, PortableAndNonPortableSizes, ClusterMismatch,
           Both) {
  Kernel K("k");
  auto Run = [&](std::vector<std::string> Archs, int64_t Size,
                 std::optional<ResolvedValue> Allowed) {
    Scenario S(std::move(Archs));
    S.with(K, Launch(K, c(64), c(128)).cluster(c(Size)));
    if (Allowed)
      S.setting(K, "NonPortableClusterSizeAllowed", *Allowed);
    return S.findings(ClusterMismatch);
  };
  EXPECT_THAT(Run({"sm_90"}, 8, std::nullopt), IsEmpty());
  EXPECT_THAT(Run({"sm_90"}, 16, std::nullopt),
              ElementsAre(error(
                  "sm_90", says("cluster of 16 blocks (16x1x1) exceeds the "
                                "portable maximum of 8 and 'k' does not allow "
                                "non-portable sizes"))));
  EXPECT_THAT(Run({"sm_90"}, 16, c(0)), SizeIs(1));
  EXPECT_THAT(Run({"sm_90", "sm_100"}, 16, c(1)), IsEmpty());
  EXPECT_THAT(Run({"sm_90"}, 16, unknown()), IsEmpty());
  // sm_120 allows no more than the portable 8 even when asked.
  EXPECT_THAT(Run({"sm_90", "sm_120"}, 16, c(1)),
              ElementsAre(error("sm_120", says("cluster of 16 blocks (16x1x1) "
                                               "exceeds the sm_120 maximum of "
                                               "8; the launch fails"))));
  EXPECT_THAT(Run({"sm_90"}, 32, c(1)),
              ElementsAre(error("sm_90", says("exceeds the sm_90 maximum of "
                                              "16"))));
}

CHECK_TEST(ClusterDimsMismatch, DeviceViewOfTheClusterShape, ClusterMismatch,
           Both) {
  // The host parse saw __cluster_dims__(2); the device compile says 4.
  Kernel K = Kernel("k").clusterDims(2);
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K, Launch(K, c(6), c(128)),
                Resources(K, "sm_90").regs(32).reqnctapercluster(4))
          .findings(ClusterMismatch),
      ElementsAre(AllOf(
          error("sm_90", says("grid x = 6 is not a multiple of the cluster's "
                              "x = 4")),
          withNote("cluster shape 4x1x1 from __cluster_dims__ "
                   "(.reqnctapercluster)"))));
  // The PTX has no cluster: the host annotation does not hold on this arch.
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K, Launch(K, c(7), c(128)),
                        Resources(K, "sm_90").regs(32).ptx())
                  .findings(ClusterMismatch),
              IsEmpty());
}

CHECK_TEST(ClusterDimsMismatch, SetOfGridSizes, ClusterMismatch, Reports) {
  Kernel K = Kernel("k").clusterDims(2);
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K, Launch(K, oneOf({7, 8}), c(128)))
                  .findings(ClusterMismatch),
              ElementsAre(warning("sm_90", says("grid x = 7 is not a multiple",
                                                "the launch may fail"))));
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K, Launch(K, oneOf({5, 7}), c(128)))
                  .findings(ClusterMismatch),
              ElementsAre(error("sm_90", says("grid x = 5 is not a multiple",
                                              "the launch fails"))));
}

} // namespace
} // namespace cudalint::checktest
