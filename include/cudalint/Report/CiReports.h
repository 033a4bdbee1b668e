//===- CiReports.h - Findings in the formats CI systems read ----*- C++ -*-===//
//
// --format github: GitHub Actions workflow commands (`::error file=…::…`),
//   which the runner turns into annotations on the pull request.
// --format gitlab: a GitLab Code Quality report (a JSON array of issues with
//   unique fingerprints), for `artifacts: reports: codequality:`.
// --format rdjson: reviewdog's Diagnostic Format, a DiagnosticResult, for
//   `reviewdog -f=rdjson`.
// Paths are relative to Root (the directory CI runs in) where they can be.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_CIREPORTS_H
#define CUDALINT_CIREPORTS_H

#include "cudalint/Facts/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace cudalint {

void writeGitHubAnnotations(llvm::raw_ostream &OS,
                            llvm::ArrayRef<Diagnostic> Findings,
                            llvm::StringRef Root);
void writeGitLabCodeQuality(llvm::raw_ostream &OS,
                            llvm::ArrayRef<Diagnostic> Findings,
                            llvm::StringRef Root);
void writeRdjson(llvm::raw_ostream &OS, llvm::ArrayRef<Diagnostic> Findings,
                 llvm::StringRef Root);

/// The Root CI systems want paths relative to: the git work tree around the
/// working directory, else the directory itself.
std::string checkoutRoot();

} // namespace cudalint

#endif // CUDALINT_CIREPORTS_H
