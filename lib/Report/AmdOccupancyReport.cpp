//===- AmdOccupancyReport.cpp - AMD occupancy calculator output -----------===//

#include "cudalint/Report/AmdOccupancyReport.h"

#include "LimitsJSON.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace cudalint {

namespace {
std::string wavesText(unsigned Waves) {
  return Waves == AmdUnlimited ? std::string("unlimited")
                               : std::to_string(Waves);
}

std::string percent(double Fraction) {
  return formatv("{0:f1}%", Fraction * 100).str();
}

bool inWGPMode(const AmdOccupancyQuery &Q) {
  return Q.Arch->HasWGP && Q.Input.Mode == AmdCuMode::WGP;
}

StringRef unitName(const AmdOccupancyQuery &Q) {
  return inWGPMode(Q) ? "WGP" : "CU";
}
} // namespace

uint64_t amdWorkGroupsPerGpu(const AmdOccupancyQuery &Q,
                             const AmdOccupancyResult &R) {
  if (!Q.Gpu)
    return 0;
  unsigned Units = inWGPMode(Q) ? Q.Gpu->ComputeUnits / 2 : Q.Gpu->ComputeUnits;
  return uint64_t(R.WorkGroupsPerCU) * Units;
}

void printAmdOccupancyReport(raw_ostream &OS, const AmdOccupancyQuery &Q) {
  const AmdArchInfo &Arch = *Q.Arch;
  const AmdOccupancyInput &In = Q.Input;
  AmdOccupancyResult R = computeAmdOccupancy(Arch, In);
  StringRef Unit = unitName(Q);

  OS << "AMD occupancy for " << Arch.Name << " (" << Arch.Family << ", "
     << Arch.Example << ")";
  if (Q.Gpu)
    OS << " on " << Q.Gpu->Description << " (" << Q.Gpu->ComputeUnits
       << " CUs)";
  OS << "\n\n1) Resource usage\n";
  auto Row = [&](StringRef What, const Twine &Value) {
    OS << formatv("   {0,-38}{1}\n", What, Value.str());
  };
  Row("Threads per work-group", Twine(In.WorkGroupSize));
  Row("Wave size",
      Twine(R.WaveSize) + (In.WaveSize ? "" : " (the target's default)"));
  if (Arch.HasWGP)
    Row("Work-group placement",
        inWGPMode(Q) ? "WGP mode (default)" : "CU mode (-mcumode)");
  Row("VGPRs / AGPRs per lane", Twine(In.VGPRs) + " / " + Twine(In.AGPRs));
  Row("SGPRs per wave", Twine(In.SGPRs));
  Row("LDS per work-group", Twine(In.StaticLDS) + " B static + " +
                                Twine(In.DynamicLDS) + " B dynamic");

  OS << "\n2) Allocated resources\n";
  Row("Waves per work-group", Twine(R.WavesPerWorkGroup) + " over " +
                                  Twine(R.SIMDs) + " SIMDs per " + Unit);
  const AmdVgprFile *File = Arch.vgprFile(R.WaveSize);
  if (File)
    Row("VGPRs allocated per wave",
        Twine(R.AllocatedVGPRs) + " of " + Twine(File->VGPRsPerLane) +
            " per lane (granule " + Twine(File->AllocationGranule) + ")");
  Row("LDS per " + Unit.str(), Twine(Arch.ldsPer(In.Mode)) + " B");

  OS << "\n3) Waves per SIMD allowed by                      Waves\n";
  auto LimitRow = [&](StringRef What, AmdLimit L) {
    OS << formatv("   {0,-42}{1,11}", What, wavesText(R.wavesLimitedBy(L)));
    if (R.binds(L))
      OS << "   <- limits occupancy";
    OS << "\n";
  };
  LimitRow(formatv("wave slots ({0} per SIMD)", Arch.MaxWavesPerSIMD).str(),
           AmdLimit::Waves);
  LimitRow(
      formatv("work-group slots ({0} per {1})", R.WorkGroupSlotsPerCU, Unit)
          .str(),
      AmdLimit::WorkGroups);
  LimitRow("VGPRs", AmdLimit::VGPRs);
  LimitRow(Arch.SGPRsLimitOccupancy ? "SGPRs" : "SGPRs (no limit from gfx10)",
           AmdLimit::SGPRs);
  LimitRow("LDS", AmdLimit::LDS);
  if (In.MaxWavesPerEU)
    LimitRow(
        formatv("amdgpu_waves_per_eu maximum ({0})", In.MaxWavesPerEU).str(),
        AmdLimit::WavesPerEU);

  OS << "\n4) Occupancy\n";
  if (!R.launchable()) {
    OS << "   Cannot launch: " << describeAmdFailure(Arch, In, R) << ".\n";
  } else {
    Row("Waves per SIMD",
        Twine(R.WavesPerSIMD) + " of " + Twine(R.MaxWavesPerSIMD));
    Row("Occupancy", percent(R.occupancy()));
    Row(("Work-groups per " + Unit).str(), Twine(R.WorkGroupsPerCU));
    if (Q.Gpu)
      Row(("Resident work-groups on " + Q.Gpu->Name).str(),
          Twine(amdWorkGroupsPerGpu(Q, R)));
  }

  OS << "\n5) What would change it\n";
  bool Any = false;
  if (auto V = vgprsForNextWave(Arch, In)) {
    OS << formatv("   At most {0} VGPRs (VGPRs and AGPRs together) per lane "
                  "would allow one more wave per SIMD.\n",
                  *V);
    Any = true;
  }
  if (auto S = sgprsForNextWave(Arch, In)) {
    OS << formatv("   At most {0} SGPRs would allow one more wave per SIMD.\n",
                  *S);
    Any = true;
  }
  if (auto L = ldsForNextWave(Arch, In)) {
    OS << formatv("   At most {0} B of LDS per work-group would allow one "
                  "more wave per SIMD.\n",
                  *L);
    Any = true;
  }
  auto Best = bestWorkGroupSizes(Arch, In, Q.MaxThreads);
  if (!Best.empty() &&
      (!R.launchable() || Best.front().WavesPerSIMD > R.WavesPerSIMD)) {
    OS << formatv("   Work-groups of {0} threads would reach {1} waves per "
                  "SIMD.\n",
                  join(map_range(ArrayRef(Best).take_front(8),
                                 [](const AmdWorkGroupChoice &C) {
                                   return std::to_string(C.WorkGroupSize);
                                 }),
                       ", "),
                  Best.front().WavesPerSIMD);
    Any = true;
  }
  if (!Any)
    OS << "   Nothing within this kernel's resources: "
       << (R.launchable() && R.WavesPerSIMD == R.MaxWavesPerSIMD
               ? "every wave slot is used."
               : "no single change to registers, LDS or work-group size "
                 "raises it.")
       << "\n";
}

