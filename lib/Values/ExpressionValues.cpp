//===- ExpressionValues.cpp - An integer expression, by its kind ----------===//
//
// ResolverEngine::resolveInt: what holds for every expression (code Clang
// could not parse, depth, floating point, default arguments, kernels,
// casts, std::move, constant expressions), then one method per kind of
// expression the engine follows, as a ConstStmtVisitor.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "ResolverSupport.h"
#include "RunTimeInputs.h"
#include "StdObjects.h"
#include "ValueComparisons.h"
#include "cudalint/Facts/SymbolicValues.h"
#include "cudalint/Values/KnownFunctions.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <tuple>

using namespace clang;
using llvm::SmallVector;

namespace cudalint {

using namespace resolver;

namespace {

/// `min(a, b)` whose overload Clang 19 could not pick (host-side min on
/// `unsigned int` and `int`, which nvcc accepts): the name and the two
/// arguments it recovered, and whether the result is unsigned.
std::optional<std::tuple<StringRef, const Expr *, const Expr *, QualType>>
recoveredCall(const Expr *E) {
  const auto *R = dyn_cast<RecoveryExpr>(E->IgnoreParenImpCasts());
  if (!R || R->subExpressions().size() != 3)
    return std::nullopt;
  const auto *Callee =
      dyn_cast<OverloadExpr>(R->subExpressions()[0]->IgnoreParenImpCasts());
  if (!Callee || !Callee->getName().isIdentifier())
    return std::nullopt;
  const Expr *A = R->subExpressions()[1], *B = R->subExpressions()[2];
  if (!usable(A) || !usable(B) || !A->getType()->isIntegerType() ||
      !B->getType()->isIntegerType())
    return std::nullopt;
  // nvcc's host min(unsigned, int) computes in unsigned.
  QualType T =
      B->getType()->isUnsignedIntegerType() ? B->getType() : A->getType();
  return std::tuple(Callee->getName().getAsIdentifierInfo()->getName(), A, B,
                    T);
}

} // namespace

/// resolveInt by the kind of expression, once what holds for every kind
/// (code Clang could not parse, depth, floating point, default arguments,
/// kernels, casts, std::move, constant expressions) has been tried: one
/// method per kind the engine follows, everything else unfollowed.
class ExpressionValues
    : public ConstStmtVisitor<ExpressionValues, ResolvedValue> {
public:
  ExpressionValues(ResolverEngine &R, const ValueQuery &Q) : R(R), Q(Q) {}

  ResolvedValue VisitConditionalOperator(const ConditionalOperator *C) {
    // `t = wide ? 1024 : 256` read under `if (wide)`, or on the way to a
    // launch after `if (wide) return;`: the branch taken.
    if (std::optional<bool> Truth = R.Paths.decidedTruth(C->getCond(), Q))
      return R.resolveInt(*Truth ? C->getTrueExpr() : C->getFalseExpr(),
                          Q.deeper());
    // `a < b ? a : b` is min(a, b), whatever a and b hold: at most b when
    // only b is known. (Their values as the condition reads them: inside a
    // side, the branch has narrowed them already.)
    if (std::optional<KnownMeaning> Meaning = minOrMaxOfItsSides(C, R.Ctx)) {
      const auto *Test =
          cast<BinaryOperator>(C->getCond()->IgnoreParenImpCasts());
      if (std::optional<ResolvedValue> V =
              R.resolveMinMax(*Meaning,
                              Meaning == KnownMeaning::Min ? "a minimum '?:'"
                                                           : "a maximum '?:'",
                              Test->getLHS(), Test->getRHS(),
                              integerBounds(C->getType(), R.Ctx), C, Q))
        return *V;
    }
    // Which side is taken depends on a condition the analysis does not
    // decide, which branches on the way may share: neither is proven.
    ResolvedValue True = R.resolveInt(C->getTrueExpr(), Q.deeper());
    ResolvedValue False = R.resolveInt(C->getFalseExpr(), Q.deeper());
    // A test of run-time sizes holds on one side only: `(n % 32 != 0) ?
    // n / 32 + 1 : n / 32` is never 0 for n >= 1.
    if (std::optional<SymbolicTest> Test =
            symbolicTest(C->getCond(), [&](const Expr *Side) {
              return R.resolveInt(Side, Q.deeper());
            }))
      return joinWhen(*Test, True, False);
    ResolvedValue V = join({std::move(True), std::move(False)});
    V.Proven.clear();
    return V;
  }

  ResolvedValue VisitBinaryOperator(const BinaryOperator *B) {
    return R.resolveBinary(B, Q);
  }

  ResolvedValue VisitCallExpr(const CallExpr *Call) {
    if (std::optional<ResolvedValue> V = R.resolveLimits(Call, Q))
      return *V;
    if (std::optional<ResolvedValue> V = R.Calls.resolveCallResult(Call, Q)) {
      // A const method of data read at run time (`input.getSize(1)`).
      if (V->K == ResolvedValue::Kind::Unknown)
        if (std::optional<ResolvedValue> In =
                dataMethodResult(Call, R.Ctx, R.Locate))
          return *In;
      return *V;
    }
    if (std::optional<ResolvedValue> V = partOfVariable(Call))
      return *V;
    if (std::optional<ResolvedValue> In = input(Call))
      return *In;
    // (An accessor that returns a reference is not followed.)
    if (std::optional<ResolvedValue> In =
            dataMethodResult(Call, R.Ctx, R.Locate))
      return *In;
    return unfollowed(Call);
  }

  ResolvedValue VisitMemberExpr(const MemberExpr *ME) {
    if (std::optional<ResolvedValue> V =
            devicePropertyInput(ME, R.Ctx, R.Locate))
      return *V;
    if (std::optional<ResolvedValue> V = partOfVariable(ME))
      return *V;
    // A member of `*this` in a method (ObjectStore.cpp).
    if (std::optional<ResolvedValue> V =
            R.Objects.thisMemberValue(ME, {}, Q.deeper()))
      return *V;
    // x of some other dim3 expression.
    if (isDim3(ME->getBase()->getType()))
      return dim3Field(R.resolveDim3(ME->getBase(), Q.deeper()),
                       ME->getMemberDecl()->getNameAsString());
    return unfollowedOrInput(ME);
  }

  ResolvedValue VisitDeclRefExpr(const DeclRefExpr *DRE) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      if (auto I = Q.scope().LoopIndices.find(V);
          I != Q.scope().LoopIndices.end() &&
          (!llvm::is_contained(Q.scope().PinnedRoots, V) ||
           R.holdsLaunchValue(V, DRE, Q)))
        return ResolvedValue::constant(I->second);
    if (std::optional<ResolvedValue> V = partOfVariable(DRE))
      return *V;
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return R.Definitions.resolveVariable(V, DRE, Q.deeper(), {});
    return unfollowed(DRE);
  }

