//===- AmdOccupancy.h - Waves per SIMD on AMD GPUs ---------------*- C++
//-*-===//
//
// The occupancy of one HIP kernel launch on one gfx target, a pure function
// of the AMD arch model (AmdArch.h) and the kernel's resources. Waves per
// SIMD follow LLVM 19's AMDGPU backend (GCNSubtarget::computeOccupancy: the
// VGPR, SGPR and LDS/work-group limits), so the answer for a work-group
// size equal to the kernel's flat work-group size maximum is the compiler's
// "Occupancy [waves/SIMD]" remark; bench/hip/occupancy.py checks that on
// generated kernels. Work-groups per CU count whole work-groups. No Clang.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_AMDOCCUPANCY_H
#define CUDALINT_AMDOCCUPANCY_H

#include "cudalint/Arch/AmdArch.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace cudalint {

/// What one launch of one kernel asks of a CU. Register counts are what the
/// compiler reports per kernel (the kernel-resource-usage remark's VGPRs,
/// AGPRs and SGPRs, or the code object's .vgpr_count/.agpr_count/
/// .sgpr_count).
struct AmdOccupancyInput {
  /// Threads per work-group (all three dimensions together).
  unsigned WorkGroupSize = 0;
  /// 32 or 64; 0 for the arch's default (64 on GCN/CDNA, 32 on RDNA).
  unsigned WaveSize = 0;
  AmdCuMode Mode = AmdCuMode::WGP;
  unsigned VGPRs = 0; // architected VGPRs per lane
  unsigned AGPRs = 0; // accumulation VGPRs per lane (CDNA)
  unsigned SGPRs = 0; // including VCC, flat scratch and XNACK
  uint64_t StaticLDS = 0;
  uint64_t DynamicLDS = 0;
};

/// What can cap the waves per SIMD. Each is expressed in waves per SIMD.
enum class AmdLimit : unsigned {
  Waves = 1u << 0,      // the SIMD's wave slots
  WorkGroups = 1u << 1, // work-group slots per CU: waves and barriers
  VGPRs = 1u << 2,
  SGPRs = 1u << 3,
  LDS = 1u << 4,
};
constexpr AmdLimit AllAmdLimits[] = {AmdLimit::Waves, AmdLimit::WorkGroups,
                                     AmdLimit::VGPRs, AmdLimit::SGPRs,
                                     AmdLimit::LDS};
/// "waves", "work_groups", "vgprs", "sgprs", "lds".
llvm::StringRef amdLimitName(AmdLimit L);

/// Why a launch cannot run (bits).
enum class AmdLaunchFailure : unsigned {
  None = 0,
  WorkGroupTooLarge = 1u << 0,   // more threads than the arch allows
  LDSPerWorkGroup = 1u << 1,     // more LDS than one work-group may have
  TooManyVGPRs = 1u << 2,        // more VGPRs than one wave can hold
  WorkGroupDoesNotFit = 1u << 3, // its waves need more VGPRs/SGPRs than a CU
  WaveSizeUnsupported = 1u << 4, // wave32 on GCN/CDNA
};

constexpr unsigned AmdUnlimited = std::numeric_limits<unsigned>::max();

struct AmdOccupancyResult {
  unsigned WaveSize = 0;
  unsigned WavesPerWorkGroup = 0;
  unsigned SIMDs = 0; // SIMDs sharing a work-group (per CU, or WGP)
  unsigned MaxWavesPerSIMD = 0;
  /// The answer: resident waves per SIMD, as the AMDGPU backend computes it
  /// (0 when the launch cannot run).
  unsigned WavesPerSIMD = 0;
  /// Whole work-groups resident on one CU (one WGP in WGP mode).
  unsigned WorkGroupsPerCU = 0;
  /// Waves per SIMD each limit allows (AmdUnlimited when not a limit).
  unsigned WavesLimitedByWaves = 0;
  unsigned WavesLimitedByWorkGroups = 0;
  unsigned WavesLimitedByVGPRs = AmdUnlimited;
  unsigned WavesLimitedBySGPRs = AmdUnlimited;
  unsigned WavesLimitedByLDS = AmdUnlimited;
  /// Work-group slots per CU: waves and barriers, before registers and LDS.
  unsigned WorkGroupSlotsPerCU = 0;
  /// VGPRs a wave is charged (VGPRs and AGPRs together) and allocated (after
  /// the granule).
  unsigned ChargedVGPRs = 0;
  unsigned AllocatedVGPRs = 0;
  uint64_t LDSPerWorkGroup = 0; // static + dynamic
  unsigned BindingMask = 0;
  unsigned FailureMask = 0;

  bool launchable() const { return FailureMask == 0; }
  bool fails(AmdLaunchFailure F) const {
    return FailureMask & static_cast<unsigned>(F);
  }
  bool binds(AmdLimit L) const {
    return BindingMask & static_cast<unsigned>(L);
  }
  unsigned wavesLimitedBy(AmdLimit L) const;
  /// Waves per SIMD over the SIMD's maximum, 0..1.
  double occupancy() const {
    return MaxWavesPerSIMD ? double(WavesPerSIMD) / MaxWavesPerSIMD : 0.0;
  }
};

/// Checks that an input is meaningful (not that it can launch): a message
/// naming the offending field otherwise.
llvm::Error validateAmdInput(const AmdOccupancyInput &In);

/// The occupancy of one launch. The input must be valid.
AmdOccupancyResult computeAmdOccupancy(const AmdArchInfo &Arch,
                                       const AmdOccupancyInput &In);

/// Why a launch cannot run, in words; empty when it can.
std::string describeAmdFailure(const AmdArchInfo &Arch,
                               const AmdOccupancyInput &In,
                               const AmdOccupancyResult &R);

/// One question to the calculator.
struct AmdOccupancyQuery {
  const AmdArchInfo *Arch = nullptr;
  const AmdGpuPreset *Gpu = nullptr; // optional: whole-GPU figures
  AmdOccupancyInput Input;
  /// The kernel's flat work-group size maximum (0: none): suggested sizes
  /// stay within it.
  unsigned MaxThreads = 0;
};

//===-- The smallest change that lifts occupancy by one wave --------------===//

/// The most VGPRs (VGPRs and AGPRs as chargedVGPRs counts them) a wave may
/// be charged for one more wave per SIMD, or none when VGPRs do not bind or
/// fewer would not help.
std::optional<unsigned> vgprsForNextWave(const AmdArchInfo &Arch,
                                         const AmdOccupancyInput &In);
/// The most SGPRs for one more wave per SIMD (gfx9 only), or none.
std::optional<unsigned> sgprsForNextWave(const AmdArchInfo &Arch,
                                         const AmdOccupancyInput &In);
/// The most LDS per work-group (static + dynamic) for one more wave per
/// SIMD, or none.
std::optional<uint64_t> ldsForNextWave(const AmdArchInfo &Arch,
                                       const AmdOccupancyInput &In);

struct AmdWorkGroupChoice {
  unsigned WorkGroupSize;
  unsigned WavesPerSIMD;
  unsigned WorkGroupsPerCU;
};
/// Work-group sizes (wave multiples up to MaxThreads, default 1024) reaching
/// the most waves per SIMD with the input's registers and LDS, largest
/// first.
llvm::SmallVector<AmdWorkGroupChoice, 8>
bestWorkGroupSizes(const AmdArchInfo &Arch, const AmdOccupancyInput &In,
                   unsigned MaxThreads = 0);

} // namespace cudalint

#endif // CUDALINT_AMDOCCUPANCY_H
