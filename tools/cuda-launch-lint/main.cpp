//===- main.cpp - The cuda-launch-lint command-line driver ----------------===//
//
// Dispatches to the subcommands. Every failure to do the job is one line on
// stderr and exit status 2.
//
//===----------------------------------------------------------------------===//

#include "LintCommand.h"
#include "OccupancyCommand.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {
constexpr StringLiteral Usage =
    R"(usage: cuda-launch-lint [options] <source>... -- <compile flags>
       cuda-launch-lint -p <build-dir> [options] [<source>...]
       cuda-launch-lint occupancy [options]

Lint options:
  --arch sm_80,sm_90   target archs (default: the compile command's, else
                       the toolkit's default)
  --checks GLOBS       which checks run, clang-tidy style (default cuda-*;
                       e.g. -*,cuda-occupancy-*)
  --warnings-as-errors GLOBS
                       warnings of these checks count for the exit status
  --check-option CHECK.OPTION=VALUE
                       e.g. cuda-occupancy-limited.MinOccupancy=0.25
  --gpu PRESET         a GPU model (see 'occupancy --list-gpus'): enables
                       the grid checks on its arch
  --format text|json|sarif
                       json: diagnostics, launches and kernels (DESIGN.md);
                       sarif: SARIF 2.1.0 for code scanning
  --output FILE        write the report there instead of stdout
  --export-fixes FILE  the fix-its that keep the code's meaning, as YAML for
                       clang-apply-replacements
  --config FILE        default: the nearest .cuda-launch-lint.yaml above
                       the first source
  --list-checks        the checks, their severity and options
  --explain CHECK      the check's documentation page
  --list-launches      text: one line per launch with its resolved values
  --strict-parse       front-end parse errors make the exit status 1
  --system-headers     also report findings located in system headers and
                       the CUDA toolkit (CUB, Thrust)
  --cuda-path DIR      the CUDA toolkit (default: $CUDA_PATH, $CUDA_HOME,
                       nvcc on $PATH, /usr/local/cuda)
  --resource-usage auto|nvcc|clang|none|LOG
                       where registers and shared memory come from: device
                       compiles (auto: the command's compiler), or a saved
                       nvcc --resource-usage / ptxas -v log
  --cache-dir DIR, --no-cache
                       the device facts cache (default
                       $XDG_CACHE_HOME/cuda-launch-lint)
  -j N                 device compiles in parallel
  --device-timeout S   seconds before a device compile is abandoned (300)
  --verbose            device compile and cache counters on stderr

Exit status: 0 no error-severity finding, 1 at least one, 2 the tool could
not do its job.

Commands:
  occupancy   theoretical occupancy of a launch configuration, per GPU
              architecture, as the CUDA runtime computes it (see
              'cuda-launch-lint occupancy --help')

Options:
  --version   print the version
  --help      print this help
)";
} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  SmallVector<StringRef, 16> Args(argv + 1, argv + argc);
  if (Args.empty()) {
    errs() << "cuda-launch-lint: error: no command given (try --help)\n";
    return 2;
  }
  StringRef Command = Args.front();
  if (Command == "--help" || Command == "-h") {
    outs() << Usage;
    return 0;
  }
  if (Command == "--version") {
    outs() << "cuda-launch-lint " CUDALINT_VERSION "\n";
    return 0;
  }
  if (Command == "occupancy")
    return cudalint::runOccupancyCommand(ArrayRef(Args).drop_front());
  if (Command == "lint")
    return cudalint::runLintCommand(ArrayRef(Args).drop_front());
  return cudalint::runLintCommand(Args);
}
