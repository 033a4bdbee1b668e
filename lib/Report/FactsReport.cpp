//===- FactsReport.cpp - Launches and kernels as JSON and text ------------===//

#include "cudalint/Report/FactsReport.h"
#include "cudalint/Report/AmdOccupancyReport.h"
#include "cudalint/Report/DiagnosticsReport.h"
#include "cudalint/Report/OccupancyReport.h"

#include "cudalint/Facts/SymbolicValues.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <map>

using namespace llvm;

namespace cudalint {

namespace {

void writeLoc(json::OStream &J, const SourceLoc &L) {
  J.attribute("file", L.File);
  J.attribute("line", L.Line);
  J.attribute("column", L.Column);
}

/// The value's shape as attributes of the open object.
void writeValueFields(json::OStream &J, const ResolvedValue &V) {
  switch (V.K) {
  case ResolvedValue::Kind::Unknown:
    J.attribute("kind", "unknown");
    if (!V.Reason.empty())
      J.attribute("reason", V.Reason);
    return;
  case ResolvedValue::Kind::Constant:
    J.attribute("kind", "constant");
    J.attribute("value", V.value());
    break;
  case ResolvedValue::Kind::Set:
    J.attribute("kind", "set");
    J.attributeArray("values", [&] {
      for (int64_t X : V.Values)
        J.value(X);
    });
    J.attributeArray("proven", [&] {
      for (int64_t X : V.Proven)
        J.value(X);
    });
    break;
  case ResolvedValue::Kind::Range:
    J.attribute("kind", "range");
    J.attribute("min", V.Min);
    J.attribute("max", V.Max);
    break;
  case ResolvedValue::Kind::Symbolic:
    J.attribute("kind", "symbolic");
    J.attribute("expression", describeSymbolic(V));
    J.attribute("min", V.Min);
    J.attribute("max", V.Max);
    J.attribute("reason", V.Reason);
    J.attributeArray("inputs", [&] {
      for (const SymbolicNode *I : symbolicInputs(V))
        J.object([&] {
          J.attribute("name", I->Name);
          J.attribute("provenance", I->Provenance);
          J.attribute("type", I->Type);
          J.attribute("min", I->Lo);
          J.attribute("max", I->Hi);
          writeLoc(J, I->Loc);
        });
    });
    break;
  }
  if (!V.Origins.empty())
    J.attributeArray("origins", [&] {
      for (const ValueOrigin &O : V.Origins)
        J.object([&] {
          J.attribute("what", O.What);
          writeLoc(J, O.Loc);
          if (O.BranchTest)
            J.attribute("branch_test", true);
        });
    });
}

void writeValue(json::OStream &J, StringRef Name, const ResolvedValue &V) {
  J.attributeObject(Name, [&] { writeValueFields(J, V); });
}

void writeDim3(json::OStream &J, StringRef Name, const Dim3Value &D,
               const ResolvedValue *Total = nullptr) {
  J.attributeObject(Name, [&] {
    writeValue(J, "x", D.X);
    writeValue(J, "y", D.Y);
    writeValue(J, "z", D.Z);
    if (Total)
      writeValueFields(J, *Total);
  });
}

template <typename T>
void writeOptional(json::OStream &J, StringRef Name,
                   const std::optional<T> &V) {
  if (V)
    J.attribute(Name, *V);
}

/// One kernel's facts on a gfx target, as the AMDGPU backend reported them
/// (an absent figure is left out, never written as 0), with the host view
/// of its launch bounds. U is *R.Amd.
void writeAmdPerArch(json::OStream &J, const KernelInfo &K,
                     const KernelResources &R, const AmdKernelUsage &U) {
  J.attributeObject(R.Arch, [&] {
    writeOptional(J, "vgprs", U.VGPRs);
    writeOptional(J, "agprs", U.AGPRs);
    writeOptional(J, "sgprs", U.SGPRs);
    writeOptional(J, "lds", U.LDSBytes);
    writeOptional(J, "scratch_per_lane", U.ScratchBytesPerLane);
    writeOptional(J, "dynamic_stack", U.DynamicStack);
    writeOptional(J, "vgpr_spills", U.VGPRSpills);
    writeOptional(J, "sgpr_spills", U.SGPRSpills);
    writeOptional(J, "occupancy_waves_per_simd", U.Occupancy);
    writeOptional(J, "max_threads", K.Attrs.MaxThreadsPerBlock);
    writeOptional(J, "min_waves_per_eu", K.Attrs.MinWavesPerEU);
    J.attribute("launch_bounds_from", "host");
    J.attribute("source", R.Source);
    if (R.Mangled != K.Mangled)
      J.attribute("device_name", R.Mangled);
  });
}

/// One kernel's device facts on one arch (DESIGN.md's per_arch object).
/// Launch bounds: the device view when the PTX was seen, else the host view.
void writePerArch(json::OStream &J, const KernelInfo &K,
                  const KernelResources &R) {
  if (R.Amd)
    return writeAmdPerArch(J, K, R, *R.Amd);
  J.attributeObject(R.Arch, [&] {
    if (R.HasUsage) {
      J.attribute("registers", R.Registers);
      J.attribute("static_smem", int64_t(R.StaticSmem));
      // Unknown (a cubin has no spill figures): null, never a made-up 0.
      if (R.SpillsKnown) {
        J.attribute("spill_stores", int64_t(R.SpillStores));
        J.attribute("spill_loads", int64_t(R.SpillLoads));
      } else {
        J.attribute("spill_stores", nullptr);
        J.attribute("spill_loads", nullptr);
      }
      J.attribute("stack_frame", int64_t(R.StackFrame));
      J.attribute("barriers", R.Barriers);
      if (R.ConstMem0)
        J.attribute("const_mem", int64_t(*R.ConstMem0));
    }
    auto Opt = [&](StringRef Name, std::optional<int64_t> V) {
      if (V)
        J.attribute(Name, *V);
    };
    auto Dim = [&](StringRef Name,
                   const std::optional<std::array<unsigned, 3>> &D) {
      if (D)
        J.attributeArray(Name, [&] {
          for (unsigned X : *D)
            J.value(X);
        });
    };
    if (R.HasPtx) {
      Opt("max_threads", effectiveMaxThreads(K.Attrs, &R));
      Opt("min_blocks", effectiveMinBlocks(K.Attrs, &R));
      Opt("max_registers",
          R.MaxNReg ? std::optional<int64_t>(*R.MaxNReg) : std::nullopt);
      Opt("max_blocks_per_cluster",
          R.MaxClusterRank ? std::optional<int64_t>(*R.MaxClusterRank)
                           : std::nullopt);
      Dim("cluster_dims", R.ReqNCtaPerCluster);
      Dim("maxntid", R.MaxNTid);
      Dim("reqntid", R.ReqNTid);
      if (R.ExplicitCluster)
        J.attribute("explicit_cluster", true);
      J.attribute("launch_bounds_from", R.BoundsFromCubin ? "cubin" : "ptx");
    } else {
      Opt("max_threads", K.Attrs.MaxThreadsPerBlock);
      Opt("min_blocks", K.Attrs.MinBlocksPerSM);
      Opt("max_registers", K.Attrs.MaxRegisters);
      J.attribute("launch_bounds_from", "host");
    }
    J.attribute("source", R.Source);
    if (R.Mangled != K.Mangled)
      J.attribute("device_name", R.Mangled);
  });
}

/// A kernel's grid-wide synchronization: what syncs, the calls that lead
/// there (the kernel's first), the is_valid() query that guards it and the
/// branch condition it runs under.
void writeGridSync(json::OStream &J, const GridSyncFact &G) {
  J.attributeObject("grid_sync", [&] {
    J.attribute("sync", G.Sync);
    J.attributeArray("chain", [&] {
      for (const CallStep &S : G.Chain)
        J.object([&] {
          J.attribute("caller", S.Caller);
          J.attribute("callee", S.Callee);
          writeLoc(J, S.Loc);
        });
    });
    if (G.guarded())
      J.attributeObject("guard", [&] { writeLoc(J, G.GuardLoc); });
    else
      J.attribute("guard", nullptr);
    if (G.conditional())
      J.attributeObject("condition", [&] { writeLoc(J, G.ConditionLoc); });
    else
      J.attribute("condition", nullptr);
  });
}

/// Each launch's "checked": complete, or the reasons it is not.
void writeChecked(json::OStream &J, const UncheckedLaunch *Entry) {
  J.attributeObject("checked", [&] {
    J.attribute("complete", Entry == nullptr);
    J.attributeArray("reasons", [&] {
      if (Entry)
        for (const UncheckedReason &R : Entry->Reasons)
          J.object([&] {
            J.attribute("kind", uncheckedKindName(R.K));
            if (!R.Arch.empty())
              J.attribute("arch", R.Arch);
            if (!R.Cause.empty())
              J.attribute("cause", R.Cause);
            J.attribute("detail", R.Detail);
            J.attribute("message", describeUncheckedReason(R));
          });
    });
  });
}

/// One file's entry under "device": its archs, the archs its code is not
/// built for (judged for none of its launches) and its failed compiles.
void writeDeviceFile(json::OStream &J, const DeviceResourceTable &Device,
                     StringRef File) {
  J.attribute("file", File);
  J.attributeArray("archs", [&] {
    for (const std::string &A : Device.archsFor(File))
      J.value(A);
  });
  auto It = Device.GapsByFile.find(File.str());
  ArrayRef<DeviceGap> Gaps;
  if (It != Device.GapsByFile.end())
    Gaps = It->second;
  J.attributeArray("not_targets", [&] {
    for (const DeviceGap &G : Gaps)
      if (!G.isFailure())
        J.object([&] {
          J.attribute("arch", G.Arch);
          if (G.RequiredArch.empty())
            J.attribute("required_arch", nullptr);
          else
            J.attribute("required_arch", G.RequiredArch);
          J.attribute("sign", G.Detail);
        });
  });
  J.attributeArray("failures", [&] {
    for (const DeviceGap &G : Gaps)
      if (G.isFailure())
        J.object([&] {
          J.attribute("arch", G.Arch);
          J.attribute("kind", deviceGapKindName(G.K));
          J.attribute("detail", G.Detail);
        });
  });
}

/// One object of "launches": its place, kernel and values, the occupancy
/// per arch and (WithChecked) whether it was fully checked (Unchecked: the
/// reasons it was not; null: it was).
void writeLaunch(json::OStream &J, const LaunchSite &L,
                 ArrayRef<const OccupancyQuery *> Occupancy,
                 ArrayRef<const AmdOccupancyQuery *> AmdOccupancy,
                 bool WithChecked, const UncheckedLaunch *Unchecked) {
  writeLoc(J, L.Loc);
  J.attribute("kernel", L.Kernel);
  J.attribute("mangled", L.Mangled);
  J.attribute("api", L.Api);
  if (!L.EnclosingFunction.empty())
    J.attribute("function", L.EnclosingFunction);
  writeDim3(J, "grid", L.Grid);
  writeDim3(J, "block", L.Block, &L.ThreadsPerBlock);
  writeValue(J, "dynamic_smem", L.DynamicSharedMem);
  J.attribute("occupancy_tuned", L.OccupancyTuned);
  if (L.InTemplatePattern)
    J.attribute("template_pattern", true);
  if (L.ClusterDims)
    writeDim3(J, "cluster_dims", *L.ClusterDims);
  if (L.DeviceGuard.Loc.valid())
    J.attributeObject("device_guard", [&] {
      writeLoc(J, L.DeviceGuard.Loc);
      J.attribute("condition", L.DeviceGuard.Text);
    });
  if (L.Cooperative)
    J.attribute("cooperative", *L.Cooperative);
  else
    J.attribute("cooperative", nullptr);
  // The calculator's answer per arch (and block size of a set): the
  // occupancy command's object (docs/json-output.md).
  J.attributeArray("occupancy", [&] {
    for (const OccupancyQuery *Q : Occupancy)
      J.object([&] { writeOccupancyJSON(J, *Q); });
    // A HIP launch on its gfx targets: the AMD occupancy object.
    for (const AmdOccupancyQuery *Q : AmdOccupancy)
      J.object([&] { writeAmdOccupancyJSON(J, *Q); });
  });
  // A launch of a template the file never instantiates is no launch of
  // the file: it claims neither a complete check nor a missing one.
  if (WithChecked && L.InTemplatePattern)
    J.attribute("checked", nullptr);
  else if (WithChecked)
    writeChecked(J, Unchecked);
}

/// The occupancy entries of each launch: (unit, launch) -> its queries
/// (CUDA's LaunchOccupancy or AMD's AmdLaunchOccupancy).
template <typename LaunchOccupancyT>
std::map<std::pair<size_t, size_t>,
         std::vector<const decltype(LaunchOccupancyT::Query) *>>
byLaunch(ArrayRef<LaunchOccupancyT> Occupancy) {
  std::map<std::pair<size_t, size_t>,
           std::vector<const decltype(LaunchOccupancyT::Query) *>>
      Out;
  for (const LaunchOccupancyT &O : Occupancy)
    Out[{O.Unit, O.Launch}].push_back(&O.Query);
  return Out;
}

/// An array attribute Name with one object, written by Write, per element
/// of every unit's Field.
template <typename Element, typename WriteFn>
void perUnitArray(json::OStream &J, StringRef Name,
                  ArrayRef<TranslationUnitFacts> Units,
                  std::vector<Element> TranslationUnitFacts::*Field,
                  WriteFn Write) {
  J.attributeArray(Name, [&] {
    for (const TranslationUnitFacts &U : Units)
      for (const Element &E : U.*Field)
        J.object([&] { Write(E); });
  });
}

} // namespace

void writeFactsJSON(raw_ostream &OS, ArrayRef<TranslationUnitFacts> Units,
                    const DeviceResourceTable *Device,
                    ArrayRef<Diagnostic> Diagnostics,
                    ArrayRef<LaunchOccupancy> Occupancy,
                    const std::vector<UncheckedLaunch> *Unchecked,
                    ArrayRef<AmdLaunchOccupancy> AmdOccupancy) {
  auto OccupancyOf = byLaunch(Occupancy);
  auto AmdOccupancyOf = byLaunch(AmdOccupancy);
  std::map<std::pair<size_t, size_t>, const UncheckedLaunch *> UncheckedOf;
  if (Unchecked)
    for (const UncheckedLaunch &U : *Unchecked)
      UncheckedOf[{U.Unit, U.Launch}] = &U;
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("version", FactsReportVersion);
    J.attributeArray("diagnostics",
                     [&] { writeDiagnosticsJSON(J, Diagnostics); });
    J.attributeArray("launches", [&] {
      for (size_t UI = 0; UI < Units.size(); ++UI)
        for (size_t LI = 0; LI < Units[UI].Launches.size(); ++LI)
          J.object([&] {
            auto Occ = OccupancyOf.find({UI, LI});
            auto AmdOcc = AmdOccupancyOf.find({UI, LI});
            auto Why = UncheckedOf.find({UI, LI});
            writeLaunch(J, Units[UI].Launches[LI],
                        Occ == OccupancyOf.end()
                            ? ArrayRef<const OccupancyQuery *>()
                            : ArrayRef(Occ->second),
                        AmdOcc == AmdOccupancyOf.end()
                            ? ArrayRef<const AmdOccupancyQuery *>()
                            : ArrayRef(AmdOcc->second),
                        Unchecked != nullptr,
                        Why == UncheckedOf.end() ? nullptr : Why->second);
          });
    });
    perUnitArray(J, "kernel_settings", Units,
                 &TranslationUnitFacts::KernelSettings,
                 [&](const KernelSetting &S) {
                   writeLoc(J, S.Loc);
                   J.attribute("api", S.Api);
                   J.attribute("kernel", S.Kernel);
                   J.attribute("mangled", S.Mangled);
                   J.attribute("attribute", S.Attribute);
                   writeValue(J, "value", S.Value);
                 });
    J.attributeArray("kernels", [&] {
      for (const TranslationUnitFacts &U : Units)
        for (const KernelInfo &K : U.Kernels)
          J.object([&] {
            J.attribute("name", K.Name);
            J.attribute("mangled", K.Mangled);
            writeLoc(J, K.Loc);
            J.attribute("template_instantiation", K.IsTemplateInstantiation);
            const KernelAttributes &A = K.Attrs;
            if (A.MaxThreadsPerBlock || A.MinBlocksPerSM ||
                A.MaxBlocksPerCluster)
              J.attributeObject("launch_bounds", [&] {
                writeOptional(J, "max_threads", A.MaxThreadsPerBlock);
                writeOptional(J, "min_blocks", A.MinBlocksPerSM);
                writeOptional(J, "max_blocks_per_cluster",
                              A.MaxBlocksPerCluster);
                writeOptional(J, "min_waves_per_eu", A.MinWavesPerEU);
              });
            writeOptional(J, "maxnreg", A.MaxRegisters);
            if (A.ClusterDims)
              writeDim3(J, "cluster_dims", *A.ClusterDims);
            J.attributeObject("per_arch", [&] {
              if (Device)
                for (const KernelResources *R : Device->forKernel(K.Mangled))
                  writePerArch(J, K, *R);
            });
            if (K.GridSync)
              writeGridSync(J, *K.GridSync);
            else
              J.attribute("grid_sync", nullptr);
          });
    });
    if (Device)
      J.attributeObject("device", [&] {
        J.attribute("mode", Device->Mode);
        J.attribute("enabled", Device->Enabled);
        J.attributeArray("files", [&] {
          for (const TranslationUnitFacts &U : Units)
            J.object([&] { writeDeviceFile(J, *Device, U.MainFile); });
        });
        J.attributeArray("notes", [&] {
          for (const std::string &N : Device->Notes)
            J.value(N);
        });
        // Failed and timed-out compiles: warnings, as in every output.
        J.attributeArray("warnings", [&] {
          for (const auto &[File, Gaps] : Device->GapsByFile)
            for (const DeviceGap &G : Gaps)
              if (G.isFailure())
                J.value(G.Message);
        });
      });
    perUnitArray(J, "frontend_errors", Units, &TranslationUnitFacts::Errors,
                 [&](const FrontendError &E) {
                   writeLoc(J, E.Loc);
                   J.attribute("message", E.Message);
                 });
    J.attributeArray("internal_errors", [&] {
      for (const TranslationUnitFacts &U : Units)
        if (!U.InternalError.empty())
          J.object([&] {
            J.attribute("file", U.MainFile);
            J.attribute("message", U.InternalError);
          });
    });
  });
  OS << "\n";
}

