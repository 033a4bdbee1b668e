//===- CudaParseSetup.h - Flags and files for a Clang 19 CUDA parse -*- C++
//-*-===//

#ifndef CUDALINT_LIB_FRONTEND_CUDAPARSESETUP_H
#define CUDALINT_LIB_FRONTEND_CUDAPARSESETUP_H

#include "cudalint/Frontend/Frontend.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudalint {

/// What every host-side parse adds to the user's flags, and the in-memory
/// headers those flags refer to.
struct CudaParseSetup {
  std::vector<std::string> Args;
  std::vector<std::pair<std::string, std::string>> VirtualFiles; // path, text
  /// Where the toolkit's and the system's headers are: the parse reads
  /// them as they are (spaced launch chevrons are joined in the user's own
  /// files only, SpacedChevrons.h).
  std::vector<std::string> SystemRoots;
};

CudaParseSetup cudaParseSetup(const std::optional<CudaToolkit> &Toolkit);

/// What a host-side parse of either language starts from: the system
/// header roots, LanguageArgs, the flags that keep Clang's messages and
/// error recovery to what the analysis needs, and Clang's resource directory.
CudaParseSetup hostParseSetup(std::vector<std::string> LanguageArgs);

/// The root of an install: Explicit when given, else the first set one of
/// EnvVars, else the first of DefaultRoots() (install roots, preferred
/// first), that holds Marker (a path under the root); made absolute. None,
/// with Why ("no <What> (<Marker>) in <every root tried>"), when none does.
std::optional<std::string>
findInstallRoot(llvm::StringRef Explicit, llvm::ArrayRef<const char *> EnvVars,
                llvm::function_ref<std::vector<std::string>()> DefaultRoots,
                llvm::StringRef Marker, llvm::StringRef What, std::string &Why);

/// How a parse without the runtime's headers (no CUDA toolkit, no ROCm)
/// stands in for them.
struct BuiltinRuntime {
  /// Keeps Clang's wrapper header, which needs the real headers, out.
  const char *NoIncludeFlag;
  /// The built-in declarations, force-included; they include
  /// "builtin_keywords.h" from beside them (the execution-space keywords
  /// and dim3, which both runtimes spell the same).
  const char *Header;
  const char *Text;
  /// The search flag and directory ("-idirafter" and the stub directory)
  /// through which each of StandIns, a path under that directory, resolves
  /// to an empty file saying StandInText: a missing include does not end
  /// the parse, and the built-in declarations stand in for its content.
  const char *SearchFlag;
  const char *SearchDir;
  llvm::ArrayRef<const char *> StandIns;
  const char *StandInText;
};
void addBuiltinRuntime(CudaParseSetup &S, const BuiltinRuntime &Runtime);

/// The same for a HIP unit: Clang's HIP mode, host side, with the ROCm
/// headers, or built-in declarations of the HIP launch API without them.
CudaParseSetup hipParseSetup(const std::optional<RocmInstall> &Rocm);

/// Registers the cudalint_launch_bounds / cudalint_maxnreg /
/// cudalint_cluster_dims attributes with Clang (once per process).
void registerKernelAttributes();

} // namespace cudalint

#endif
