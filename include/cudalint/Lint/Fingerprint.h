//===- Fingerprint.h - Findings recognised across edits ---------*- C++ -*-===//
//
// A finding's fingerprint survives edits that move it to another line: it is
// made of the check, the file, the arch and the message, and numbered when
// the same finding occurs more than once. SARIF's partialFingerprints,
// GitLab's fingerprint and the baseline (--baseline) all use it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_FINGERPRINT_H
#define CUDALINT_FINGERPRINT_H

#include "cudalint/Facts/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cudalint {

/// "<16 hex digits>:<occurrence>" for each finding, in order; PathOf gives
/// the file as the report names it (relative to a root, so that the
/// fingerprints do not depend on where the checkout is).
std::vector<std::string>
findingFingerprints(llvm::ArrayRef<Diagnostic> Findings,
                    llvm::function_ref<std::string(const Diagnostic &)> PathOf);

/// File relative to Root ("src/a.cu", '/' separated), or File itself when it
/// is not under Root.
std::string pathRelativeTo(llvm::StringRef File, llvm::StringRef Root);

} // namespace cudalint

#endif // CUDALINT_FINGERPRINT_H
