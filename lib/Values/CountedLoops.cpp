//===- CountedLoops.cpp - Element-wise copies in counted loops ------------===//

#include "CountedLoops.h"

#include "BranchTests.h"
#include "ResolverSupport.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"

using namespace clang;
using cudalint::resolver::constantOf;
using cudalint::resolver::refersTo;

namespace cudalint {

namespace {

constexpr int64_t MaxIterations = 64;

/// Whether S leaves its loop or function early, or changes Index: a jump,
/// a throw, an assignment, ++/-- or `&` of Index.
bool jumpsOrChanges(const Stmt *S, const VarDecl *Index) {
  struct Visit : RecursiveASTVisitor<Visit> {
    const VarDecl *Index;
    bool Found = false;
    bool VisitStmt(Stmt *S) {
      if (isa<BreakStmt, ContinueStmt, ReturnStmt, GotoStmt, IndirectGotoStmt,
              CXXThrowExpr>(S))
        Found = true;
      if (const auto *B = dyn_cast<BinaryOperator>(S);
          B && B->isAssignmentOp() && refersTo(B->getLHS(), Index))
        Found = true;
      if (const auto *U = dyn_cast<UnaryOperator>(S);
          U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
          refersTo(U->getSubExpr(), Index))
        Found = true;
      return !Found;
    }
    // A lambda's body runs when it is called.
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } V;
  V.Index = Index;
  V.TraverseStmt(const_cast<Stmt *>(S));
  return V.Found;
}

/// The one parent of S, when it has one.
const Stmt *parentOf(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  return Parents.size() == 1 ? Parents[0].get<Stmt>() : nullptr;
}

/// Whether the loop's increment steps Index by one.
bool stepsByOne(const Expr *Inc, const VarDecl *Index, const ASTContext &Ctx) {
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
    return U->isIncrementOp() && refersTo(U->getSubExpr(), Index);
  const auto *B = dyn_cast_or_null<BinaryOperator>(Inc);
  return B && B->getOpcode() == BO_AddAssign && refersTo(B->getLHS(), Index) &&
         constantOf(B->getRHS(), Ctx) == 1;
}

} // namespace

std::optional<CountedLoopCopy> countedLoopCopy(const BinaryOperator *Assign,
                                               const FunctionDecl *F,
                                               ASTContext &Ctx) {
  const auto *Element =
      dyn_cast<ArraySubscriptExpr>(Assign->getLHS()->IgnoreParenImpCasts());
  const auto *IndexRef =
      Element ? dyn_cast<DeclRefExpr>(Element->getIdx()->IgnoreParenImpCasts())
              : nullptr;
  const auto *Index =
      IndexRef ? dyn_cast<VarDecl>(IndexRef->getDecl()) : nullptr;
  if (!Index || !F || !F->getBody())
    return std::nullopt;
  // Assign is a statement of the loop's body, or the body itself.
  const Stmt *Up = parentOf(Assign, Ctx);
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Up);
  const auto *For = dyn_cast_or_null<ForStmt>(Body ? parentOf(Body, Ctx) : Up);
  if (!For || For->getBody() != (Body ? static_cast<const Stmt *>(Body)
                                      : static_cast<const Stmt *>(Assign)))
    return std::nullopt;
  // for (int i = L; i < U; ++i)
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  if (!Init || !Init->isSingleDecl() || Init->getSingleDecl() != Index ||
      !stepsByOne(For->getInc(), Index, Ctx))
    return std::nullopt;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(For->getCond());
  if (!Cond || !refersTo(Cond->getLHS(), Index))
    return std::nullopt;
  std::optional<int64_t> L = constantOf(Index->getInit(), Ctx);
  std::optional<int64_t> U = constantOf(Cond->getRHS(), Ctx);
  if (!L || !U)
    return std::nullopt;
  int64_t Last;
  if (Cond->getOpcode() == BO_LT && *U > INT64_MIN)
    Last = *U - 1;
  else if (Cond->getOpcode() == BO_LE)
    Last = *U;
  else
    return std::nullopt;
  // (Unsigned: the difference of any two int64_t fits.)
  if (Last < *L || uint64_t(Last) - uint64_t(*L) >= uint64_t(MaxIterations) ||
      jumpsOrChanges(For->getBody(), Index))
    return std::nullopt;
  // The loop runs on every path: a statement of the function's body with
  // nothing before it that leaves the function.
  const auto *FBody = dyn_cast<CompoundStmt>(F->getBody());
  if (!FBody || parentOf(For, Ctx) != FBody)
    return std::nullopt;
  for (const Stmt *S : FBody->body()) {
    if (S == For)
      return CountedLoopCopy{Index, *L, Last};
    if (jumpsOrChanges(S, nullptr))
      return std::nullopt;
  }
  return std::nullopt;
}

} // namespace cudalint
