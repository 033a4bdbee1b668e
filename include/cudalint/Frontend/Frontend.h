//===- Frontend.h - Parse CUDA sources, collect kernels and launches -*- C++
//-*-===//

#ifndef CUDALINT_FRONTEND_H
#define CUDALINT_FRONTEND_H

#include "cudalint/Facts/Facts.h"
#include "cudalint/Facts/Progress.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace cudalint {

struct CudaToolkit {
  std::string Root;    // contains include/cuda_runtime.h
  std::string Version; // "13.0", from cuda.h's CUDA_VERSION; empty if unknown
  /// nvcc's build number ("88" of 13.0.88), from version.json or the
  /// dist-info folder; empty if unknown.
  std::string NvccBuild;
};

/// Finds the CUDA toolkit: Explicit (--cuda-path) if given, else $CUDA_PATH,
/// $CUDA_HOME, the directory above `nvcc` on $PATH, /usr/local/cuda.
/// Returns none when there is none; Why says what was tried.
std::optional<CudaToolkit> findCudaToolkit(llvm::StringRef Explicit,
                                           std::string &Why);

/// Where the ROCm HIP headers are (include/hip/hip_runtime.h below Root).
struct RocmInstall {
  std::string Root;
};

/// Finds the HIP headers: Explicit (--rocm-path) if given, else $ROCM_PATH,
/// $HIP_PATH, /opt/rocm, /usr (Debian's libamdhip64-dev). Returns none when
/// there are none; Why says what was tried.
std::optional<RocmInstall> findRocm(llvm::StringRef Explicit, std::string &Why);

/// What the front-end facts cache did in a run (FactsCache.h).
struct FrontendCacheStats {
  unsigned Hits = 0, Misses = 0, Writes = 0;
  /// Parsed units that could not be cached: a fatal error (a missing
  /// header) ended the parse, the tool crashed, or a file it read could
  /// not be read again.
  unsigned Uncached = 0;
  /// One line each: damaged entries, an unwritable cache. Prefixed with the
  /// file name.
  std::vector<std::string> Notes;
};

struct FrontendOptions {
  /// Empty: parse with the built-in CUDA declarations instead of a toolkit.
  std::optional<CudaToolkit> Toolkit;
  /// Empty: HIP units parse with built-in HIP declarations instead of the
  /// ROCm headers.
  std::optional<RocmInstall> Rocm;
  /// Appended to every compile command.
  std::vector<std::string> ExtraArgs;
  /// Files parsed at once (-j); 0: one per core.
  unsigned Jobs = 1;
  /// Advanced as files are parsed; may be null.
  RunProgress *Progress = nullptr;
  /// The cache directory (--cache-dir; facts go to its facts/ folder, the
  /// device cache's beside it); empty: defaultCacheDir().
  std::string CacheDir;
  /// Whether collectFacts reads and writes the facts cache (the standalone
  /// tool and the launcher; not the clang-tidy module or the plugin, which
  /// are handed an AST).
  bool UseCache = false;
  /// Filled in by collectFacts when UseCache; may be null.
  FrontendCacheStats *CacheStats = nullptr;
  /// Unsaved editor buffers (absolute path, text), parsed in place of the
  /// files on disk. With any, the facts cache is neither read nor written:
  /// its entries describe the files on disk.
  std::vector<std::pair<std::string, std::string>> Overlays;
};

/// A compile database that clangd and clang-tidy can use on an nvcc build
/// (`cuda-launch-lint compile-db`): each nvcc command as a Clang CUDA
/// command (host side, every target arch, the toolkit, Clang 19's CUDA 13
/// flags and the stand-in headers, which live under StandInDir); other
/// commands as they are.
struct EditorDatabase {
  std::vector<clang::tooling::CompileCommand> Commands;
  /// Stand-in headers to write: absolute path, text.
  std::vector<std::pair<std::string, std::string>> StandIns;
  /// One line each: commands that could not be translated (left as they
  /// are), unknown nvcc flags dropped.
  std::vector<std::string> Notes;
};
EditorDatabase editorDatabase(const clang::tooling::CompilationDatabase &DB,
                              const std::optional<CudaToolkit> &Toolkit,
                              llvm::StringRef StandInDir);

/// Wraps a compilation database so that nvcc commands (CMake, Bear, xmake)
/// become Clang commands; unknown nvcc flags are dropped with one warning per
/// spelling, written to Notes.
std::unique_ptr<clang::tooling::CompilationDatabase> translateNvccCommands(
    std::unique_ptr<clang::tooling::CompilationDatabase> Inner,
    llvm::raw_ostream &Notes);

/// A standalone run's compile database: BuildDir's compile_commands.json,
/// else (no BuildDir) CompileFlags, the flags given after '--', for every
/// file. Fills Files from the database, sorted, when none is given. The
/// error says why there is none ("-p build: no compile_commands.json
/// there").
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadCompileDatabase(llvm::StringRef BuildDir,
                    std::optional<std::vector<std::string>> CompileFlags,
                    std::vector<std::string> &Files);

/// The user's own command for File: the database's first, without the
/// fixed database's placeholder compiler (dropPlaceholderCompiler).
std::optional<clang::tooling::CompileCommand>
userCompileCommand(const clang::tooling::CompilationDatabase &DB,
                   llvm::StringRef File);

/// The Files that exist and are not directories, made absolute; one line
/// ("dir: is a directory", "f.cu: No such file or directory") for each of
/// the others in Unreadable.
std::vector<std::string> readableSources(llvm::ArrayRef<std::string> Files,
                                         std::vector<std::string> &Unreadable);

/// Parses each file with the flags the database gives it and returns what it
/// found, one entry per file. Clang's errors do not stop the analysis: they
/// are listed in the facts and the recovered AST is analysed. Fails only for
/// a file that could not be parsed at all. With Opts.UseCache, a file whose
/// command and every file its last parse read are unchanged is not parsed:
/// its facts come from the facts cache.
std::vector<TranslationUnitFacts>
collectFacts(const clang::tooling::CompilationDatabase &DB,
             llvm::ArrayRef<std::string> Files, const FrontendOptions &Opts,
             llvm::raw_ostream &Notes);

/// Whether a parse in this process crashed and was recovered (the unit was
/// skipped). The crashed parse's stack was abandoned, not unwound: global
/// state it had registered there (Clang's timers, for one) may point into
/// it, and llvm_shutdown would walk it. A process that has recovered from a
/// crash writes its output and leaves with std::_Exit (main.cpp).
bool recoveredFromCrash();
/// Records a crash recovered outside collectFacts (the language server's own
/// recovery boundaries).
void noteRecoveredCrash();

/// The facts of an AST someone else parsed (the clang-tidy module, the
/// compiler plugin). Clang's errors are theirs to report: Facts.Errors stays
/// empty. __maxnreg__ and __cluster_dims__ are only seen when the parse
/// force-included the overrides header (see cudaParseSetup); otherwise the
/// host view is Clang's own: __launch_bounds__ (its third argument from
/// sm_90 only), no __maxnreg__, no __cluster_dims__.
TranslationUnitFacts collectFactsFromAST(clang::ASTContext &Ctx,
                                         llvm::StringRef MainFile);

/// Registers the attribute spellings the overrides header uses, for hosts
/// (clang-tidy, clang -fplugin) that load this code as a shared library.
void registerKernelAttributeSpellings();

} // namespace cudalint

#endif // CUDALINT_FRONTEND_H
