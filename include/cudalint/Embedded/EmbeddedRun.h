//===- EmbeddedRun.h - The pipeline inside someone else's Clang --*- C++
//-*-===//
//
// What the clang-tidy module and the compiler plugin share: the door to the
// Pipeline for a translation unit their host already parsed. The front-end
// facts come from the host's AST; the device facts from the user's own
// compile command, given or looked up in a compile database. The findings
// come back through the host's own diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_EMBEDDEDRUN_H
#define CUDALINT_EMBEDDEDRUN_H

#include "cudalint/Pipeline/Pipeline.h"

#include "clang/Basic/SourceLocation.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace cudalint {

/// Where the user's compile command for the main file comes from.
struct HostCommand {
  /// The command itself, when the host knows it.
  std::vector<std::string> Argv;
  std::string Directory;
  /// Else: looked up in BuildDir's compile_commands.json, and with
  /// SearchUpwards in its parents' (a CMake command's directory is its
  /// target's build subdirectory).
  std::string BuildDir;
  bool SearchUpwards = false;
};

/// Runs P on the unit the host parsed into Ctx (its main file MainFile).
PipelineResult runOnHostAST(const Pipeline &P, clang::ASTContext &Ctx,
                            llvm::StringRef MainFile, const HostCommand &Cmd);

/// The Clang location of file:line:col in SM (invalid when the file is not
/// part of the translation unit).
clang::SourceLocation toSourceLocation(clang::SourceManager &SM,
                                       const SourceLoc &Loc);

/// Escapes '%' for Clang's diagnostic format strings.
std::string escapeForDiagnostic(llvm::StringRef Message);

} // namespace cudalint

#endif
