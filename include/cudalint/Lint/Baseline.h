//===- Baseline.h - Known findings, hidden until they change ----*- C++ -*-===//
//
// `--write-baseline FILE` records the findings of a run; `--baseline FILE`
// reports only findings it does not record, and says how many it hid. A
// large legacy code base can turn the lint on in CI on day one and fix the
// old findings over time. Findings are matched by fingerprint (Fingerprint.h)
// with paths relative to the baseline file's directory, so a baseline
// survives edits that move lines and checkouts in other places.
//
//   {"cuda-launch-lint-baseline": 1,
//    "findings": [{"fingerprint": "...", "check": "...", "file": "src/a.cu",
//                  "message": "..."}, ...]}
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_BASELINE_H
#define CUDALINT_BASELINE_H

#include "cudalint/Facts/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cudalint {

class Baseline {
public:
  /// Reads a baseline; a missing, unreadable or malformed file is an error
  /// naming it.
  static llvm::Expected<Baseline> load(llvm::StringRef Path);

  /// Removes the findings the baseline records (per arch, before merging);
  /// returns how many.
  unsigned hideKnown(std::vector<Diagnostic> &Findings) const;

  const std::string &path() const { return Path; }

private:
  std::string Path;
  std::string Root; // the file's directory
  llvm::StringSet<> Known;
};

/// The baseline file recording Findings, for a file written to Path.
std::string baselineText(llvm::ArrayRef<Diagnostic> Findings,
                         llvm::StringRef Path);

} // namespace cudalint

#endif // CUDALINT_BASELINE_H
