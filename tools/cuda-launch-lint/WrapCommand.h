//===- WrapCommand.h - The compiler launcher and `merge` --------*- C++ -*-===//

#ifndef CUDALINT_TOOLS_WRAPCOMMAND_H
#define CUDALINT_TOOLS_WRAPCOMMAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace cudalint {

/// `--wrap [--wrap-errors] <compiler> <args>...`: Args after --wrap. Returns
/// the compile's exit status (1 for lint errors with --wrap-errors).
int runWrapCommand(llvm::ArrayRef<llvm::StringRef> Args);

/// `merge <build dir> [--format F] [-o FILE]`: the findings the launcher
/// wrote next to the objects, as one report.
int runMergeCommand(llvm::ArrayRef<llvm::StringRef> Args);

} // namespace cudalint

#endif
