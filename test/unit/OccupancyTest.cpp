#include "cudalint/Occupancy/Occupancy.h"

#include "OccupancyTestSupport.h"

#include "llvm/Support/Error.h"
#include "gtest/gtest.h"

#include <set>

using namespace cudalint;
using namespace cudalint::occtest;

namespace {

OccupancyInput launch(unsigned Threads, unsigned Regs, uint64_t Smem = 0,
                      uint64_t DynSmem = 0) {
  OccupancyInput In;
  In.ThreadsPerBlock = Threads;
  In.RegistersPerThread = Regs;
  In.StaticSharedMem = Smem;
  In.DynamicSharedMem = DynSmem;
  return In;
}

//===-- Worked examples from the occupancy tutorials ----------------------===//

TEST(OccupancyTest, Sm80RegisterBound) {
  // 256 threads x 72 registers: 2304 registers per warp, 16384 per
  // sub-partition hold 7 warps each, 28 warps per SM, 3 blocks of 8 warps.
  OccupancyResult R = computeOccupancy(arch("sm_80"), launch(256, 72));
  EXPECT_TRUE(R.launchable());
  EXPECT_EQ(R.ActiveBlocksPerSM, 3u);
  EXPECT_EQ(R.ActiveWarpsPerSM, 24u);
  EXPECT_DOUBLE_EQ(R.occupancy(), 0.375);
  EXPECT_EQ(binding(R), Names{"registers"});
  EXPECT_EQ(R.BlocksLimitedByRegisters, 3u);
  EXPECT_EQ(R.BlocksLimitedByWarps, 8u);
  EXPECT_EQ(R.BlocksLimitedByBlocks, 32u);
  EXPECT_EQ(R.AllocatedRegistersPerBlock, 18432u);
}

TEST(OccupancyTest, Sm86SharedMemoryBound) {
  // 48 KiB static + 1 KiB reserved per block: two blocks in 100 KiB.
  OccupancyResult R = computeOccupancy(arch("sm_86"), launch(128, 32, 49152));
  EXPECT_TRUE(R.launchable());
  EXPECT_EQ(R.ActiveBlocksPerSM, 2u);
  EXPECT_EQ(R.ActiveWarpsPerSM, 8u);
  EXPECT_NEAR(R.occupancy(), 8.0 / 48, 1e-12);
  EXPECT_EQ(binding(R), Names{"shared_memory"});
  EXPECT_EQ(R.AllocatedSharedMemPerBlock, 50176u);
  EXPECT_EQ(R.SharedMemPerSMConfigured, 102400u);
}

TEST(OccupancyTest, FullOccupancyOn1536ThreadSM) {
  // 256 threads, 32 registers, 2048 B: warps allow 6 blocks, registers 8,
  // shared memory 33 (3072 B each in 102400 B).
  for (const char *Name : {"sm_86", "sm_89", "sm_120"}) {
    SCOPED_TRACE(Name);
    OccupancyResult R = computeOccupancy(arch(Name), launch(256, 32, 2048));
    EXPECT_EQ(R.ActiveBlocksPerSM, 6u);
    EXPECT_DOUBLE_EQ(R.occupancy(), 1.0);
    EXPECT_EQ(binding(R), Names{"warps"});
    EXPECT_EQ(R.BlocksLimitedByRegisters, 8u);
    EXPECT_EQ(R.BlocksLimitedBySharedMem, 33u);
  }
}

//===-- Block sizes
//--------------------------------------------------------===//

TEST(OccupancyTest, BlockSizeNotAWarpMultipleAllocatesWholeWarps) {
  // 100 threads occupy 4 warps: 28 lanes of the last one idle.
  OccupancyResult R = computeOccupancy(arch("sm_80"), launch(100, 32));
  EXPECT_EQ(R.WarpsPerBlock, 4u);
  EXPECT_EQ(R.BlocksLimitedByWarps, 16u);
  EXPECT_EQ(R.ActiveBlocksPerSM, 16u);
  EXPECT_EQ(R.ActiveWarpsPerSM, 64u);
  EXPECT_EQ(binding(R), (Names{"warps", "registers"}));
}

TEST(OccupancyTest, OneThreadBlocksAreBoundByResidentBlocks) {
  OccupancyResult R = computeOccupancy(arch("sm_80"), launch(1, 16));
  EXPECT_EQ(R.ActiveBlocksPerSM, 32u);
  EXPECT_EQ(binding(R), Names{"blocks"});
  EXPECT_DOUBLE_EQ(R.occupancy(), 0.5);
  // Turing: 16 blocks of 1 warp in 32 warps.
  R = computeOccupancy(arch("sm_75"), launch(1, 16));
  EXPECT_EQ(R.ActiveBlocksPerSM, 16u);
  EXPECT_DOUBLE_EQ(R.occupancy(), 0.5);
}

TEST(OccupancyTest, MaximumBlockSize) {
  OccupancyResult R = computeOccupancy(arch("sm_80"), launch(1024, 32));
  EXPECT_TRUE(R.launchable());
  EXPECT_EQ(R.ActiveBlocksPerSM, 2u);
  EXPECT_EQ(binding(R), (Names{"warps", "registers"}));
  // Turing holds a single 1024-thread block.
  R = computeOccupancy(arch("sm_75"), launch(1024, 32));
  EXPECT_EQ(R.ActiveBlocksPerSM, 1u);
  EXPECT_DOUBLE_EQ(R.occupancy(), 1.0);
  // 64 registers x 1024 threads fill the whole register file: 1 block.
  R = computeOccupancy(arch("sm_90"), launch(1024, 64));
  EXPECT_TRUE(R.launchable());
  EXPECT_EQ(R.ActiveBlocksPerSM, 1u);
  EXPECT_EQ(binding(R), Names{"registers"});
}

TEST(OccupancyTest, BlockTooLarge) {
  OccupancyResult R = computeOccupancy(arch("sm_80"), launch(1025, 16));
  EXPECT_FALSE(R.launchable());
  EXPECT_TRUE(R.fails(LaunchFailure::BlockTooLarge));
  EXPECT_EQ(R.ActiveBlocksPerSM, 0u);
  EXPECT_EQ(R.BlocksLimitedByWarps, 0u);
  std::string Why = describeFailure(arch("sm_80"), launch(1025, 16), R);
  EXPECT_NE(Why.find("1025 threads exceeds the sm_80 maximum of 1024"),
            std::string::npos)
      << Why;
}

//===-- Registers
//-----------------------------------------------------------===//

TEST(OccupancyTest, RegisterEdges) {
  const ArchInfo &A = arch("sm_80");
  // 255 and 256 registers allocate the same 8192 per warp; 256 threads use
  // the whole register file.
  for (unsigned Regs : {255u, 256u}) {
    OccupancyResult R = computeOccupancy(A, launch(256, Regs));
    EXPECT_TRUE(R.launchable()) << Regs;
    EXPECT_EQ(R.ActiveBlocksPerSM, 1u) << Regs;
    EXPECT_EQ(R.AllocatedRegistersPerBlock, 65536u) << Regs;
  }
  // The runtime refuses more than 256 registers per thread.
  OccupancyResult R = computeOccupancy(A, launch(32, 257));
  EXPECT_FALSE(R.launchable());
  EXPECT_TRUE(R.fails(LaunchFailure::TooManyRegistersPerThread));
  // 255 registers with 9 warps: the hardware check rounds 9 warps to 12.
  R = computeOccupancy(A, launch(288, 255));
  EXPECT_FALSE(R.launchable());
  EXPECT_TRUE(R.fails(LaunchFailure::TooManyRegistersPerBlock));
  std::string Why = describeFailure(A, launch(288, 255), R);
  EXPECT_NE(Why.find("98304 registers per block"), std::string::npos) << Why;
  // 72 registers x 1024 threads: "too many resources requested for launch".
  R = computeOccupancy(A, launch(1024, 72));
  EXPECT_TRUE(R.fails(LaunchFailure::TooManyRegistersPerBlock));
  EXPECT_EQ(R.ActiveBlocksPerSM, 0u);
}

TEST(OccupancyTest, SubPartitionRoundingOnlyAffectsTheLaunchCheck) {
  // 5 warps at 128 registers: 20480 registers per block by warps, 32768 by
  // the hardware's rounding to 8 warps. Both fit; residency uses warps per
  // sub-partition: 16384 / 4096 = 4 warps each, 16 per SM, 3 blocks.
  OccupancyResult R = computeOccupancy(arch("sm_80"), launch(160, 128));
  EXPECT_TRUE(R.launchable());
  EXPECT_EQ(R.AllocatedRegistersPerBlock, 20480u);
  EXPECT_EQ(R.BlocksLimitedByRegisters, 3u);
}

TEST(OccupancyTest, ZeroRegistersDoNotLimit) {
  OccupancyResult R = computeOccupancy(arch("sm_75"), launch(64, 0));
  EXPECT_EQ(R.BlocksLimitedByRegisters, Unlimited);
  EXPECT_EQ(R.AllocatedRegistersPerBlock, 0u);
  EXPECT_FALSE(R.binds(Limit::Registers));
}

//===-- Shared memory
//-------------------------------------------------------===//

TEST(OccupancyTest, ZeroSharedMemory) {
  // Before sm_80 nothing is reserved: shared memory does not limit.
  OccupancyResult R = computeOccupancy(arch("sm_75"), launch(64, 32));
  EXPECT_EQ(R.AllocatedSharedMemPerBlock, 0u);
  EXPECT_EQ(R.BlocksLimitedBySharedMem, Unlimited);
  // From sm_80 on, every block carries the driver's 1 KiB.
  R = computeOccupancy(arch("sm_80"), launch(64, 32));
  EXPECT_EQ(R.AllocatedSharedMemPerBlock, 1024u);
  EXPECT_EQ(R.BlocksLimitedBySharedMem, 164u);
}

TEST(OccupancyTest, AllocationGranularity) {
  EXPECT_EQ(computeOccupancy(arch("sm_80"), launch(64, 32, 1))
                .AllocatedSharedMemPerBlock,
            1152u); // 1 + 1024 reserved, rounded to 128
  EXPECT_EQ(computeOccupancy(arch("sm_75"), launch(64, 32, 1, 256))
                .AllocatedSharedMemPerBlock,
            512u); // rounded to 256
}

TEST(OccupancyTest, DefaultPerBlockLimitIs48KiB) {
  const ArchInfo &A = arch("sm_80");
  OccupancyResult R = computeOccupancy(A, launch(256, 32, 0, 48 * 1024));
  EXPECT_TRUE(R.launchable());
  R = computeOccupancy(A, launch(256, 32, 0, 48 * 1024 + 1));
  EXPECT_FALSE(R.launchable());
  EXPECT_TRUE(R.fails(LaunchFailure::SharedMemoryPerBlock));
  std::string Why = describeFailure(A, launch(256, 32, 0, 48 * 1024 + 1), R);
  EXPECT_NE(Why.find("cudaFuncAttributeMaxDynamicSharedMemorySize"),
            std::string::npos)
      << Why;
}

TEST(OccupancyTest, OptInUpToTheArchMaximum) {
  for (const ArchInfo &A : allArchs()) {
    SCOPED_TRACE(A.Name.str());
    OccupancyInput In = launch(256, 32, 0, A.SharedMemPerBlockOptIn);
    In.MaxDynamicSharedMem = A.SharedMemPerBlockOptIn;
    OccupancyResult R = computeOccupancy(A, In);
    EXPECT_TRUE(R.launchable()) << describeFailure(A, In, R);
    EXPECT_EQ(R.ActiveBlocksPerSM, 1u);
    EXPECT_EQ(binding(R), Names{"shared_memory"});
    // One more byte (past the allocation granularity) cannot launch, even
    // opted in to it.
    In.DynamicSharedMem = In.MaxDynamicSharedMem.value() + 1;
    In.MaxDynamicSharedMem = In.DynamicSharedMem;
    R = computeOccupancy(A, In);
    EXPECT_TRUE(R.fails(LaunchFailure::SharedMemoryPerBlock));
    EXPECT_NE(describeFailure(A, In, R).find("opt-in maximum"),
              std::string::npos);
  }
}

TEST(OccupancyTest, DynamicSharedMemoryOverTheOptedInSize) {
  OccupancyInput In = launch(256, 32, 0, 70000);
  In.MaxDynamicSharedMem = 65536;
  OccupancyResult R = computeOccupancy(arch("sm_90"), In);
  EXPECT_TRUE(R.fails(LaunchFailure::DynamicSharedOverOptIn));
  EXPECT_FALSE(R.fails(LaunchFailure::SharedMemoryPerBlock));
  EXPECT_EQ(R.ActiveBlocksPerSM, 0u);
}

TEST(OccupancyTest, OptingInBelow48KiBKeepsTheDefaultLimit) {
  // cudaOccSMemPerBlock only lifts the limit when the opted-in size could
  // exceed the default.
  OccupancyInput In = launch(256, 32, 0, 40000);
  In.MaxDynamicSharedMem = 40000;
  OccupancyResult R = computeOccupancy(arch("sm_80"), In);
  EXPECT_EQ(R.SharedMemLimitPerBlock, 48 * 1024u + 1024);
}

TEST(OccupancyTest, EveryCarveoutStepIsReachable) {
  for (const ArchInfo &A : allArchs()) {
    SCOPED_TRACE(A.Name.str());
    std::set<uint64_t> Configured;
    for (int Percent = 0; Percent <= 100; ++Percent) {
      OccupancyInput In = launch(32, 32);
      In.CarveoutPercent = Percent;
      OccupancyResult R = computeOccupancy(A, In);
      // The preference rounds up to a step; if one block would not fit, the
      // smallest step that holds it is used instead.
      uint64_t Wanted = uint64_t(Percent) * A.SharedMemPerSM / 100;
      uint64_t Step = 0;
      for (unsigned S : A.CarveoutStepsKiB)
        if (Wanted <= S * 1024ull) {
          Step = S * 1024ull;
          break;
        }
      if (Step < R.AllocatedSharedMemPerBlock)
        for (unsigned S : A.CarveoutStepsKiB)
          if (R.AllocatedSharedMemPerBlock <= S * 1024ull) {
            Step = S * 1024ull;
            break;
          }
      EXPECT_EQ(R.SharedMemPerSMConfigured, Step) << Percent << "%";
      Configured.insert(R.SharedMemPerSMConfigured);
    }
    // A 0 KiB carveout needs a kernel with no shared memory at all, which
    // the driver's per-block reservation rules out from sm_80 on.
    for (unsigned S : A.CarveoutStepsKiB) {
      if (S || !A.ReservedSharedMemPerBlock) {
        EXPECT_TRUE(Configured.count(S * 1024ull)) << S << " KiB never chosen";
      }
    }
  }
}

TEST(OccupancyTest, CarveoutLimitsResidentBlocks) {
  // sm_80, 16 KiB per block (+1 KiB reserved): 50% asks for 82 KiB, which
  // rounds up to the 100 KiB step: 5 blocks instead of 9 at the default.
  const ArchInfo &A = arch("sm_80");
  OccupancyInput In = launch(64, 32, 16 * 1024);
  EXPECT_EQ(computeOccupancy(A, In).ActiveBlocksPerSM, 9u);
  In.CarveoutPercent = 50;
  OccupancyResult R = computeOccupancy(A, In);
  EXPECT_EQ(R.SharedMemPerSMConfigured, 100 * 1024u);
  EXPECT_EQ(R.ActiveBlocksPerSM, 5u);
  // cudaFuncCachePreferL1 means the smallest carveout: 0, so the driver
  // picks the smallest step that holds one block (32 KiB): one block.
  In.CarveoutPercent = -1;
  In.CacheConfig = CachePreference::PreferL1;
  R = computeOccupancy(A, In);
  EXPECT_EQ(R.SharedMemPerSMConfigured, 32 * 1024u);
  EXPECT_EQ(R.ActiveBlocksPerSM, 1u);
  // An explicit carveout wins over the cache config.
  In.CarveoutPercent = 100;
  EXPECT_EQ(computeOccupancy(A, In).ActiveBlocksPerSM, 9u);
  In.CarveoutPercent = -1;
  In.CacheConfig = CachePreference::PreferEqual;
  EXPECT_EQ(computeOccupancy(A, In).SharedMemPerSMConfigured, 100 * 1024u);
}

//===-- Barriers
//------------------------------------------------------------===//

TEST(OccupancyTest, BarriersLimitFromSm90On) {
  OccupancyInput In = launch(32, 16);
  In.BarriersPerBlock = 16;
  // sm_90: 32 block slots x 2 barriers / 16 = 4 blocks.
  OccupancyResult R = computeOccupancy(arch("sm_90"), In);
  EXPECT_EQ(R.BlocksLimitedByBarriers, 4u);
  EXPECT_EQ(R.ActiveBlocksPerSM, 4u);
  EXPECT_EQ(binding(R), Names{"barriers"});
  // sm_120: 24 slots x 1 / 16 = 1 block.
  EXPECT_EQ(computeOccupancy(arch("sm_120"), In).ActiveBlocksPerSM, 1u);
  // sm_80 has no barrier limit.
  R = computeOccupancy(arch("sm_80"), In);
  EXPECT_EQ(R.BlocksLimitedByBarriers, Unlimited);
  EXPECT_EQ(R.ActiveBlocksPerSM, 32u);
  // Zero barriers never limit.
  In.BarriersPerBlock = 0;
  EXPECT_EQ(computeOccupancy(arch("sm_90"), In).BlocksLimitedByBarriers,
            Unlimited);
}

//===-- Invalid input
//-------------------------------------------------------===//

TEST(OccupancyTest, InvalidInputNamesTheField) {
  auto Message = [](OccupancyInput In) {
    llvm::Error E = validateInput(In);
    return E ? llvm::toString(std::move(E)) : std::string();
  };
  EXPECT_EQ(Message(launch(256, 32)), "");
  EXPECT_EQ(Message(launch(0, 32)).rfind("threads:", 0), 0u);
  EXPECT_EQ(Message(launch(5'000'000, 32)).rfind("threads:", 0), 0u);
  EXPECT_EQ(Message(launch(256, 100'000)).rfind("regs:", 0), 0u);
  EXPECT_EQ(Message(launch(256, 32, 1ull << 40)).rfind("smem:", 0), 0u);
  EXPECT_EQ(Message(launch(256, 32, 0, 1ull << 40)).rfind("dyn_smem:", 0), 0u);
  OccupancyInput In = launch(256, 32);
  In.CarveoutPercent = 101;
  EXPECT_EQ(Message(In).rfind("carveout:", 0), 0u);
  In.CarveoutPercent = -2;
  EXPECT_EQ(Message(In).rfind("carveout:", 0), 0u);
  In = launch(256, 32);
  In.BarriersPerBlock = 17;
  EXPECT_EQ(Message(In).rfind("barriers:", 0), 0u);
  In = launch(256, 32);
  In.MaxDynamicSharedMem = 1ull << 40;
  EXPECT_EQ(Message(In).rfind("max_dyn_smem:", 0), 0u);
  // Valid but impossible launches are not input errors.
  EXPECT_EQ(Message(launch(2048, 300, 1 << 20)), "");
}

//===-- What-if helpers
//-----------------------------------------------------===//

TEST(OccupancyTest, RegistersForNextBlock) {
  const ArchInfo &A = arch("sm_80");
  EXPECT_EQ(registersForNextBlock(A, launch(256, 72)), 64u);
  // Registers do not bind: no register count helps.
  EXPECT_EQ(registersForNextBlock(A, launch(256, 32)), std::nullopt);
  // Unlaunchable for registers: the count that makes one block fit.
  EXPECT_EQ(registersForNextBlock(A, launch(1024, 72)), 64u);
  EXPECT_EQ(registersForNextBlock(A, launch(32, 300)), 255u);
  // Unlaunchable for another reason: registers cannot help.
  EXPECT_EQ(registersForNextBlock(A, launch(2048, 72)), std::nullopt);
  // Every answer admits one more block, and one register more does not.
  for (unsigned Regs = 1; Regs <= 255; ++Regs)
    for (unsigned Threads : {64u, 96u, 128u, 256u, 384u, 512u}) {
      OccupancyInput In = launch(Threads, Regs);
      auto Better = registersForNextBlock(A, In);
      if (!Better)
        continue;
      unsigned Now = computeOccupancy(A, In).ActiveBlocksPerSM;
      EXPECT_LT(*Better, Regs);
      EXPECT_GT(computeOccupancy(A, launch(Threads, *Better)).ActiveBlocksPerSM,
                Now);
      if (*Better + 1 < Regs) {
        EXPECT_EQ(
            computeOccupancy(A, launch(Threads, *Better + 1)).ActiveBlocksPerSM,
            Now)
            << Threads << " threads, " << Regs << " regs";
      }
    }
}

TEST(OccupancyTest, SharedMemForNextBlock) {
  // sm_86, 48 KiB static: 2 blocks. 3 blocks need at most 34133 B allocated
  // per block, 34048 after granularity, 33024 without the reservation.
  const ArchInfo &A = arch("sm_86");
  EXPECT_EQ(sharedMemForNextBlock(A, launch(128, 32, 49152)), 33024u);
  EXPECT_EQ(computeOccupancy(A, launch(128, 32, 33024)).ActiveBlocksPerSM, 3u);
  EXPECT_EQ(computeOccupancy(A, launch(128, 32, 33025)).ActiveBlocksPerSM, 2u);
  // Shared memory does not bind.
  EXPECT_EQ(sharedMemForNextBlock(A, launch(128, 32, 1024)), std::nullopt);
  // Over the default limit without opting in: what fits in one block.
  EXPECT_EQ(sharedMemForNextBlock(arch("sm_80"), launch(128, 32, 0, 60000)),
            48u * 1024);
}

TEST(OccupancyTest, BestBlockSizes) {
  const ArchInfo &A = arch("sm_80");
  // 32 registers, no shared memory: every size from 64 threads up reaches
  // 100%; the largest comes first, as cudaOccupancyMaxPotentialBlockSize
  // picks it.
  auto Best = bestBlockSizes(A, launch(256, 32));
  ASSERT_FALSE(Best.empty());
  EXPECT_EQ(Best.front().ThreadsPerBlock, 1024u);
  EXPECT_DOUBLE_EQ(Best.front().Occupancy, 1.0);
  for (const BlockSizeChoice &C : Best)
    EXPECT_EQ(C.ThreadsPerBlock * C.ActiveBlocksPerSM, 2048u);
  // 72 registers cap occupancy at 28 warps: 896 threads in one block, or
  // 7 blocks of 128, ...
  Best = bestBlockSizes(A, launch(256, 72));
  ASSERT_FALSE(Best.empty());
  EXPECT_EQ(Best.front().ThreadsPerBlock, 896u);
  EXPECT_NEAR(Best.front().Occupancy, 28.0 / 64, 1e-12);
  // A launch bound caps the sizes tried.
  Best = bestBlockSizes(A, launch(256, 72), /*MaxThreads=*/200);
  ASSERT_FALSE(Best.empty());
  EXPECT_LE(Best.front().ThreadsPerBlock, 200u);
  // Dynamic shared memory that grows with the block.
  Best = bestBlockSizes(A, launch(256, 32), 0,
                        [](unsigned Threads) { return Threads * 64ull; });
  ASSERT_FALSE(Best.empty());
  for (const BlockSizeChoice &C : Best)
    EXPECT_LE(C.ThreadsPerBlock * 64u, 48u * 1024);
}

} // namespace

TEST(OccupancyTest, GridWavesAreWholeWaves) {
  // An H100 at 2 blocks per SM: 264 blocks per wave.
  GridWaves W = gridWaves(265, 264);
  EXPECT_EQ(W.Waves, 2u);
  EXPECT_EQ(W.LastWaveBlocks, 1u);
  EXPECT_EQ(W.wholeWavesBelow(), 264u);
  EXPECT_EQ(W.wholeWavesAbove(), 528u);
  EXPECT_DOUBLE_EQ(W.idleShare(), 263.0 / 528);
  W = gridWaves(528, 264);
  EXPECT_EQ(W.Waves, 2u);
  EXPECT_EQ(W.LastWaveBlocks, 264u);
  EXPECT_DOUBLE_EQ(W.idleShare(), 0.0);
  W = gridWaves(100, 264);
  EXPECT_EQ(W.Waves, 1u);
  EXPECT_EQ(W.LastWaveBlocks, 100u);
  EXPECT_EQ(gridWaves(0, 264).Waves, 0u);
  // The largest valid grid, and a saturated one: no wrap-around.
  W = gridWaves(9223090559730712575ull, 264);
  EXPECT_EQ(W.Waves, 9223090559730712575ull / 264 + 1);
  EXPECT_LE(W.LastWaveBlocks, 264u);
  W = gridWaves(uint64_t(INT64_MAX), 1056);
  EXPECT_GT(W.wholeWavesAbove(), uint64_t(INT64_MAX));
}
