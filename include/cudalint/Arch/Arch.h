//===- Arch.h - GPU architecture facts per compute capability ---*- C++ -*-===//
//
// The hardware limits every check rests on, one row per compute capability
// that CUDA 12/13 can target. Where a value comes from, and where sources
// disagree, is written next to the table in lib/Arch/ArchTable.cpp and in
// docs/arch-model.md. When sources disagree we follow the toolkit's
// cuda_occupancy.h, because that is what the runtime's occupancy API computes.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ARCH_H
#define CUDALINT_ARCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>

namespace cudalint {

/// The arch a compile that names none targets: nvcc's default, the oldest
/// arch CUDA 13 supports (the device planner asks the toolkit when it can).
inline constexpr llvm::StringLiteral DefaultTargetArch = "sm_75";

/// The limits of one compute capability (sm_XY). All sizes are in bytes,
/// register counts in 32-bit registers.
struct ArchInfo {
  unsigned Major;
  unsigned Minor;
  llvm::StringLiteral Name;   // "sm_80"
  llvm::StringLiteral Family; // "Ampere"

  unsigned WarpSize;
  unsigned MaxThreadsPerBlock;
  unsigned MaxBlockDim[3];
  uint64_t MaxGridDim[3];

  unsigned MaxThreadsPerSM;
  unsigned MaxBlocksPerSM;

  unsigned RegistersPerSM;
  unsigned RegistersPerBlock;
  /// The most registers ptxas assigns to one thread (programming guide).
  unsigned MaxRegistersPerThread;
  /// The per-thread register count above which cuda_occupancy.h refuses a
  /// launch. One more than MaxRegistersPerThread: ptxas never emits 256.
  unsigned RegisterLimitPerThread;
  /// Registers are allocated per warp, in units of this many registers.
  unsigned RegisterAllocationUnit;
  /// Warp schedulers (sub-partitions) per SM; the register file is split
  /// between them and a block's warps are rounded up to a multiple of this
  /// when the hardware checks the per-block register limit.
  unsigned SubPartitionsPerSM;

  /// Shared memory capacity per SM at the largest carveout.
  uint64_t SharedMemPerSM;
  /// The shared memory capacities (KiB) the SM can be configured to; a
  /// carveout preference is rounded up to one of them.
  llvm::ArrayRef<unsigned> CarveoutStepsKiB;
  /// Per-block limit without opting in (48 KiB everywhere).
  uint64_t SharedMemPerBlock;
  /// Per-block limit after cudaFuncSetAttribute(MaxDynamicSharedMemorySize).
  uint64_t SharedMemPerBlockOptIn;
  /// Shared memory the driver reserves for every block (sm_80 and newer).
  uint64_t ReservedSharedMemPerBlock;
  uint64_t SharedMemAllocationGranularity;

  /// Hardware barriers available per resident-block slot (sm_90 and newer
  /// limit occupancy by barriers: MaxBlocksPerSM * this / barriers used).
  /// Zero where barriers do not limit occupancy.
  unsigned BarrierSlotsPerBlock;

  bool SupportsClusters;
  unsigned MaxPortableClusterSize;    // blocks; 0 without cluster support
  unsigned MaxNonPortableClusterSize; // blocks, with the opt-in attribute

  unsigned smVersion() const { return Major * 10 + Minor; }
  unsigned maxWarpsPerSM() const { return MaxThreadsPerSM / WarpSize; }
  /// "8.0"
  std::string computeCapability() const;
};

/// Every architecture in the model, oldest first.
llvm::ArrayRef<ArchInfo> allArchs();

/// Looks up "sm_80", "sm_90a", "sm_100f", "compute_80", "80" or "8.0".
/// The 'a' and 'f' suffixed variants map to their base architecture.
/// Returns null when unknown.
const ArchInfo *findArch(llvm::StringRef Spelling);

/// Like findArch, but an unknown spelling is an error that lists the known
/// architectures.
llvm::Expected<const ArchInfo &> lookupArch(llvm::StringRef Spelling);

/// Success when every one of Archs is known to the model; else lookupArch's
/// error for the first that is not.
llvm::Error checkKnownArchs(llvm::ArrayRef<std::string> Archs);

/// A GPU product: an architecture and how many SMs the product has.
struct GpuPreset {
  llvm::StringRef Name; // "H100-SXM", matched case-insensitively
  llvm::StringRef Description;
  unsigned SmVersion; // 90
  unsigned SMCount;

  const ArchInfo &arch() const;
};

llvm::ArrayRef<GpuPreset> allGpuPresets();
const GpuPreset *findGpuPreset(llvm::StringRef Name);
/// Like findGpuPreset; an unknown name is an error listing the known ones.
llvm::Expected<const GpuPreset &> lookupGpuPreset(llvm::StringRef Name);

/// A GPU without a preset: an arch and its SM count (--sm-count, or the
/// config file's and clang-tidy's SMCount), named "<setting>=N", e.g.
/// "--sm-count=78". It owns the text its Preset points into.
struct CustomGpu {
  std::string Name, Description;
  GpuPreset Preset;
};
/// Arch (one spelling lookupArch knows) with SMCount SMs, given by the
/// setting Setting; an error naming what is wrong for an unknown arch or an
/// SM count outside 1..MaxSMCount.
llvm::Expected<std::shared_ptr<const CustomGpu>>
makeCustomGpu(llvm::StringRef Arch, llvm::StringRef SMCount,
              llvm::StringRef Setting = "--sm-count");
/// More SMs than any GPU has (188 on the largest preset): a typo.
inline constexpr unsigned MaxSMCount = 1024;

} // namespace cudalint

#endif // CUDALINT_ARCH_H
