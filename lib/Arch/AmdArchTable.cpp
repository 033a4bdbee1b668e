//===- AmdArchTable.cpp - Per gfx target hardware limits ------------------===//
//
// Sources, abbreviated in the comments below (docs/arch-model.md, AMD
// section, has the full list and the per-field table):
//   [BI]   LLVM 19's AMDGPU backend, Utils/AMDGPUBaseInfo.cpp, IsaInfo::
//          getWavefrontSize, getTotalNumVGPRs, getVGPRAllocGranule,
//          getAddressableNumVGPRs, getAddressableNumSGPRs, getMaxWavesPerEU,
//          getEUsPerCU, getLocalMemorySize, getAddressableLocalMemorySize,
//          getMaxWorkGroupsPerCU, getMaxFlatWorkGroupSize.
//   [GCN]  LLVM 19, GCNSubtarget.cpp getOccupancyWithNumSGPRs and
//          SIProgramInfo/AMDGPUMCExpr getTotalNumVGPRs (AGPR accounting).
//   [TD]   LLVM 19, AMDGPU.td: which processor has FeatureGFX90AInsts,
//          FeatureGFX10_3Insts, FeatureGFX11FullVGPRs, FeatureCuMode.
//   [L20]  LLVM 20, the first release that knows gfx950 (AMDGPU.td
//          FeatureISAVersion9_5_Common: 160 KiB of LDS).
//   [KFD]  ROCm's thunk (ROCT-Thunk-Interface, hsakmt
//          get_vgpr_size_per_cu): VGPR bytes per CU per GPU family.
//   [ISA]  AMD's ISA reference guides (Vega 7nm, CDNA1/2/3, RDNA2/3/4).
// Everything marked [BI]/[GCN]/[TD] was also checked against clang++-19's
// kernel-resource-usage remarks on this machine (bench/hip/occupancy.py),
// except gfx950, which clang 19 does not know.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Arch/AmdArch.h"

#include "TableLookup.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;

