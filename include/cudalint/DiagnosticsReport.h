//===- DiagnosticsReport.h - Diagnostics as a compiler prints them -*- C++
//-*-===//

#ifndef CUDALINT_DIAGNOSTICSREPORT_H
#define CUDALINT_DIAGNOSTICSREPORT_H

#include "cudalint/Checks.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

/// Clang-style text: "file:line:col: error: message [check]", the source
/// line with a caret, then the notes. Findings that differ only in their
/// arch are printed once, naming every arch. Color only when asked.
void printDiagnostics(llvm::raw_ostream &OS,
                      llvm::ArrayRef<Diagnostic> Diagnostics, bool Color);

/// Findings that differ only in their arch, merged into one whose Arch is
/// the list ("sm_80, sm_90") and whose message names every arch; the notes
/// of the group without repeats. In the order of first appearance.
std::vector<Diagnostic> mergeArchs(llvm::ArrayRef<Diagnostic> Diagnostics);

/// Diagnostics as JSON objects (DESIGN.md's "diagnostics" entries), one per
/// arch, written into an open array.
void writeDiagnosticsJSON(llvm::json::OStream &J,
                          llvm::ArrayRef<Diagnostic> Diagnostics);

} // namespace cudalint

#endif
