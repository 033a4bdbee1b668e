//===- LintCommand.cpp - `cuda-launch-lint [options] <source>...` ---------===//
//
// The standalone door to the Pipeline: the command line (llvm::cl, so the
// help is generated from the options), the compile database, the sources,
// and the writers. Everything between them is the Pipeline's.
//
//===----------------------------------------------------------------------===//

#include "LintCommand.h"

#include "CommandSupport.h"

#include "cudalint/CompileCommands/CompileCommand.h"
#include "cudalint/Docs/CheckDocs.h"
#include "cudalint/Lint/Baseline.h"
#include "cudalint/Pipeline/Pipeline.h"
#include "cudalint/Report/FactsReport.h"
#include "cudalint/Report/FixesReport.h"
#include "cudalint/Report/HtmlReport.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <condition_variable>
#include <mutex>
#include <thread>

using namespace llvm;

namespace cudalint {

namespace {

cl::OptionCategory InputCategory("Input");
cl::OptionCategory CheckCategory("Checks");
cl::OptionCategory OutputCategory("Output");
cl::OptionCategory DeviceCategory(
    "Device facts (registers, shared memory, spills; docs/device-facts.md)");

cl::list<std::string> Sources(cl::Positional, cl::desc("<source>..."),
                              cl::cat(InputCategory));
cl::opt<std::string>
    BuildDir("p", cl::value_desc("build-dir"),
             cl::desc("the directory of compile_commands.json (else the "
                      "compile flags come after '--')"),
             cl::cat(InputCategory));
cl::opt<std::string>
    CudaPath("cuda-path", cl::value_desc("dir"),
             cl::desc("the CUDA toolkit (default: $CUDA_PATH, $CUDA_HOME, "
                      "nvcc on $PATH, /usr/local/cuda)"),
             cl::cat(InputCategory));
cl::opt<std::string>
    RocmPath("rocm-path", cl::value_desc("dir"),
             cl::desc("the ROCm HIP headers, for HIP sources (default: "
                      "$ROCM_PATH, $HIP_PATH, /opt/rocm, /usr)"),
             cl::cat(InputCategory));
cl::opt<std::string>
    ConfigFile("config", cl::value_desc("file"),
               cl::desc("default: the nearest .cuda-launch-lint.yaml above "
                        "the first source"),
               cl::cat(InputCategory));
cl::opt<bool>
    StrictParse("strict-parse",
                cl::desc("front-end parse errors make the exit status 1"),
                cl::cat(InputCategory));

cl::opt<bool> FailOnUnchecked(
    "fail-on-unchecked",
    cl::desc("exit status 1 when a launch was not fully checked (an unknown "
             "value or kernel, no device facts on an arch): a CI gate "
             "against silent passes"),
    cl::cat(CheckCategory));
cl::opt<std::string>
    Checks("checks", cl::value_desc("globs"),
           cl::desc("which checks run, clang-tidy style (default cuda-*; "
                    "e.g. -*,cuda-occupancy-*)"),
           cl::cat(CheckCategory));
cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors", cl::value_desc("globs"),
    cl::desc("warnings of these checks are errors, in every output and the "
             "exit status"),
    cl::cat(CheckCategory));
cl::list<std::string>
    CheckOptionArgs("check-option", cl::value_desc("check.Option=value"),
                    cl::desc("e.g. cuda-occupancy-limited.MinOccupancy=0.25"),
                    cl::cat(CheckCategory));
cl::opt<std::string>
    Gpu("gpu", cl::value_desc("preset"),
        cl::desc("a GPU model (see 'occupancy --list-gpus'): enables the grid "
                 "checks on its arch"),
        cl::cat(CheckCategory));
cl::opt<std::string> SMCount(
    "sm-count", cl::value_desc("N"),
    cl::desc("the GPU's SM count, for a part without a preset (with one "
             "--arch): as --gpu, for the cooperative limit and the grid "
             "checks"),
    cl::cat(CheckCategory));
cl::opt<bool> SystemHeaders(
    "system-headers",
    cl::desc("also report findings in system headers and the CUDA toolkit "
             "(CUB, Thrust)"),
    cl::cat(CheckCategory));
cl::opt<bool> ListChecks("list-checks",
                         cl::desc("the checks, their severity and options"),
                         cl::cat(CheckCategory));
cl::opt<bool> CheckIndex(
    "check-index", cl::Hidden,
    cl::desc("docs/checks/README.md's index table, from the declarations"));
cl::opt<std::string> Explain("explain", cl::value_desc("check"),
                             cl::desc("the check's documentation page"),
                             cl::cat(CheckCategory));

cl::opt<std::string>
    OutputFormat("format",
                 cl::value_desc("text|json|sarif|github|gitlab|rdjson|html"),
                 cl::init("text"),
                 cl::desc("text: as a compiler prints diagnostics; json: "
                          "diagnostics, launches and kernels (DESIGN.md); "
                          "sarif: SARIF 2.1.0 for code scanning; github: "
                          "workflow annotations; gitlab: Code Quality "
                          "report; rdjson: reviewdog's format; html: one "
                          "offline page for people"),
                 cl::cat(OutputCategory));
cl::opt<std::string> OutputFile("output", cl::value_desc("file"),
                                cl::desc("write the report there, not stdout"),
                                cl::cat(OutputCategory));
cl::alias OutputShort("o", cl::desc("alias for --output"),
                      cl::aliasopt(OutputFile), cl::cat(OutputCategory));
cl::opt<std::string> ExportFixes(
    "export-fixes", cl::value_desc("file"),
    cl::desc("the fix-its that keep the code's meaning, as YAML for "
             "clang-apply-replacements"),
    cl::cat(OutputCategory));
cl::opt<std::string>
    BaselineFile("baseline", cl::value_desc("file"),
                 cl::desc("report only findings this baseline does not record "
                          "(written by --write-baseline); says how many it "
                          "hid"),
                 cl::cat(OutputCategory));
cl::opt<std::string> WriteBaseline(
    "write-baseline", cl::value_desc("file"),
    cl::desc("record this run's findings there and report none of them: "
             "adopt the lint on a code base with old findings"),
    cl::cat(OutputCategory));
cl::opt<std::string> ChangedSince(
    "changed-since", cl::value_desc("rev"),
    cl::desc("report only findings on lines changed since this git revision, "
             "or at launches of kernels whose definition changed (PR CI)"),
    cl::cat(OutputCategory));
cl::opt<bool> ListLaunches(
    "list-launches",
    cl::desc("one line per launch with its resolved values (no checks)"),
    cl::cat(OutputCategory));

cl::opt<std::string> ResourceUsage(
    "resource-usage", cl::value_desc("auto|nvcc|clang|none|objects|file"),
    cl::init("auto"),
    cl::desc("device compiles (auto: the command's compiler), none, objects "
             "(with -p: each command's -o output when it is newer than its "
             "sources, else compiled; spills are then unknown), or a file: a "
             "saved nvcc --resource-usage / ptxas -v log, or a build output "
             "(object, .a, .so, executable, fatbin, cubin)"),
    cl::cat(DeviceCategory));
cl::opt<std::string>
    Archs("arch", cl::value_desc("sm_80,sm_90"),
          cl::desc("target archs (default: the config file's, else the "
                   "compile commands', else sm_75)"),
          cl::cat(DeviceCategory));
cl::opt<std::string>
    CacheDir("cache-dir", cl::value_desc("dir"),
             cl::desc("the cache of device facts and front-end facts "
                      "(default $XDG_CACHE_HOME/cuda-launch-lint)"),
             cl::cat(DeviceCategory));
cl::opt<bool> NoCache("no-cache", cl::desc("parse and compile every time"),
                      cl::cat(DeviceCategory));
// Text, not unsigned: "-j 0" and "-j x" get the same one-line reason.
cl::opt<std::string> Jobs("j", cl::Prefix, cl::value_desc("N"),
                          cl::desc("device compiles and parses in parallel"),
                          cl::cat(DeviceCategory));
cl::opt<std::string> DeviceTimeout(
    "device-timeout", cl::value_desc("seconds"),
    cl::desc("seconds before a device compile is abandoned (default 600)"),
    cl::cat(DeviceCategory));
cl::opt<bool>
    Verbose("verbose",
            cl::desc("parse, device compile and cache counters on stderr"),
            cl::cat(DeviceCategory));

constexpr StringLiteral Overview =
    R"(cuda-launch-lint: CUDA kernel launch configurations checked against
__launch_bounds__, the hardware and occupancy, for every target arch.

