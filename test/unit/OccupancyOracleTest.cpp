//===- OccupancyOracleTest.cpp - Cross-check with the toolkit's header ----===//
//
// The CUDA toolkit's cuda_occupancy.h is a host-only copy of the runtime's
// occupancy calculator. When the toolkit is present at build time this test
// includes it and compares our calculator with it on a seeded random sweep;
// without a toolkit it is skipped with the reason.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Occupancy/Occupancy.h"

#include "gtest/gtest.h"

#include <random>

#ifdef CUDALINT_HAVE_CUDA_OCCUPANCY_H
#include <cuda_occupancy.h>
#endif

using namespace cudalint;

namespace {

#ifdef CUDALINT_HAVE_CUDA_OCCUPANCY_H

/// What cudaGetDeviceProperties would report for a GPU of this arch.
cudaOccDeviceProp deviceProp(const ArchInfo &A) {
  cudaOccDeviceProp P;
  P.computeMajor = int(A.Major);
  P.computeMinor = int(A.Minor);
  P.maxThreadsPerBlock = int(A.MaxThreadsPerBlock);
  P.maxThreadsPerMultiprocessor = int(A.MaxThreadsPerSM);
  P.regsPerBlock = int(A.RegistersPerBlock);
  P.regsPerMultiprocessor = int(A.RegistersPerSM);
  P.warpSize = int(A.WarpSize);
  P.sharedMemPerBlock = A.SharedMemPerBlock;
  P.sharedMemPerMultiprocessor = A.SharedMemPerSM;
  P.numSms = 1;
  P.sharedMemPerBlockOptin = A.SharedMemPerBlockOptIn;
  P.reservedSharedMemPerBlock = A.ReservedSharedMemPerBlock;
  return P;
}

/// What cudaFuncGetAttributes (plus cudaFuncSetAttribute) would say of a
/// kernel using these resources.
cudaOccFuncAttributes funcAttributes(const OccupancyInput &In,
                                     unsigned MaxThreads) {
  cudaOccFuncAttributes Attr;
  Attr.maxThreadsPerBlock = int(MaxThreads);
  Attr.numRegs = int(In.RegistersPerThread);
  Attr.sharedSizeBytes = In.StaticSharedMem;
  Attr.shmemLimitConfig = In.MaxDynamicSharedMem ? FUNC_SHMEM_LIMIT_OPTIN
                                                 : FUNC_SHMEM_LIMIT_DEFAULT;
  Attr.maxDynamicSharedSizeBytes = In.MaxDynamicSharedMem.value_or(0);
  Attr.numBlockBarriers = int(In.BarriersPerBlock);
  return Attr;
}

cudaOccDeviceState deviceState(const OccupancyInput &In) {
  cudaOccDeviceState State;
  State.carveoutConfig = In.CarveoutPercent;
  State.cacheConfig = cudaOccCacheConfig(In.CacheConfig);
  return State;
}

unsigned fromOracle(int Blocks) {
  return Blocks == INT_MAX ? Unlimited : unsigned(Blocks);
}

/// The fields of the table that the header itself defines must agree with it.
TEST(OccupancyOracleTest, ArchFactsMatchTheHeader) {
  for (const ArchInfo &A : allArchs()) {
    SCOPED_TRACE(A.Name.str());
    cudaOccDeviceProp P = deviceProp(A);
    int Value = 0;
    ASSERT_EQ(cudaOccMaxBlocksPerMultiprocessor(&Value, &P), CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), A.MaxBlocksPerSM);
    ASSERT_EQ(cudaOccSMemAllocationGranularity(&Value, &P), CUDA_OCC_SUCCESS);
    EXPECT_EQ(uint64_t(Value), A.SharedMemAllocationGranularity);
    ASSERT_EQ(cudaOccRegAllocationGranularity(&Value, &P), CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), A.RegisterAllocationUnit);
    ASSERT_EQ(cudaOccRegAllocationMaxPerThread(&Value, &P), CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), A.RegisterLimitPerThread);
    ASSERT_EQ(cudaOccSubPartitionsPerMultiprocessor(&Value, &P),
              CUDA_OCC_SUCCESS);
    EXPECT_EQ(unsigned(Value), A.SubPartitionsPerSM);

    // Carveout steps: the header's round-up of every size, byte by byte up
    // to the SM's capacity and one past it.
    for (size_t Bytes = 0; Bytes <= A.SharedMemPerSM + 1; ++Bytes) {
      size_t Rounded = Bytes;
      cudaOccError Status = cudaOccAlignUpShmemSizeVoltaPlus(&Rounded, &P);
      std::optional<uint64_t> Ours;
      for (unsigned S : A.CarveoutStepsKiB)
        if (Bytes <= S * 1024ull) {
          Ours = S * 1024ull;
          break;
        }
      ASSERT_EQ(Status == CUDA_OCC_SUCCESS, Ours.has_value()) << Bytes;
      if (Ours) {
        ASSERT_EQ(Rounded, *Ours) << Bytes;
      }
    }

    // Barriers: one barrier per block gives MaxBlocksPerSM x slots.
    cudaOccFuncAttributes Attr;
    Attr.numBlockBarriers = 1;
    ASSERT_EQ(cudaOccMaxBlocksPerSMBlockBarrierLimit(
                  &Value, int(A.MaxBlocksPerSM), &P, &Attr),
              CUDA_OCC_SUCCESS);
    if (A.Major >= 9)
      EXPECT_EQ(unsigned(Value), A.MaxBlocksPerSM * A.BarrierSlotsPerBlock);
    else
      EXPECT_EQ(A.BarrierSlotsPerBlock, 0u) << "the header applies barrier "
                                               "limits from sm_90 on only";
  }
}

