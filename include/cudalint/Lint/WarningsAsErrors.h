//===- WarningsAsErrors.h - --warnings-as-errors and the exit code -*- C++
//-*-===//
//
// clang-tidy's -warnings-as-errors: warnings of the checks a glob list
// matches count as errors for the exit code (and are shown as errors).
// Diagnostic itself is left alone; ask for the effective severity.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_WARNINGSASERRORS_H
#define CUDALINT_WARNINGSASERRORS_H

#include "cudalint/Facts/Diagnostic.h"
#include "cudalint/Lint/GlobList.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace cudalint {

class WarningsAsErrors {
public:
  /// Globs as for --checks ("cuda-*,-cuda-tail-effect"); "" promotes nothing.
  explicit WarningsAsErrors(llvm::StringRef Globs = "");

  /// A warning whose check the globs match.
  bool promotes(const Diagnostic &D) const;
  /// Error for errors and promoted warnings, else Warning.
  Severity effectiveSeverity(const Diagnostic &D) const;

  /// How many diagnostics are errors after promotion.
  unsigned countErrors(llvm::ArrayRef<Diagnostic> Diags) const;
  /// How many warnings were promoted.
  unsigned countPromoted(llvm::ArrayRef<Diagnostic> Diags) const;

  /// DESIGN.md's exit code for a run that did its job: 1 when any
  /// diagnostic is an error after promotion, else 0.
  int exitCode(llvm::ArrayRef<Diagnostic> Diags) const;

  /// Sets Sev to the effective severity in place (for writers that only
  /// read Sev, e.g. SARIF's level); returns how many were promoted.
  unsigned promote(std::vector<Diagnostic> &Diags) const;

private:
  GlobList Globs;
};

} // namespace cudalint

#endif // CUDALINT_WARNINGSASERRORS_H
