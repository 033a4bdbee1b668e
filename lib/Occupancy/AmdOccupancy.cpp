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

unsigned clampToUnsigned(uint64_t X) {
  return X >= AmdUnlimited ? AmdUnlimited - 1 : unsigned(X);
}

/// Waves per SIMD of Groups resident work-groups of Waves waves each, spread
/// over Simds SIMDs (rounded up, as the backend rounds).
unsigned wavesPerSIMDOfGroups(uint64_t Groups, unsigned Waves, unsigned Simds) {
  return clampToUnsigned(divideCeil(Groups * Waves, Simds));
}
} // namespace

StringRef amdLimitName(AmdLimit L) {
  switch (L) {
  case AmdLimit::Waves:
    return "waves";
  case AmdLimit::WorkGroups:
    return "work_groups";
  case AmdLimit::VGPRs:
    return "vgprs";
  case AmdLimit::SGPRs:
    return "sgprs";
  case AmdLimit::LDS:
    return "lds";
  }
  llvm_unreachable("unknown AMD limit");
}

unsigned AmdOccupancyResult::wavesLimitedBy(AmdLimit L) const {
  switch (L) {
  case AmdLimit::Waves:
    return WavesLimitedByWaves;
  case AmdLimit::WorkGroups:
    return WavesLimitedByWorkGroups;
  case AmdLimit::VGPRs:
    return WavesLimitedByVGPRs;
  case AmdLimit::SGPRs:
    return WavesLimitedBySGPRs;
  case AmdLimit::LDS:
    return WavesLimitedByLDS;
  }
  llvm_unreachable("unknown AMD limit");
}

Error validateAmdInput(const AmdOccupancyInput &In) {
  auto Bad = [](const char *Field, const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             Twine(Field) + ": " + Why);
  };
  if (In.WorkGroupSize == 0)
    return Bad("threads", "must be at least 1");
  if (In.WorkGroupSize > MaxThreadsAccepted)
    return Bad("threads", Twine(In.WorkGroupSize) +
                              " is not a plausible work-group size (at most " +
                              Twine(MaxThreadsAccepted) + " accepted)");
  if (In.WaveSize != 0 && In.WaveSize != 32 && In.WaveSize != 64)
    return Bad("wave_size", Twine(In.WaveSize) + " is not 32 or 64");
  for (auto [Field, Count] :
       {std::pair{"vgprs", In.VGPRs}, {"agprs", In.AGPRs}, {"sgprs", In.SGPRs}})
    if (Count > MaxRegistersAccepted)
      return Bad(Field, Twine(Count) +
                            " registers per lane is not plausible (at most " +
                            Twine(MaxRegistersAccepted) + " accepted)");
  if (In.StaticLDS > MaxLDSAccepted)
    return Bad("lds", Twine(In.StaticLDS) + " bytes is not a plausible LDS "
                                            "size");
  if (In.DynamicLDS > MaxLDSAccepted)
    return Bad("dyn_lds",
               Twine(In.DynamicLDS) + " bytes is not a plausible LDS size");
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

  // A work-group runs on one CU with all its waves at once: each SIMD must
  // hold its share of them.
  const unsigned SharePerSIMD = unsigned(divideCeil(Waves, R.SIMDs));
  const unsigned RegisterWaves = std::min(
      {R.WavesLimitedByVGPRs, R.WavesLimitedBySGPRs, Arch.MaxWavesPerSIMD});
  if (!R.fails(AmdLaunchFailure::TooManyVGPRs) && RegisterWaves < SharePerSIMD)
    R.FailureMask |= unsigned(AmdLaunchFailure::WorkGroupDoesNotFit);
  if (!R.launchable())
    return R;

  unsigned Answer = AmdUnlimited;
  for (AmdLimit L : AllAmdLimits)
    Answer = std::min(Answer, R.wavesLimitedBy(L));
  for (AmdLimit L : AllAmdLimits)
    if (R.wavesLimitedBy(L) == Answer)
      R.BindingMask |= unsigned(L);
  R.WavesPerSIMD = Answer;
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
  uint64_t Total = In.StaticLDS + In.DynamicLDS;
  if (Total == 0 || !Admits(0))
    return std::nullopt;
  uint64_t Lo = 0, Hi = Total - 1; // Admits(Lo) holds.
  while (Lo < Hi) {
    uint64_t Mid = Lo + (Hi - Lo + 1) / 2;
    if (Admits(Mid))
      Lo = Mid;
    else
      Hi = Mid - 1;
  }
  return Lo;
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