  ResolvedValue VisitArraySubscriptExpr(const ArraySubscriptExpr *Sub) {
    if (std::optional<ResolvedValue> V =
            devicePropertyInput(Sub, R.Ctx, R.Locate))
      return *V;
    // `idims[i]` at one iteration of a counted loop: element i of idims.
    if (const auto *Index =
            dyn_cast<DeclRefExpr>(Sub->getIdx()->IgnoreParenImpCasts()))
      if (auto I =
              Q.scope().LoopIndices.find(dyn_cast<VarDecl>(Index->getDecl()));
          I != Q.scope().LoopIndices.end()) {
        ResolvedValue Element =
            R.resolvePart(Sub->getBase(),
                          {"[" + std::to_string(I->second) + "]"}, Q.deeper());
        if (!Element.isKnown() && !Element.isSymbolic())
          if (std::optional<ResolvedValue> V = input(Sub))
            return *V;
        return Element;
      }
    if (std::optional<ResolvedValue> V = partOfVariable(Sub))
      return *V;
    // An element read through a pointer (`dst->ne[1]`, `shape[0]`): a size
    // the program reads at run time.
    const auto *Base =
        dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts());
    const auto *Array = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
    if (!Array || !Array->getType()->isConstantArrayType())
      if (std::optional<ResolvedValue> V = input(Sub))
        return *V;
    // sizes[i] of an array that is only ever read: any of its initialisers.
    return R.resolveArrayElement(Sub, Q.deeper());
  }

  ResolvedValue VisitUnaryOperator(const UnaryOperator *U) {
    // `++n` is the value it leaves; `n++` the one it found.
    if (U->isIncrementDecrementOp() && U->getType()->isIntegerType())
      return U->isPrefix() ? R.resolveStepped(U, Q)
                           : R.resolveInt(U->getSubExpr(), Q.deeper());
    // `*__begin`: the element a range-for binds (`for (int bs : {128, 256})`).
    if (U->getOpcode() == UO_Deref)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
        if (const auto *Begin = dyn_cast<VarDecl>(DRE->getDecl()))
          if (std::optional<ResolvedValue> V = R.rangeForElement(Begin, Q))
            return *V;
    return unfollowedOrInput(U);
  }

  ResolvedValue VisitExpr(const Expr *E) { return unfollowed(E); }

