//===- MergeCommand.cpp - `cuda-launch-lint merge <build dir>` ------------===//
//
// One report from the per-unit reports the compiler launcher (--wrap) left
// next to the objects (UnitReport.h), in any format the lint writes: the
// findings of every unit (a header's finding seen from several units once),
// and for JSON and HTML also every unit's facts, device facts and launch
// occupancy, as the lint would have written them for all the units at once.
//
//===----------------------------------------------------------------------===//

#include "WrapCommand.h"

#include "CommandSupport.h"
#include "UnitReport.h"

#include "cudalint/Checks/LaunchOccupancy.h"
#include "cudalint/Lint/LintPolicy.h"
#include "cudalint/Report/FactsReport.h"
#include "cudalint/Report/HtmlReport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <tuple>

using namespace llvm;

namespace cudalint {

namespace {

void note(const Twine &Message) {
  errs() << "cuda-launch-lint: " << Message << "\n";
}

constexpr StringLiteral FormatList =
    "text|json|sarif|github|gitlab|rdjson|html";

/// Every unit's report, as one run's.
struct MergedRun {
  std::vector<Diagnostic> Findings; // per arch where the units kept them
  std::vector<TranslationUnitFacts> Units;
  DeviceResourceTable Device;
  std::vector<std::string> DefaultArchs;
  const GpuPreset *Gpu = nullptr;
  unsigned Reports = 0, WithoutFacts = 0;
  std::set<std::string> Seen; // findings already in

  void add(UnitReport &&R) {
    ++Reports;
    if (R.Version < 2)
      ++WithoutFacts;
    for (Diagnostic &D : R.Findings) {
      std::string Key =
          formatv("{0}:{1}:{2}:{3}:{4}:{5}", D.Loc.File, D.Loc.Line,
                  D.Loc.Column, D.Check, D.Arch, D.Message);
      if (Seen.insert(Key).second)
        Findings.push_back(std::move(D));
    }
    append_range(Units, std::move(R.Units));
    // A kernel of a header compiled in several units: its first results.
    for (auto &[Key, K] : R.Device.Resources)
      Device.Resources.try_emplace(Key, std::move(K));
    for (auto &[File, Archs] : R.Device.ArchsByFile)
      Device.ArchsByFile.try_emplace(File, std::move(Archs));
    for (auto &[File, Archs] : R.Device.CompiledArchsByFile)
      Device.CompiledArchsByFile.try_emplace(File, std::move(Archs));
    for (auto &[File, Gaps] : R.Device.GapsByFile)
      Device.GapsByFile.try_emplace(File, std::move(Gaps));
    for (std::string &N : R.Device.Notes)
      if (!is_contained(Device.Notes, N))
        Device.Notes.push_back(std::move(N));
    Device.Enabled |= R.Device.Enabled;
    if (Device.Mode.empty())
      Device.Mode = R.Device.Mode;
    for (std::string &A : R.DefaultArchs)
      if (!is_contained(DefaultArchs, A))
        DefaultArchs.push_back(std::move(A));
    if (!Gpu && !R.Gpu.empty())
      Gpu = findGpuPreset(R.Gpu);
  }
};

} // namespace

int runMergeCommand(ArrayRef<StringRef> Args) {
  std::string Dir, Format = "text", Output;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "--help" || A == "-h") {
      outs() << "usage: cuda-launch-lint merge <build dir> [--format "
             << FormatList
             << "] [-o FILE]\n"
                "  one report from the findings the compiler launcher "
                "(--wrap) left next to the objects\n";
      return 0;
    }
    if ((A == "--format" || A == "-o" || A == "--output") &&
        I + 1 < Args.size()) {
      (A == "--format" ? Format : Output) = Args[++I].str();
    } else if (A.consume_front("--format=")) {
      Format = A.str();
    } else if (A.consume_front("--output=")) {
      Output = A.str();
    } else if (A.starts_with("-") || !Dir.empty()) {
      note("error: merge: unexpected argument '" + A + "' (merge <build dir> " +
           "[--format " + FormatList + "] [-o FILE])");
      return 2;
    } else {
      Dir = A.str();
    }
  }
  if (Dir.empty() || !sys::fs::is_directory(Dir)) {
    note("error: merge: '" + Dir + "' is not a build directory");
    return 2;
  }
  SmallVector<StringRef, 8> Formats;
  FormatList.split(Formats, '|');
  if (!is_contained(Formats, Format)) {
    note("error: merge: --format '" + Format + "' is not one of " +
         join(Formats, ", "));
    return 2;
  }
  // In the directory walk's order, which is the file system's: sorted, so
  // that the units (and the JSON's launches) come in the same order on
  // every machine.
  std::vector<std::string> Paths;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (StringRef(It->path()).ends_with(UnitReportSuffix))
      Paths.push_back(It->path());
  if (EC) {
    note("error: merge: " + Dir + ": " + EC.message());
    return 2;
  }
  llvm::sort(Paths);
  MergedRun Run;
  for (const std::string &P : Paths) {
    Expected<UnitReport> R = readUnitReport(P);
    if (!R) {
      note("error: merge: " + toString(R.takeError()));
      return 2;
    }
    Run.add(std::move(*R));
  }
  llvm::sort(Run.Findings, [](const Diagnostic &A, const Diagnostic &B) {
    return std::tie(A.Loc.File, A.Loc.Line, A.Loc.Column, A.Check, A.Arch) <
           std::tie(B.Loc.File, B.Loc.Line, B.Loc.Column, B.Check, B.Arch);
  });
  // JSON and SARIF keep one finding per arch (their data contract); the
  // others name every arch of a finding once, as the lint does.
  bool PerArch = Format == "json" || Format == "sarif";
  std::vector<Diagnostic> Findings =
      PerArch ? Run.Findings : mergeArchs(Run.Findings);
  note("note: merged " + Twine(Findings.size()) + " finding(s) from " +
       Twine(Run.Reports) + " unit(s)");
  if (Run.WithoutFacts && (Format == "json" || Format == "html"))
    note("note: " + Twine(Run.WithoutFacts) +
         " unit report(s) of an older cuda-launch-lint carry findings only; "
         "their launches and kernels are missing");

  std::vector<LaunchOccupancy> Occupancy;
  CheckRun Facts;
  Facts.Units = Run.Units;
  Facts.Resources = &Run.Device;
  Facts.DefaultArchs = Run.DefaultArchs;
  Facts.Options.Gpu = Run.Gpu;
  if (Run.Device.Enabled)
    Occupancy = launchOccupancies(Facts);
  // Reports without facts (an older version) have no launches to judge.
  std::vector<UncheckedLaunch> Unchecked = uncheckedLaunches(Facts);
  Error E = writeToOutput(Output.empty() ? "-" : Output, [&](raw_ostream &OS) {
    if (Format == "json") {
      writeFactsJSON(OS, Run.Units, &Run.Device, Findings, Occupancy,
                     &Unchecked);
    } else if (Format == "html") {
      writeHtmlReport(OS, {Run.Units, &Run.Device, Findings, Run.DefaultArchs,
                           CUDALINT_VERSION, Occupancy});
    } else {
      SmallString<256> Root;
      sys::fs::current_path(Root);
      writeFindings(OS, Format, Findings, Root, /*Color=*/false,
                    runCoverage(Run.Units, Run.Device, Unchecked));
    }
    return Error::success();
  });
  if (E) {
    note("error: merge: " + toString(std::move(E)));
    return 2;
  }
  return any_of(Findings,
                [](const Diagnostic &D) { return D.Sev == Severity::Error; })
             ? 1
             : 0;
}

} // namespace cudalint
