//===- FloatExpressions.cpp - Floating-point expressions to integers ------===//
//
// `int t = int(std::ceil(1500 / 32.0)) * 64;`: a launch value computed in
// floating point. The engine follows it from where it becomes an integer
// (a cast that converts floating point to an integer) down through the
// floating-point arithmetic, the known rounding and min/max functions
// (KnownFunctions.def), constants and integers converted to floating point,
// with the values FloatValues.h computes as C does. Anything else stays
// unknown, saying what.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "ResolverSupport.h"
#include "cudalint/Values/FloatValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/APFloat.h"

using namespace clang;

namespace cudalint {

using namespace resolver;

namespace {

/// The width C computes a value of type T in; none for long double and
/// the half types, which the engine does not evaluate.
std::optional<FloatWidth> widthOf(QualType T) {
  if (T->isSpecificBuiltinType(BuiltinType::Float))
    return FloatWidth::Float;
  if (T->isSpecificBuiltinType(BuiltinType::Double))
    return FloatWidth::Double;
  return std::nullopt;
}

std::optional<FloatOp> floatOp(BinaryOperatorKind Op) {
  static constexpr std::pair<BinaryOperatorKind, FloatOp> Evaluated[] = {
      {BO_Add, FloatOp::Add},
      {BO_Sub, FloatOp::Sub},
      {BO_Mul, FloatOp::Mul},
      {BO_Div, FloatOp::Div}};
  for (auto [Kind, Float] : Evaluated)
    if (Kind == Op)
      return Float;
  return std::nullopt;
}

/// The integer expression E converts to floating point, when it is one.
const Expr *convertedInteger(const Expr *E) {
  const auto *Cast = dyn_cast<CastExpr>(E->IgnoreParens());
  return Cast && Cast->getCastKind() == CK_IntegralToFloating
             ? Cast->getSubExpr()
             : nullptr;
}

FloatValue withFloatOrigin(FloatValue V, std::string What, SourceLoc Loc) {
  if (V.isKnown()) {
    ValueOrigin O;
    O.What = std::move(What);
    O.Loc = std::move(Loc);
    V.Origins.push_back(std::move(O));
  }
  return V;
}

/// Any of the values of A and B.
FloatValue either(const FloatValue &A, const FloatValue &B) {
  if (!A.isKnown())
    return A;
  if (!B.isKnown())
    return B;
  FloatValue R;
  if (A.K == FloatValue::Kind::Values && B.K == FloatValue::Kind::Values) {
    std::vector<double> All = A.Values;
    All.insert(All.end(), B.Values.begin(), B.Values.end());
    R = FloatValue::of(std::move(All));
  } else {
    R = FloatValue::range(std::min(A.lowest(), B.lowest()),
                          std::max(A.highest(), B.highest()));
  }
  R.Origins = A.Origins;
  R.Origins.insert(R.Origins.end(), B.Origins.begin(), B.Origins.end());
  return R;
}

} // namespace

std::optional<ResolvedValue>
ResolverEngine::convertedFloat(const Expr *E, const ValueQuery &Q) {
  // Through parentheses and the implicit conversions around it, to the
  // conversion from floating point (implicit, or a cast as written).
  while (true) {
    E = E->IgnoreParens();
    const auto *Cast = dyn_cast<CastExpr>(E);
    if (!Cast)
      return std::nullopt;
    if (Cast->getCastKind() == CK_FloatingToIntegral) {
      ResolvedValue R =
          floatToInteger(resolveFloat(Cast->getSubExpr(), Q.deeper()),
                         integerBounds(Cast->getType(), Ctx));
      if (!R.isKnown() && R.Reason.empty())
        R.Reason = "a floating-point value that is not followed";
      return R;
    }
    // (An explicit cast is a no-op around the implicit conversion it asks
    // for: `(int)d` is NoOp over FloatingToIntegral.)
    if (!isa<ImplicitCastExpr>(Cast) && Cast->getCastKind() != CK_NoOp)
      return std::nullopt;
    E = Cast->getSubExpr();
  }
}

FloatValue ResolverEngine::resolveFloat(const Expr *E, const ValueQuery &Q) {
  if (!usable(E))
    return FloatValue::unknown(CouldNotParse);
  if (Q.tooDeep())
    return FloatValue::unknown(DepthReached);
  E = E->IgnoreParens();
  std::optional<FloatWidth> W = widthOf(E->getType());
  if (!W)
    return FloatValue::unknown("a '" + E->getType().getAsString() +
                               "' value is not evaluated");
  // Constant expressions, folded by Clang as the compiler would.
  if (!E->isValueDependent() && !E->isTypeDependent()) {
    llvm::APFloat Folded(0.0);
    if (E->EvaluateAsFloat(Folded, Ctx)) {
      bool LosesInfo = false;
      Folded.convert(llvm::APFloat::IEEEdouble(),
                     llvm::APFloat::rmNearestTiesToEven, &LosesInfo);
      return FloatValue::of({Folded.convertToDouble()});
    }
  }
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    const Expr *Inner = Cast->getSubExpr();
    switch (Cast->getCastKind()) {
    case CK_IntegralToFloating:
      return floatFromInteger(resolveInt(Inner, Q.deeper()), *W);
    case CK_FloatingCast:
      return floatToWidth(resolveFloat(Inner, Q.deeper()), *W);
    case CK_LValueToRValue:
    case CK_NoOp:
      return resolveFloat(Inner, Q.deeper());
    default:
      return FloatValue::unknown(
          "a conversion to floating point that is not evaluated");
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    std::optional<FloatOp> Op = floatOp(B->getOpcode());
    if (!Op)
      return FloatValue::unknown(("floating-point operator '" +
                                  B->getOpcodeStr() + "' is not evaluated")
                                     .str());
    return applyFloatOp(*Op, resolveFloat(B->getLHS(), Q.deeper()),
                        resolveFloat(B->getRHS(), Q.deeper()), *W);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Plus)
      return resolveFloat(U->getSubExpr(), Q.deeper());
    if (U->getOpcode() == UO_Minus)
      return applyFloatOp(FloatOp::Mul,
                          resolveFloat(U->getSubExpr(), Q.deeper()),
                          FloatValue::of({-1.0}), *W);
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    std::optional<bool> Truth = Paths.knownTruth(C->getCond(), Q);
    if (!Truth)
      Truth = Paths.truthByValues(C->getCond(), Q);
    if (Truth)
      return resolveFloat(*Truth ? C->getTrueExpr() : C->getFalseExpr(),
                          Q.deeper());
    return either(resolveFloat(C->getTrueExpr(), Q.deeper()),
                  resolveFloat(C->getFalseExpr(), Q.deeper()));
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (std::optional<KnownMeaning> Meaning =
            knownFunction(Call->getDirectCallee()))
      return knownFloatCall(*Meaning, Call, *W, Q);
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      // A local that keeps its first value, or a const global: its
      // initialiser (another is followed only as an integer).
      const Expr *Init = V->getAnyInitializer();
      bool Steady = V->hasLocalStorage() ? keepsFirstValue(V)
                                         : V->getType().isConstQualified();
      if (Init && Steady)
        return withFloatOrigin(resolveFloat(Init, Q.deeper()),
                               "variable '" + V->getName().str() + "'",
                               Locate(V->getLocation()));
      return FloatValue::unknown("floating-point variable '" +
                                 V->getName().str() +
                                 "' changes after its initialiser");
    }
  return FloatValue::unknown(unfollowed(E).Reason);
}

