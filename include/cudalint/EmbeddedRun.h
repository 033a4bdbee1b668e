//===- EmbeddedRun.h - The checks inside someone else's Clang -----*- C++
//-*-===//
//
// What the clang-tidy module and the compiler plugin share: facts from an AST
// the host already parsed, device facts beside them (cache, log file or
// device compilation of the user's own command), and the checks run over
// both. The findings come back merged across archs, as the standalone tool's
// text mode prints them, for the host to report through its own diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_EMBEDDEDRUN_H
#define CUDALINT_EMBEDDEDRUN_H

#include "cudalint/Checks.h"
#include "cudalint/DeviceFacts.h"
#include "cudalint/Facts.h"
#include "cudalint/GlobList.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace cudalint {

struct EmbeddedSettings {
  /// auto | nvcc | clang | none | <ptxas log file>.
  std::string ResourceUsage = "auto";
  /// Comma-separated archs ("sm_80,sm_90"); empty: the command's.
  std::string Archs;
  /// A GPU preset (pins the SM count for the grid checks); empty: none.
  std::string Gpu;
  /// The CUDA toolkit; empty: found as the standalone tool finds it.
  std::string CudaPath;
  /// Device facts cache; empty: the default. NoCache: compile every time.
  std::string CacheDir;
  bool NoCache = false;
  /// The user's compile command for the main file, when the host knows it;
  /// else it is looked up in BuildDir's compile_commands.json.
  std::vector<std::string> Argv;
  std::string Directory;
  std::string BuildDir;
  /// Also look for compile_commands.json in BuildDir's parents (a CMake
  /// command's directory is its target's build subdirectory).
  bool SearchUpwards = false;
};

/// Reads the settings shared by every front door ("ResourceUsage", "Archs",
/// ...). Returns a one-line reason for a bad value.
llvm::Error validateEmbeddedSettings(const EmbeddedSettings &S);

/// One translation unit's facts, ready to be checked many times.
class EmbeddedAnalysis {
public:
  /// Collects the facts of Ctx (the main file MainFile) and its device facts.
  /// Notes (no toolkit, no compile command, failed device compiles) go to
  /// Notes, one line each.
  static EmbeddedAnalysis run(clang::ASTContext &Ctx, llvm::StringRef MainFile,
                              const EmbeddedSettings &Settings);

  /// The findings of the checks Filter enables, merged across archs
  /// (mergeArchs), in file/line order.
  std::vector<Diagnostic> check(const GlobList &Filter,
                                const CheckOptions &Options) const;

  std::vector<std::string> Notes;
  /// The unit's front-end facts (for the lint policy).
  llvm::ArrayRef<TranslationUnitFacts> units() const { return Units; }

private:
  std::vector<TranslationUnitFacts> Units;
  DeviceResourceTable Device;
  std::vector<std::string> DefaultArchs;
  const GpuPreset *Gpu = nullptr;
};

/// The Clang location of file:line:col in SM (invalid when the file is not
/// part of the translation unit).
clang::SourceLocation toSourceLocation(clang::SourceManager &SM,
                                       const SourceLoc &Loc);

/// Escapes '%' for Clang's diagnostic format strings.
std::string escapeForDiagnostic(llvm::StringRef Message);

} // namespace cudalint

#endif
