//===- Occupancy.cpp - The CUDA runtime's occupancy arithmetic ------------===//
//
// Follows cudaOccMaxActiveBlocksPerMultiprocessor in the CUDA 13.0 toolkit's
// cuda_occupancy.h step by step; the comments name the header function each
// step mirrors. One deliberate difference: the header marks its limiting
// factors before applying the barrier limit, so a barrier-bound launch also
// reports whatever bound before it; we report exactly the limits whose
// block count equals the final answer.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Occupancy/Occupancy.h"

#include "OccupancySupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace cudalint {

namespace {
uint64_t divideRoundUp(uint64_t X, uint64_t Y) { return (X + Y - 1) / Y; }
uint64_t roundUp(uint64_t X, uint64_t Y) { return Y * divideRoundUp(X, Y); }
unsigned clampToUnsigned(uint64_t X) {
  return X >= Unlimited ? Unlimited - 1 : unsigned(X);
}

// cudaOccAlignUpShmemSizeVoltaPlus: the smallest configurable shared memory
// capacity that holds Size bytes.
std::optional<uint64_t> alignToCarveoutStep(const ArchInfo &Arch,
                                            uint64_t Size) {
  for (unsigned StepKiB : Arch.CarveoutStepsKiB)
    if (Size <= uint64_t(StepKiB) * 1024)
      return uint64_t(StepKiB) * 1024;
  return std::nullopt;
}

// cudaOccSMemPreferenceVoltaPlus: the shared memory per SM the user's
// carveout (or, failing that, cache config) asks for.
uint64_t preferredSharedMemPerSM(const ArchInfo &Arch,
                                 const OccupancyInput &In) {
  int Percent = In.CarveoutPercent;
  if (Percent < 0) {
    switch (In.CacheConfig) {
    case CachePreference::PreferL1:
      Percent = 0;
      break;
    case CachePreference::PreferShared:
      Percent = 100;
      break;
    case CachePreference::PreferEqual:
      Percent = 50;
      break;
    case CachePreference::None:
      break;
    }
  }
  uint64_t Bytes = Percent < 0 ? Arch.SharedMemPerSM
                               : uint64_t(Percent) * Arch.SharedMemPerSM / 100;
  // Never fails: the table's SharedMemPerSM is its largest step (unit test).
  return alignToCarveoutStep(Arch, Bytes).value_or(Arch.SharedMemPerSM);
}

constexpr unsigned MaxThreadsAccepted = 1u << 20;
constexpr unsigned MaxRegistersAccepted = 65536;
constexpr uint64_t MaxSharedMemAccepted = 64ull << 20;
constexpr unsigned MaxBarriersAccepted = 16;
} // namespace

namespace {
constexpr LimitRow<Limit, OccupancyResult> LimitRows[] = {
    {Limit::Warps, "warps", &OccupancyResult::BlocksLimitedByWarps},
    {Limit::Blocks, "blocks", &OccupancyResult::BlocksLimitedByBlocks},
    {Limit::Registers, "registers", &OccupancyResult::BlocksLimitedByRegisters},
    {Limit::SharedMemory, "shared_memory",
     &OccupancyResult::BlocksLimitedBySharedMem},
    {Limit::Barriers, "barriers", &OccupancyResult::BlocksLimitedByBarriers}};
} // namespace

StringRef limitName(Limit L) { return rowOf(LimitRows, L).Name; }

StringRef cachePreferenceName(CachePreference P) {
  static constexpr StringLiteral Names[] = {
      "cudaFuncCachePreferNone", "cudaFuncCachePreferShared",
      "cudaFuncCachePreferL1", "cudaFuncCachePreferEqual"};
  return Names[unsigned(P)];
}

unsigned OccupancyResult::blocksLimitedBy(Limit L) const {
  return this->*rowOf(LimitRows, L).Allowed;
}

