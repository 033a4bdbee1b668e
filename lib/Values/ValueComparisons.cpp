//===- ValueComparisons.cpp - Comparisons of resolved values --------------===//

#include "ValueComparisons.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace cudalint {

std::optional<bool> comparedValues(BinaryOperatorKind Op,
                                   const ResolvedValue &L,
                                   const ResolvedValue &R) {
  if (!L.isKnown() || !R.isKnown())
    return std::nullopt;
  int64_t LMin = L.lowest(), LMax = L.highest();
  int64_t RMin = R.lowest(), RMax = R.highest();
  auto Decided = [](bool Always, bool Never) -> std::optional<bool> {
    if (Always)
      return true;
    if (Never)
      return false;
    return std::nullopt;
  };
  bool Apart = LMax < RMin || RMax < LMin;
  bool Same = L.isConstant() && R.isConstant() && LMin == RMin;
  // A set may miss the other side's values even when their ranges meet.
  if (L.K == ResolvedValue::Kind::Set && R.isConstant() &&
      !llvm::is_contained(L.Values, RMin))
    Apart = true;
  if (R.K == ResolvedValue::Kind::Set && L.isConstant() &&
      !llvm::is_contained(R.Values, LMin))
    Apart = true;
  switch (Op) {
  case BO_LT:
    return Decided(LMax < RMin, LMin >= RMax);
  case BO_LE:
    return Decided(LMax <= RMin, LMin > RMax);
  case BO_GT:
    return Decided(LMin > RMax, LMax <= RMin);
  case BO_GE:
    return Decided(LMin >= RMax, LMax < RMin);
  case BO_EQ:
    return Decided(Same, Apart);
  case BO_NE:
    return Decided(Apart, Same);
  default:
    return std::nullopt;
  }
}

std::optional<ResolvedValue> narrowedBy(const ResolvedValue &V,
                                        BinaryOperatorKind Op,
                                        const ResolvedValue &R, bool Truth) {
  if (!V.isKnown() || !R.isKnown())
    return V;
  if (!Truth)
    Op = BinaryOperator::negateComparisonOp(Op);
  // The bounds `v op r` puts on v for some r of R.
  int64_t Lo = INT64_MIN, Hi = INT64_MAX;
  switch (Op) {
  case BO_LT:
    if (R.highest() == INT64_MIN)
      return std::nullopt;
    Hi = R.highest() - 1;
    break;
  case BO_LE:
    Hi = R.highest();
    break;
  case BO_GT:
    if (R.lowest() == INT64_MAX)
      return std::nullopt;
    Lo = R.lowest() + 1;
    break;
  case BO_GE:
    Lo = R.lowest();
    break;
  case BO_EQ:
    Lo = R.lowest();
    Hi = R.highest();
    break;
  default: // BO_NE: only a constant excludes anything
    break;
  }
  std::optional<int64_t> Excluded;
  if (Op == BO_NE && R.isConstant())
    Excluded = R.value();
  auto Keeps = [&](int64_t X) {
    return X >= Lo && X <= Hi && (!Excluded || X != *Excluded) &&
           (Op != BO_EQ || R.K == ResolvedValue::Kind::Range ||
            llvm::is_contained(R.Values, X));
  };
  ResolvedValue Out;
  if (V.K == ResolvedValue::Kind::Range) {
    int64_t Min = std::max(V.Min, Lo), Max = std::min(V.Max, Hi);
    if (Excluded && Min == *Excluded && Min < Max)
      ++Min;
    if (Excluded && Max == *Excluded && Min < Max)
      --Max;
    if (Min > Max || (Min == Max && !Keeps(Min)))
      return std::nullopt;
    Out = ResolvedValue::range(Min, Max);
  } else {
    std::vector<int64_t> Kept;
    for (int64_t X : V.Values)
      if (Keeps(X))
        Kept.push_back(X);
    if (Kept.empty())
      return std::nullopt;
    Out = ResolvedValue::oneOf(Kept);
    if (Out.K == ResolvedValue::Kind::Set)
      Out.keepProven(V.Proven);
  }
  Out.Origins = V.Origins;
  return Out;
}

namespace {

/// What `X op C` holding (Truth) allows of X.
ComparisonBounds comparisonBounds(BinaryOperatorKind Op, int64_t C,
                                  bool Truth) {
  if (!Truth)
    Op = BinaryOperator::negateComparisonOp(Op);
  ComparisonBounds B;
  switch (Op) {
  case BO_LT:
    B.Hi = C == INT64_MIN ? C : C - 1;
    break;
  case BO_LE:
    B.Hi = C;
    break;
  case BO_GT:
    B.Lo = C == INT64_MAX ? C : C + 1;
    break;
  case BO_GE:
    B.Lo = C;
    break;
  case BO_EQ:
    B.Lo = B.Hi = C;
    break;
  default: // BO_NE
    B.Excluded = C;
    break;
  }
  return B;
}

} // namespace

