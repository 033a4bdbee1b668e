//===- LintOptions.cpp - The lint command line ----------------------------===//
//
// llvm::cl options, so that --help (and the man page made from it) is
// generated from them.
//
//===----------------------------------------------------------------------===//

#include "LintOptions.h"

#include "CommandSupport.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cudalint {

namespace {
cl::OptionCategory InputCategory("Input");
cl::OptionCategory CheckCategory("Checks");
cl::OptionCategory OutputCategory("Output");
cl::OptionCategory DeviceCategory(
    "Device facts (registers, shared memory, spills; docs/device-facts.md)");

} // namespace

namespace lintopt {
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
} // namespace lintopt

namespace {
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
} // namespace

using namespace lintopt;

bool parseLintCommandLine(ArrayRef<StringRef> Args) {
  std::vector<std::string> Storage = {"cuda-launch-lint"};
  for (StringRef A : Args)
    Storage.push_back(A.str());
  std::vector<const char *> Argv;
  Argv.reserve(Storage.size());
  for (const std::string &S : Storage)
    Argv.push_back(S.c_str());
  cl::HideUnrelatedOptions(
      {&InputCategory, &CheckCategory, &OutputCategory, &DeviceCategory});
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "cuda-launch-lint " CUDALINT_VERSION "\n"; });
  return parseOptions(Argv, Overview);
}

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
  if (lintopt::WarningsAsErrors.getNumOccurrences())
    S.WarningsAsErrors = lintopt::WarningsAsErrors;
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

} // namespace cudalint
