//===- LintCommand.cpp - `cuda-launch-lint [options] <source>...` ---------===//

#include "LintCommand.h"

#include "cudalint/CheckDocs.h"
#include "cudalint/Checks.h"
#include "cudalint/CompileCommand.h"
#include "cudalint/DeviceFacts.h"
#include "cudalint/DiagnosticsReport.h"
#include "cudalint/FactsReport.h"
#include "cudalint/FixesReport.h"
#include "cudalint/Frontend.h"
#include "cudalint/LintPolicy.h"
#include "cudalint/Pipeline.h"
#include "cudalint/SarifReport.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <future>

using namespace llvm;

namespace cudalint {

namespace {

int fail(const Twine &Message) {
  errs() << "cuda-launch-lint: error: " << Message << "\n";
  return 2;
}

} // namespace

int runLintCommand(ArrayRef<StringRef> Args) {
  std::vector<std::string> Sources, CompileFlags;
  std::string BuildDir, CudaPath, Format = "text";
  bool HaveFlags = false, ListLaunches = false;
  // Device facts (lib/Device, docs/device-facts.md).
  std::string ResourceUsage = "auto", ArchList, CacheDir, JobsText,
              DeviceTimeout;
  bool NoCache = false, Verbose = false;
  // Checks and output.
  // Unset: the config file's, else the default.
  std::optional<std::string> ChecksGlobs, WarningsAsErrorsGlobs;
  std::string GpuName, OutputFile, ConfigFile, Explain, ExportFixes;
  bool StrictParse = false, SystemHeaders = false;
  std::vector<std::string> CheckOptionArgs;

  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg == "--") {
      HaveFlags = true;
      for (StringRef F : Args.drop_front(I + 1))
        CompileFlags.push_back(F.str());
      break;
    }
    auto Value = [&](StringRef Name, std::string &Out) -> bool {
      if (Arg == Name && I + 1 < Args.size()) {
        Out = Args[++I].str();
        return true;
      }
      // On a copy: "-j4" must still read "-j4" after Value("-j") fails.
      StringRef Rest = Arg;
      if (Rest.consume_front(Name) && Rest.consume_front("=")) {
        Out = Rest.str();
        return true;
      }
      return false;
    };
    if (Value("-p", BuildDir) || Value("--cuda-path", CudaPath) ||
        Value("--format", Format))
      continue;
    if (Arg == "--list-launches") {
      ListLaunches = true;
      continue;
    }
    std::string Option;
    if (Value("--checks", Option)) {
      ChecksGlobs = Option;
      continue;
    }
    if (Value("--warnings-as-errors", Option)) {
      WarningsAsErrorsGlobs = Option;
      continue;
    }
    if (Value("--gpu", GpuName) || Value("--output", OutputFile) ||
        Value("-o", OutputFile) || Value("--config", ConfigFile) ||
        Value("--export-fixes", ExportFixes))
      continue;
    if (Value("--explain", Explain)) {
      StringRef Page = checkDocumentation(Explain);
      if (Page.empty())
        return fail("--explain: no check named '" + Explain +
                    "' (see --list-checks)");
      outs() << Page;
      return 0;
    }
    if (Value("--check-option", Option)) {
      CheckOptionArgs.push_back(Option);
      continue;
    }
    if (Arg == "--list-checks") {
      for (const std::unique_ptr<Check> &C : allChecks()) {
        outs() << C->name() << " (" << severityName(C->severity())
               << "): " << C->summary() << "\n";
        for (const CheckOptionSpec &O : C->options())
          outs() << "    option " << O.Name << " (" << O.acceptedText()
                 << ", default " << O.defaultText() << "): " << O.Doc << "\n";
      }
      return 0;
    }
    if (Arg == "--strict-parse" || Arg == "--system-headers") {
      (Arg == "--strict-parse" ? StrictParse : SystemHeaders) = true;
      continue;
    }
    // Device facts options.
    if (Value("--resource-usage", ResourceUsage) || Value("--arch", ArchList) ||
        Value("--cache-dir", CacheDir) || Value("-j", JobsText) ||
        Value("--device-timeout", DeviceTimeout))
      continue;
    if (Arg.starts_with("-j") && Arg.size() > 2) {
      JobsText = Arg.drop_front(2).str();
      continue;
    }
    if (Arg == "--no-cache" || Arg == "--verbose") {
      (Arg == "--no-cache" ? NoCache : Verbose) = true;
      continue;
    }
    if (Arg.starts_with("-"))
      return fail("unknown option '" + Arg + "' (see --help)");
    Sources.push_back(Arg.str());
  }
  if (Format != "text" && Format != "json" && Format != "sarif")
    return fail("--format: '" + Format + "' is not one of text, json, sarif");
  LintSettings Settings;
  Settings.ResourceUsage = ResourceUsage;
  Settings.Archs = ArchList;
  Settings.Gpu = GpuName;
  Settings.CudaPath = CudaPath;
  Settings.CacheDir = CacheDir;
  Settings.NoCache = NoCache;
  Settings.Checks = ChecksGlobs;
  Settings.WarningsAsErrors = WarningsAsErrorsGlobs;
  Settings.ConfigFile = ConfigFile;
  Settings.FindConfig = true;
  Settings.SystemHeaders = SystemHeaders;
  Settings.RequireChecks = Format == "text" && !ListLaunches;
  for (StringRef O : CheckOptionArgs) {
    auto [Key, Val] = O.split('=');
    if (Val.empty() || !Key.contains('.'))
      return fail("--check-option: expected <check>.<Option>=<value>, got '" +
                  O + "'");
    Settings.CheckOptions.emplace_back(Key.trim().str(), Val.trim().str());
  }
  if (!JobsText.empty() &&
      (StringRef(JobsText).getAsInteger(10, Settings.Jobs) || !Settings.Jobs))
    return fail("-j: '" + JobsText + "' is not a positive number");
  if (!DeviceTimeout.empty() &&
      (StringRef(DeviceTimeout)
           .getAsInteger(10, Settings.DeviceTimeoutSeconds) ||
       !Settings.DeviceTimeoutSeconds))
    return fail("--device-timeout: '" + DeviceTimeout +
                "' is not a positive number of seconds");

  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  if (!BuildDir.empty()) {
    SmallString<256> Json(BuildDir);
    sys::path::append(Json, "compile_commands.json");
    if (!sys::fs::exists(Json))
      return fail("-p " + BuildDir + ": no compile_commands.json there");
    std::string Why;
    DB = clang::tooling::JSONCompilationDatabase::loadFromFile(
        Json, Why, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!DB)
      return fail(Json + ": " + Why);
    if (Sources.empty()) {
      // In a stable order (the database's own is its hash table's).
      Sources = DB->getAllFiles();
      llvm::sort(Sources);
    }
    if (Sources.empty())
      return fail("-p " + BuildDir + ": compile_commands.json lists no file");
  } else {
    if (!HaveFlags)
      return fail("no compile flags: give them after '--', or a build "
                  "directory with -p");
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    DB = std::make_unique<clang::tooling::FixedCompilationDatabase>(
        Cwd, CompileFlags);
  }
  if (Sources.empty())
    return fail("no source file given");
  // The user's own command for a file (the first), for device compilation
  // and the target archs. The database is owned by the translating wrapper.
  clang::tooling::CompilationDatabase *UserDB = DB.get();
  auto UserCommand =
      [UserDB](
          StringRef File) -> std::optional<clang::tooling::CompileCommand> {
    std::vector<clang::tooling::CompileCommand> Commands =
        UserDB->getCompileCommands(File);
    if (Commands.empty())
      return std::nullopt;
    clang::tooling::CompileCommand C = std::move(Commands.front());
    dropPlaceholderCompiler(C.CommandLine);
    return C;
  };
  DB = translateNvccCommands(std::move(DB), errs());

  // Unreadable inputs are reported and skipped; the others are analysed.
  std::vector<std::string> Readable;
  for (const std::string &S : Sources) {
    SmallString<256> Abs(S);
    sys::fs::make_absolute(Abs);
    if (sys::fs::is_directory(Abs)) {
      errs() << "cuda-launch-lint: error: " << S << ": is a directory\n";
      continue;
    }
    if (std::error_code EC = sys::fs::access(Abs, sys::fs::AccessMode::Exist)) {
      errs() << "cuda-launch-lint: error: " << S << ": " << EC.message()
             << "\n";
      continue;
    }
    Readable.push_back(Abs.str().str());
  }
  if (Readable.empty())
    return fail("nothing could be analysed");

  Expected<Pipeline> P =
      Pipeline::create(Settings, SettingNames::CommandLine, Readable.front());
  if (!P)
    return fail(toString(P.takeError()));
  PipelineInput In;
  In.Files = Readable;
  In.UserCommand = UserCommand;
  In.CollectFacts = [&](const FrontendOptions &Opts) {
    return collectFacts(*DB, Readable, Opts, errs());
  };
  In.FactsOnly = ListLaunches;
  In.MergeArchs = Format == "text";
  PipelineResult R = P->run(In);
  for (const std::string &N : R.Notes)
    errs() << "cuda-launch-lint: note: " << N << "\n";
  for (const std::string &E : R.InternalErrors)
    errs() << "cuda-launch-lint: error: " << E << "\n";
  if (Verbose && R.DeviceStats)
    errs() << "cuda-launch-lint: device compiles: "
           << R.DeviceStats->DeviceCompiles
           << ", cache hits: " << R.DeviceStats->CacheHits
           << ", cache misses: " << R.DeviceStats->CacheMisses
           << ", cache writes: " << R.DeviceStats->CacheWrites
           << ", failed: " << R.DeviceStats->FailedCompiles
           << format(", device facts: %.2f s", R.DeviceStats->Seconds) << "\n";
  const std::vector<TranslationUnitFacts> &Facts = R.Units;
  const std::vector<Diagnostic> &Diagnostics = R.Findings;

  std::optional<ToolOutputFile> Output;
  if (!OutputFile.empty()) {
    std::error_code EC;
    Output.emplace(OutputFile, EC, sys::fs::OF_Text);
    if (EC)
      return fail("--output " + OutputFile + ": " + EC.message());
  }
  raw_ostream &OS = Output ? Output->os() : outs();
  if (Format == "json") {
    writeFactsJSON(OS, Facts, &R.Device, Diagnostics);
  } else if (Format == "sarif") {
    std::vector<const Check *> Rules;
    for (const std::unique_ptr<Check> &C : allChecks())
      Rules.push_back(C.get());
    writeSarif(OS, Diagnostics, Rules, CUDALINT_VERSION);
  } else if (ListLaunches)
    printLaunchList(OS, Facts);
  else
    printDiagnostics(OS, Diagnostics,
                     !Output && sys::Process::StandardOutIsDisplayed());
  if (Output)
    Output->keep();
  if (!ExportFixes.empty()) {
    std::error_code EC;
    ToolOutputFile Fixes(ExportFixes, EC, sys::fs::OF_Text);
    if (EC)
      return fail("--export-fixes " + ExportFixes + ": " + EC.message());
    writeFixesYAML(Fixes.os(), Diagnostics);
    Fixes.keep();
  }

  if (Readable.size() != Sources.size() || !R.InternalErrors.empty())
    return 2;
  bool Failed = llvm::any_of(Diagnostics, [](const Diagnostic &D) {
    return D.Sev == Severity::Error;
  });
  if (StrictParse && llvm::any_of(Facts, [](const TranslationUnitFacts &U) {
        return !U.Errors.empty();
      }))
    Failed = true;
  return Failed ? 1 : 0;
}

} // namespace cudalint