Error validateInput(const OccupancyInput &In) {
  if (Error E =
          checkThreadCount(In.ThreadsPerBlock, MaxThreadsAccepted, "block"))
    return E;
  const char *SharedMemRefusal = " bytes is not a plausible shared memory size";
  if (Error E = firstOverBound(
          {{"regs", In.RegistersPerThread, MaxRegistersAccepted,
            " registers per thread is more than a whole register file"},
           {"smem", In.StaticSharedMem, MaxSharedMemAccepted, SharedMemRefusal},
           {"dyn_smem", In.DynamicSharedMem, MaxSharedMemAccepted,
            SharedMemRefusal},
           {"max_dyn_smem", In.MaxDynamicSharedMem.value_or(0),
            MaxSharedMemAccepted, SharedMemRefusal}}))
    return E;
  if (In.CarveoutPercent < -1 || In.CarveoutPercent > 100)
    return invalidInput("carveout", Twine(In.CarveoutPercent) +
                                        " is not a percentage (0..100, or -1 "
                                        "for the default)");
  if (In.BarriersPerBlock > MaxBarriersAccepted)
    return invalidInput("barriers", Twine(In.BarriersPerBlock) +
                                        " barriers: a block has at most " +
                                        Twine(MaxBarriersAccepted));
  return Error::success();
}

