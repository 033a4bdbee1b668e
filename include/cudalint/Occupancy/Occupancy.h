//===- Occupancy.h - Theoretical occupancy, as the CUDA runtime computes it
//===//
//
// A pure function of an architecture and one kernel launch's resources. It
// reproduces cudaOccMaxActiveBlocksPerMultiprocessor from the toolkit's
// cuda_occupancy.h (the same arithmetic the runtime's
// cudaOccupancyMaxActiveBlocksPerMultiprocessor uses), which a unit test
// checks on hundreds of thousands of random configurations. No Clang here:
// the checks, the `occupancy` subcommand and the benchmarks all call it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_OCCUPANCY_H
#define CUDALINT_OCCUPANCY_H

#include "cudalint/Arch/Arch.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace cudalint {

/// cudaFuncSetCacheConfig's preference. Only consulted when no carveout
/// percentage is given (as in the runtime).
enum class CachePreference { None, PreferShared, PreferL1, PreferEqual };

/// The runtime's name of P, "cudaFuncCachePreferL1" (its cudaFuncCache
/// value is P's).
llvm::StringRef cachePreferenceName(CachePreference P);

/// What one launch of one kernel asks of an SM.
struct OccupancyInput {
  unsigned ThreadsPerBlock = 0;
  unsigned RegistersPerThread = 0;
  uint64_t StaticSharedMem = 0;
  uint64_t DynamicSharedMem = 0;
  /// cudaFuncAttributePreferredSharedMemoryCarveout: -1 (default) or 0..100.
  int CarveoutPercent = -1;
  CachePreference CacheConfig = CachePreference::None;
  /// cudaFuncAttributeMaxDynamicSharedMemorySize when the kernel opted in;
  /// without it the per-block limit is the default 48 KiB.
  std::optional<uint64_t> MaxDynamicSharedMem;
  /// Named barriers the kernel uses (ptxas: "used N barriers"). The runtime
  /// assumes 1 when it does not know.
  unsigned BarriersPerBlock = 1;
};

/// The resources that can cap the number of resident blocks per SM.
enum class Limit : unsigned {
  Warps = 1u << 0,
  Blocks = 1u << 1,
  Registers = 1u << 2,
  SharedMemory = 1u << 3,
  Barriers = 1u << 4,
};
constexpr Limit AllLimits[] = {Limit::Warps, Limit::Blocks, Limit::Registers,
                               Limit::SharedMemory, Limit::Barriers};
/// "warps", "blocks", "registers", "shared_memory", "barriers".
llvm::StringRef limitName(Limit L);

/// Why a launch cannot run at all (bits; several can hold at once).
enum class LaunchFailure : unsigned {
  None = 0,
  BlockTooLarge = 1u << 0,             // threads per block > the arch maximum
  TooManyRegistersPerThread = 1u << 1, // > 256 registers per thread
  TooManyRegistersPerBlock = 1u << 2,  // the block's registers > the file
  SharedMemoryPerBlock = 1u << 3,      // over the per-block limit
  DynamicSharedOverOptIn = 1u << 4,    // dynamic > the opted-in maximum
};

/// "No limit": the kernel uses no registers or no shared memory at all.
constexpr unsigned Unlimited = std::numeric_limits<unsigned>::max();

struct OccupancyResult {
  unsigned ActiveBlocksPerSM = 0;
  unsigned ActiveWarpsPerSM = 0;
  unsigned MaxWarpsPerSM = 0;
  unsigned WarpsPerBlock = 0;
  /// The most resident blocks each resource allows on one SM (Unlimited when
  /// the resource is not used).
  unsigned BlocksLimitedByWarps = 0;
  unsigned BlocksLimitedByBlocks = 0;
  unsigned BlocksLimitedByRegisters = 0;
  unsigned BlocksLimitedBySharedMem = 0;
  unsigned BlocksLimitedByBarriers = Unlimited;
  /// Limit bits whose block count equals ActiveBlocksPerSM.
  unsigned BindingMask = 0;
  unsigned AllocatedRegistersPerBlock = 0;
  /// Including the driver's reserved shared memory, after granularity.
  uint64_t AllocatedSharedMemPerBlock = 0;
  /// The shared memory per SM the carveout selects for this launch.
  uint64_t SharedMemPerSMConfigured = 0;
  /// The per-block shared memory limit in force (includes reserved memory).
  uint64_t SharedMemLimitPerBlock = 0;
  unsigned FailureMask = 0;

