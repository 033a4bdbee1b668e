//===- LintPolicy.cpp - What is reported, applied once for every door -----===//

#include "cudalint/LintPolicy.h"
#include "cudalint/Suppression.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Regex.h"

#include <set>

using namespace llvm;

namespace cudalint {

unsigned applyLintPolicy(const LintPolicy &Policy,
                         ArrayRef<TranslationUnitFacts> Units,
                         std::vector<Diagnostic> &Findings) {
  std::set<std::string> Sources, SystemFiles;
  for (const TranslationUnitFacts &U : Units) {
    Sources.insert(U.MainFile);
    for (const KernelInfo &K : U.Kernels)
      if (K.InSystemHeader)
        SystemFiles.insert(K.Loc.File);
  }
  // Findings at kernels in system headers and the toolkit (CUB, Thrust):
  // the user cannot change them. Launch findings are at the user's launches.
  if (!Policy.SystemHeaders)
    erase_if(Findings, [&](const Diagnostic &D) {
      return SystemFiles.count(D.Loc.File);
    });
  // As clang-tidy: findings in headers only where the filter says.
  if (Policy.HeaderFilterRegex) {
    Regex Filter(*Policy.HeaderFilterRegex);
    erase_if(Findings, [&](const Diagnostic &D) {
      return !Sources.count(D.Loc.File) && !Filter.match(D.Loc.File);
    });
  }
  NoLintFilter NoLint;
  NoLint.removeSuppressed(Findings);
  for (Diagnostic &D : NoLint.unmatchedDirectives())
    Findings.push_back(std::move(D));
  return WarningsAsErrors(Policy.WarningsAsErrorsGlobs).promote(Findings);
}

} // namespace cudalint
