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
  --format text|json   json: every kernel and launch found (DESIGN.md)
  --list-launches      text: one line per launch with its resolved values
  --cuda-path DIR      the CUDA toolkit (default: $CUDA_PATH, $CUDA_HOME,
                       nvcc on $PATH, /usr/local/cuda)

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