  bool launchable() const { return FailureMask == 0; }
  bool fails(LaunchFailure F) const {
    return FailureMask & static_cast<unsigned>(F);
  }
  bool binds(Limit L) const { return BindingMask & static_cast<unsigned>(L); }
  unsigned blocksLimitedBy(Limit L) const;
  /// Active warps over the SM's maximum, 0..1.
  double occupancy() const {
    return MaxWarpsPerSM ? double(ActiveWarpsPerSM) / MaxWarpsPerSM : 0.0;
  }
};

/// Checks that an input is meaningful (not that it can launch): a clear
/// message naming the offending field otherwise.
llvm::Error validateInput(const OccupancyInput &In);

/// One question to the calculator: which arch and GPU, which launch.
struct OccupancyQuery {
  const ArchInfo *Arch = nullptr;
  const GpuPreset *Gpu = nullptr; // optional: adds whole-GPU figures
  OccupancyInput Input;
  /// The kernel's launch bound (0: none): suggested block sizes stay within
  /// it.
  unsigned MaxThreads = 0;
  /// The launch's blocks in all, when known: with Gpu, how many waves the
  /// grid runs in (gridWaves).
  std::optional<uint64_t> GridBlocks;
};

/// The theoretical occupancy of one launch. The input must be valid.
OccupancyResult computeOccupancy(const ArchInfo &Arch,
                                 const OccupancyInput &In);

/// Why a launch cannot run, in words ("block of 2048 threads exceeds the
/// sm_80 maximum of 1024; ..."); empty when it can.
std::string describeFailure(const ArchInfo &Arch, const OccupancyInput &In,
                            const OccupancyResult &R);

/// A grid as the hardware runs it: in waves of BlocksPerWave blocks (the
/// resident blocks per SM x the SMs). The next wave starts as the previous
/// one ends, so a partial last wave takes as long as a full one: on an H100
/// 265 blocks at 264 per wave take twice as long as 264.
struct GridWaves {
  uint64_t Blocks = 0;
  uint64_t BlocksPerWave = 0;
  uint64_t Waves = 0;          // ceil(Blocks / BlocksPerWave)
  uint64_t LastWaveBlocks = 0; // 1..BlocksPerWave (0 for no block)
  /// The grids of whole waves next to this one: Waves - 1 and Waves waves.
  uint64_t wholeWavesBelow() const { return (Waves - 1) * BlocksPerWave; }
  uint64_t wholeWavesAbove() const { return Waves * BlocksPerWave; }
  /// The run's block slots that stay empty (all in the last wave) over all
  /// its slots, 0..1.
  double idleShare() const {
    return Waves ? double(BlocksPerWave - LastWaveBlocks) /
                       double(wholeWavesAbove())
                 : 0.0;
  }
};

/// How Blocks blocks run at BlocksPerWave (> 0) at a time.
GridWaves gridWaves(uint64_t Blocks, uint64_t BlocksPerWave);

//===-- What-if helpers, for suggestions
//-----------------------------------===//

/// The largest register count per thread that admits at least one more
/// resident block than the input does, or none when fewer registers would
/// not help (another limit binds, or the launch is impossible for a reason
/// other than registers).
std::optional<unsigned> registersForNextBlock(const ArchInfo &Arch,
                                              const OccupancyInput &In);

/// The largest static + dynamic shared memory per block (bytes, excluding
/// the driver's reservation) that admits at least one more resident block,
/// or none when less shared memory would not help.
std::optional<uint64_t> sharedMemForNextBlock(const ArchInfo &Arch,
                                              const OccupancyInput &In);

struct BlockSizeChoice {
  unsigned ThreadsPerBlock;
  unsigned ActiveBlocksPerSM;
  double Occupancy;
};

/// Block sizes (warp multiples up to MaxThreads, default the arch maximum)
/// reaching the best occupancy for the input's registers and shared memory,
/// largest first. The first is what cudaOccupancyMaxPotentialBlockSize picks.
/// DynamicSharedMemFor, when given, maps a block size to its dynamic shared
/// memory (as cudaOccupancyMaxPotentialBlockSizeVariableSMem does).
llvm::SmallVector<BlockSizeChoice, 8> bestBlockSizes(
    const ArchInfo &Arch, const OccupancyInput &In, unsigned MaxThreads = 0,
    llvm::function_ref<uint64_t(unsigned)> DynamicSharedMemFor = nullptr);

} // namespace cudalint

#endif // CUDALINT_OCCUPANCY_H