/// A limit as --list-launches names it.
static StringRef limitWords(AmdLimit L) {
  static constexpr std::pair<AmdLimit, const char *> Words[] = {
      {AmdLimit::Waves, "wave slots"},
      {AmdLimit::WorkGroups, "work-group slots"},
      {AmdLimit::VGPRs, "VGPRs"},
      {AmdLimit::SGPRs, "SGPRs"},
      {AmdLimit::LDS, "LDS"},
      {AmdLimit::WavesPerEU, "amdgpu_waves_per_eu"}};
  return llvm::find_if(Words, [&](const auto &W) { return W.first == L; })
      ->second;
}

std::string amdOccupancySummary(const AmdOccupancyQuery &Q) {
  const AmdArchInfo &Arch = *Q.Arch;
  AmdOccupancyResult R = computeAmdOccupancy(Arch, Q.Input);
  std::string Out =
      formatv("{0}, {1} threads: ", Arch.Name, Q.Input.WorkGroupSize).str();
  if (!R.launchable())
    return Out + "cannot launch: " + describeAmdFailure(Arch, Q.Input, R);
  SmallVector<StringRef, 2> Binding;
  for (AmdLimit L : AllAmdLimits)
    if (R.binds(L))
      Binding.push_back(limitWords(L));
  return Out + formatv("{0} of {1} waves per SIMD, occupancy {2}%, {3} "
                       "work-group{4} per {5} (limited by {6})",
                       R.WavesPerSIMD, R.MaxWavesPerSIMD,
                       unsigned(std::lround(R.occupancy() * 100)),
                       R.WorkGroupsPerCU, R.WorkGroupsPerCU == 1 ? "" : "s",
                       unitName(Q), join(Binding, ", "))
                   .str();
}