  cuda-launch-lint [options] <source>... -- <compile flags>
  cuda-launch-lint -p <build-dir> [options] [<source>...]
  cuda-launch-lint compile-db -p <build-dir> -o <dir>   (clangd, clang-tidy)
  cuda-launch-lint lsp [options]   (a language server; see 'lsp --help')
  cuda-launch-lint --wrap [--wrap-errors] <compiler> <args>...
                   (compiler launcher: CMAKE_CUDA_COMPILER_LAUNCHER)
  cuda-launch-lint merge <build-dir> [--format F] [-o FILE]
  cuda-launch-lint occupancy [options]   (see 'occupancy --help')

Exit status: 0 no error-severity finding, 1 at least one, 2 the tool could
not do its job.
)";

constexpr StringLiteral Formats[] = {"text",   "json",   "sarif", "github",
                                     "gitlab", "rdjson", "html"};

/// Parses Args (without the program name) with llvm::cl; a bad command line
/// is one line naming the option. Returns false on error.
bool parseCommandLine(ArrayRef<StringRef> Args) {
  std::vector<std::string> Storage = {"cuda-launch-lint"};
  for (StringRef A : Args)
    Storage.push_back(A.str());
  std::vector<const char *> Argv;
  for (const std::string &S : Storage)
    Argv.push_back(S.c_str());
  cl::HideUnrelatedOptions(
      {&InputCategory, &CheckCategory, &OutputCategory, &DeviceCategory});
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "cuda-launch-lint " CUDALINT_VERSION "\n"; });
  return parseOptions(Argv, Overview);
}

