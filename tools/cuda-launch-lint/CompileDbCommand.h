//===- CompileDbCommand.h - `cuda-launch-lint compile-db` -------*- C++ -*-===//

#ifndef CUDALINT_TOOLS_COMPILEDBCOMMAND_H
#define CUDALINT_TOOLS_COMPILEDBCOMMAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace cudalint {

/// Writes a Clang-ready compile_commands.json for an nvcc build (clangd,
/// clang-tidy); returns the exit code.
int runCompileDbCommand(llvm::ArrayRef<llvm::StringRef> Args);

} // namespace cudalint

#endif
