//===- AmdOccupancy.cpp - Waves per SIMD, as the AMDGPU backend counts ----===//
//
// Follows LLVM 19's GCNSubtarget::computeOccupancy: the least of the SIMD's
// wave slots (getMaxWavesPerEU), the waves the LDS and the work-group slots
// allow (AMDGPUSubtarget::getOccupancyWithLocalMemSize with
// getMaxWorkGroupsPerCU), the VGPR limit (getNumWavesPerEUWithNumVGPRs) and,
// before gfx10, the SGPR limit (getOccupancyWithNumSGPRs). The backend folds
// the work-group slots into its LDS limit; we keep them apart so that the
// binding limit can be named, which gives the same least value.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Occupancy/AmdOccupancy.h"

#include "OccupancySupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;

namespace cudalint {

namespace {
constexpr unsigned MaxThreadsAccepted = 1u << 20;
constexpr unsigned MaxRegistersAccepted = 4096;
constexpr uint64_t MaxLDSAccepted = 64ull << 20;

/// LLVM 19 IsaInfo::getMinNumVGPRs: the fewest VGPRs the backend charges a
/// kernel that asks for at most Waves waves per SIMD (0: no floor), so that
/// its VGPRs allow no more.
unsigned vgprFloorForWaves(const AmdArchInfo &Arch, const AmdVgprFile &File,
                           unsigned Waves) {
  if (Waves >= Arch.MaxWavesPerSIMD)
    return 0;
  const unsigned Total = File.VGPRsPerLane, Granule = File.AllocationGranule;
  const unsigned MostVGPRs = unsigned(alignDown(Total / Waves, Granule));
  if (MostVGPRs == alignDown(Total / Arch.MaxWavesPerSIMD, Granule))
    return 0;
  // The addressable VGPRs allow no fewer waves than this.
  const unsigned FewestWaves =
      std::min(Arch.MaxWavesPerSIMD,
               Total / unsigned(alignTo(Arch.AddressableVGPRs, Granule)));
  if (Waves < FewestWaves)
    return vgprFloorForWaves(Arch, File, FewestWaves);
  const unsigned MostVGPRsNext =
      unsigned(alignDown(Total / (Waves + 1), Granule));
  return std::min(1 + std::min(MostVGPRs - Granule, MostVGPRsNext),
                  Arch.AddressableVGPRs);
}

/// LLVM 19 IsaInfo::getMinNumSGPRs (gfx9): the SGPR floor for at most Waves
/// waves per SIMD (0: none).
unsigned sgprFloorForWaves(const AmdArchInfo &Arch, unsigned Waves) {
  if (!Arch.SGPRsLimitOccupancy || Waves >= Arch.MaxWavesPerSIMD)
    return 0;
  return std::min(unsigned(alignDown(Arch.SGPRsPerSIMD / (Waves + 1),
                                     Arch.SGPRAllocationGranule)) +
                      1,
                  Arch.AddressableSGPRs);
}

unsigned clampToUnsigned(uint64_t X) {
  return X >= AmdUnlimited ? AmdUnlimited - 1 : unsigned(X);
}

/// Waves per SIMD of Groups resident work-groups of Waves waves each, spread
/// over Simds SIMDs (rounded up, as the backend rounds).
unsigned wavesPerSIMDOfGroups(uint64_t Groups, unsigned Waves, unsigned Simds) {
  return clampToUnsigned(divideCeil(Groups * Waves, Simds));
}
} // namespace

namespace {
constexpr LimitRow<AmdLimit, AmdOccupancyResult> AmdLimitRows[] = {
    {AmdLimit::Waves, "waves", &AmdOccupancyResult::WavesLimitedByWaves},
    {AmdLimit::WorkGroups, "work_groups",
     &AmdOccupancyResult::WavesLimitedByWorkGroups},
    {AmdLimit::VGPRs, "vgprs", &AmdOccupancyResult::WavesLimitedByVGPRs},
    {AmdLimit::SGPRs, "sgprs", &AmdOccupancyResult::WavesLimitedBySGPRs},
    {AmdLimit::LDS, "lds", &AmdOccupancyResult::WavesLimitedByLDS},
    {AmdLimit::WavesPerEU, "waves_per_eu",
     &AmdOccupancyResult::WavesLimitedByWavesPerEU}};
} // namespace

StringRef amdLimitName(AmdLimit L) { return rowOf(AmdLimitRows, L).Name; }

unsigned AmdOccupancyResult::wavesLimitedBy(AmdLimit L) const {
  return this->*rowOf(AmdLimitRows, L).Allowed;
}

Error validateAmdInput(const AmdOccupancyInput &In) {
  if (Error E =
          checkThreadCount(In.WorkGroupSize, MaxThreadsAccepted, "work-group"))
    return E;
  if (In.WaveSize != 0 && In.WaveSize != 32 && In.WaveSize != 64)
    return invalidInput("wave_size", Twine(In.WaveSize) + " is not 32 or 64");
  const char *RegisterRefusal = " registers per lane is not plausible";
  if (Error E = firstOverBound(
          {{"vgprs", In.VGPRs, MaxRegistersAccepted, RegisterRefusal},
           {"agprs", In.AGPRs, MaxRegistersAccepted, RegisterRefusal},
           {"sgprs", In.SGPRs, MaxRegistersAccepted, RegisterRefusal}}))
    return E;
  for (auto [Field, Waves] : {std::pair{"min_waves_per_eu", In.MinWavesPerEU},
                              {"max_waves_per_eu", In.MaxWavesPerEU}})
    if (Waves > 64)
      return invalidInput(Field,
                          Twine(Waves) + " waves per SIMD is not plausible");
  for (auto [Field, Bytes] :
       {std::pair{"lds", In.StaticLDS}, {"dyn_lds", In.DynamicLDS}})
    if (Bytes > MaxLDSAccepted)
      return invalidInput(Field,
                          Twine(Bytes) + " bytes is not a plausible LDS size");
  return Error::success();
}

AmdOccupancyResult computeAmdOccupancy(const AmdArchInfo &Arch,
                                       const AmdOccupancyInput &In) {
  AmdOccupancyResult R;
  R.WaveSize = In.WaveSize ? In.WaveSize : Arch.DefaultWaveSize;
  R.SIMDs = Arch.simdsPer(In.Mode);
  R.MaxWavesPerSIMD = Arch.MaxWavesPerSIMD;
  R.WavesLimitedByWaves = Arch.MaxWavesPerSIMD;
  R.WavesPerWorkGroup = unsigned(divideCeil(In.WorkGroupSize, R.WaveSize));
  const unsigned Waves = R.WavesPerWorkGroup;
  const AmdVgprFile *File = Arch.vgprFile(R.WaveSize);
  if (!File) {
    R.FailureMask |= unsigned(AmdLaunchFailure::WaveSizeUnsupported);
    File = Arch.vgprFile(Arch.DefaultWaveSize);
  }
  if (In.WorkGroupSize > Arch.MaxThreadsPerWorkGroup)
    R.FailureMask |= unsigned(AmdLaunchFailure::WorkGroupTooLarge);

  // getMaxWorkGroupsPerCU: the CU's wave slots over the group's waves, and
  // a barrier per group of more than one wave.
  const unsigned WaveSlots = Arch.MaxWavesPerSIMD * R.SIMDs;
  R.WorkGroupSlotsPerCU =
      Waves <= 1 ? WaveSlots
                 : std::min(WaveSlots / Waves, Arch.barriersPer(In.Mode));
  R.WavesLimitedByWorkGroups =
      wavesPerSIMDOfGroups(R.WorkGroupSlotsPerCU, Waves, R.SIMDs);

  // getOccupancyWithLocalMemSize: the work-groups whose LDS fits the CU (the
  // WGP in WGP mode), their waves spread over its SIMDs.
  R.LDSPerWorkGroup = In.StaticLDS + In.DynamicLDS;
  uint64_t LDSGroups = AmdUnlimited;
  if (R.LDSPerWorkGroup > Arch.LDSPerWorkGroup)
    R.FailureMask |= unsigned(AmdLaunchFailure::LDSPerWorkGroup);
  else if (R.LDSPerWorkGroup) {
    LDSGroups = Arch.ldsPer(In.Mode) / R.LDSPerWorkGroup;
    R.WavesLimitedByLDS = wavesPerSIMDOfGroups(LDSGroups, Waves, R.SIMDs);
  }

  // getNumWavesPerEUWithNumVGPRs on the VGPRs and AGPRs the wave is charged.
  R.ChargedVGPRs = Arch.chargedVGPRs(In.VGPRs, In.AGPRs);
  R.AllocatedVGPRs = unsigned(alignTo(R.ChargedVGPRs, File->AllocationGranule));
  if (In.VGPRs > 256 || In.AGPRs > 256 ||
      R.ChargedVGPRs > Arch.AddressableVGPRs ||
      R.AllocatedVGPRs > File->VGPRsPerLane)
    R.FailureMask |= unsigned(AmdLaunchFailure::TooManyVGPRs);
  else if (R.ChargedVGPRs)
    R.WavesLimitedByVGPRs = File->VGPRsPerLane / R.AllocatedVGPRs;

  // The SGPR table tops out at the SIMD's slots: only fewer waves limit.
  if (Arch.SGPRsLimitOccupancy && In.SGPRs &&
      Arch.wavesWithSGPRs(In.SGPRs) < Arch.MaxWavesPerSIMD)
    R.WavesLimitedBySGPRs = Arch.wavesWithSGPRs(In.SGPRs);

  // amdgpu_waves_per_eu's maximum: the backend charges at least the VGPRs
  // and SGPRs that allow no more waves (getMinNumVGPRs, getMinNumSGPRs),
  // where AMDGPUSubtarget::getWavesPerEU keeps the request: a minimum of at
  // least 1 and of the waves the flat work-group size puts on each SIMD, a
  // maximum of at most the slots.
  const unsigned MinWaves = In.MinWavesPerEU ? In.MinWavesPerEU : 1;
  if (In.MaxWavesPerEU && MinWaves <= In.MaxWavesPerEU &&
      In.MaxWavesPerEU <= Arch.MaxWavesPerSIMD &&
      MinWaves >= divideCeil(Waves, R.SIMDs)) {
    if (unsigned Floor = vgprFloorForWaves(Arch, *File, In.MaxWavesPerEU))
      R.WavesLimitedByWavesPerEU =
          File->VGPRsPerLane /
          unsigned(alignTo(Floor, File->AllocationGranule));
    if (unsigned Floor = sgprFloorForWaves(Arch, In.MaxWavesPerEU))
      R.WavesLimitedByWavesPerEU =
          std::min(R.WavesLimitedByWavesPerEU, Arch.wavesWithSGPRs(Floor));
  }

  // A work-group runs on one CU with all its waves at once: each SIMD must
  // hold its share of them.
  const unsigned SharePerSIMD = unsigned(divideCeil(Waves, R.SIMDs));
  const unsigned RegisterWaves = std::min(
      {R.WavesLimitedByVGPRs, R.WavesLimitedBySGPRs, Arch.MaxWavesPerSIMD});
  if (!R.fails(AmdLaunchFailure::TooManyVGPRs) && RegisterWaves < SharePerSIMD)
    R.FailureMask |= unsigned(AmdLaunchFailure::WorkGroupDoesNotFit);
  if (!R.launchable())
    return R;

  R.WavesPerSIMD =
      tightestLimit(AllAmdLimits, R, &AmdOccupancyResult::wavesLimitedBy);
  // Whole work-groups: the slots, the LDS and the waves registers allow on
  // the CU's SIMDs.
  R.WorkGroupsPerCU =
      unsigned(std::min<uint64_t>({R.WorkGroupSlotsPerCU, LDSGroups,
                                   uint64_t(RegisterWaves) * R.SIMDs / Waves}));
  return R;
}

std::string describeAmdFailure(const AmdArchInfo &Arch,
                               const AmdOccupancyInput &In,
                               const AmdOccupancyResult &R) {
  SmallVector<std::string, 3> Reasons;
  if (R.fails(AmdLaunchFailure::WaveSizeUnsupported))
    Reasons.push_back(formatv("{0} runs waves of {1} lanes only, not {2}",
                              Arch.Name, Arch.DefaultWaveSize, R.WaveSize));
  if (R.fails(AmdLaunchFailure::WorkGroupTooLarge))
    Reasons.push_back(formatv("a work-group of {0} threads exceeds the {1} "
                              "maximum of {2}",
                              In.WorkGroupSize, Arch.Name,
                              Arch.MaxThreadsPerWorkGroup));
  if (R.fails(AmdLaunchFailure::LDSPerWorkGroup))
    Reasons.push_back(formatv("{0} B of LDS per work-group ({1} static + {2} "
                              "dynamic) exceed the {3} maximum of {4} B",
                              R.LDSPerWorkGroup, In.StaticLDS, In.DynamicLDS,
                              Arch.Name, Arch.LDSPerWorkGroup));
  if (R.fails(AmdLaunchFailure::TooManyVGPRs))
    Reasons.push_back(formatv("{0} VGPRs and {1} AGPRs per lane are more than "
                              "one wave of {2} lanes can hold on {3}",
                              In.VGPRs, In.AGPRs, R.WaveSize, Arch.Name));
  if (R.fails(AmdLaunchFailure::WorkGroupDoesNotFit)) {
    unsigned Share = unsigned(divideCeil(R.WavesPerWorkGroup, R.SIMDs));
    Reasons.push_back(formatv(
        "a work-group of {0} waves needs {1} waves on each of the {2} SIMDs "
        "of a {3}, but its registers ({4} VGPRs allocated, {5} SGPRs) allow "
        "{6}",
        R.WavesPerWorkGroup, Share, R.SIMDs,
        Arch.HasWGP && In.Mode == AmdCuMode::WGP ? "WGP" : "CU",
        R.AllocatedVGPRs, In.SGPRs,
        std::min(R.WavesLimitedByVGPRs, R.WavesLimitedBySGPRs)));
  }
  return join(Reasons, "; ");
}

std::optional<unsigned> vgprsForNextWave(const AmdArchInfo &Arch,
                                         const AmdOccupancyInput &In) {
  AmdOccupancyResult Current = computeAmdOccupancy(Arch, In);
  const unsigned VGPRFailures = unsigned(AmdLaunchFailure::TooManyVGPRs) |
                                unsigned(AmdLaunchFailure::WorkGroupDoesNotFit);
  if (Current.FailureMask & ~VGPRFailures)
    return std::nullopt;
  if (Current.launchable() && !Current.binds(AmdLimit::VGPRs))
    return std::nullopt;
  // Only the largest count of each smaller allocation can change the answer.
  const AmdVgprFile *File = Arch.vgprFile(Current.WaveSize);
  const unsigned Granule = File->AllocationGranule;
  if (Current.AllocatedVGPRs <= Granule)
    return std::nullopt;
  AmdOccupancyInput Trial = In;
  Trial.AGPRs = 0;
  for (unsigned Count = unsigned(alignDown(
           std::min(Current.AllocatedVGPRs, Arch.AddressableVGPRs) - 1,
           Granule));
       Count >= Granule; Count -= Granule) {
    Trial.VGPRs = Count;
    if (computeAmdOccupancy(Arch, Trial).WavesPerSIMD > Current.WavesPerSIMD)
      return Count;
  }
  return std::nullopt;
}

std::optional<unsigned> sgprsForNextWave(const AmdArchInfo &Arch,
                                         const AmdOccupancyInput &In) {
  AmdOccupancyResult Current = computeAmdOccupancy(Arch, In);
  if (!Arch.SGPRsLimitOccupancy || In.SGPRs == 0)
    return std::nullopt;
  const unsigned SGPRFailure = unsigned(AmdLaunchFailure::WorkGroupDoesNotFit);
  if (Current.FailureMask & ~SGPRFailure)
    return std::nullopt;
  if (Current.launchable() && !Current.binds(AmdLimit::SGPRs))
    return std::nullopt;
  AmdOccupancyInput Trial = In;
  for (Trial.SGPRs = In.SGPRs - 1; Trial.SGPRs > 0; --Trial.SGPRs)
    if (computeAmdOccupancy(Arch, Trial).WavesPerSIMD > Current.WavesPerSIMD)
      return Trial.SGPRs;
  return std::nullopt;
}

std::optional<uint64_t> ldsForNextWave(const AmdArchInfo &Arch,
                                       const AmdOccupancyInput &In) {
  AmdOccupancyResult Current = computeAmdOccupancy(Arch, In);
  if (Current.FailureMask & ~unsigned(AmdLaunchFailure::LDSPerWorkGroup))
    return std::nullopt;
  if (Current.launchable() && !Current.binds(AmdLimit::LDS))
    return std::nullopt;
  // Dynamic LDS shrinks first (the launch can change it), then static;
  // waves never grow with more LDS, so a binary search finds the most.
  auto Admits = [&](uint64_t Total) {
    AmdOccupancyInput Trial = In;
    Trial.StaticLDS = std::min(In.StaticLDS, Total);
    Trial.DynamicLDS = Total - Trial.StaticLDS;
    return computeAmdOccupancy(Arch, Trial).WavesPerSIMD > Current.WavesPerSIMD;
  };
  return largestAdmittedTotal(In.StaticLDS + In.DynamicLDS, Admits);
}

SmallVector<AmdWorkGroupChoice, 8>
bestWorkGroupSizes(const AmdArchInfo &Arch, const AmdOccupancyInput &In,
                   unsigned MaxThreads) {
  const unsigned WaveSize = In.WaveSize ? In.WaveSize : Arch.DefaultWaveSize;
  unsigned Limit = Arch.MaxThreadsPerWorkGroup;
  if (MaxThreads)
    Limit = std::min(Limit, MaxThreads);
  SmallVector<AmdWorkGroupChoice, 8> Best;
  unsigned BestWaves = 0;
  AmdOccupancyInput Trial = In;
  for (unsigned Size = unsigned(alignDown(Limit, WaveSize)); Size >= WaveSize;
       Size -= WaveSize) {
    Trial.WorkGroupSize = Size;
    AmdOccupancyResult R = computeAmdOccupancy(Arch, Trial);
    if (R.WavesPerSIMD == 0 || R.WavesPerSIMD < BestWaves)
      continue;
    if (R.WavesPerSIMD > BestWaves) {
      Best.clear();
      BestWaves = R.WavesPerSIMD;
    }
    Best.push_back({Size, R.WavesPerSIMD, R.WorkGroupsPerCU});
  }
  return Best;
}

} // namespace cudalint
