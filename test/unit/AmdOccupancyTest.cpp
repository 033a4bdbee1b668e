// The AMD occupancy calculator on cases whose answer clang++-19's
// "Occupancy [waves/SIMD]" remark gave on this machine (the kernel's flat
// work-group size maximum as the work-group size), and on its suggestions.

#include "cudalint/Occupancy/AmdOccupancy.h"

#include "OccupancyTestSupport.h"

#include "llvm/Support/Error.h"
#include "gtest/gtest.h"

#include <set>
#include <string>

using namespace cudalint;
using namespace cudalint::occtest;

namespace {

AmdOccupancyInput launch(unsigned Threads, unsigned VGPRs, unsigned SGPRs = 10,
                         uint64_t LDS = 0) {
  AmdOccupancyInput In;
  In.WorkGroupSize = Threads;
  In.VGPRs = VGPRs;
  In.SGPRs = SGPRs;
  In.StaticLDS = LDS;
  return In;
}

unsigned waves(const char *Arch, const AmdOccupancyInput &In) {
  return computeAmdOccupancy(amd(Arch), In).WavesPerSIMD;
}

TEST(AmdOccupancyTest, DefaultFlatWorkGroupSizeCapsGfx9At8) {
  // A HIP kernel without bounds is compiled for 1024 threads: 16 waves, so
  // two work-groups fill 32 of the CU's 40 wave slots.
  AmdOccupancyResult R = computeAmdOccupancy(amd("gfx906"), launch(1024, 2));
  EXPECT_TRUE(R.launchable());
  EXPECT_EQ(R.WavesPerWorkGroup, 16u);
  EXPECT_EQ(R.WorkGroupSlotsPerCU, 2u);
  EXPECT_EQ(R.WavesPerSIMD, 8u);
  EXPECT_EQ(R.WorkGroupsPerCU, 2u);
  EXPECT_EQ(binding(R), Names({"work_groups"}));
  EXPECT_DOUBLE_EQ(R.occupancy(), 0.8);
}

TEST(AmdOccupancyTest, SingleWaveWorkGroupsReachTheSlots) {
  AmdOccupancyResult R = computeAmdOccupancy(amd("gfx906"), launch(64, 2));
  EXPECT_EQ(R.WavesPerSIMD, 10u);
  EXPECT_EQ(R.WorkGroupsPerCU, 40u);
  EXPECT_EQ(binding(R), Names({"waves", "work_groups"}));
}

TEST(AmdOccupancyTest, LdsBound) {
  // 16 KiB per work-group of 256: four fit the CU's 64 KiB.
  AmdOccupancyResult R =
      computeAmdOccupancy(amd("gfx906"), launch(256, 3, 10, 16384));
  EXPECT_EQ(R.WavesPerSIMD, 4u);
  EXPECT_EQ(R.WorkGroupsPerCU, 4u);
  EXPECT_EQ(binding(R), Names({"lds"}));
  // On gfx1030 the WGP holds 128 KiB: eight work-groups of 8 waves.
  EXPECT_EQ(waves("gfx1030", launch(256, 3, 10, 16384)), 16u);
}

TEST(AmdOccupancyTest, VgprBound) {
  // Single-wave work-groups, as the remarks gave them.
  struct Row {
    const char *Arch;
    unsigned VGPRs, Waves;
  } Rows[] = {
      {"gfx906", 41, 5},    {"gfx906", 64, 4},   {"gfx906", 65, 3},
      {"gfx906", 101, 2},   {"gfx906", 129, 1},  {"gfx906", 32, 8},
      {"gfx90a", 41, 8},    {"gfx90a", 65, 7},   {"gfx90a", 101, 4},
      {"gfx90a", 201, 2},   {"gfx942", 129, 3},  {"gfx1030", 65, 12},
      {"gfx1030", 101, 9},  {"gfx1030", 129, 7}, {"gfx1100", 101, 12},
      {"gfx1100", 128, 10}, {"gfx1100", 256, 5}, {"gfx1201", 201, 7},
      {"gfx1010", 65, 14},
  };
  for (const Row &R : Rows)
    EXPECT_EQ(waves(R.Arch, launch(64, R.VGPRs)), R.Waves)
        << R.Arch << " with " << R.VGPRs << " VGPRs";
  AmdOccupancyResult R = computeAmdOccupancy(amd("gfx90a"), launch(64, 65));
  EXPECT_EQ(R.AllocatedVGPRs, 72u);
  EXPECT_EQ(binding(R), Names({"vgprs"}));
}

TEST(AmdOccupancyTest, BarriersLimitRdnaWorkGroups) {
  // Two-wave work-groups on a WGP: 32 barriers, 64 waves over 4 SIMDs.
  AmdOccupancyResult R = computeAmdOccupancy(amd("gfx1010"), launch(64, 41));
  EXPECT_EQ(R.WorkGroupSlotsPerCU, 32u);
  EXPECT_EQ(R.WavesPerSIMD, 16u);
  EXPECT_EQ(binding(R), Names({"work_groups"}));
}

TEST(AmdOccupancyTest, UnifiedAgprsCount) {
  AmdOccupancyInput In = launch(64, 61);
  In.AGPRs = 8;
  // gfx908 charges max(61, 8) = 64: 4 waves; gfx90a 64 + 8 = 72: 7 waves.
  EXPECT_EQ(waves("gfx908", In), 4u);
  EXPECT_EQ(waves("gfx90a", In), 7u);
}

TEST(AmdOccupancyTest, SgprBoundOnGfx9Only) {
  AmdOccupancyResult R = computeAmdOccupancy(amd("gfx906"), launch(64, 8, 90));
  EXPECT_EQ(R.WavesPerSIMD, 8u);
  EXPECT_EQ(binding(R), Names({"sgprs"}));
  EXPECT_EQ(sgprsForNextWave(amd("gfx906"), launch(64, 8, 90)), 88u);
  R = computeAmdOccupancy(amd("gfx1030"), launch(64, 8, 100));
  EXPECT_EQ(R.WavesLimitedBySGPRs, AmdUnlimited);
  EXPECT_FALSE(sgprsForNextWave(amd("gfx1030"), launch(64, 8, 100)));
}

TEST(AmdOccupancyTest, WavesPerEuMaximum) {
  // amdgpu_flat_work_group_size(1, 64) with amdgpu_waves_per_eu(1, 4): the
  // remark gave 4 waves with 2 VGPRs on gfx906.
  AmdOccupancyInput In = launch(64, 2);
  In.MaxWavesPerEU = 4;
  AmdOccupancyResult R = computeAmdOccupancy(amd("gfx906"), In);
  EXPECT_EQ(R.WavesPerSIMD, 4u);
  EXPECT_EQ(binding(R), Names({"waves_per_eu"}));
  // The backend drops a pair whose minimum is below the waves a work-group
  // of 1024 puts on each SIMD (4), or whose maximum is over the slots.
  In = launch(1024, 2);
  In.MaxWavesPerEU = 2;
  EXPECT_EQ(waves("gfx906", In), 8u);
  In.MinWavesPerEU = 4;
  In.MaxWavesPerEU = 4;
  EXPECT_EQ(waves("gfx906", In), 4u);
  In = launch(64, 2);
  In.MaxWavesPerEU = 9;
  EXPECT_EQ(waves("gfx90a", In), 8u);
  EXPECT_EQ(waves("gfx906", In), 9u);
  // On RDNA3 the addressable 256 VGPRs leave at least 5 waves of wave32.
  In.MaxWavesPerEU = 2;
  EXPECT_EQ(waves("gfx1100", In), 5u);
}

TEST(AmdOccupancyTest, CuModeHalvesTheSharedUnit) {
  AmdOccupancyInput In = launch(256, 8, 10, 40000);
  EXPECT_EQ(waves("gfx1030", In), 6u); // 3 groups of 8 waves on 4 SIMDs
  In.Mode = AmdCuMode::CU;
  AmdOccupancyResult R = computeAmdOccupancy(amd("gfx1030"), In);
  EXPECT_EQ(R.SIMDs, 2u);
  EXPECT_EQ(R.WavesPerSIMD, 4u); // 1 group of 8 waves on 2 SIMDs
  // No WGP on CDNA: CU mode changes nothing.
  EXPECT_EQ(waves("gfx90a", In), waves("gfx90a", launch(256, 8, 10, 40000)));
}

TEST(AmdOccupancyTest, Wave64OnRdna) {
  AmdOccupancyInput In = launch(64, 101);
  In.WaveSize = 64;
  // 768 VGPRs per lane in wave64, granule 12: 108 -> 7 waves.
  AmdOccupancyResult R = computeAmdOccupancy(amd("gfx1100"), In);
  EXPECT_EQ(R.WaveSize, 64u);
  EXPECT_EQ(R.AllocatedVGPRs, 108u);
  EXPECT_EQ(R.WavesPerSIMD, 7u);
}

TEST(AmdOccupancyTest, Failures) {
  AmdOccupancyInput In = launch(256, 8, 10, 70000);
  AmdOccupancyResult R = computeAmdOccupancy(amd("gfx90a"), In);
  EXPECT_TRUE(R.fails(AmdLaunchFailure::LDSPerWorkGroup));
  EXPECT_EQ(R.WavesPerSIMD, 0u);
  EXPECT_NE(describeAmdFailure(amd("gfx90a"), In, R).find("65536"),
            std::string::npos);
  // gfx950 has 160 KiB per work-group.
  EXPECT_TRUE(computeAmdOccupancy(amd("gfx950"), In).launchable());

  R = computeAmdOccupancy(amd("gfx90a"), launch(2048, 8));
  EXPECT_TRUE(R.fails(AmdLaunchFailure::WorkGroupTooLarge));

  In = launch(64, 8);
  In.WaveSize = 32;
  R = computeAmdOccupancy(amd("gfx90a"), In);
  EXPECT_TRUE(R.fails(AmdLaunchFailure::WaveSizeUnsupported));
  EXPECT_NE(describeAmdFailure(amd("gfx90a"), In, R).find("64 lanes"),
            std::string::npos);

  // 1024 threads = 4 waves on each SIMD; 65 VGPRs allow 3.
  In = launch(1024, 65);
  R = computeAmdOccupancy(amd("gfx906"), In);
  EXPECT_TRUE(R.fails(AmdLaunchFailure::WorkGroupDoesNotFit));
  EXPECT_EQ(vgprsForNextWave(amd("gfx906"), In), 64u);

  In = launch(64, 300);
  EXPECT_TRUE(computeAmdOccupancy(amd("gfx906"), In)
                  .fails(AmdLaunchFailure::TooManyVGPRs));
  In = launch(64, 256);
  In.AGPRs = 256;
  EXPECT_TRUE(computeAmdOccupancy(amd("gfx90a"), In).launchable());
  In.AGPRs = 257;
  EXPECT_TRUE(computeAmdOccupancy(amd("gfx90a"), In)
                  .fails(AmdLaunchFailure::TooManyVGPRs));
}

TEST(AmdOccupancyTest, Validation) {
  EXPECT_FALSE(bool(validateAmdInput(launch(256, 8))));
  auto Message = [](const AmdOccupancyInput &In) {
    return llvm::toString(validateAmdInput(In));
  };
  EXPECT_NE(Message(launch(0, 8)).find("threads"), std::string::npos);
  AmdOccupancyInput In = launch(64, 8);
  In.WaveSize = 48;
  EXPECT_NE(Message(In).find("wave_size"), std::string::npos);
  EXPECT_NE(Message(launch(64, 5000)).find("vgprs"), std::string::npos);
}

TEST(AmdOccupancyTest, SmallestChanges) {
  // VGPRs: 65 -> 3 waves on gfx906; 64 gives 4.
  EXPECT_EQ(vgprsForNextWave(amd("gfx906"), launch(64, 65)), 64u);
  // gfx90a, 101 VGPRs -> 4 waves; 5 need at most 512/5 rounded down to 8.
  EXPECT_EQ(vgprsForNextWave(amd("gfx90a"), launch(64, 101)), 96u);
  EXPECT_FALSE(vgprsForNextWave(amd("gfx906"), launch(64, 8)));
  // LDS: 4 work-groups of 4 waves; a fifth needs 65536 / 5 B.
  EXPECT_EQ(ldsForNextWave(amd("gfx906"), launch(256, 3, 10, 16384)), 13107u);
  EXPECT_FALSE(ldsForNextWave(amd("gfx906"), launch(256, 3, 10, 1024)));
  // Work-group sizes reaching 10 waves on gfx906 with few registers (832:
  // three groups of 13 waves, 39 over 4 SIMDs, rounded up).
  auto Best = bestWorkGroupSizes(amd("gfx906"), launch(1024, 2));
  ASSERT_FALSE(Best.empty());
  std::vector<unsigned> Sizes;
  for (const AmdWorkGroupChoice &C : Best)
    Sizes.push_back(C.WorkGroupSize);
  EXPECT_EQ(Sizes, (std::vector<unsigned>{832, 640, 512, 320, 256, 192, 64}));
  EXPECT_EQ(Best.front().WavesPerSIMD, 10u);
  // Within a bound.
  EXPECT_EQ(bestWorkGroupSizes(amd("gfx906"), launch(1024, 2), 300)
                .front()
                .WorkGroupSize,
            256u);
}

} // namespace