void writeAmdOccupancyJSON(json::OStream &JOS, const AmdOccupancyQuery &Q) {
  const AmdArchInfo &Arch = *Q.Arch;
  const AmdOccupancyInput &In = Q.Input;
  AmdOccupancyResult R = computeAmdOccupancy(Arch, In);
  JOS.attribute("arch", Arch.Name);
  JOS.attribute("vendor", "amd");
  if (Q.Gpu) {
    JOS.attribute("gpu", Q.Gpu->Name);
    JOS.attribute("compute_units", Q.Gpu->ComputeUnits);
  }
  JOS.attribute("threads", In.WorkGroupSize);
  JOS.attribute("wave_size", R.WaveSize);
  JOS.attribute("mode", inWGPMode(Q) ? "wgp" : "cu");
  JOS.attribute("vgprs", In.VGPRs);
  JOS.attribute("agprs", In.AGPRs);
  JOS.attribute("sgprs", In.SGPRs);
  JOS.attribute("lds", In.StaticLDS);
  JOS.attribute("dyn_lds", In.DynamicLDS);
  // A waves-per-EU bound of 0 is no bound.
  for (auto [Key, Waves] : {std::pair{"min_waves_per_eu", In.MinWavesPerEU},
                            {"max_waves_per_eu", In.MaxWavesPerEU}})
    JOS.attribute(Key, Waves ? json::Value(Waves) : json::Value(nullptr));
  JOS.attribute("launchable", R.launchable());
  if (!R.launchable())
    JOS.attribute("reason", describeAmdFailure(Arch, In, R));
  JOS.attribute("waves_per_simd", R.WavesPerSIMD);
  JOS.attribute("max_waves_per_simd", R.MaxWavesPerSIMD);
  JOS.attribute("occupancy", R.occupancy());
  JOS.attribute("work_groups_per_cu", R.WorkGroupsPerCU);
  JOS.attribute("waves_per_work_group", R.WavesPerWorkGroup);
  JOS.attribute("simds_per_cu", R.SIMDs);
  if (Q.Gpu)
    JOS.attribute("active_work_groups_per_gpu", amdWorkGroupsPerGpu(Q, R));
  writeLimitsJSON(JOS, AllAmdLimits, amdLimitName, R,
                  &AmdOccupancyResult::wavesLimitedBy);
  JOS.attribute("charged_vgprs", R.ChargedVGPRs);
  JOS.attribute("allocated_vgprs", R.AllocatedVGPRs);
  JOS.attribute("work_group_slots_per_cu", R.WorkGroupSlotsPerCU);
  JOS.attribute("lds_per_cu", Arch.ldsPer(In.Mode));
  JOS.attributeObject("suggestions", [&] {
    JOS.attribute("vgprs_for_next_wave", orNull(vgprsForNextWave(Arch, In)));
    JOS.attribute("sgprs_for_next_wave", orNull(sgprsForNextWave(Arch, In)));
    JOS.attribute("lds_for_next_wave", orNull(ldsForNextWave(Arch, In)));
    JOS.attributeArray("best_work_group_sizes", [&] {
      for (const AmdWorkGroupChoice &C :
           bestWorkGroupSizes(Arch, In, Q.MaxThreads))
        JOS.value(C.WorkGroupSize);
    });
  });
}

} // namespace cudalint
