//===- ObjectStore.h - What a method does to the object it runs on -*- C++
//-*-===//
//
// The store model for `*this`: inside a method (or a constructor's body), a
// member is a subject of its own, defined by the assignments to it, by the
// calls of other methods of the file on `this`, and on entry by the object
// the calling context passes (`l.go(y)`: l's members just before the call).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_OBJECTSTORE_H
#define CUDALINT_LIB_VALUES_OBJECTSTORE_H

#include "DefinitionCollector.h"

#include "llvm/ADT/DenseMap.h"

#include <string>
#include <vector>

namespace clang {
class ExprMutationAnalyzer;
}

namespace cudalint {

/// The changes one method's body makes to `*this`, with the path of the
/// member each changes ({} for the whole object).
struct ThisEffects {
  /// Assignments to members, calls of followed methods on `this` (or on a
  /// member), and the changes the analysis does not follow, as definitions.
  std::vector<Definition> Defs;
  /// Why no member of `*this` can be followed in the method ('this' handed
  /// on, captured by a lambda); empty when they can.
  std::string Escape;
};

/// The changes Method's body makes to `*this`; Mutations is Clang's
/// mutation analysis of that body, asked about each member mention that is
/// not read as a value.
ThisEffects collectThisEffects(const clang::FunctionDecl *Method,
                               clang::ExprMutationAnalyzer &Mutations,
                               clang::ASTContext &Ctx);

/// Whether E reads a member of `*this` (`threads_`, `this->cfg.blockDim`,
/// `(*this).n`), with the member's path from the object in *Path.
bool thisMemberPath(const clang::Expr *E, MemberPath *Path);

} // namespace cudalint

#endif