OccupancyResult computeOccupancy(const ArchInfo &Arch,
                                 const OccupancyInput &In) {
  OccupancyResult R;
  const uint64_t Threads = In.ThreadsPerBlock;
  const uint64_t WarpsPerBlock = divideRoundUp(Threads, Arch.WarpSize);
  R.WarpsPerBlock = unsigned(WarpsPerBlock);
  R.MaxWarpsPerSM = Arch.maxWarpsPerSM();

  // cudaOccMaxBlocksPerSMRegsLimit. Registers go to warps, rounded up to the
  // allocation unit. The hardware's per-block check assumes every
  // sub-partition allocates at once, so it rounds warps up to a multiple of
  // the sub-partition count; the software check does not.
  const uint64_t RegsPerWarp =
      roundUp(uint64_t(In.RegistersPerThread) * Arch.WarpSize,
              Arch.RegisterAllocationUnit);
  const uint64_t RegsPerBlock = RegsPerWarp * WarpsPerBlock;
  const uint64_t RegsAssumedPerBlock =
      RegsPerWarp * roundUp(WarpsPerBlock, Arch.SubPartitionsPerSM);
  R.AllocatedRegistersPerBlock = clampToUnsigned(RegsPerBlock);
  if (In.RegistersPerThread > Arch.RegisterLimitPerThread) {
    R.FailureMask |= unsigned(LaunchFailure::TooManyRegistersPerThread);
    R.BlocksLimitedByRegisters = 0;
  } else if (RegsAssumedPerBlock > Arch.RegistersPerBlock ||
             RegsPerBlock > Arch.RegistersPerBlock) {
    R.FailureMask |= unsigned(LaunchFailure::TooManyRegistersPerBlock);
    R.BlocksLimitedByRegisters = 0;
  } else if (RegsPerWarp == 0) {
    R.BlocksLimitedByRegisters = Unlimited;
  } else {
    uint64_t WarpsPerSubPartition =
        (Arch.RegistersPerSM / Arch.SubPartitionsPerSM) / RegsPerWarp;
    R.BlocksLimitedByRegisters = unsigned(
        WarpsPerSubPartition * Arch.SubPartitionsPerSM / WarpsPerBlock);
  }

  // cudaOccMaxBlocksPerSMWarpsLimit.
  if (Threads > Arch.MaxThreadsPerBlock) {
    R.FailureMask |= unsigned(LaunchFailure::BlockTooLarge);
    R.BlocksLimitedByWarps = 0;
  } else {
    R.BlocksLimitedByWarps = unsigned(R.MaxWarpsPerSM / WarpsPerBlock);
  }

  // cudaOccMaxBlocksPerMultiprocessor.
  R.BlocksLimitedByBlocks = Arch.MaxBlocksPerSM;

  // cudaOccMaxBlocksPerSMSmemLimit.
  const uint64_t StaticWithReserved =
      In.StaticSharedMem + Arch.ReservedSharedMemPerBlock;
  R.AllocatedSharedMemPerBlock =
      roundUp(StaticWithReserved + In.DynamicSharedMem,
              Arch.SharedMemAllocationGranularity);
  // cudaOccSMemPerBlock: opting in lifts the per-block limit to the arch's
  // opt-in maximum, but only when the kernel could actually use more than
  // the default; the driver's reservation comes on top (sm_80 and newer).
  uint64_t LimitPerBlock = Arch.SharedMemPerBlock;
  if (In.MaxDynamicSharedMem &&
      StaticWithReserved + *In.MaxDynamicSharedMem > Arch.SharedMemPerBlock)
    LimitPerBlock = Arch.SharedMemPerBlockOptIn;
  R.SharedMemLimitPerBlock = LimitPerBlock + Arch.ReservedSharedMemPerBlock;
  const uint64_t Preferred = preferredSharedMemPerSM(Arch, In);
  if (In.MaxDynamicSharedMem && In.DynamicSharedMem > *In.MaxDynamicSharedMem)
    R.FailureMask |= unsigned(LaunchFailure::DynamicSharedOverOptIn);
  if (R.AllocatedSharedMemPerBlock > R.SharedMemLimitPerBlock)
    R.FailureMask |= unsigned(LaunchFailure::SharedMemoryPerBlock);
  if (R.fails(LaunchFailure::DynamicSharedOverOptIn) ||
      R.fails(LaunchFailure::SharedMemoryPerBlock)) {
    R.BlocksLimitedBySharedMem = 0;
    R.SharedMemPerSMConfigured = Preferred;
  } else {
    // The carveout preference is honoured as long as one block fits;
    // otherwise the driver picks the smallest capacity that holds one.
    R.SharedMemPerSMConfigured =
        Preferred >= R.AllocatedSharedMemPerBlock
            ? Preferred
            : alignToCarveoutStep(Arch, R.AllocatedSharedMemPerBlock)
                  .value_or(Arch.SharedMemPerSM);
    R.BlocksLimitedBySharedMem =
        R.AllocatedSharedMemPerBlock
            ? clampToUnsigned(R.SharedMemPerSMConfigured /
                              R.AllocatedSharedMemPerBlock)
            : Unlimited;
  }

  // cudaOccMaxBlocksPerSMBlockBarrierLimit, sm_90 and newer.
  if (Arch.BarrierSlotsPerBlock && In.BarriersPerBlock)
    R.BlocksLimitedByBarriers =
        Arch.MaxBlocksPerSM * Arch.BarrierSlotsPerBlock / In.BarriersPerBlock;

  unsigned Active =
      tightestLimit(AllLimits, R, &OccupancyResult::blocksLimitedBy);
  assert((Active != 0 || R.FailureMask) && "no resident block, no reason");
  R.ActiveBlocksPerSM = Active;
  R.ActiveWarpsPerSM = unsigned(Active * WarpsPerBlock);
  return R;
}

