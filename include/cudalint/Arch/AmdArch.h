//===- AmdArch.h - AMD GPU architecture facts per gfx target ----*- C++ -*-===//
//
// The hardware limits of AMD GPUs that HIP code targets, one row per gfx
// target (gfx906, gfx90a, gfx1100, ...), beside the CUDA model in Arch.h and
// independent of it: AMD counts waves per SIMD and work-groups per CU where
// NVIDIA counts warps and blocks per SM. Every number's source (LLVM 19's
// AMDGPU backend, AMD's ISA guides, the ROCm thunk) is written next to the
// table in lib/Arch/AmdArchTable.cpp and in docs/arch-model.md (AMD section).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_AMDARCH_H
#define CUDALINT_AMDARCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

namespace cudalint {

/// The vector register file as a wave of one size sees it.
struct AmdVgprFile {
  /// 64 or 32; 0 when the arch cannot run waves of this size.
  unsigned WaveSize = 0;
  /// VGPRs per SIMD lane the resident waves share (LLVM getTotalNumVGPRs).
  /// On gfx90a and newer CDNA it holds VGPRs and AGPRs together.
  unsigned VGPRsPerLane = 0;
  /// VGPRs are allocated per wave in multiples of this (LLVM
  /// getVGPRAllocGranule).
  unsigned AllocationGranule = 0;

  bool supported() const { return WaveSize != 0; }
};

/// How a kernel's work-groups are placed on an RDNA GPU: on a work-group
/// processor (two CUs, four SIMD32, the LDS of both; the compiler's default)
/// or on one CU (-mcumode). GCN and CDNA have CUs only.
enum class AmdCuMode { WGP, CU };

/// The limits of one gfx target. Sizes in bytes, registers in 32-bit
/// registers per lane.
struct AmdArchInfo {
  llvm::StringLiteral Name;    // "gfx90a"
  llvm::StringLiteral Family;  // "CDNA2"
  llvm::StringLiteral Example; // "Instinct MI210/MI250X"
  /// The gfx IP major version (9, 10, 11, 12): the backend keys SGPR and
  /// barrier rules on it.
  unsigned Major;

  /// The wave size a compile gets without -mwavefrontsize64 (64 on GCN and
  /// CDNA, 32 on RDNA).
  unsigned DefaultWaveSize;
  AmdVgprFile Wave64;
  AmdVgprFile Wave32;
  /// Architected VGPRs one wave can address (256); with AGPRs, a wave on
  /// gfx90a and newer addresses 512 of the unified file.
  unsigned AddressableVGPRs;
  /// Accumulation registers (AGPRs) for matrix instructions: none, a
  /// separate file of the same size (gfx908), or allocated after the VGPRs
  /// in one unified file, the VGPR count rounded up to 4 (gfx90a and newer).
  enum class AgprKind { None, Separate, Unified } Agprs;

  /// SGPRs one wave can address (LLVM getAddressableNumSGPRs).
  unsigned AddressableSGPRs;
  /// Whether SGPRs limit waves per SIMD (before gfx10; from gfx10 on each
  /// wave has its own SGPRs). When they do, wavesWithSGPRs gives the count.
  bool SGPRsLimitOccupancy;

  /// The most waves one SIMD holds (LLVM getMaxWavesPerEU).
  unsigned MaxWavesPerSIMD;
  /// SIMDs a work-group's waves share: per CU on GCN/CDNA; on RDNA per WGP
  /// (4) in the default WGP mode, per CU (2) in CU mode.
  unsigned SIMDsPerCU;
  unsigned SIMDsPerCUInCuMode; // == SIMDsPerCU where there is no WGP
  bool HasWGP;

  /// LDS one work-group can allocate.
  uint64_t LDSPerWorkGroup;
  /// LDS the work-groups resident on one CU share (per WGP in WGP mode).
  uint64_t LDSPerCU;
  uint64_t LDSPerCUInCuMode;

  unsigned MaxThreadsPerWorkGroup; // 1024 everywhere
  /// Work-groups of more than one wave use a hardware barrier; a CU has this
  /// many (a WGP twice as many). Single-wave work-groups use none.
  unsigned BarriersPerCU;
  unsigned BarriersPerCUInWGPMode;

  /// The VGPR file for a wave size, or null when the arch has none of that
  /// size.
  const AmdVgprFile *vgprFile(unsigned WaveSize) const;
  unsigned simdsPer(AmdCuMode Mode) const {
    return Mode == AmdCuMode::CU ? SIMDsPerCUInCuMode : SIMDsPerCU;
  }
  uint64_t ldsPer(AmdCuMode Mode) const {
    return Mode == AmdCuMode::CU ? LDSPerCUInCuMode : LDSPerCU;
  }
  unsigned barriersPer(AmdCuMode Mode) const {
    return Mode == AmdCuMode::WGP && HasWGP ? BarriersPerCUInWGPMode
                                            : BarriersPerCU;
  }
  /// Waves per SIMD SGPRs allow, by the backend's table
  /// (GCNSubtarget::getOccupancyWithNumSGPRs); MaxWavesPerSIMD where SGPRs
  /// do not limit occupancy.
  unsigned wavesWithSGPRs(unsigned SGPRs) const;
  /// The VGPRs a wave of WaveSize is charged for VGPRs architected and AGPRs
  /// accumulation registers (the backend's getTotalNumVGPRs(AGPR, VGPR)):
  /// the larger of the two with a separate AGPR file, VGPRs rounded up to 4
  /// plus AGPRs in a unified one.
  unsigned chargedVGPRs(unsigned VGPRs, unsigned AGPRs) const;
};

/// Every gfx target in the model, oldest first.
llvm::ArrayRef<AmdArchInfo> allAmdArchs();

/// Looks up "gfx90a", also with target-ID features ("gfx90a:sramecc+:xnack-")
/// and case-insensitively. Null when unknown.
const AmdArchInfo *findAmdArch(llvm::StringRef Spelling);
/// Like findAmdArch; an unknown name is an error listing the known targets.
llvm::Expected<const AmdArchInfo &> lookupAmdArch(llvm::StringRef Spelling);
/// Whether a spelling looks like an AMD target ("gfx" followed by a
/// version), known to the model or not: tells "unknown AMD arch" apart from
/// a CUDA arch.
bool isAmdArchSpelling(llvm::StringRef Spelling);

/// An AMD GPU product: a gfx target and its compute units, as one HIP
/// device sees it (an MI250X is two devices of 110 CUs each).
struct AmdGpuPreset {
  llvm::StringRef Name; // "MI300X", matched as findGpuPreset matches
  llvm::StringRef Description;
  llvm::StringRef ArchName; // "gfx942"
  unsigned ComputeUnits;

  const AmdArchInfo &arch() const;
};

llvm::ArrayRef<AmdGpuPreset> allAmdGpuPresets();
const AmdGpuPreset *findAmdGpuPreset(llvm::StringRef Name);
/// Like findAmdGpuPreset; an unknown name is an error listing the known ones.
llvm::Expected<const AmdGpuPreset &> lookupAmdGpuPreset(llvm::StringRef Name);

} // namespace cudalint

#endif // CUDALINT_AMDARCH_H
