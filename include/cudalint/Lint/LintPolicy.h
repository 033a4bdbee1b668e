//===- LintPolicy.h - What is reported, applied once for every door C++ -*-===//
//
// The policy between the checks and any writer: which findings the user
// sees and at what severity. The Pipeline applies it to the checks' findings
// before any writer sees them, so every output (text, JSON, SARIF, Clang
// diagnostics) shows the same findings at the same severity. (In the
// clang-tidy module, clang-tidy itself filters headers, promotes warnings
// and reports unmatched NOLINTBEGIN, the same way; NOLINT is applied here
// too, because clang-tidy's never suppresses an error.)
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LINTPOLICY_H
#define CUDALINT_LINTPOLICY_H

#include "cudalint/Checks/Checks.h"
#include "cudalint/Facts/Facts.h"
#include "cudalint/Lint/GlobList.h"
#include "cudalint/Lint/WarningsAsErrors.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

struct LintPolicy {
  /// Findings in files other than the analysed sources are kept only where
  /// this regex matches their path (clang-tidy's HeaderFilterRegex); unset:
  /// every file.
  std::optional<std::string> HeaderFilterRegex;
  /// Keep findings at kernels defined in system headers and the toolkit
  /// (--system-headers).
  bool SystemHeaders = false;
  /// Warnings of these checks are errors, in every output and the exit code.
  std::string WarningsAsErrorsGlobs;
  /// NOLINT comments suppress findings of every severity.
  bool ApplyNoLint = true;
  /// A finding for each unmatched NOLINTBEGIN/END.
  bool ReportUnmatchedNoLint = true;
};

/// Applies the policy to the checks' findings for Units, in order: system
/// headers, header filter, NOLINT (adding a finding for each unmatched
/// NOLINTBEGIN/END), warnings-as-errors (Sev becomes Error). Returns how
/// many warnings were promoted.
/// The checks Filter (--checks globs) enables, in registry order.
std::vector<const Check *> enabledChecks(const GlobList &Filter);

/// Findings that differ only in their arch, merged into one whose Arch is
/// the list ("sm_80, sm_90") and whose message names every arch; the notes
/// of the group without repeats. Then findings of a template's instances at
/// one launch that differ only in the kernel (Diagnostic::Kernel): the
/// first, with a note naming the others. In the order of first appearance.
std::vector<Diagnostic> mergeArchs(llvm::ArrayRef<Diagnostic> Findings);

/// Unsaved: editor buffers (path, text) whose NOLINT comments count
/// instead of the files on disk.
unsigned applyLintPolicy(
    const LintPolicy &Policy, llvm::ArrayRef<TranslationUnitFacts> Units,
    std::vector<Diagnostic> &Findings,
    llvm::ArrayRef<std::pair<std::string, std::string>> Unsaved = {});

} // namespace cudalint

#endif // CUDALINT_LINTPOLICY_H
