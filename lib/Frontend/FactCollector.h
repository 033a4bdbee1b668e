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
void collectFactsInto(clang::ASTContext &Ctx, TranslationUnitFacts &Facts);

} // namespace cudalint

#endif