/// The settings the Pipeline validates, from the command line.
std::optional<LintSettings> settingsFromCommandLine() {
  LintSettings S;
  S.ResourceUsage = ResourceUsage;
  S.Archs = Archs;
  S.Gpu = Gpu;
  if (SMCount.getNumOccurrences())
    S.SMCount = SMCount.getValue();
  S.CudaPath = CudaPath;
  S.RocmPath = RocmPath;
  S.CacheDir = CacheDir;
  S.NoCache = NoCache;
  if (Checks.getNumOccurrences())
    S.Checks = Checks;
  if (WarningsAsErrors.getNumOccurrences())
    S.WarningsAsErrors = WarningsAsErrors;
  S.ConfigFile = ConfigFile;
  S.FindConfig = true;
  S.SystemHeaders = SystemHeaders;
  S.BaselineFile = BaselineFile;
  S.ChangedSince = ChangedSince;
  S.RequireChecks = OutputFormat == "text" && !ListLaunches;
  for (StringRef O : CheckOptionArgs) {
    auto [Key, Val] = O.split('=');
    if (Val.empty() || !Key.contains('.')) {
      fail("--check-option: expected <check>.<Option>=<value>, got '" + O +
           "'");
      return std::nullopt;
    }
    S.CheckOptions.emplace_back(Key.trim().str(), Val.trim().str());
  }
  if (!Jobs.empty() && (StringRef(Jobs).getAsInteger(10, S.Jobs) || !S.Jobs)) {
    fail("-j: '" + Jobs + "' is not a positive number");
    return std::nullopt;
  }
  if (!DeviceTimeout.empty() &&
      (StringRef(DeviceTimeout).getAsInteger(10, S.DeviceTimeoutSeconds) ||
       !S.DeviceTimeoutSeconds)) {
    fail("--device-timeout: '" + DeviceTimeout +
         "' is not a positive number of seconds");
    return std::nullopt;
  }
  return S;
}

int listChecks() {
  for (const std::unique_ptr<Check> &C : allChecks()) {
    outs() << C->name() << " (" << severityName(C->severity())
           << "): " << C->summary() << "\n";
    for (const CheckOptionSpec &O : C->options())
      outs() << "    option " << O.Name << " (" << O.acceptedText()
             << ", default " << O.defaultText() << "): " << O.Doc << "\n";
  }
  return 0;
}

