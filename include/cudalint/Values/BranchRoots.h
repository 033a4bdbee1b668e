//===- BranchRoots.h - What a branch condition can depend on ----*- C++ -*-===//
//
// A value proven to reach a launch needs a path whose branches cannot
// depend on the choice of that value, nor on each other. Two conditions are
// taken as independent when nothing they read can share a source: the
// roots of a condition are the local variables it reads, everything those
// were computed from in the function (transitively), and tokens for what
// lies outside it (a called function, a field, a global). Conservative: two
// conditions on the same root, or both on parameters of the function (whose
// callers may pass related values), are correlated.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_BRANCHROOTS_H
#define CUDALINT_BRANCHROOTS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

namespace clang {
class CallExpr;
class Decl;
class Expr;
class FunctionDecl;
class ParmVarDecl;
class VarDecl;
} // namespace clang

namespace cudalint {

/// Sorted, unique. Members: the function's variables and parameters, and as
/// tokens a callee, a field, a global, or null (written through an address
/// the analysis does not follow: it may share a source with anything).
using RootSet = llvm::SmallVector<const clang::Decl *, 8>;

/// Whether two conditions of one function may depend on a common source.
bool correlated(const RootSet &A, const RootSet &B);

/// A branch a value's way to the launch must take one way, and its roots
/// in the function being followed; Cond null: a branch that cannot be read,
/// which may depend on anything.
struct WayCondition {
  const clang::Expr *Cond;
  RootSet Roots;
};

/// Whether two branches may depend on each other (one branch does not).
bool mayDependOnEachOther(const WayCondition &A, const WayCondition &B);

class BranchRoots {
public:
  /// ReadOnlyReferences: reference parameters their function only reads or
  /// forwards into copies (a harness's `Args &&...`): passing a variable to
  /// one does not change it.
  explicit BranchRoots(
      const llvm::DenseSet<const clang::ParmVarDecl *> &ReadOnlyReferences);
  ~BranchRoots();
  /// The roots of E, an expression of F's body.
  RootSet rootsOf(const clang::Expr *E, const clang::FunctionDecl *F);
  /// S, roots in F, as roots in the function that makes Call to F: F's
  /// parameters become the roots of the arguments Call passes them, F's
  /// own variables go (their sources are in S already), tokens stay.
  RootSet throughCall(const RootSet &S, const clang::FunctionDecl *F,
                      const clang::CallExpr *Call,
                      const clang::FunctionDecl *Caller);

private:
  struct FunctionSources;
  FunctionSources &sourcesOf(const clang::FunctionDecl *F);
  const llvm::DenseSet<const clang::ParmVarDecl *> &ReadOnlyReferences;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<FunctionSources>>
      Functions;
  /// rootsOf, once per expression and function.
  llvm::DenseMap<std::pair<const clang::Expr *, const clang::FunctionDecl *>,
                 RootSet>
      Memo;
};

} // namespace cudalint

#endif
