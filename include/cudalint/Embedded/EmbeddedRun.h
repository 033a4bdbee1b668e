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

#include <optional>
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
  /// Else, when set: the flags every file is compiled with (those
  /// clang-tidy was given after `--`), in the working directory.
  std::optional<std::vector<std::string>> FixedFlags;
};

/// This process's arguments (Linux's /proc/self/cmdline); empty where they
/// cannot be read.
std::vector<std::string> processArguments();

/// The flags a clang-tidy command line compiles every file with: those
/// after `--`, with its --extra-arg-before and --extra-arg around them;
/// none without a `--`.
std::optional<std::vector<std::string>>
clangTidyFixedFlags(llvm::ArrayRef<std::string> Argv);

/// What the tool says beside its findings, for a host to show: each of the
/// run's notes and warnings (no place: Loc is invalid), then each launch
/// that was not fully checked, with its reasons.
struct RunMessage {
  SourceLoc Loc;
  std::string Text;
};
std::vector<RunMessage> runMessages(const PipelineResult &R);

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
