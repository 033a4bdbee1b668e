//===- DeadBranches.h - Launches in branches that cannot run ---*- C++ -*-===//
//
// `template <int W> void run() { if (W <= 1024) k<<<1, W>>>(); else ... }`
// instantiated for W = 2048: the first launch sits in a branch whose
// condition is the constant false in that instantiation. It never runs, so it
// cannot fail; judging it would be a false error (`if constexpr` makes Clang
// drop the branch itself, a plain `if` leaves it in the instantiated body).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_FRONTEND_DEADBRANCHES_H
#define CUDALINT_FRONTEND_DEADBRANCHES_H

namespace clang {
class ASTContext;
class Expr;
class Stmt;
} // namespace clang

namespace cudalint {

/// The condition around Launch, within its function, whose constant value
/// excludes the branch Launch is in (an if's then or else, a conditional
/// operator's arm, a while loop's body); null when Launch may run.
const clang::Expr *deadBranchCondition(clang::ASTContext &Ctx,
                                       const clang::Stmt &Launch);

} // namespace cudalint

#endif // CUDALINT_FRONTEND_DEADBRANCHES_H