/// The compile database: -p's, else the flags after '--'. Fills Files from
/// the database when no source is given.
Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadDatabase(std::optional<std::vector<std::string>> CompileFlags,
             std::vector<std::string> &Files) {
  auto Fail = [](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(), Why);
  };
  if (BuildDir.empty()) {
    if (!CompileFlags)
      return Fail("no compile flags: give them after '--', or a build "
                  "directory with -p");
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    return std::make_unique<clang::tooling::FixedCompilationDatabase>(
        Cwd, *CompileFlags);
  }
  SmallString<256> Json(BuildDir);
  sys::path::append(Json, "compile_commands.json");
  if (!sys::fs::exists(Json))
    return Fail("-p " + BuildDir + ": no compile_commands.json there");
  std::string Why;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          Json, Why, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return Fail(Json + ": " + Why);
  if (Files.empty()) {
    // In a stable order (the database's own is its hash table's).
    Files = DB->getAllFiles();
    llvm::sort(Files);
    if (Files.empty())
      return Fail("-p " + BuildDir + ": compile_commands.json lists no file");
  }
  return DB;
}

/// The sources that can be read, made absolute; the others are reported.
std::vector<std::string> readableSources(ArrayRef<std::string> Files) {
  std::vector<std::string> Readable;
  for (const std::string &S : Files) {
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
  return Readable;
}

/// The progress line: on a terminal, for a run of several files, one line
/// on stderr redrawn a few times a second; nothing when stderr is piped or
/// in CI ($CI set, as CI systems do).
class ProgressLine {
public:
  ProgressLine(const RunProgress &P, size_t Files)
      : P(P), Shown(Files > 1 && sys::Process::StandardErrIsDisplayed() &&
                    !sys::Process::GetEnv("CI")) {
    if (Shown)
      Painter = std::thread([this] {
        std::unique_lock<std::mutex> Lock(M);
        while (!Done.wait_for(Lock, std::chrono::milliseconds(200),
                              [this] { return Finished; }))
          paint();
      });
  }
  ~ProgressLine() {
    if (!Shown)
      return;
    {
      std::lock_guard<std::mutex> Lock(M);
      Finished = true;
    }
    Done.notify_one();
    Painter.join();
    errs() << "\r\x1b[K";
  }

private:
  /// Redraws the line when a counter moved.
  void paint() {
    std::string Text = formatv("cuda-launch-lint: parsed {0}/{1} files",
                               P.FilesParsed.load(), P.FilesTotal.load());
    if (unsigned Hits = P.FactsCacheHits.load())
      Text += formatv(" ({0} from the cache)", Hits);
    if (unsigned Total = P.DeviceJobsTotal.load())
      Text += formatv(", device compiles {0}/{1} ({2} from the cache)",
                      P.DeviceJobsDone.load(), Total, P.CacheHits.load());
    if (Text != Painted)
      errs() << "\r\x1b[K" << Text;
    Painted = std::move(Text);
  }

  const RunProgress &P;
  std::string Painted;
  bool Shown;
  bool Finished = false;
  std::mutex M;
  std::condition_variable Done;
  std::thread Painter;
};

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

/// Paths relative to the checkout, as CI systems want them: the git work
/// tree around the working directory, else the directory itself.
std::string checkoutRoot() {
  SmallString<256> Root;
  sys::fs::current_path(Root);
  for (SmallString<256> Dir = Root; !Dir.empty();
       Dir.resize(sys::path::parent_path(Dir).size())) {
    SmallString<256> Git(Dir);
    sys::path::append(Git, ".git");
    if (sys::fs::exists(Git))
      return Dir.str().str();
    if (sys::path::parent_path(Dir) == Dir)
      break;
  }
  return Root.str().str();
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
    printLaunchList(OS, R.Units, R.Occupancy, R.Unchecked);
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
  if (!parseCommandLine(Args))
    return 2;
  if (ListChecks)
    return listChecks();
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
  auto DB = loadDatabase(std::move(CompileFlags), Files);
  if (!DB)
    return fail(toString(DB.takeError()));
  if (Files.empty())
    return fail("no source file given");
  // The user's own command for a file (the first), for device compilation
  // and the target archs; the front end parses the translated one. The
  // translating wrapper owns the database.
  clang::tooling::CompilationDatabase *UserDB = DB->get();
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
  std::unique_ptr<clang::tooling::CompilationDatabase> Translated =
      translateNvccCommands(std::move(*DB), errs());

  std::vector<std::string> Readable = readableSources(Files);
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
