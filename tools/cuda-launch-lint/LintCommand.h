//===- LintCommand.h - `cuda-launch-lint [options] <source>...` -*- C++ -*-===//

#ifndef CUDALINT_TOOLS_LINTCOMMAND_H
#define CUDALINT_TOOLS_LINTCOMMAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace cudalint {

/// Analyses sources; returns the process exit code (DESIGN.md).
int runLintCommand(llvm::ArrayRef<llvm::StringRef> Args);

} // namespace cudalint

#endif