private:
  /// E as a size read at run time, else unknown for why it is not followed.
  ResolvedValue unfollowedOrInput(const Expr *E) {
    if (std::optional<ResolvedValue> V = input(E))
      return *V;
    return unfollowed(E);
  }
  /// E as a size read at run time (RunTimeInputs.cpp), within what the
  /// tests on the way allow; unknown to the engine, as without inputs.
  std::optional<ResolvedValue> input(const Expr *E) {
    std::optional<ResolvedValue> V =
        runTimeInput(E, R.Ctx, R.Locate, &Q.scope().LoopIndices);
    if (V)
      if (std::optional<ResolvedValue> Tested =
              R.Paths.allowedByTestsOf(E, Q, /*ThroughReads=*/true);
          Tested && Tested->K == ResolvedValue::Kind::Range)
        return symbolicWithin(*V, Tested->lowest(), Tested->highest());
    return V;
  }

  /// A part of a variable: block.x, cfg.dynamicSmemBytes, s[i] of a
  /// std::array, kTable[i].block of an array of structs; a structured
  /// binding (`auto [grid, block] = config(n);`) or a part of one. None
  /// when Plain reads no part of a variable or a binding.
  std::optional<ResolvedValue> partOfVariable(const Expr *Plain) {
    if (std::string Step;
        !isa<MemberExpr, ArraySubscriptExpr, DeclRefExpr>(Plain) &&
        !stdAccessedObject(Plain, &Step))
      return std::nullopt;
    MemberPath Path;
    const Expr *Base = memberBase(Plain, &Path);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base)) {
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && (!V->getType()->isArrayType() || Path.size() > 1))
        return R.Objects.resolveElements(V, Plain, Q.deeper(), Path);
      if (const auto *B = dyn_cast<BindingDecl>(DRE->getDecl()))
        return R.Objects.resolveBinding(B, Path, Q.deeper());
    }
    return std::nullopt;
  }

  ResolverEngine &R;
  const ValueQuery &Q;
};

ResolvedValue ResolverEngine::resolveInt(const Expr *E, const ValueQuery &Q) {
  if (E)
    if (auto Recovered = recoveredCall(E))
      if (auto Known = knownFunctionNamed(std::get<0>(*Recovered)))
        if (std::optional<ResolvedValue> R = resolveMinMax(
                Known->first, std::get<0>(*Recovered).str() + "()",
                std::get<1>(*Recovered), std::get<2>(*Recovered),
                integerBounds(std::get<3>(*Recovered), Ctx), E, Q))
          return *R;
  if (!usable(E))
    return ResolvedValue::unknown(CouldNotParse);
  if (Q.tooDeep())
    return ResolvedValue::unknown(DepthReached);
  // A floating-point value converted to an integer (FloatExpressions.cpp).
  if (std::optional<ResolvedValue> R = convertedFloat(E, Q))
    return *R;
  const Expr *Plain = E->IgnoreParenImpCasts();
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Plain))
    return resolveInt(Default->getExpr(), Q);
  if (const FunctionDecl *K = namedKernel(Plain))
    return withOrigin(ResolvedValue::constant(kernelToken(K)),
                      "kernel '" + K->getNameAsString() + "'",
                      Locate(Plain->getBeginLoc()));
  // `(void *)kernel` of a variable holding a kernel: the kernel it holds
  // (punica's `auto kernel = sgmv_shrink<...>; cudaLaunchKernel((void
  // *)kernel, ...)`).
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Plain);
      Cast && Cast->getType()->isPointerType() &&
      Cast->getSubExprAsWritten()->getType()->isFunctionPointerType())
    return resolveInt(Cast->getSubExprAsWritten(), Q.deeper());
  // (int)n, static_cast<unsigned>(n) of an integer: n (launch values are
  // far from any width they could be truncated to).
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Plain);
      Cast && Cast->getType()->isIntegerType()) {
    const Expr *Inner = Cast->getSubExprAsWritten();
    if (Inner->getType()->isIntegralOrEnumerationType())
      return resolveInt(Inner, Q.deeper());
    return ResolvedValue::unknown("a '" + Inner->getType().getAsString() +
                                  "' converted to an integer is not "
                                  "evaluated");
  }
  // std::forward<T>(v) and std::move(v) are v.
  if (const auto *Call = dyn_cast<CallExpr>(Plain);
      Call && Call->getNumArgs() == 1 &&
      isStdForwardOrMove(Call->getDirectCallee()))
    return resolveInt(Call->getArg(0), Q.deeper());

  // Integer constant expressions: literals, constexpr and const variables
  // with constant initialisers, enumerators, sizeof, template arguments.
  if (std::optional<ResolvedValue> R = constantValue(E)) {
    // A template argument: as its instance is called (`case 512: run<512>()`).
    if (const auto *Subst = substitutedParameter(E))
      return Calls.dispatchedArgument(Subst, std::move(*R));
    return *R;
  }

  return ExpressionValues(*this, Q).Visit(Plain);
}

} // namespace cudalint
