//===- LspCommand.h - `cuda-launch-lint lsp`: a language server -*- C++ -*-===//

#ifndef CUDALINT_TOOLS_LSPCOMMAND_H
#define CUDALINT_TOOLS_LSPCOMMAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace cudalint {

/// A language server over stdio (docs/editors.md); Args without `lsp`.
int runLspCommand(llvm::ArrayRef<llvm::StringRef> Args);

} // namespace cudalint

#endif // CUDALINT_TOOLS_LSPCOMMAND_H
