//===- Suppression.h - NOLINT comments ---------------------------*- C++
//-*-===//
//
// clang-tidy 19's NOLINT semantics, applied to our diagnostics:
//
//   // NOLINT                      every check, on this line
//   // NOLINT(check1, cuda-*)      the listed checks (globs), on this line
//   // NOLINTNEXTLINE(...)         the same, on the next line
//   // NOLINTBEGIN(...)            from here ...
//   // NOLINTEND(...)              ... to here; the END's check list must be
//                                  the BEGIN's (after trimming blanks)
//
// As in clang-tidy, the directive is found anywhere in the line's text (not
// only in comments), the type word must be followed by a non-letter, a check
// list must close on the same line (else the directive means "every check"),
// "NOLINT()" suppresses nothing, and '-' items in a check list are ignored.
// BEGIN/END pairs nest like brackets; a BEGIN without its END, or an END
// without its BEGIN, suppresses nothing and is reported (unmatchedDirectives).
// One difference: clang-tidy never suppresses compiler errors; every finding
// of ours is a check's finding, errors included, and NOLINT suppresses it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_SUPPRESSION_H
#define CUDALINT_SUPPRESSION_H

#include "cudalint/Facts/Diagnostic.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <vector>

namespace cudalint {

/// The name unmatched NOLINTBEGIN/NOLINTEND diagnostics carry (clang-tidy
/// calls them clang-tidy-nolint).
inline constexpr llvm::StringLiteral NoLintDiagnosticName =
    "cuda-launch-lint-nolint";

/// The NOLINT directives of one file's text.
class NoLintMap {
public:
  /// Copies Text. Path is only
  /// used for the locations of unmatched-directive diagnostics.
  NoLintMap(llvm::StringRef Path, llvm::StringRef Text);
  ~NoLintMap();
  NoLintMap(NoLintMap &&) noexcept;

  /// Whether a directive suppresses Check at Line:Column (1-based; column in
  /// bytes, as Clang counts; 0 is taken as 1). Lines outside the text are
  /// never suppressed.
  bool suppresses(llvm::StringRef Check, unsigned Line, unsigned Column) const;

  /// One error-severity diagnostic per begin or end directive without its
  /// match (NOLINTBEGIN ... NOLINTEND), in file order, with clang-tidy's
  /// messages; Check is NoLintDiagnosticName.
  const std::vector<Diagnostic> &unmatchedDirectives() const {
    return Unmatched;
  }

private:
  struct Impl;
  std::unique_ptr<Impl> P;
  std::vector<Diagnostic> Unmatched;
};

/// Decides suppression for diagnostics of many files, reading each file once
/// (llvm::MemoryBuffer) and keeping its directives. A file that cannot be
/// read suppresses nothing.
class NoLintFilter {
public:
  /// Whether a NOLINT directive on D's line (D.Loc, the macro use location
  /// for findings inside macros), on the line before it, or around it
  /// suppresses D. Diagnostics without a valid location are never
  /// suppressed.
  bool isSuppressed(const Diagnostic &D);

  /// Removes the suppressed diagnostics from Diags, keeping the order;
  /// returns how many were removed.
  unsigned removeSuppressed(std::vector<Diagnostic> &Diags);

  /// Unmatched NOLINTBEGIN/NOLINTEND diagnostics of every file looked at so far
  /// (the files of the diagnostics given to isSuppressed), in path order.
  std::vector<Diagnostic> unmatchedDirectives() const;

  /// Uses Text as Path's contents instead of reading the file (editors with
  /// unsaved buffers, tests).
  void setFileContents(llvm::StringRef Path, llvm::StringRef Text);

private:
  const NoLintMap *mapFor(llvm::StringRef Path);
  // Null entries: files that could not be read.
  llvm::StringMap<std::unique_ptr<NoLintMap>> Files;
};

} // namespace cudalint

#endif // CUDALINT_SUPPRESSION_H
