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
  /// A mention of a member of `*this` that is not read as a value, and
  /// may change it: `this->field` (Field) at the head of the part the
  /// expression around it names (Path: `cfg.block` in `cfg.block = ...`,
  /// `v[?]` in `f(v[i])`).
  struct Mention {
    const clang::MemberExpr *Field;
    MemberPath Path;
  };
  /// Clang's mutation analysis judges these only for the part a launch
  /// value reads: each judgement matches over the whole body, and a long
  /// method mentions hundreds of members.
  std::vector<Mention> MayChange;
};

/// The changes Method's body makes to `*this` that it shows: assignments,
/// followed method calls, and MayChange left for the mutation analysis.
ThisEffects collectThisEffects(const clang::FunctionDecl *Method,
                               clang::ASTContext &Ctx);

/// The changes to the part of `*this` at Path (to any part for {}) that
/// Mutations, Clang's mutation analysis of the method, finds among
/// Effects.MayChange and Effects.Defs does not show (`n_ += 2`,
/// `int &r = n_;`, `&n_` handed on): changes the analysis does not follow.
std::vector<Definition> unfollowedMemberChanges(
    const ThisEffects &Effects, llvm::ArrayRef<std::string> Path,
    clang::ExprMutationAnalyzer &Mutations, clang::ASTContext &Ctx);

/// Whether E reads a member of `*this` (`threads_`, `this->cfg.blockDim`,
/// `(*this).n`), with the member's path from the object in *Path.
bool thisMemberPath(const clang::Expr *E, MemberPath *Path);

} // namespace cudalint

#endif