std::string describeFailure(const ArchInfo &Arch, const OccupancyInput &In,
                            const OccupancyResult &R) {
  SmallVector<std::string, 3> Reasons;
  if (R.fails(LaunchFailure::BlockTooLarge))
    Reasons.push_back(formatv("a block of {0} threads exceeds the {1} maximum "
                              "of {2} threads per block",
                              In.ThreadsPerBlock, Arch.Name,
                              Arch.MaxThreadsPerBlock));
  if (R.fails(LaunchFailure::TooManyRegistersPerThread))
    Reasons.push_back(formatv("{0} registers per thread exceed the {1} "
                              "maximum of {2}",
                              In.RegistersPerThread, Arch.Name,
                              Arch.MaxRegistersPerThread));
  if (R.fails(LaunchFailure::TooManyRegistersPerBlock)) {
    uint64_t PerWarp = roundUp(uint64_t(In.RegistersPerThread) * Arch.WarpSize,
                               Arch.RegisterAllocationUnit);
    uint64_t Warps = roundUp(R.WarpsPerBlock, Arch.SubPartitionsPerSM);
    Reasons.push_back(formatv(
        "{0} registers per thread x {1} threads need {2} registers per block "
        "({3} per warp x {4} warps, rounded to the {5} warp schedulers), more "
        "than the {6} available per block on {7}",
        In.RegistersPerThread, In.ThreadsPerBlock, PerWarp * Warps, PerWarp,
        Warps, Arch.SubPartitionsPerSM, Arch.RegistersPerBlock, Arch.Name));
  }
  if (R.fails(LaunchFailure::SharedMemoryPerBlock)) {
    std::string Need = formatv(
        "{0} B of shared memory per block ({1} static + {2} dynamic + {3} "
        "reserved by the driver, rounded to {4} B)",
        R.AllocatedSharedMemPerBlock, In.StaticSharedMem, In.DynamicSharedMem,
        Arch.ReservedSharedMemPerBlock, Arch.SharedMemAllocationGranularity);
    uint64_t OptInLimit =
        Arch.SharedMemPerBlockOptIn + Arch.ReservedSharedMemPerBlock;
    if (R.AllocatedSharedMemPerBlock > OptInLimit)
      Reasons.push_back(formatv("the launch needs {0}, more than the {1} "
                                "opt-in maximum of {2} B",
                                Need, Arch.Name, OptInLimit));
    else
      Reasons.push_back(formatv(
          "the launch needs {0}, more than the default limit of {1} B; "
          "cudaFuncSetAttribute(kernel, "
          "cudaFuncAttributeMaxDynamicSharedMemorySize, {2}) lifts it to the "
          "{3} maximum of {4} B",
          Need, R.SharedMemLimitPerBlock,
          R.AllocatedSharedMemPerBlock - Arch.ReservedSharedMemPerBlock -
              In.StaticSharedMem,
          Arch.Name, OptInLimit));
  }
  if (R.fails(LaunchFailure::DynamicSharedOverOptIn) && In.MaxDynamicSharedMem)
    Reasons.push_back(formatv("{0} B of dynamic shared memory exceed the "
                              "kernel's cudaFuncAttributeMaxDynamicSharedMemory"
                              "Size of {1} B",
                              In.DynamicSharedMem, *In.MaxDynamicSharedMem));
  return join(Reasons, "; ");
}

GridWaves gridWaves(uint64_t Blocks, uint64_t BlocksPerWave) {
  assert(BlocksPerWave > 0 && "a wave holds at least one block");
  GridWaves W;
  W.Blocks = Blocks;
  W.BlocksPerWave = BlocksPerWave;
  // Blocks / BlocksPerWave rounded up, without Blocks + BlocksPerWave - 1.
  W.Waves = Blocks / BlocksPerWave + (Blocks % BlocksPerWave != 0);
  W.LastWaveBlocks = W.Waves ? Blocks - (W.Waves - 1) * BlocksPerWave : 0;
  return W;
}

namespace {

/// In's occupancy when one resource, L, is what keeps the launch from one
/// more resident block: it binds, or the launch fails only for that
/// resource's Failures. None otherwise: less of it would change nothing.
std::optional<OccupancyResult> boundOnlyBy(const ArchInfo &Arch,
                                           const OccupancyInput &In, Limit L,
                                           unsigned Failures) {
  OccupancyResult Current = computeOccupancy(Arch, In);
  if (Current.FailureMask & ~Failures)
    return std::nullopt;
  if (Current.launchable() && !Current.binds(L))
    return std::nullopt;
  return Current;
}

/// The failures that less of each resource could cure.
constexpr unsigned RegisterFailures =
    unsigned(LaunchFailure::TooManyRegistersPerThread) |
    unsigned(LaunchFailure::TooManyRegistersPerBlock);
constexpr unsigned SharedMemFailures =
    unsigned(LaunchFailure::SharedMemoryPerBlock) |
    unsigned(LaunchFailure::DynamicSharedOverOptIn);

/// The largest amount below Now of the resource L (set into a trial input
/// by Use) that admits one more resident block, when L is what holds the
/// launch back (boundOnlyBy). Resident blocks never grow with more of a
/// resource, so largestAdmittedTotal's search finds it.
std::optional<uint64_t>
largestForNextBlock(const ArchInfo &Arch, const OccupancyInput &In, Limit L,
                    unsigned Failures, uint64_t Now,
                    function_ref<void(OccupancyInput &, uint64_t)> Use) {
  std::optional<OccupancyResult> Current = boundOnlyBy(Arch, In, L, Failures);
  if (!Current)
    return std::nullopt;
  return largestAdmittedTotal(Now, [&](uint64_t Amount) {
    OccupancyInput Trial = In;
    Use(Trial, Amount);
    return computeOccupancy(Arch, Trial).ActiveBlocksPerSM >
           Current->ActiveBlocksPerSM;
  });
}

} // namespace

