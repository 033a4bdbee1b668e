//===- TraversalScopes.h - What the collection traverses -------*- C++ -*-===//
//
// What a RecursiveASTVisitor started at the translation unit traverses, and
// what Clang's parent map (which the value analysis asks for parents)
// covers, is the ASTContext's traversal scope. The collection narrows it in
// two steps (collectFactsInto): the callers' index sees every top-level
// declaration but the system headers' global variables; the launches and
// the parent map see the user's declarations only.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_FRONTEND_TRAVERSALSCOPES_H
#define CUDALINT_LIB_FRONTEND_TRAVERSALSCOPES_H

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace clang {
class ASTContext;
class Decl;
class FunctionDecl;
} // namespace clang

namespace cudalint {

/// The translation unit's top-level declarations, by where they are.
struct TraversalScopes {
  /// All but the system headers' global variables: the constant tables of
  /// <curand_kernel.h> alone made a 620 MiB parent map.
  std::vector<clang::Decl *> Indexed;
  /// The user's: walking the system headers' bodies (libstdc++, the
  /// toolkit's) took a fifth of a small file's time, and no launch there is
  /// checked nor any value read from them by walking parents.
  std::vector<clang::Decl *> User;
  /// The system headers'.
  std::vector<clang::Decl *> System;
};
TraversalScopes traversalScopes(clang::ASTContext &Ctx);

/// The kernels Declarations define, template instances included, found
/// from their declarations alone (no function body is walked).
std::vector<const clang::FunctionDecl *>
kernelsDeclaredIn(llvm::ArrayRef<clang::Decl *> Declarations);

} // namespace cudalint

#endif