namespace cudalint {

namespace {
constexpr uint64_t KiB = 1024;
using Agpr = AmdArchInfo::AgprKind;

// GCN/CDNA (gfx9): wave64 only [BI getWavefrontSize]; four SIMD16 per CU, no
// WGP [BI getEUsPerCU]; 64 KiB of LDS per work-group and per CU unless given
// [BI getLocalMemorySize, FeatureLocalMemorySize65536]; 102 addressable SGPRs
// that limit occupancy [BI getAddressableNumSGPRs, gfx8/9; GCN]; 16
// work-groups of more than one wave per CU [BI getMaxWorkGroupsPerCU]; 1024
// threads [BI getMaxFlatWorkGroupSize]. 800 SGPRs per SIMD, allocated in 16s
// [BI getTotalNumSGPRs, getSGPRAllocGranule].
AmdArchInfo gfx9Target(StringLiteral Name, StringLiteral Family,
                       StringLiteral Example, AmdVgprFile Wave64,
                       unsigned AddressableVGPRs, Agpr Agprs,
                       unsigned MaxWavesPerSIMD, uint64_t LDS = 64 * KiB) {
  return {Name,  Family, Example, 9,
          64,    Wave64, {},      AddressableVGPRs,
          Agprs, 102,    true,    MaxWavesPerSIMD,
          4,     4,      false,   LDS,
          LDS,   LDS,    1024,    16,
          16,    800,    16};
}

// RDNA (gfx10+): wave32 by default; 256 addressable VGPRs and no AGPRs [BI];
// 106 addressable SGPRs that do not limit occupancy [BI, GCN gfx10+]; four
// SIMD32 per WGP, two per CU in CU mode [BI getEUsPerCU]; 64 KiB per
// work-group, 128 KiB per WGP, 64 KiB per CU in CU mode [BI
// getLocalMemorySize doubles the size in WGP mode]; 16 barriers per CU, 32
// per WGP [BI getMaxWorkGroupsPerCU]; 1024 threads.
AmdArchInfo rdnaTarget(StringLiteral Name, StringLiteral Family,
                       StringLiteral Example, unsigned Major,
                       AmdVgprFile Wave64, AmdVgprFile Wave32,
                       unsigned MaxWavesPerSIMD) {
  return {Name,   Family, Example,    Major,    32,        Wave64,
          Wave32, 256,    Agpr::None, 106,      false,     MaxWavesPerSIMD,
          4,      2,      true,       64 * KiB, 128 * KiB, 64 * KiB,
          1024,   16,     32,         800,      106};
}

const AmdArchInfo AmdArchs[] = {
    // Vega 10 (MI25): 256 VGPRs per lane, granule 4 [BI]; 10 waves per SIMD
    // [BI getMaxWavesPerEU]. 256 KiB of VGPRs per CU [KFD].
    gfx9Target("gfx900", "GCN5", "Instinct MI25, Radeon RX Vega 64",
               {64, 256, 4}, 256, Agpr::None, 10),
    // Vega 20 (MI50/MI60, Radeon VII): as gfx900 [BI].
    gfx9Target("gfx906", "GCN5", "Instinct MI50/MI60, Radeon VII", {64, 256, 4},
               256, Agpr::None, 10),
    // CDNA1 (MI100): 256 VGPRs and a separate file of 256 AGPRs per lane; a
    // wave is charged the larger count [GCN getTotalNumVGPRs without
    // GFX90AInsts]; 512 KiB of VGPRs and AGPRs per CU [KFD]. 10 waves [BI].
    gfx9Target("gfx908", "CDNA1", "Instinct MI100", {64, 256, 4}, 256,
               Agpr::Separate, 10),
    // CDNA2 (MI210/MI250/MI250X): one file of 512 VGPRs+AGPRs per lane,
    // granule 8, a wave addressing up to 512 [BI, GFX90AInsts]; AGPRs start
    // after the VGPRs rounded up to 4 [GCN]; 8 waves per SIMD [BI isGFX90A].
    gfx9Target("gfx90a", "CDNA2", "Instinct MI210/MI250/MI250X", {64, 512, 8},
               512, Agpr::Unified, 8),
    // CDNA3 (MI300 family): as gfx90a [BI, TD: GFX90AInsts]. gfx940 and gfx941
    // are the pre-production MI300 targets LLVM 19 still accepts.
    gfx9Target("gfx940", "CDNA3", "Instinct MI300 (early)", {64, 512, 8}, 512,
               Agpr::Unified, 8),
    gfx9Target("gfx941", "CDNA3", "Instinct MI300 (early)", {64, 512, 8}, 512,
               Agpr::Unified, 8),
    gfx9Target("gfx942", "CDNA3", "Instinct MI300X/MI300A/MI325X", {64, 512, 8},
               512, Agpr::Unified, 8),
    // CDNA4 (MI350X/MI355X): as gfx942 but 160 KiB of LDS per work-group and
    // per CU [L20]. Not checked against a compiler here: clang 19 rejects
    // the target.
    gfx9Target("gfx950", "CDNA4", "Instinct MI350X/MI355X", {64, 512, 8}, 512,
               Agpr::Unified, 8, 160 * KiB),
    // RDNA1 (RX 5700 XT): 1024 VGPRs per lane in wave32, 512 in wave64,
    // granule 8 / 4 [BI: no GFX10_3Insts]; 20 waves per SIMD [BI].
    rdnaTarget("gfx1010", "RDNA1", "Radeon RX 5700 XT", 10, {64, 512, 4},
               {32, 1024, 8}, 20),
    // RDNA2 (RX 6800/6900, PRO W6800): granule 16 / 8 [BI GFX10_3Insts]; 16
    // waves per SIMD [BI]. 256 KiB of VGPRs per CU [KFD].
    rdnaTarget("gfx1030", "RDNA2", "Radeon RX 6800/6900 XT, PRO W6800", 10,
               {64, 512, 8}, {32, 1024, 16}, 16),
    // RDNA3 Navi 31/32: 1536 VGPRs per lane in wave32, 768 in wave64,
    // granule 24 / 12 [BI, TD: FeatureGFX11FullVGPRs]; 384 KiB per CU [KFD].
    rdnaTarget("gfx1100", "RDNA3", "Radeon RX 7900 XTX/XT, PRO W7900/W7800", 11,
               {64, 768, 12}, {32, 1536, 24}, 16),
    rdnaTarget("gfx1101", "RDNA3", "Radeon RX 7800 XT/7700 XT, PRO W7700", 11,
               {64, 768, 12}, {32, 1536, 24}, 16),
    // RDNA3 Navi 33: the smaller file, as gfx1030 [BI, TD: no full VGPRs].
    rdnaTarget("gfx1102", "RDNA3", "Radeon RX 7600, PRO W7600", 11,
               {64, 512, 8}, {32, 1024, 16}, 16),
    // RDNA4 (RX 9060/9070): as gfx1100 [BI, TD; KFD: 384 KiB per CU].
    rdnaTarget("gfx1200", "RDNA4", "Radeon RX 9060 XT", 12, {64, 768, 12},
               {32, 1536, 24}, 16),
    rdnaTarget("gfx1201", "RDNA4", "Radeon RX 9070 XT/9070, AI PRO R9700", 12,
               {64, 768, 12}, {32, 1536, 24}, 16),
};

} // namespace

const AmdVgprFile *AmdArchInfo::vgprFile(unsigned WaveSize) const {
  if (WaveSize == 64 && Wave64.supported())
    return &Wave64;
  if (WaveSize == 32 && Wave32.supported())
    return &Wave32;
  return nullptr;
}

unsigned AmdArchInfo::wavesWithSGPRs(unsigned SGPRs) const {
  if (!SGPRsLimitOccupancy)
    return MaxWavesPerSIMD;
  // [GCN] getOccupancyWithNumSGPRs, gfx8/gfx9 (800 SGPRs per SIMD, allocated
  // in 16s, with the backend's own thresholds).
  unsigned Waves = SGPRs <= 80 ? 10 : SGPRs <= 88 ? 9 : SGPRs <= 100 ? 8 : 7;
  return std::min(Waves, MaxWavesPerSIMD);
}

unsigned AmdArchInfo::chargedVGPRs(unsigned VGPRs, unsigned AGPRs) const {
  if (Agprs == AgprKind::Unified && AGPRs)
    return alignTo(VGPRs, 4) + AGPRs;
  return std::max(VGPRs, AGPRs);
}

ArrayRef<AmdArchInfo> allAmdArchs() { return AmdArchs; }

bool isAmdArchSpelling(StringRef Spelling) {
  StringRef S = Spelling.trim();
  S = S.take_until([](char C) { return C == ':'; });
  if (!S.consume_front_insensitive("gfx") || S.empty())
    return false;
  return all_of(S, [](char C) { return isHexDigit(C); });
}

const AmdArchInfo *findAmdArch(StringRef Spelling) {
  // A target ID carries features after the processor: "gfx90a:xnack+".
  StringRef Processor =
      Spelling.trim().take_until([](char C) { return C == ':'; });
  for (const AmdArchInfo &A : AmdArchs)
    if (Processor.equals_insensitive(A.Name))
      return &A;
  return nullptr;
}

Expected<const AmdArchInfo &> lookupAmdArch(StringRef Spelling) {
  return foundOrKnownList(findAmdArch(Spelling), allAmdArchs(),
                          "AMD GPU target", Spelling);
}

} // namespace cudalint
