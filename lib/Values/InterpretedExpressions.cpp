//===- InterpretedExpressions.cpp - Values of expressions in a run --------===//
//
// See InterpreterRun.h: the value of an expression in one state of a run,
// the truth of a condition, and the two states a condition splits one
// into, each narrowed by what the condition says on its side.
//
//===----------------------------------------------------------------------===//

#include "InterpreterRun.h"

#include "ResolverSupport.h"
#include "ValueComparisons.h"
#include "cudalint/Values/KnownFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalint::interpreter {

using namespace resolver;

ResolvedValue Run::eval(const Expr *E, const State &S) {
  if (!Failure.empty())
    return ResolvedValue::unknown(Failure);
  E = E->IgnoreParens();
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return eval(Cleanups->getSubExpr(), S);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (auto It = S.find(V); It != S.end())
        return It->second;
  if (std::optional<int64_t> C = Constants.of(E))
    return ResolvedValue::constant(*C);
  return Evaluation(*this, S).Visit(E);
}

ResolvedValue Run::Evaluation::truthValue(const Expr *E) {
  std::optional<bool> T = R.truth(E, S);
  if (!R.Failure.empty())
    return failed();
  return T ? ResolvedValue::constant(*T) : ResolvedValue::oneOf({0, 1});
}

ResolvedValue Run::Evaluation::VisitCastExpr(const CastExpr *Cast) {
  switch (Cast->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp:
    return R.eval(Cast->getSubExpr(), S);
  case CK_IntegralCast: {
    ResolvedValue V = R.eval(Cast->getSubExpr(), S);
    IntegerBounds B = integerBounds(Cast->getType(), R.Ctx);
    if (V.isKnown() && (V.lowest() < B.Min || V.highest() > B.Max))
      return ResolvedValue::unknown("a conversion that may not keep the "
                                    "value in '" +
                                    B.Name + "'");
    return V;
  }
  case CK_IntegralToBoolean:
    return truthValue(Cast);
  default:
    R.fail(std::string("a '") + Cast->getCastKindName() +
           "' conversion is not evaluated");
    return failed();
  }
}

ResolvedValue Run::Evaluation::VisitBinaryOperator(const BinaryOperator *B) {
  if (B->isComparisonOp() || B->isLogicalOp())
    return truthValue(B);
  std::optional<IntegerOp> Op = integerOp(B->getOpcode());
  if (!Op) {
    R.fail(("operator '" + B->getOpcodeStr() + "' is not evaluated").str());
    return failed();
  }
  return applyIntegerOp(*Op, R.eval(B->getLHS(), S), R.eval(B->getRHS(), S),
                        integerBounds(B->getType(), R.Ctx));
}

ResolvedValue Run::Evaluation::VisitUnaryOperator(const UnaryOperator *U) {
  switch (U->getOpcode()) {
  case UO_LNot:
    return truthValue(U);
  case UO_Plus:
    return R.eval(U->getSubExpr(), S);
  case UO_Minus:
    return applyIntegerOp(IntegerOp::Sub, ResolvedValue::constant(0),
                          R.eval(U->getSubExpr(), S),
                          integerBounds(U->getType(), R.Ctx));
  default:
    return VisitStmt(U);
  }
}

ResolvedValue
Run::Evaluation::VisitConditionalOperator(const ConditionalOperator *C) {
  std::optional<bool> T = R.truth(C->getCond(), S);
  if (T)
    return R.eval(*T ? C->getTrueExpr() : C->getFalseExpr(), S);
  R.Forked = true;
  ResolvedValue True = R.eval(C->getTrueExpr(), S);
  ResolvedValue False = R.eval(C->getFalseExpr(), S);
  if (std::optional<SymbolicTest> Test = symbolicTest(
          C->getCond(), [&](const Expr *Side) { return R.eval(Side, S); }))
    return joinWhen(*Test, True, False);
  return joinValues({std::move(True), std::move(False)});
}

ResolvedValue Run::callValue(const CallExpr *C, const State &S) {
  const FunctionDecl *F = C->getDirectCallee();
  if (!F || !C->getType()->isIntegerType() || isa<CXXMemberCallExpr>(C) ||
      isa<CXXOperatorCallExpr>(C)) {
    fail("a call it makes is not evaluated");
    return ResolvedValue::unknown(Failure);
  }
  std::vector<ResolvedValue> Args;
  for (const Expr *A : C->arguments())
    Args.push_back(eval(A, S));
  std::optional<KnownMeaning> Meaning = knownFunction(F);
  if (Meaning && Args.size() == 2 &&
      (*Meaning == KnownMeaning::Min || *Meaning == KnownMeaning::Max)) {
    IntegerOp Op =
        *Meaning == KnownMeaning::Min ? IntegerOp::Min : IntegerOp::Max;
    IntegerBounds B = integerBounds(C->getType(), Ctx);
    if (Args[0].isKnown() && Args[1].isKnown())
      return applyIntegerOp(Op, Args[0], Args[1], B);
    if (std::optional<ResolvedValue> One =
            boundByOneSide(Op, Args[0].isKnown() ? Args[0] : Args[1], B))
      return *One;
    return Args[0].isKnown() ? Args[1] : Args[0];
  }
  const FunctionDecl *Def = nullptr;
  if (!F->hasBody(Def) || Def->isVariadic() ||
      Ctx.getSourceManager().isInSystemHeader(Def->getLocation())) {
    fail("it calls '" + F->getNameAsString() + "', which is not evaluated");
    return ResolvedValue::unknown(Failure);
  }
  ResolvedValue R = Call(Def, Args);
  if (!R.isKnown())
    fail("its call of '" + F->getNameAsString() + "': " + R.Reason);
  return R;
}

