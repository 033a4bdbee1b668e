#include "cudalint/Arch/Arch.h"

#include "llvm/Support/Error.h"
#include "gtest/gtest.h"

#include <set>
#include <tuple>

using namespace cudalint;

namespace {

// One row per architecture, written out independently of the table so that
// an edit to ArchTable.cpp has to be made twice to go unnoticed. Values from
// the CUDA C++ Programming Guide (and, for sm_72, its CUDA 12 edition).
struct ExpectedRow {
  const char *Name;
  unsigned ThreadsPerSM, BlocksPerSM;
  unsigned SmemPerSMKiB, OptInKiB, ReservedBytes, Granularity;
  unsigned BarrierSlots;
  bool Clusters;
  unsigned NonPortableCluster;
};

const ExpectedRow Rows[] = {
    {"sm_70", 2048, 32, 96, 96, 0, 256, 0, false, 0},
    {"sm_72", 2048, 32, 96, 96, 0, 256, 0, false, 0},
    {"sm_75", 1024, 16, 64, 64, 0, 256, 0, false, 0},
    {"sm_80", 2048, 32, 164, 163, 1024, 128, 0, false, 0},
    {"sm_86", 1536, 16, 100, 99, 1024, 128, 0, false, 0},
    {"sm_87", 1536, 16, 164, 163, 1024, 128, 0, false, 0},
    {"sm_89", 1536, 24, 100, 99, 1024, 128, 0, false, 0},
    {"sm_90", 2048, 32, 228, 227, 1024, 128, 2, true, 16},
    {"sm_100", 2048, 32, 228, 227, 1024, 128, 2, true, 16},
    {"sm_103", 2048, 32, 228, 227, 1024, 128, 2, true, 16},
    {"sm_110", 1536, 24, 228, 227, 1024, 128, 1, true, 16},
    {"sm_120", 1536, 24, 100, 99, 1024, 128, 1, true, 8},
    {"sm_121", 1536, 24, 100, 99, 1024, 128, 1, true, 8},
};

TEST(ArchTest, EveryRowMatchesTheProgrammingGuide) {
  ASSERT_EQ(std::size(Rows), allArchs().size());
  for (const ExpectedRow &E : Rows) {
    SCOPED_TRACE(E.Name);
    const ArchInfo *A = findArch(E.Name);
    ASSERT_NE(A, nullptr);
    EXPECT_EQ(A->Name, E.Name);
    EXPECT_EQ(A->WarpSize, 32u);
    EXPECT_EQ(A->MaxThreadsPerBlock, 1024u);
    EXPECT_EQ(A->MaxBlockDim[0], 1024u);
    EXPECT_EQ(A->MaxBlockDim[1], 1024u);
    EXPECT_EQ(A->MaxBlockDim[2], 64u);
    EXPECT_EQ(A->MaxGridDim[0], 2147483647u);
    EXPECT_EQ(A->MaxGridDim[1], 65535u);
    EXPECT_EQ(A->MaxGridDim[2], 65535u);
    EXPECT_EQ(A->MaxThreadsPerSM, E.ThreadsPerSM);
    EXPECT_EQ(A->maxWarpsPerSM(), E.ThreadsPerSM / 32);
    EXPECT_EQ(A->MaxBlocksPerSM, E.BlocksPerSM);
    EXPECT_EQ(A->RegistersPerSM, 65536u);
    EXPECT_EQ(A->RegistersPerBlock, 65536u);
    EXPECT_EQ(A->MaxRegistersPerThread, 255u);
    EXPECT_EQ(A->RegisterLimitPerThread, 256u);
    EXPECT_EQ(A->RegisterAllocationUnit, 256u);
    EXPECT_EQ(A->SubPartitionsPerSM, 4u);
    EXPECT_EQ(A->SharedMemPerSM, E.SmemPerSMKiB * 1024ull);
    EXPECT_EQ(A->SharedMemPerBlock, 48 * 1024u);
    EXPECT_EQ(A->SharedMemPerBlockOptIn, E.OptInKiB * 1024ull);
    EXPECT_EQ(A->ReservedSharedMemPerBlock, E.ReservedBytes);
    EXPECT_EQ(A->SharedMemAllocationGranularity, E.Granularity);
    EXPECT_EQ(A->BarrierSlotsPerBlock, E.BarrierSlots);
    EXPECT_EQ(A->SupportsClusters, E.Clusters);
    EXPECT_EQ(A->MaxPortableClusterSize, E.Clusters ? 8u : 0u);
    EXPECT_EQ(A->MaxNonPortableClusterSize, E.NonPortableCluster);
  }
}

TEST(ArchTest, TableIsConsistent) {
  unsigned Previous = 0;
  for (const ArchInfo &A : allArchs()) {
    SCOPED_TRACE(A.Name.str());
    EXPECT_GT(A.smVersion(), Previous) << "oldest first, no duplicates";
    Previous = A.smVersion();
    EXPECT_EQ(A.Name, "sm_" + std::to_string(A.smVersion()));
    // The largest carveout is the SM's whole shared memory, and the opt-in
    // limit plus the driver's reservation fits in it.
    ASSERT_FALSE(A.CarveoutStepsKiB.empty());
    EXPECT_EQ(A.CarveoutStepsKiB.back() * 1024ull, A.SharedMemPerSM);
    EXPECT_LE(A.SharedMemPerBlockOptIn + A.ReservedSharedMemPerBlock,
              A.SharedMemPerSM);
    EXPECT_TRUE(
        std::is_sorted(A.CarveoutStepsKiB.begin(), A.CarveoutStepsKiB.end()));
  }
}

TEST(ArchTest, CarveoutSteps) {
  auto Steps = [](const char *Arch) {
    auto S = findArch(Arch)->CarveoutStepsKiB;
    return std::vector<unsigned>(S.begin(), S.end());
  };
  using V = std::vector<unsigned>;
  EXPECT_EQ(Steps("sm_70"), (V{0, 8, 16, 32, 64, 96}));
  EXPECT_EQ(Steps("sm_75"), (V{32, 64}));
  EXPECT_EQ(Steps("sm_80"), (V{0, 8, 16, 32, 64, 100, 132, 164}));
  EXPECT_EQ(Steps("sm_87"), Steps("sm_80"));
  EXPECT_EQ(Steps("sm_86"), (V{0, 8, 16, 32, 64, 100}));
  EXPECT_EQ(Steps("sm_89"), Steps("sm_86"));
  EXPECT_EQ(Steps("sm_90"), (V{0, 8, 16, 32, 64, 100, 132, 164, 196, 228}));
  EXPECT_EQ(Steps("sm_100"), Steps("sm_90"));
  EXPECT_EQ(Steps("sm_110"), Steps("sm_90"));
  EXPECT_EQ(Steps("sm_120"), Steps("sm_86"));
}

TEST(ArchTest, Spellings) {
  const ArchInfo *Sm90 = findArch("sm_90");
  ASSERT_NE(Sm90, nullptr);
  EXPECT_EQ(findArch("sm_90a"), Sm90);
  EXPECT_EQ(findArch("compute_90"), Sm90);
  EXPECT_EQ(findArch("compute_90a"), Sm90);
  EXPECT_EQ(findArch("90"), Sm90);
  EXPECT_EQ(findArch("9.0"), Sm90);
  EXPECT_EQ(findArch(" sm_90 "), Sm90);
  EXPECT_EQ(findArch("sm_100f")->smVersion(), 100u);
  EXPECT_EQ(findArch("sm_103a")->smVersion(), 103u);
  EXPECT_EQ(findArch("sm_121a")->smVersion(), 121u);
  EXPECT_EQ(findArch("12.1")->smVersion(), 121u);
  EXPECT_EQ(findArch("10.3")->smVersion(), 103u);
  for (const char *Bad : {"", "sm_", "sm_91", "sm_60", "sm_90b", "sm_9x",
                          "9.10", "banana", "sm_101", "compute_"})
    EXPECT_EQ(findArch(Bad), nullptr) << Bad;
}

TEST(ArchTest, UnknownArchErrorListsKnownOnes) {
  auto A = lookupArch("sm_61");
  ASSERT_FALSE(static_cast<bool>(A));
  std::string Message = llvm::toString(A.takeError());
  EXPECT_NE(Message.find("unknown GPU architecture 'sm_61'"),
            std::string::npos);
  for (const ArchInfo &Known : allArchs())
    EXPECT_NE(Message.find(Known.Name.str()), std::string::npos) << Message;
}

TEST(ArchTest, GpuPresets) {
  struct {
    const char *Name;
    unsigned Sm, SMs;
  } Required[] = {
      {"T4", 75, 40},        {"A10", 86, 72},
      {"A100-SXM", 80, 108}, {"A100-PCIe", 80, 108},
      {"RTX-3090", 86, 82},  {"RTX-4090", 89, 128},
      {"L4", 89, 58},        {"L40S", 89, 142},
      {"H100-SXM", 90, 132}, {"H100-PCIe", 90, 114},
      {"H200", 90, 132},     {"GH200", 90, 132},
      {"B200", 100, 148},    {"RTX-5090", 120, 170},
      {"RTX-4080", 89, 76},  {"RTX-6000-Ada", 89, 142},
  };
  for (const auto &R : Required) {
    SCOPED_TRACE(R.Name);
    const GpuPreset *P = findGpuPreset(R.Name);
    ASSERT_NE(P, nullptr);
    EXPECT_EQ(P->arch().smVersion(), R.Sm);
    EXPECT_EQ(P->SMCount, R.SMs);
  }
  // The largest part of its arch (cuda-cooperative-launch-too-large bounds
  // a cooperative grid by it).
  for (const auto &[Name, Sm, SMs] : {std::tuple("Quadro-RTX-8000", 75u, 72u),
                                      std::tuple("RTX-PRO-6000", 120u, 188u)}) {
    const GpuPreset *P = findGpuPreset(Name);
    ASSERT_NE(P, nullptr) << Name;
    EXPECT_EQ(P->SmVersion, Sm);
    EXPECT_EQ(P->SMCount, SMs);
    for (const GpuPreset &Other : allGpuPresets())
      if (Other.SmVersion == Sm) {
        EXPECT_LE(Other.SMCount, SMs) << Other.Name.str();
      }
  }
  EXPECT_EQ(findGpuPreset("h100-sxm"), findGpuPreset("H100-SXM"));
  EXPECT_EQ(findGpuPreset("H100_SXM"), findGpuPreset("H100-SXM"));
  EXPECT_EQ(findGpuPreset("rtx 4090"), findGpuPreset("RTX-4090"));
  EXPECT_EQ(findGpuPreset("H300"), nullptr);

  std::set<std::string> Names;
  for (const GpuPreset &P : allGpuPresets()) {
    EXPECT_TRUE(Names.insert(P.Name.str()).second)
        << "duplicate " << P.Name.str();
    EXPECT_NE(findArch(std::to_string(P.SmVersion)), nullptr) << P.Name.str();
    EXPECT_GT(P.SMCount, 0u);
  }

  auto Unknown = lookupGpuPreset("H300");
  ASSERT_FALSE(static_cast<bool>(Unknown));
  std::string Message = llvm::toString(Unknown.takeError());
  EXPECT_NE(Message.find("unknown GPU preset 'H300'"), std::string::npos);
  EXPECT_NE(Message.find("H100-SXM"), std::string::npos);
  EXPECT_NE(Message.find("RTX-5090"), std::string::npos);
}

TEST(ArchTest, CustomGpu) {
  // --sm-count: a GPU without a preset, as an arch and its SM count.
  auto G = makeCustomGpu("sm_90", "78");
  ASSERT_TRUE(static_cast<bool>(G)) << llvm::toString(G.takeError());
  EXPECT_EQ((*G)->Preset.Name, "--sm-count=78");
  EXPECT_EQ((*G)->Preset.SMCount, 78u);
  EXPECT_EQ((*G)->Preset.arch().Name, "sm_90");
  EXPECT_EQ((*G)->Preset.Description, "an sm_90 GPU with 78 SMs (--sm-count)");
  for (const char *Bad : {"0", "-1", "x", "", "1025", "12abc"}) {
    auto E = makeCustomGpu("sm_90", Bad);
    ASSERT_FALSE(static_cast<bool>(E)) << Bad;
    EXPECT_EQ(llvm::toString(E.takeError()),
              std::string("'") + Bad +
                  "' is not a number of SMs from 1 to 1024");
  }
  auto Arch = makeCustomGpu("sm_91", "78");
  ASSERT_FALSE(static_cast<bool>(Arch));
  llvm::consumeError(Arch.takeError());
}

} // namespace
