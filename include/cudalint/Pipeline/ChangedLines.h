//===- ChangedLines.h - What a change touched (--changed-since) -*- C++ -*-===//
//
// `--changed-since REV` reports only findings on lines changed since a git
// revision (committed, staged or not, and files git does not track yet), and
// findings at launches of a kernel whose definition changed: an edit there
// may change its registers and shared memory. For pull-request CI, as
// clang-tidy-diff.py.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_CHANGEDLINES_H
#define CUDALINT_CHANGEDLINES_H

#include "cudalint/Facts/Diagnostic.h"
#include "cudalint/Facts/Facts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <utility>
#include <vector>

namespace cudalint {

class ChangedLines {
public:
  /// Asks git (no shell) what changed since Revision in the repository that
  /// holds Directory. Errors: no git, not a repository, an unknown revision.
  static llvm::Expected<ChangedLines> sinceRevision(llvm::StringRef Revision,
                                                    llvm::StringRef Directory);
  /// From the text of `git diff -U0` with paths under Root (for tests).
  static ChangedLines fromDiff(llvm::StringRef Diff, llvm::StringRef Root);

  /// Whether a line of File (absolute) changed; a whole new file did.
  bool changed(llvm::StringRef File, unsigned Line) const;
  bool changedBetween(llvm::StringRef File, unsigned First,
                      unsigned Last) const;
  void addWholeFile(llvm::StringRef File) { WholeFiles[File] = true; }

private:
  /// Absolute path -> changed line ranges [first, last].
  llvm::StringMap<std::vector<std::pair<unsigned, unsigned>>> Ranges;
  llvm::StringMap<bool> WholeFiles;
};

/// Keeps the findings on changed lines, and those of launches (a note at the
/// kernel) and kernels whose definition changed. Returns how many it removed.
unsigned keepChangedFindings(const ChangedLines &Changes,
                             llvm::ArrayRef<TranslationUnitFacts> Units,
                             std::vector<Diagnostic> &Findings);

} // namespace cudalint

#endif // CUDALINT_CHANGEDLINES_H