struct Sweep {
  std::mt19937_64 Rng;
  explicit Sweep(uint64_t Seed) : Rng(Seed) {}

  unsigned uniform(unsigned Lo, unsigned Hi) {
    return std::uniform_int_distribution<unsigned>(Lo, Hi)(Rng);
  }
  bool chance(unsigned Percent) { return uniform(1, 100) <= Percent; }

  /// Shared memory sizes cluster around the interesting boundaries:
  /// small, near 48 KiB, near the opt-in maximum, and anywhere.
  uint64_t sharedMem(const ArchInfo &A) {
    switch (uniform(0, 4)) {
    case 0:
      return 0;
    case 1:
      return uniform(0, 4096);
    case 2:
      return uniform(48 * 1024 - 2048, 48 * 1024 + 2048);
    case 3:
      return uniform(unsigned(A.SharedMemPerBlockOptIn) - 4096,
                     unsigned(A.SharedMemPerBlockOptIn) + 2048);
    default:
      return uniform(0, unsigned(A.SharedMemPerBlockOptIn));
    }
  }

  OccupancyInput input(const ArchInfo &A) {
    OccupancyInput In;
    // Mostly warp multiples and realistic register counts, with a tail of
    // odd sizes, oversized blocks and register counts at the limits.
    unsigned Shape = uniform(1, 100);
    In.ThreadsPerBlock = Shape <= 60   ? 32 * uniform(1, 32)
                         : Shape <= 92 ? uniform(1, 1024)
                                       : uniform(1025, 1200);
    unsigned Regs = uniform(1, 100);
    In.RegistersPerThread = Regs <= 60   ? uniform(0, 64)
                            : Regs <= 85 ? uniform(65, 128)
                            : Regs <= 95 ? uniform(129, 255)
                                         : uniform(250, 262);
    // Static and dynamic: usually one of them is zero, sometimes both used.
    // (ptxas refuses more than 48 KiB of static shared memory; the sweep
    // still goes a little past it.)
    In.StaticSharedMem = chance(50) ? sharedMem(A) / (chance(50) ? 4 : 1) : 0;
    In.StaticSharedMem = std::min<uint64_t>(In.StaticSharedMem, 50 * 1024);
    In.DynamicSharedMem = chance(60) ? sharedMem(A) : 0;
    In.CarveoutPercent = chance(40) ? -1 : int(uniform(0, 100));
    In.CacheConfig = CachePreference(uniform(0, 3));
    // Opted in: usually to at least what the launch uses.
    if (chance(50))
      In.MaxDynamicSharedMem =
          chance(30) ? sharedMem(A)
                     : std::max(sharedMem(A), In.DynamicSharedMem);
    In.BarriersPerBlock = chance(70) ? 1 : uniform(0, 16);
    return In;
  }
};

