//===- LaunchPartsTest.cpp - A launch's parts, named once -----------------===//
//
// launchParts is the one list of a launch's values with their names: the
// precision rules, --list-launches and the editor's hover all read it.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Facts/Facts.h"

#include "gtest/gtest.h"

#include <utility>

using namespace cudalint;

namespace {

std::vector<std::string> ids(const std::vector<ConstLaunchPart> &Parts) {
  std::vector<std::string> Out;
  for (const ConstLaunchPart &P : Parts)
    Out.push_back(P.Id.str());
  return Out;
}

TEST(LaunchParts, GridBlockSharedMemoryThenCluster) {
  LaunchSite L;
  const LaunchSite &C = L;
  EXPECT_EQ(ids(launchParts(C)),
            (std::vector<std::string>{"grid.x", "grid.y", "grid.z", "block.x",
                                      "block.y", "block.z", "smem"}));
  L.ClusterDims = Dim3Value();
  std::vector<ConstLaunchPart> Parts = launchParts(C);
  ASSERT_EQ(Parts.size(), 10u);
  EXPECT_EQ(Parts[6].Name, "dynamic shared memory");
  EXPECT_EQ(Parts[7].Id, "cluster.x");
  EXPECT_EQ(Parts[9].Name, "cluster z");
  EXPECT_EQ(Parts[9].Value, &L.ClusterDims->Z);
}

TEST(LaunchParts, WritableAndReadOnlyAgree) {
  LaunchSite L;
  L.ClusterDims = Dim3Value();
  std::vector<LaunchPart> Writable = launchParts(L);
  std::vector<ConstLaunchPart> ReadOnly = launchParts(std::as_const(L));
  ASSERT_EQ(Writable.size(), ReadOnly.size());
  for (size_t I = 0; I < Writable.size(); ++I) {
    EXPECT_EQ(Writable[I].Id, ReadOnly[I].Id);
    EXPECT_EQ(Writable[I].Name, ReadOnly[I].Name);
    EXPECT_EQ(Writable[I].Value, ReadOnly[I].Value);
  }
  *Writable[3].Value = ResolvedValue::constant(256);
  EXPECT_EQ(describeValue(L.Block.X), "256");
}

} // namespace