std::optional<bool> Run::truth(const Expr *Cond, const State &S) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond);
      U && U->getOpcode() == UO_LNot) {
    std::optional<bool> T = truth(U->getSubExpr(), S);
    return T ? std::optional<bool>(!*T) : std::nullopt;
  }
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (B && B->isLogicalOp()) {
    bool And = B->getOpcode() == BO_LAnd;
    std::optional<bool> L = truth(B->getLHS(), S);
    if (L && *L != And)
      return !And;
    std::optional<bool> R = truth(B->getRHS(), S);
    if (R && *R != And)
      return !And;
    return L && R ? std::optional<bool>(And) : std::nullopt;
  }
  if (B && B->isComparisonOp()) {
    ResolvedValue L = eval(B->getLHS(), S), R = eval(B->getRHS(), S);
    // Compared as unsigned, a negative value would be a large one.
    if (B->getLHS()->getType()->isUnsignedIntegerType() &&
        ((L.isKnown() && L.lowest() < 0) || (R.isKnown() && R.lowest() < 0)))
      return std::nullopt;
    return comparedValues(B->getOpcode(), L, R);
  }
  ResolvedValue V = eval(Cond, S);
  if (V.isKnown() && (V.lowest() > 0 || V.highest() < 0))
    return true;
  if (V.isConstant() && V.value() == 0)
    return false;
  return std::nullopt;
}

std::pair<std::optional<State>, std::optional<State>>
Run::branch(const Expr *Cond, const State &S) {
  std::optional<bool> T = truth(Cond, S);
  if (!Failure.empty())
    return {};
  if (T)
    return *T ? std::pair(std::optional<State>(S), std::optional<State>())
              : std::pair(std::optional<State>(), std::optional<State>(S));
  Forked = true;
  std::optional<State> Then = S, Else = S;
  if (!refine(Cond, true, *Then))
    Then.reset();
  if (!refine(Cond, false, *Else))
    Else.reset();
  return {std::move(Then), std::move(Else)};
}

bool Run::refine(const Expr *Cond, bool Truth, State &S) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond);
      U && U->getOpcode() == UO_LNot)
    return refine(U->getSubExpr(), !Truth, S);
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  // `a && b` holds, or `a || b` fails: both sides say so.
  if (B && ((B->getOpcode() == BO_LAnd && Truth) ||
            (B->getOpcode() == BO_LOr && !Truth)))
    return refine(B->getLHS(), Truth, S) && refine(B->getRHS(), Truth, S);
  // A test of run-time sizes: every value that reads one of them holds on
  // this path only where the test does (`if (n % 32 != 0) return n / 32 +
  // 1;`).
  if (std::optional<SymbolicTest> Test =
          symbolicTest(Cond, [&](const Expr *Side) { return eval(Side, S); }))
    for (auto &[Var, Value] : S)
      if (Value.isSymbolic() && sharesInputs(Value, Test->Tested)) {
        std::optional<ResolvedValue> Kept = symbolicWhen(
            Value, Test->Tested, Truth ? Test->IfTrue : Test->IfFalse);
        if (!Kept)
          return false;
        Value = std::move(*Kept);
      }
  if (!B || !B->isComparisonOp() ||
      B->getLHS()->getType()->isUnsignedIntegerType())
    return true;
  ResolvedValue L = eval(B->getLHS(), S), R = eval(B->getRHS(), S);
  auto Narrow = [&](const Expr *Side, BinaryOperatorKind Op,
                    const ResolvedValue &Other) {
    const auto *DRE = dyn_cast<DeclRefExpr>(Side->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    auto It = V ? S.find(V) : S.end();
    if (It == S.end())
      return true;
    std::optional<ResolvedValue> N = narrowedBy(It->second, Op, Other, Truth);
    if (!N)
      return false;
    It->second = std::move(*N);
    return true;
  };
  return Narrow(B->getLHS(), B->getOpcode(), R) &&
         Narrow(B->getRHS(),
                BinaryOperator::reverseComparisonOp(B->getOpcode()), L);
}

} // namespace cudalint::interpreter
