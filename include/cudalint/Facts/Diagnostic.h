//===- Diagnostic.h - What the tool reports ---------------------*- C++ -*-===//
//
// A finding: a check's message at a source location, for an arch, with notes
// and fix-its. The checks produce them, the lint policy filters and promotes
// them, and the writers (text, JSON, SARIF, fixes YAML, clang-tidy, the
// plugin) print them. A leaf header: it depends on nothing of the tool.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DIAGNOSTIC_H
#define CUDALINT_DIAGNOSTIC_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cudalint {

/// A position in a source file, 1-based; Line 0: no position.
struct SourceLoc {
  std::string File; // absolute path
  unsigned Line = 0;
  unsigned Column = 0;
  bool valid() const { return Line != 0; }
  bool operator==(const SourceLoc &O) const {
    return Line == O.Line && Column == O.Column && File == O.File;
  }
};

enum class Severity { Warning, Error };

/// "warning", "error"
inline llvm::StringRef severityName(Severity S) {
  return S == Severity::Error ? "error" : "warning";
}

/// What a finding promises (DESIGN.md, trust rules): the launch (or call)
/// fails; a failing value may reach it; or advice on how well it runs.
/// Policy reads the claim; the message states it once, when the checks are
/// done (stateLaunchOutcome).
enum class Claim { Fails, MayFail, Advice };

/// "fails", "may-fail", "advice"
inline llvm::StringRef claimName(Claim C) {
  return C == Claim::Fails     ? "fails"
         : C == Claim::MayFail ? "may-fail"
                               : "advice";
}

struct DiagnosticNote {
  SourceLoc Loc; // may be invalid: a note about no place in particular
  std::string Message;
};

/// A replacement that keeps the code's meaning (clang-apply-replacements).
struct FixIt {
  SourceLoc Loc;   // where the replaced text starts
  unsigned Length; // bytes replaced (0: insert)
  std::string Replacement;
};

struct Diagnostic {
  std::string Check; // "cuda-block-size-invalid"
  Severity Sev = Severity::Warning;
  Claim Promise = Claim::Advice;
  SourceLoc Loc;
  /// "sm_80"; "sm_75, sm_80" once merged across archs; empty when it holds
  /// for every arch.
  std::string Arch;
  std::string Message;
  /// The cudaError_t the CUDA runtime returns for this failure
  /// ("cudaErrorInvalidValue") on the toolkit the run builds with; empty
  /// when the finding is not a failing call, or when the name was not
  /// checked on that toolkit (docs/checks/README.md, "Runtime errors").
  std::string CudaError;
  std::vector<DiagnosticNote> Notes;
  std::vector<FixIt> Fixes;
  /// The launched kernel as the message quotes it ("k<float>"): findings
  /// of a template's instances at one launch that differ only in it are
  /// one finding (mergeArchs). Empty for findings of no launch.
  std::string Kernel;
};

} // namespace cudalint

#endif // CUDALINT_DIAGNOSTIC_H
