//===- CompileFailure.h - What a failed device compile says about the code ===//
//
// A device compile that fails for one arch may fail because the code is not
// built for it: ptxas rejects an instruction of a newer arch ("requires
// .target sm_90"), nvcc rejects an attribute the arch lacks ("__cluster_dims__
// is not supported for this GPU architecture"), or the code stops the
// compile itself (an #error or a failed static_assert on __CUDA_ARCH__).
// Such an arch is not a target of the file (DeviceGap::Kind::NotATarget).
// The compiler's diagnostics are read here, once; the rest of the tool reads
// the kind.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_DEVICE_COMPILEFAILURE_H
#define CUDALINT_LIB_DEVICE_COMPILEFAILURE_H

#include "cudalint/Device/DeviceResources.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cudalint::device {

/// The sign, in a failed device compile's output, that the code requires
/// another arch than the one compiled for.
struct NewerArchSign {
  /// The arch the code asks for ("sm_90"), when the sign names one.
  std::string RequiredArch;
  /// The compiler's diagnostic line that shows it, trimmed.
  std::string Evidence;
};

/// Reads a source file a diagnostic points at (Path as the compiler printed
/// it: absolute, or relative to the compile's directory); nullopt when it
/// cannot be read.
using SourceReader =
    llvm::function_ref<std::optional<std::string>(llvm::StringRef Path)>;

/// Looks through Log, what the compilers of a failed device compile for
/// Arch ("sm_80") printed, for a sign that the code requires another arch:
/// - ptxas: "requires .target sm_NN" with sm_NN newer than Arch (or Arch's
///   arch-specific variant, sm_90a for sm_90), "not supported on .target
///   'Arch'";
/// - nvcc: "... is not supported for this GPU architecture";
/// - an error at an `#error` directive, or a failed static_assert, that
///   mentions __CUDA_ARCH__ or sits in an #if/#ifdef group whose condition
///   does (nvcc's `file(line): error:` and Clang's / GCC's
///   `file:line:col: error:` diagnostics; the source is read with Read).
/// nullopt when there is none: the compile failed for another reason.
std::optional<NewerArchSign>
findNewerArchSign(llvm::StringRef Log, llvm::StringRef Arch, SourceReader Read);

/// A device compile that did not succeed.
struct FailedCompile {
  llvm::StringRef File; // absolute
  llvm::StringRef Arch; // "sm_80"
  llvm::StringRef Tool; // "nvcc", "clang", "ptxas"
  bool TimedOut = false, Cancelled = false;
  /// How the process ended, as ProcessResult::describe says it ("exit code
  /// 1", "timed out after 300 s (killed)").
  std::string Outcome;
  /// What the compiler printed (stderr, then stdout).
  llvm::StringRef Log;
};

/// The DeviceGap of a failed compile: NotATarget when findNewerArchSign
/// finds a sign, TimedOut, Cancelled, else CompileFailed; its message says
/// what happened and, for a timeout, what to do about it.
DeviceGap classifyCompileFailure(const FailedCompile &F, SourceReader Read);

/// The first line of Log that says what went wrong (an error, else the last
/// line), trimmed to 240 characters.
std::string firstErrorLine(llvm::StringRef Log);

/// Whether line Line (1-based) of Source lies in a preprocessor conditional
/// group one of whose conditions, up to the branch holding the line,
/// mentions the identifier Name (`#if __CUDA_ARCH__ < 900`, `#ifdef
/// __CUDA_ARCH__`, an `#elif` before an `#else`), or whether the directive
/// or statement starting on that line mentions it itself (up to its end: the
/// end of the directive, or the first `;`). Read with Clang's raw lexer:
/// comments and strings do not count.
bool mentionsAroundLine(llvm::StringRef Source, unsigned Line,
                        llvm::StringRef Name);

/// Whether line Line (1-based) of Source starts an `#error` directive.
bool isErrorDirectiveLine(llvm::StringRef Source, unsigned Line);

} // namespace cudalint::device

#endif
