//===- WarningsAsErrors.cpp - --warnings-as-errors and the exit code ------===//

#include "cudalint/Lint/WarningsAsErrors.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace cudalint {

WarningsAsErrors::WarningsAsErrors(StringRef Globs) : Globs(Globs) {}

bool WarningsAsErrors::promotes(const Diagnostic &D) const {
  return D.Sev == Severity::Warning && Globs.contains(D.Check);
}

Severity WarningsAsErrors::effectiveSeverity(const Diagnostic &D) const {
  return D.Sev == Severity::Error || promotes(D) ? Severity::Error
                                                 : Severity::Warning;
}

unsigned WarningsAsErrors::countErrors(ArrayRef<Diagnostic> Diags) const {
  return count_if(Diags, [&](const Diagnostic &D) {
    return effectiveSeverity(D) == Severity::Error;
  });
}

unsigned WarningsAsErrors::countPromoted(ArrayRef<Diagnostic> Diags) const {
  return count_if(Diags, [&](const Diagnostic &D) { return promotes(D); });
}

int WarningsAsErrors::exitCode(ArrayRef<Diagnostic> Diags) const {
  return countErrors(Diags) ? 1 : 0;
}

unsigned WarningsAsErrors::promote(std::vector<Diagnostic> &Diags) const {
  unsigned N = 0;
  for (Diagnostic &D : Diags)
    if (promotes(D)) {
      D.Sev = Severity::Error;
      ++N;
    }
  return N;
}

} // namespace cudalint
