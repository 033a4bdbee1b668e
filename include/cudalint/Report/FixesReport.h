//===- FixesReport.h - Fix-its for clang-apply-replacements -----*- C++ -*-===//

#ifndef CUDALINT_FIXESREPORT_H
#define CUDALINT_FIXESREPORT_H

#include "cudalint/Checks/Checks.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

/// --export-fixes: the diagnostics' fix-its as clang-tidy's YAML
/// (clang-apply-replacements reads it). Fix-its that disagree at the same
/// place (one per arch, say) are left out, as are fix-its in files that
/// cannot be read. Returns how many replacements were written.
unsigned writeFixesYAML(llvm::raw_ostream &OS,
                        llvm::ArrayRef<Diagnostic> Diagnostics);

} // namespace cudalint

#endif
