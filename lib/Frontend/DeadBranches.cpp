//===- DeadBranches.cpp - Launches in branches that cannot run ------------===//

#include "DeadBranches.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace cudalint {

namespace {

/// Cond's value when it is a constant in this (instantiated) body.
std::optional<bool> constantCondition(ASTContext &Ctx, const Expr *Cond) {
  bool Value = false;
  if (!Cond || Cond->isValueDependent() ||
      !Cond->EvaluateAsBooleanCondition(Value, Ctx))
    return std::nullopt;
  return Value;
}

/// The condition of Parent that excludes its child Child, if one does.
const Expr *excludingCondition(ASTContext &Ctx, const Stmt *Parent,
                               const Stmt *Child) {
  auto Excludes = [&](const Expr *Cond, bool RunsWhen) -> const Expr * {
    std::optional<bool> Value = constantCondition(Ctx, Cond);
    return Value && *Value != RunsWhen ? Cond : nullptr;
  };
  if (const auto *If = dyn_cast<IfStmt>(Parent)) {
    if (Child == If->getThen())
      return Excludes(If->getCond(), true);
    if (Child == If->getElse())
      return Excludes(If->getCond(), false);
  } else if (const auto *C = dyn_cast<ConditionalOperator>(Parent)) {
    if (Child == C->getTrueExpr())
      return Excludes(C->getCond(), true);
    if (Child == C->getFalseExpr())
      return Excludes(C->getCond(), false);
  } else if (const auto *W = dyn_cast<WhileStmt>(Parent)) {
    if (Child == W->getBody())
      return Excludes(W->getCond(), true);
  }
  return nullptr;
}

} // namespace

const Expr *deadBranchCondition(ASTContext &Ctx, const Stmt &Launch) {
  const Stmt *Child = &Launch;
  DynTypedNodeList Parents = Ctx.getParents(Launch);
  // A statement has one parent in a function body; the walk stops at the
  // function (or any declaration) around it.
  for (unsigned Steps = 0; !Parents.empty() && Steps < 64; ++Steps) {
    const Stmt *Parent = Parents[0].get<Stmt>();
    if (!Parent)
      return nullptr;
    if (const Expr *Cond = excludingCondition(Ctx, Parent, Child))
      return Cond;
    Child = Parent;
    Parents = Ctx.getParents(*Parent);
  }
  return nullptr;
}

} // namespace cudalint
