//===- main.cpp - The cuda-launch-lint command-line driver ----------------===//
//
// Dispatches to the commands. Every failure to do the job is one line on
// stderr and exit status 2.
//
//===----------------------------------------------------------------------===//

#include "CompileDbCommand.h"
#include "LintCommand.h"
#include "LspCommand.h"
#include "OccupancyCommand.h"
#include "WrapCommand.h"

#include "cudalint/Frontend/Frontend.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace llvm;

namespace {

int runCommand(ArrayRef<StringRef> Args) {
  if (Args.empty()) {
    errs() << "cuda-launch-lint: error: no command given (try --help)\n";
    return 2;
  }
  // The lint command's options (and --help, --version) are llvm::cl's;
  // `occupancy` has its own.
  StringRef Command = Args.front();
  if (Command == "--wrap")
    return cudalint::runWrapCommand(ArrayRef(Args).drop_front());
  if (Command == "merge")
    return cudalint::runMergeCommand(ArrayRef(Args).drop_front());
  if (Command == "compile-db")
    return cudalint::runCompileDbCommand(ArrayRef(Args).drop_front());
  if (Command == "lsp")
    return cudalint::runLspCommand(ArrayRef(Args).drop_front());
  if (Command == "occupancy")
    return cudalint::runOccupancyCommand(ArrayRef(Args).drop_front());
  if (Command == "lint")
    return cudalint::runLintCommand(ArrayRef(Args).drop_front());
  return cudalint::runLintCommand(Args);
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  SmallVector<StringRef, 16> Args(argv + 1, argv + argc);
  int Status = runCommand(Args);
  // A recovered crash abandoned its stack with Clang's state registered on
  // it (timers): llvm_shutdown would walk it. Everything is written; leave
  // without it.
  if (cudalint::recoveredFromCrash()) {
    outs().flush();
    errs().flush();
    std::_Exit(Status);
  }
  return Status;
}