FloatValue ResolverEngine::knownFloatCall(KnownMeaning Meaning,
                                          const CallExpr *Call, FloatWidth W,
                                          const ValueQuery &Q) {
  std::string Name = Call->getDirectCallee()->getName().str();
  auto Origin = [&](FloatValue V) {
    return withFloatOrigin(std::move(V), Name + "()",
                           Locate(Call->getBeginLoc()));
  };
  if (isRounding(Meaning) && Call->getNumArgs() == 1)
    return Origin(floatToWidth(
        roundFloat(Meaning, resolveFloat(Call->getArg(0), Q.deeper())), W));
  if ((Meaning == KnownMeaning::Min || Meaning == KnownMeaning::Max) &&
      Call->getNumArgs() == 2) {
    FloatValue Sides[2];
    std::string Unknown;
    for (unsigned I = 0; I < 2; ++I) {
      Sides[I] = resolveFloat(Call->getArg(I), Q.deeper());
      if (Sides[I].isKnown())
        continue;
      if (!Unknown.empty())
        return FloatValue::unknown(Unknown); // the type bounds nothing
      Unknown = Sides[I].Reason;
      // An unknown integer converted still lies within its type: with
      // the other side known, min bounds the result from above and max
      // from below (`fminf(n, 256)` is at most 256).
      const Expr *Int = convertedInteger(Call->getArg(I));
      if (!Int || !Int->getType()->isIntegerType())
        return Sides[I];
      Sides[I] = floatOfType(integerBounds(Int->getType(), Ctx), W);
    }
    FloatValue R =
        applyFloatOp(Meaning == KnownMeaning::Min ? FloatOp::Min : FloatOp::Max,
                     Sides[0], Sides[1], W);
    return Origin(std::move(R));
  }
  return FloatValue::unknown("a call of '" + Name + "' with " +
                             std::to_string(Call->getNumArgs()) +
                             " arguments is not evaluated");
}

} // namespace cudalint
