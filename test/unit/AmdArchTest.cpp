// The AMD arch model restated row by row from its sources (LLVM 19's
// AMDGPUBaseInfo.cpp, the ROCm thunk's VGPR bytes per CU), independently of
// the table in lib/Arch/AmdArchTable.cpp.

#include "cudalint/Arch/AmdArch.h"

#include "OccupancyTestSupport.h"

#include "llvm/Support/Error.h"
#include "gtest/gtest.h"

using namespace cudalint;
using namespace cudalint::occtest;

namespace {

TEST(AmdArchTest, CoversTheIssueTargets) {
  for (const char *Name : {"gfx906", "gfx908", "gfx90a", "gfx942", "gfx950",
                           "gfx1030", "gfx1100", "gfx1201"})
    EXPECT_NE(findAmdArch(Name), nullptr) << Name;
}

TEST(AmdArchTest, Spellings) {
  EXPECT_EQ(findAmdArch("GFX90A"), findAmdArch("gfx90a"));
  EXPECT_EQ(findAmdArch("gfx90a:sramecc+:xnack-"), findAmdArch("gfx90a"));
  EXPECT_EQ(findAmdArch("gfx90"), nullptr);
  EXPECT_EQ(findAmdArch("sm_80"), nullptr);
  EXPECT_TRUE(isAmdArchSpelling("gfx1036"));
  EXPECT_TRUE(isAmdArchSpelling("gfx90a:xnack+"));
  EXPECT_FALSE(isAmdArchSpelling("sm_90a"));
  EXPECT_FALSE(isAmdArchSpelling("gfx"));
  auto Unknown = lookupAmdArch("gfx1036");
  ASSERT_FALSE(bool(Unknown));
  std::string Message = llvm::toString(Unknown.takeError());
  EXPECT_NE(Message.find("unknown AMD GPU target 'gfx1036'"),
            std::string::npos);
  EXPECT_NE(Message.find("gfx942"), std::string::npos);
}

TEST(AmdArchTest, WaveSizes) {
  // GCN/CDNA: wave64 only. RDNA: wave32 by default, wave64 on request.
  for (const char *Name : {"gfx906", "gfx908", "gfx90a", "gfx942", "gfx950"}) {
    EXPECT_EQ(amd(Name).DefaultWaveSize, 64u) << Name;
    EXPECT_NE(amd(Name).vgprFile(64), nullptr) << Name;
    EXPECT_EQ(amd(Name).vgprFile(32), nullptr) << Name;
  }
  for (const char *Name : {"gfx1010", "gfx1030", "gfx1100", "gfx1201"}) {
    EXPECT_EQ(amd(Name).DefaultWaveSize, 32u) << Name;
    EXPECT_NE(amd(Name).vgprFile(64), nullptr) << Name;
    EXPECT_NE(amd(Name).vgprFile(32), nullptr) << Name;
  }
}

TEST(AmdArchTest, VgprFilesAndGranules) {
  // Totals and granules: getTotalNumVGPRs and getVGPRAllocGranule. Bytes per
  // CU: the ROCm thunk's get_vgpr_size_per_cu (0 where it has no entry).
  struct Row {
    const char *Name;
    unsigned W64Total, W64Granule, W32Total, W32Granule;
    uint64_t ThunkBytesPerCU;
  } Rows[] = {
      {"gfx906", 256, 4, 0, 0, 0x40000},
      {"gfx908", 256, 4, 0, 0, 0x80000},
      {"gfx90a", 512, 8, 0, 0, 0x80000},
      {"gfx942", 512, 8, 0, 0, 0x80000},
      {"gfx950", 512, 8, 0, 0, 0},
      {"gfx1010", 512, 4, 1024, 8, 0x40000},
      {"gfx1030", 512, 8, 1024, 16, 0x40000},
      {"gfx1100", 768, 12, 1536, 24, 0x60000},
      {"gfx1102", 512, 8, 1024, 16, 0x40000},
      {"gfx1201", 768, 12, 1536, 24, 0x60000},
  };
  for (const Row &R : Rows) {
    const AmdArchInfo &A = amd(R.Name);
    EXPECT_EQ(A.Wave64.VGPRsPerLane, R.W64Total) << R.Name;
    EXPECT_EQ(A.Wave64.AllocationGranule, R.W64Granule) << R.Name;
    EXPECT_EQ(A.Wave32.VGPRsPerLane, R.W32Total) << R.Name;
    EXPECT_EQ(A.Wave32.AllocationGranule, R.W32Granule) << R.Name;
    if (!R.ThunkBytesPerCU)
      continue;
    // Lanes x 4 B x VGPRs per lane x SIMDs per CU (x2 for gfx908's AGPRs).
    const AmdVgprFile &F = *A.vgprFile(A.DefaultWaveSize);
    unsigned AgprFiles = A.Agprs == AmdArchInfo::AgprKind::Separate ? 2 : 1;
    EXPECT_EQ(uint64_t(F.WaveSize) * 4 * F.VGPRsPerLane *
                  A.simdsPer(AmdCuMode::CU) * AgprFiles,
              R.ThunkBytesPerCU)
        << R.Name;
  }
}

TEST(AmdArchTest, AgprAccounting) {
  // gfx908: a separate AGPR file, charged as the larger count.
  EXPECT_EQ(amd("gfx908").chargedVGPRs(61, 8), 61u);
  EXPECT_EQ(amd("gfx908").chargedVGPRs(10, 30), 30u);
  // gfx90a and newer: AGPRs follow the VGPRs rounded up to 4.
  EXPECT_EQ(amd("gfx90a").chargedVGPRs(61, 8), 72u);
  EXPECT_EQ(amd("gfx942").chargedVGPRs(41, 0), 41u);
  EXPECT_EQ(amd("gfx950").chargedVGPRs(0, 5), 5u);
  EXPECT_EQ(amd("gfx1100").chargedVGPRs(41, 0), 41u);
}

TEST(AmdArchTest, WavesSIMDsLdsBarriers) {
  EXPECT_EQ(amd("gfx906").MaxWavesPerSIMD, 10u);
  EXPECT_EQ(amd("gfx908").MaxWavesPerSIMD, 10u);
  EXPECT_EQ(amd("gfx90a").MaxWavesPerSIMD, 8u);
  EXPECT_EQ(amd("gfx942").MaxWavesPerSIMD, 8u);
  EXPECT_EQ(amd("gfx1010").MaxWavesPerSIMD, 20u);
  EXPECT_EQ(amd("gfx1030").MaxWavesPerSIMD, 16u);
  EXPECT_EQ(amd("gfx1100").MaxWavesPerSIMD, 16u);
  EXPECT_EQ(amd("gfx1201").MaxWavesPerSIMD, 16u);
  for (const AmdArchInfo &A : allAmdArchs()) {
    EXPECT_EQ(A.MaxThreadsPerWorkGroup, 1024u) << A.Name.str();
    EXPECT_EQ(A.AddressableVGPRs,
              A.Agprs == AmdArchInfo::AgprKind::Unified ? 512u : 256u)
        << A.Name.str();
    EXPECT_EQ(A.simdsPer(AmdCuMode::WGP), 4u) << A.Name.str();
    EXPECT_EQ(A.simdsPer(AmdCuMode::CU), A.HasWGP ? 2u : 4u) << A.Name.str();
    EXPECT_EQ(A.HasWGP, A.Major >= 10) << A.Name.str();
    EXPECT_EQ(A.SGPRsLimitOccupancy, A.Major < 10) << A.Name.str();
    EXPECT_EQ(A.SGPRsPerSIMD, 800u) << A.Name.str();
    EXPECT_EQ(A.SGPRAllocationGranule, A.Major < 10 ? 16u : 106u)
        << A.Name.str();
    EXPECT_EQ(A.AddressableSGPRs, A.Major < 10 ? 102u : 106u) << A.Name.str();
    EXPECT_EQ(A.barriersPer(AmdCuMode::CU), 16u) << A.Name.str();
    EXPECT_EQ(A.barriersPer(AmdCuMode::WGP), A.HasWGP ? 32u : 16u)
        << A.Name.str();
    uint64_t PerGroup = A.Name == "gfx950" ? 160 * 1024 : 64 * 1024;
    EXPECT_EQ(A.LDSPerWorkGroup, PerGroup) << A.Name.str();
    EXPECT_EQ(A.ldsPer(AmdCuMode::CU), PerGroup) << A.Name.str();
    EXPECT_EQ(A.ldsPer(AmdCuMode::WGP), A.HasWGP ? 2 * PerGroup : PerGroup)
        << A.Name.str();
  }
}

TEST(AmdArchTest, SgprOccupancyTable) {
  // GCNSubtarget::getOccupancyWithNumSGPRs for gfx8/gfx9.
  const AmdArchInfo &A = amd("gfx906");
  EXPECT_EQ(A.wavesWithSGPRs(80), 10u);
  EXPECT_EQ(A.wavesWithSGPRs(81), 9u);
  EXPECT_EQ(A.wavesWithSGPRs(88), 9u);
  EXPECT_EQ(A.wavesWithSGPRs(100), 8u);
  EXPECT_EQ(A.wavesWithSGPRs(101), 7u);
  // Capped by the SIMD's slots on gfx90a; no SGPR limit from gfx10 on.
  EXPECT_EQ(amd("gfx90a").wavesWithSGPRs(20), 8u);
  EXPECT_EQ(amd("gfx1030").wavesWithSGPRs(106), 16u);
}

TEST(AmdArchTest, GpuPresets) {
  struct Row {
    const char *Name, *Arch;
    unsigned CUs;
  } Rows[] = {{"MI100", "gfx908", 120},       {"MI210", "gfx90a", 104},
              {"MI250X", "gfx90a", 110},      {"MI300X", "gfx942", 304},
              {"MI355X", "gfx950", 256},      {"RX-6900-XT", "gfx1030", 80},
              {"RX-7900-XTX", "gfx1100", 96}, {"PRO-W7900", "gfx1100", 96},
              {"RX-9070-XT", "gfx1201", 64}};
  for (const Row &R : Rows) {
    const AmdGpuPreset *P = findAmdGpuPreset(R.Name);
    ASSERT_NE(P, nullptr) << R.Name;
    EXPECT_EQ(P->arch().Name, R.Arch) << R.Name;
    EXPECT_EQ(P->ComputeUnits, R.CUs) << R.Name;
  }
  EXPECT_EQ(findAmdGpuPreset("rx 7900 xtx"), findAmdGpuPreset("RX-7900-XTX"));
  EXPECT_EQ(findAmdGpuPreset("mi300x"), findAmdGpuPreset("MI300X"));
  for (const AmdGpuPreset &P : allAmdGpuPresets())
    EXPECT_NE(findAmdArch(P.ArchName), nullptr) << P.Name.str();
  auto Unknown = lookupAmdGpuPreset("MI999");
  ASSERT_FALSE(bool(Unknown));
  EXPECT_NE(llvm::toString(Unknown.takeError()).find("MI300X"),
            std::string::npos);
}

} // namespace