std::optional<unsigned> registersForNextBlock(const ArchInfo &Arch,
                                              const OccupancyInput &In) {
  // Registers are allocated per warp in units, so only the largest count of
  // each smaller unit (a multiple of Step) can change the answer.
  const unsigned Step = Arch.RegisterAllocationUnit / Arch.WarpSize;
  std::optional<uint64_t> Units =
      largestForNextBlock(Arch, In, Limit::Registers, RegisterFailures,
                          divideRoundUp(In.RegistersPerThread, Step),
                          [&](OccupancyInput &Trial, uint64_t Units) {
                            Trial.RegistersPerThread = unsigned(Units * Step);
                          });
  if (!Units)
    return std::nullopt;
  // 255 allocates as 256 does, and is what ptxas can actually use.
  return std::min(unsigned(*Units * Step), Arch.MaxRegistersPerThread);
}

std::optional<uint64_t> sharedMemForNextBlock(const ArchInfo &Arch,
                                              const OccupancyInput &In) {
  // Shrink dynamic shared memory first (it is what a launch can change),
  // then static.
  return largestForNextBlock(Arch, In, Limit::SharedMemory, SharedMemFailures,
                             In.StaticSharedMem + In.DynamicSharedMem,
                             [&](OccupancyInput &Trial, uint64_t Total) {
                               Trial.StaticSharedMem =
                                   std::min(In.StaticSharedMem, Total);
                               Trial.DynamicSharedMem =
                                   Total - Trial.StaticSharedMem;
                             });
}

SmallVector<BlockSizeChoice, 8>
bestBlockSizes(const ArchInfo &Arch, const OccupancyInput &In,
               unsigned MaxThreads,
               function_ref<uint64_t(unsigned)> DynamicSharedMemFor) {
  // cudaOccMaxPotentialOccupancyBlockSize: try every warp multiple from the
  // largest down and keep those with the most resident threads.
  unsigned Limit = Arch.MaxThreadsPerBlock;
  if (MaxThreads)
    Limit = std::min(Limit, MaxThreads);
  SmallVector<BlockSizeChoice, 8> Best;
  uint64_t BestThreads = 0;
  OccupancyInput Trial = In;
  for (unsigned Aligned = unsigned(roundUp(Limit, Arch.WarpSize)); Aligned > 0;
       Aligned -= Arch.WarpSize) {
    Trial.ThreadsPerBlock = std::min(Limit, Aligned);
    if (DynamicSharedMemFor)
      Trial.DynamicSharedMem = DynamicSharedMemFor(Trial.ThreadsPerBlock);
    OccupancyResult R = computeOccupancy(Arch, Trial);
    uint64_t ResidentThreads =
        uint64_t(Trial.ThreadsPerBlock) * R.ActiveBlocksPerSM;
    if (ResidentThreads == 0 || ResidentThreads < BestThreads)
      continue;
    if (ResidentThreads > BestThreads) {
      Best.clear();
      BestThreads = ResidentThreads;
    }
    Best.push_back({Trial.ThreadsPerBlock, R.ActiveBlocksPerSM, R.occupancy()});
  }
  return Best;
}

} // namespace cudalint