void printLaunchList(raw_ostream &OS, ArrayRef<TranslationUnitFacts> Units,
                     ArrayRef<LaunchOccupancy> Occupancy,
                     ArrayRef<UncheckedLaunch> Unchecked,
                     ArrayRef<AmdLaunchOccupancy> AmdOccupancy) {
  auto OccupancyOf = byLaunch(Occupancy);
  auto AmdOccupancyOf = byLaunch(AmdOccupancy);
  for (size_t UI = 0; UI < Units.size(); ++UI)
    for (size_t LI = 0; LI < Units[UI].Launches.size(); ++LI) {
      const LaunchSite &L = Units[UI].Launches[LI];
      OS << formatv(
          "{0}:{1}:{2}: {3} {4} grid {5} block {6} ({7} threads) "
          "smem {8}{9}{10}{11}{12}\n",
          L.Loc.File, L.Loc.Line, L.Loc.Column, L.Api,
          L.Kernel.empty() ? "<unknown kernel>" : L.Kernel,
          describeDim3(L.Grid), describeDim3(L.Block),
          describeValue(L.ThreadsPerBlock), describeValue(L.DynamicSharedMem),
          L.ClusterDims ? " cluster " + describeDim3(*L.ClusterDims) : "",
          L.OccupancyTuned ? " [occupancy-tuned]" : "",
          L.InTemplatePattern ? " [uninstantiated template]" : "",
          // The API name says it for the other forms.
          StringRef(L.Api).starts_with("cudaLaunchKernelEx")
              ? (!L.Cooperative   ? " [cooperative?]"
                 : *L.Cooperative ? " [cooperative]"
                                  : "")
              : "");
      // Why each unknown part of the block is unknown, or what it reads at
      // run time. (Every part read at run time, with what keeps it valid,
      // is in the launch's not-fully-checked line below.)
      std::vector<ConstLaunchPart> Parts = launchParts(L);
      for (const ConstLaunchPart &P : Parts)
        if (!P.Id.starts_with("block."))
          continue;
        else if (P.Value->K == ResolvedValue::Kind::Symbolic)
          OS << "    " << P.Id
             << " read at run time: " << describeSymbolic(*P.Value)
             << ", where " << P.Value->Reason << "\n";
        else if (!P.Value->isKnown() && !P.Value->Reason.empty())
          OS << "    " << P.Id << " unknown: " << P.Value->Reason << "\n";
      // Which values of each set are proven to reach the launch.
      for (const ConstLaunchPart &P : Parts)
        if (P.Value->K == ResolvedValue::Kind::Set)
          OS << "    " << P.Id << " proven to reach: "
             << (P.Value->Proven.empty()
                     ? std::string("none")
                     : describeValue(ResolvedValue::oneOf(P.Value->Proven)))
             << "\n";
      if (auto It = OccupancyOf.find({UI, LI}); It != OccupancyOf.end())
        for (const OccupancyQuery *Q : It->second)
          OS << "    occupancy " << occupancySummary(*Q) << "\n";
      if (auto It = AmdOccupancyOf.find({UI, LI}); It != AmdOccupancyOf.end())
        for (const AmdOccupancyQuery *Q : It->second)
          OS << "    occupancy " << amdOccupancySummary(*Q) << "\n";
    }
  // The launches not fully checked, after the list (whose lines stay one
  // block per launch), one line each with its reasons, then the count.
  for (const UncheckedLaunch &U : Unchecked) {
    const LaunchSite &L = Units[U.Unit].Launches[U.Launch];
    OS << formatv("{0}:{1}:{2}: not fully checked: {3}\n", L.Loc.File,
                  L.Loc.Line, L.Loc.Column,
                  describeUncheckedReasons(U.Reasons));
  }
  if (std::string Summary =
          uncheckedSummary(Unchecked, launchesOfTheFiles(Units));
      !Summary.empty())
    OS << "cuda-launch-lint: " << Summary << "\n";
}

} // namespace cudalint