std::optional<SymbolicTest>
symbolicTest(const Expr *Cond,
             llvm::function_ref<ResolvedValue(const Expr *)> Value) {
  bool Negated = false;
  Cond = Cond->IgnoreParenImpCasts();
  while (const auto *U = dyn_cast<UnaryOperator>(Cond)) {
    if (U->getOpcode() != UO_LNot)
      return std::nullopt;
    Negated = !Negated;
    Cond = U->getSubExpr()->IgnoreParenImpCasts();
  }
  std::optional<SymbolicTest> T;
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (B && B->isComparisonOp()) {
    // Compared as unsigned, a negative value would be a large one; it
    // still differs from a constant of the type's range (`n % 16u != 0`).
    bool Unsigned = B->getLHS()->getType()->isUnsignedIntegerType();
    if (Unsigned && !B->isEqualityOp())
      return std::nullopt;
    ResolvedValue L = Value(B->getLHS()), R = Value(B->getRHS());
    BinaryOperatorKind Op = B->getOpcode();
    if (R.isSymbolic() && L.isConstant()) {
      std::swap(L, R);
      Op = BinaryOperator::reverseComparisonOp(Op);
    }
    if (!L.isSymbolic() || !R.isConstant() || (Unsigned && R.value() < 0))
      return std::nullopt;
    T = SymbolicTest{std::move(L), comparisonBounds(Op, R.value(), true),
                     comparisonBounds(Op, R.value(), false)};
  } else if (!B && Cond->getType()->isIntegerType() &&
             !Cond->getType()->isBooleanType()) {
    ResolvedValue X = Value(Cond);
    if (!X.isSymbolic())
      return std::nullopt;
    T = SymbolicTest{std::move(X), comparisonBounds(BO_NE, 0, true),
                     comparisonBounds(BO_NE, 0, false)};
  } else {
    return std::nullopt;
  }
  if (Negated)
    std::swap(T->IfTrue, T->IfFalse);
  return T;
}

ResolvedValue joinWhen(const SymbolicTest &Test, const ResolvedValue &IfTrue,
                       const ResolvedValue &IfFalse) {
  std::vector<ResolvedValue> Sides;
  for (auto [Side, Bounds] :
       {std::pair(&IfTrue, &Test.IfTrue), std::pair(&IfFalse, &Test.IfFalse)})
    if (std::optional<ResolvedValue> V =
            symbolicWhen(*Side, Test.Tested, *Bounds))
      Sides.push_back(std::move(*V));
  if (Sides.empty())
    return ResolvedValue::unknown("neither side of the condition can be taken");
  ResolvedValue V = joinValues(Sides);
  // Too large with the test's nodes (iDivUp of a size its callers join):
  // the sides without them, a wider value that still holds.
  if (V.K == ResolvedValue::Kind::Unknown &&
      IfTrue.K != ResolvedValue::Kind::Unknown &&
      IfFalse.K != ResolvedValue::Kind::Unknown)
    V = joinValues({IfTrue, IfFalse});
  V.Proven.clear();
  return V;
}

/// Min when C is `a < b ? a : b` (or `<=`, or `b > a`), max when it is
/// `a > b ? a : b` (and the like), both sides compared in C's own type, as
/// std::min and std::max compare them; none for any other ternary.
std::optional<KnownMeaning> minOrMaxOfItsSides(const ConditionalOperator *C,
                                               const ASTContext &Ctx) {
  const auto *B = dyn_cast<BinaryOperator>(C->getCond()->IgnoreParenImpCasts());
  if (!B || !B->isRelationalOp() || !C->getType()->isIntegerType())
    return std::nullopt;
  // The same expression, read twice with the same value (no side effect).
  auto Same = [&](const Expr *X, const Expr *Y) {
    if (X->HasSideEffects(Ctx) || Y->HasSideEffects(Ctx))
      return false;
    llvm::FoldingSetNodeID IdX, IdY;
    X->IgnoreParenImpCasts()->Profile(IdX, Ctx, /*Canonical=*/true);
    Y->IgnoreParenImpCasts()->Profile(IdY, Ctx, /*Canonical=*/true);
    return IdX == IdY;
  };
  const Expr *L = B->getLHS(), *Rt = B->getRHS();
  // (Compared in another type, `-1 < 5u` is false: not std::min.)
  QualType T = C->getType().getCanonicalType().getUnqualifiedType();
  auto InType = [&](const Expr *X) {
    return X->getType().getCanonicalType().getUnqualifiedType() == T;
  };
  if (!InType(L) || !InType(Rt))
    return std::nullopt;
  bool Less = B->getOpcode() == BO_LT || B->getOpcode() == BO_LE;
  if (Same(L, C->getTrueExpr()) && Same(Rt, C->getFalseExpr()))
    return Less ? KnownMeaning::Min : KnownMeaning::Max;
  if (Same(Rt, C->getTrueExpr()) && Same(L, C->getFalseExpr()))
    return Less ? KnownMeaning::Max : KnownMeaning::Min;
  return std::nullopt;
}

} // namespace cudalint