TEST(OccupancyOracleTest, RandomSweepMatchesTheHeader) {
  constexpr uint64_t Seed = 20261122;
  constexpr unsigned Configurations = 500000;
  Sweep S(Seed);
  auto Archs = allArchs();
  unsigned Mismatches = 0, Unlaunchable = 0, BarrierQuirk = 0;
  unsigned Checked[5] = {}; // configurations bound by each limit

  for (unsigned I = 0; I < Configurations; ++I) {
    const ArchInfo &A = Archs[S.uniform(0, unsigned(Archs.size() - 1))];
    OccupancyInput In = S.input(A);
    ASSERT_FALSE(static_cast<bool>(validateInput(In)));
    OccupancyResult Ours = computeOccupancy(A, In);

    cudaOccDeviceProp Prop = deviceProp(A);
    cudaOccFuncAttributes Attr = funcAttributes(In, 1024);
    cudaOccDeviceState State = deviceState(In);
    cudaOccResult Theirs;
    ASSERT_EQ(cudaOccMaxActiveBlocksPerMultiprocessor(
                  &Theirs, &Prop, &Attr, &State, int(In.ThreadsPerBlock),
                  In.DynamicSharedMem),
              CUDA_OCC_SUCCESS);

    unsigned TheirLimits[] = {fromOracle(Theirs.blockLimitWarps),
                              fromOracle(Theirs.blockLimitBlocks),
                              fromOracle(Theirs.blockLimitRegs),
                              fromOracle(Theirs.blockLimitSharedMem),
                              fromOracle(Theirs.blockLimitBarriers)};
    unsigned Active = unsigned(Theirs.activeBlocksPerMultiprocessor);
    // The binding limits are those equal to the answer. The header's own
    // bit field agrees except where the barrier limit lowered the answer
    // after the other bits were set (see Occupancy.cpp).
    unsigned TheirBinding = 0;
    for (unsigned L = 0; L < 5; ++L)
      if (TheirLimits[L] == Active)
        TheirBinding |= unsigned(AllLimits[L]);
    unsigned HeaderBits = 0;
    const unsigned Flags[] = {OCC_LIMIT_WARPS, OCC_LIMIT_BLOCKS,
                              OCC_LIMIT_REGISTERS, OCC_LIMIT_SHARED_MEMORY,
                              OCC_LIMIT_BARRIERS};
    for (unsigned L = 0; L < 5; ++L)
      if (Theirs.limitingFactors & Flags[L])
        HeaderBits |= unsigned(AllLimits[L]);
    bool Quirk = HeaderBits != TheirBinding;
    BarrierQuirk += Quirk;

    bool Same =
        Ours.ActiveBlocksPerSM == Active && Ours.BindingMask == TheirBinding &&
        Ours.AllocatedRegistersPerBlock ==
            unsigned(Theirs.allocatedRegistersPerBlock) &&
        Ours.AllocatedSharedMemPerBlock == Theirs.allocatedSharedMemPerBlock &&
        (!Quirk || (Theirs.limitingFactors & OCC_LIMIT_BARRIERS));
    for (unsigned L = 0; L < 5; ++L)
      Same &= Ours.blocksLimitedBy(AllLimits[L]) == TheirLimits[L];
    Same &= Ours.launchable() == (Active > 0);
    if (!Same && ++Mismatches <= 10)
      ADD_FAILURE() << "mismatch on " << A.Name.str() << ": threads "
                    << In.ThreadsPerBlock << ", regs " << In.RegistersPerThread
                    << ", smem " << In.StaticSharedMem << ", dyn "
                    << In.DynamicSharedMem << ", carveout "
                    << In.CarveoutPercent << ", cache " << int(In.CacheConfig)
                    << ", opt-in "
                    << (In.MaxDynamicSharedMem
                            ? std::to_string(*In.MaxDynamicSharedMem)
                            : "none")
                    << ", barriers " << In.BarriersPerBlock << ": ours "
                    << Ours.ActiveBlocksPerSM << " blocks (mask "
                    << Ours.BindingMask << "), header " << Active << " (mask "
                    << TheirBinding << ")";
    Unlaunchable += Active == 0;
    for (unsigned L = 0; L < 5; ++L)
      Checked[L] += Active > 0 && (TheirBinding & unsigned(AllLimits[L]));
  }
  EXPECT_EQ(Mismatches, 0u);
  // The sweep must actually reach every kind of answer.
  EXPECT_GT(Unlaunchable, Configurations / 50);
  for (unsigned L = 0; L < 5; ++L)
    EXPECT_GT(Checked[L], 1000u) << limitName(AllLimits[L]).str();
  std::printf("[ sweep    ] seed %llu: %u configurations, %u mismatches, %u "
              "unlaunchable, bound by warps %u, blocks %u, registers %u, "
              "shared memory %u, barriers %u; header marks extra limits on "
              "%u barrier-bound ones\n",
              (unsigned long long)Seed, Configurations, Mismatches,
              Unlaunchable, Checked[0], Checked[1], Checked[2], Checked[3],
              Checked[4], BarrierQuirk);
}

