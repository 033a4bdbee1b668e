//===- DiagnosticsReport.h - Diagnostics as a compiler prints them -*- C++
//-*-===//

#ifndef CUDALINT_DIAGNOSTICSREPORT_H
#define CUDALINT_DIAGNOSTICSREPORT_H

#include "cudalint/Facts/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

/// Clang-style text: "file:line:col: error: message [check]", the source
/// line with a caret, then the notes, as they come (the lint policy has
/// merged those that differ only in their arch). Color only when asked.
void printDiagnostics(llvm::raw_ostream &OS,
                      llvm::ArrayRef<Diagnostic> Diagnostics, bool Color);

/// Diagnostics as JSON objects (DESIGN.md's "diagnostics" entries), one per
/// arch, written into an open array.
void writeDiagnosticsJSON(llvm::json::OStream &J,
                          llvm::ArrayRef<Diagnostic> Diagnostics);

/// Reads back what writeDiagnosticsJSON wrote; an entry that is not one is
/// an error naming its index.
llvm::Expected<std::vector<Diagnostic>>
readDiagnosticsJSON(const llvm::json::Array &Entries);

} // namespace cudalint

#endif
