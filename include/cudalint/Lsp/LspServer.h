//===- LspServer.h - The language server: the editor's door -----*- C++ -*-===//
//
// `cuda-launch-lint lsp` (docs/editors.md): the Pipeline behind the
// Language Server Protocol, on MLIR's LSP support library. The tool's `lsp`
// command parses its options here and serves stdin/stdout; tests serve any
// FILE and stream in-process.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LSP_LSPSERVER_H
#define CUDALINT_LSP_LSPSERVER_H

#include "cudalint/Pipeline/Pipeline.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <string>

namespace cudalint {

struct LspOptions {
  /// --compile-commands-dir (absolute); empty: looked up as clangd does.
  std::string CompileCommandsDir;
  LintSettings Settings;
  /// Analyses and device refreshes run in the thread that reads, in order,
  /// instead of their worker threads (tests).
  bool Synchronous = false;
  /// Messages are the lines up to a '---' line, '#' lines skipped, instead
  /// of Content-Length frames (lit tests, as clangd's -lit-test).
  bool DelimitedInput = false;
  /// Indented JSON out (lit tests).
  bool PrettyOutput = false;
  bool InlayHints = false;
  /// Wait after an edit before analysing (asynchronous mode).
  unsigned DebounceMs = 300;
  /// Where the check pages are (each finding's codeDescription.href).
  std::string DocsDir;
  /// --help was given: print lspHelp() and serve nothing.
  bool Help = false;
};

/// The `lsp` command's --help text.
llvm::StringRef lspHelp();

/// Options from `lsp`'s arguments (without `lsp`); `--lit-test` sets
/// Synchronous, DelimitedInput and PrettyOutput. A bad one: an error of one
/// line, starting "lsp: ".
llvm::Expected<LspOptions>
parseLspOptions(llvm::ArrayRef<llvm::StringRef> Args);

/// Validates the settings once, before serving, so that a bad one is one
/// line and exit status 2 as in every door (a config file's errors come per
/// file, as messages). WorkDir stands for the directory of the files.
llvm::Error checkLspSettings(const LspOptions &Options,
                             llvm::StringRef WorkDir);

/// Reads messages from In and writes answers and notifications to Out
/// until `exit` or the end of input. Returns the exit status: 0 for `exit`
/// after `shutdown`, else 1 (as the protocol asks).
int serveLsp(LspOptions Options, std::FILE *In, llvm::raw_ostream &Out);

} // namespace cudalint

#endif // CUDALINT_LSP_LSPSERVER_H
