//===- LspCommand.cpp - `cuda-launch-lint lsp`: a language server ---------===//
//
// The door only: options, the check pages' place, stdin and stdout. The
// server is lib/Lsp (cudalint/Lsp/LspServer.h).
//
//===----------------------------------------------------------------------===//

#include "LspCommand.h"

#include "CommandSupport.h"

#include "cudalint/Lsp/LspServer.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>

using namespace llvm;

namespace cudalint {

namespace {

/// The check pages: --docs-dir, else the installed ones
/// (<prefix>/share/doc/cuda-launch-lint/checks), else the source tree's.
std::string findDocsDir(StringRef Given) {
  if (!Given.empty())
    return Given.str();
  std::string Exe = sys::fs::getMainExecutable(
      "cuda-launch-lint", reinterpret_cast<void *>(&findDocsDir));
  SmallString<256> Installed(
      sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "share", "doc", "cuda-launch-lint", "checks");
  if (sys::fs::is_directory(Installed))
    return Installed.str().str();
  return CUDALINT_SOURCE_DIR "/docs/checks";
}

} // namespace

int runLspCommand(ArrayRef<StringRef> Args) {
  Expected<LspOptions> Opts = parseLspOptions(Args);
  if (!Opts)
    return fail(toString(Opts.takeError()));
  if (Opts->Help) {
    outs() << lspHelp();
    return 0;
  }
  Opts->DocsDir = findDocsDir(Opts->DocsDir);
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  if (Error E = checkLspSettings(*Opts, Cwd))
    return fail(toString(std::move(E)));
  return serveLsp(std::move(*Opts), stdin, outs());
}

} // namespace cudalint
