//===- LintCommand.cpp - `cuda-launch-lint [options] <source>...` ---------===//
//
// The standalone door to the Pipeline: the command line (LintOptions.h),
// the compile database, the sources, and the writers. Everything between
// them is the Pipeline's.
//
//===----------------------------------------------------------------------===//

#include "LintCommand.h"

#include "CommandSupport.h"
#include "LintOptions.h"

#include "cudalint/Docs/CheckDocs.h"
#include "cudalint/Lint/Baseline.h"
#include "cudalint/Pipeline/Pipeline.h"
#include "cudalint/Report/CiReports.h"
#include "cudalint/Report/FactsReport.h"
#include "cudalint/Report/FixesReport.h"
#include "cudalint/Report/HtmlReport.h"
#include "cudalint/Report/ProgressLine.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cudalint {

using namespace lintopt;

namespace {

constexpr StringLiteral Formats[] = {"text",   "json",   "sarif", "github",
                                     "gitlab", "rdjson", "html"};

void printRunMessages(const PipelineResult &R) {
  for (const std::string &N : R.Notes)
    errs() << "cuda-launch-lint: note: " << N << "\n";
  for (const std::string &W : R.Warnings)
    errs() << "cuda-launch-lint: warning: " << W << "\n";
  for (const std::string &E : R.InternalErrors)
    errs() << "cuda-launch-lint: error: " << E << "\n";
  if (!Verbose)
    return;
  if (R.FrontendCache) {
    const FrontendCacheStats &F = *R.FrontendCache;
    errs() << "cuda-launch-lint: front end: facts cache hits: " << F.Hits
           << ", misses: " << F.Misses << ", writes: " << F.Writes
           << ", not cacheable: " << F.Uncached << "\n";
  }
  if (!R.DeviceStats)
    return;
  const DeviceFactsStats &S = *R.DeviceStats;
  errs() << "cuda-launch-lint: device compiles: " << S.DeviceCompiles
         << ", cache hits: " << S.CacheHits
         << ", cache misses: " << S.CacheMisses
         << ", cache writes: " << S.CacheWrites
         << ", failed: " << S.FailedCompiles
         << ", objects read: " << S.ObjectsRead
         << format(", device facts: %.2f s", S.Seconds) << "\n";
}

/// The report in the chosen format, and the fix-its; false after a write
/// error (reported).
bool writeReports(const PipelineResult &R) {
  std::optional<ToolOutputFile> Output;
  if (!OutputFile.empty()) {
    std::error_code EC;
    Output.emplace(OutputFile, EC, sys::fs::OF_Text);
    if (EC)
      return fail("--output " + OutputFile + ": " + EC.message()), false;
  }
  raw_ostream &OS = Output ? Output->os() : outs();
  if (OutputFormat == "json") {
    writeFactsJSON(OS, R.Units, &R.Device, R.Findings, R.Occupancy,
                   &R.Unchecked, R.AmdOccupancy);
  } else if (OutputFormat == "html") {
    writeHtmlReport(OS, {R.Units, &R.Device, R.Findings, R.DefaultArchs,
                         CUDALINT_VERSION, R.Occupancy});
  } else if (ListLaunches) {
    printLaunchList(OS, R.Units, R.Occupancy, R.Unchecked, R.AmdOccupancy);
  } else {
    writeFindings(OS, OutputFormat, R.Findings, checkoutRoot(),
                  !Output && sys::Process::StandardOutIsDisplayed(),
                  runCoverage(R.Units, R.Device, R.Unchecked));
  }
  if (Output)
    Output->keep();
  if (!ExportFixes.empty()) {
    std::error_code EC;
    ToolOutputFile Fixes(ExportFixes, EC, sys::fs::OF_Text);
    if (EC)
      return fail("--export-fixes " + ExportFixes + ": " + EC.message()), false;
    writeFixesYAML(Fixes.os(), R.Findings);
    Fixes.keep();
  }
  return true;
}

} // namespace