/// The block size our helper puts first is the one the runtime's
/// cudaOccupancyMaxPotentialBlockSize returns.
TEST(OccupancyOracleTest, BestBlockSizeMatchesMaxPotentialBlockSize) {
  Sweep S(7);
  auto Archs = allArchs();
  for (unsigned I = 0; I < 20000; ++I) {
    const ArchInfo &A = Archs[S.uniform(0, unsigned(Archs.size() - 1))];
    OccupancyInput In = S.input(A);
    unsigned MaxThreads = S.chance(30) ? S.uniform(1, 1024) : 1024;
    cudaOccDeviceProp Prop = deviceProp(A);
    cudaOccFuncAttributes Attr = funcAttributes(In, MaxThreads);
    cudaOccDeviceState State = deviceState(In);
    int MinGrid = 0, BlockSize = 0;
    ASSERT_EQ(cudaOccMaxPotentialOccupancyBlockSize(&MinGrid, &BlockSize, &Prop,
                                                    &Attr, &State,
                                                    In.DynamicSharedMem),
              CUDA_OCC_SUCCESS);
    auto Best = bestBlockSizes(A, In, MaxThreads);
    unsigned Ours = Best.empty() ? 0 : Best.front().ThreadsPerBlock;
    ASSERT_EQ(Ours, unsigned(BlockSize))
        << A.Name.str() << " regs " << In.RegistersPerThread << " smem "
        << In.StaticSharedMem << " dyn " << In.DynamicSharedMem << " max "
        << MaxThreads;
  }
}

#else

TEST(OccupancyOracleTest, RandomSweepMatchesTheHeader) {
  GTEST_SKIP() << "the CUDA toolkit's cuda_occupancy.h was not found at "
                  "configure time (set CUDALINT_CUDA_PATH or CUDA_PATH); the "
                  "cross-check against it did not run";
}

#endif

} // namespace
