//===- FactCollector.h - Kernels and launches of a parsed unit -*- C++ -*-===//

#ifndef CUDALINT_LIB_FRONTEND_FACTCOLLECTOR_H
#define CUDALINT_LIB_FRONTEND_FACTCOLLECTOR_H

#include "cudalint/Facts/Facts.h"

namespace clang {
class ASTContext;
} // namespace clang

namespace cudalint {

/// Adds the kernels, launch sites and kernel settings of the AST to Facts
/// (whose MainFile the caller sets), with the launches of uninstantiated
/// templates and the identical launches of several instantiations merged.
/// FatalAt: where the parse met an error Clang maps to fatal by default (a
/// missing header), when the caller's diagnostics consumer saw one (the
/// parse then goes on as after any error); without it, a fatal error that
/// Ctx's diagnostics engine had stops the parse at the last error.
void collectFactsInto(clang::ASTContext &Ctx, TranslationUnitFacts &Facts,
                      std::optional<SourceLoc> FatalAt = std::nullopt);

} // namespace cudalint

#endif