int runLintCommand(ArrayRef<StringRef> Args) {
  // The compile flags after '--' are not the tool's options.
  std::optional<std::vector<std::string>> CompileFlags;
  auto DashDash = llvm::find(Args, "--");
  if (DashDash != Args.end()) {
    CompileFlags.emplace();
    for (StringRef F : ArrayRef(DashDash + 1, Args.end()))
      CompileFlags->push_back(F.str());
    Args = ArrayRef(Args.begin(), DashDash);
  }
  if (!parseLintCommandLine(Args))
    return 2;
  if (ListChecks) {
    outs() << checkListText();
    return 0;
  }
  if (CheckIndex) {
    outs() << checkIndexTable();
    return 0;
  }
  if (!Explain.empty()) {
    StringRef Page = checkDocumentation(Explain);
    if (Page.empty())
      return fail("--explain: no check named '" + Explain +
                  "' (see --list-checks)");
    outs() << Page;
    return 0;
  }
  if (!is_contained(Formats, OutputFormat))
    return fail("--format: '" + OutputFormat + "' is not one of " +
                join(std::begin(Formats), std::end(Formats), ", "));
  std::optional<LintSettings> Settings = settingsFromCommandLine();
  if (!Settings)
    return 2;

  std::vector<std::string> Files(Sources.begin(), Sources.end());
  auto DB = loadCompileDatabase(BuildDir, std::move(CompileFlags), Files);
  if (!DB)
    return fail(toString(DB.takeError()));
  if (Files.empty())
    return fail("no source file given");
  // The user's own command for a file (the first), for device compilation
  // and the target archs; the front end parses the translated one. The
  // translating wrapper owns the database.
  clang::tooling::CompilationDatabase *UserDB = DB->get();
  auto UserCommand = [UserDB](StringRef File) {
    return userCompileCommand(*UserDB, File);
  };
  std::unique_ptr<clang::tooling::CompilationDatabase> Translated =
      translateNvccCommands(std::move(*DB), errs());

  std::vector<std::string> Unreadable;
  std::vector<std::string> Readable = readableSources(Files, Unreadable);
  for (const std::string &Why : Unreadable)
    errs() << "cuda-launch-lint: error: " << Why << "\n";
  if (Readable.empty())
    return fail("nothing could be analysed");
  Expected<Pipeline> P =
      Pipeline::create(*Settings, SettingNames::CommandLine, Readable.front());
  if (!P)
    return fail(toString(P.takeError()));
  PipelineInput In;
  In.Files = Readable;
  In.UserCommand = UserCommand;
  In.CollectFacts = [&](const FrontendOptions &Opts) {
    return collectFacts(*Translated, Readable, Opts, errs());
  };
  In.SkipChecks = ListLaunches;
  // JSON and SARIF keep one finding per arch (their data contract).
  In.MergeArchs = OutputFormat != "json" && OutputFormat != "sarif";
  In.KeepPerArchFindings = !WriteBaseline.empty();
  RunProgress Progress;
  In.Progress = &Progress;
  std::optional<ProgressLine> Line;
  Line.emplace(Progress, Readable.size());
  PipelineResult R = P->run(In);
  Line.reset();
  if (!WriteBaseline.empty()) {
    if (Error E = writeToOutput(WriteBaseline, [&](raw_ostream &OS) {
          OS << baselineText(R.PerArchFindings, WriteBaseline);
          return Error::success();
        }))
      return fail("--write-baseline " + WriteBaseline + ": " +
                  toString(std::move(E)));
    R.Notes.push_back("wrote " + std::to_string(R.PerArchFindings.size()) +
                      " finding(s) to the baseline " + WriteBaseline +
                      "; they are not reported");
    R.Findings.clear();
  }
  printRunMessages(R);
  if (!writeReports(R))
    return 2;

  if (Readable.size() != Files.size() || !R.InternalErrors.empty())
    return 2;
  bool Failed = llvm::any_of(
      R.Findings, [](const Diagnostic &D) { return D.Sev == Severity::Error; });
  if (StrictParse && llvm::any_of(R.Units, [](const TranslationUnitFacts &U) {
        return !U.Errors.empty();
      }))
    Failed = true;
  if (FailOnUnchecked && !R.Unchecked.empty()) {
    errs() << "cuda-launch-lint: error: " << R.Unchecked.size()
           << " launch(es) not fully checked (--fail-on-unchecked)\n";
    Failed = true;
  }
  return Failed ? 1 : 0;
}

} // namespace cudalint
