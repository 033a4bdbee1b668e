//===- ValueResolver.cpp - Launch parameters as constants, sets, ranges ---===//
//
// The resolver's expression evaluation: integer constant expressions (with
// the macro, template argument or constant they came from), ternaries,
// arithmetic, min/max, array elements; the helpers its parts share
// (ResolverSupport.h). dim3 values and parts of structs: ValueParts.cpp;
// variables, definitions and callers: ValueDefinitions.cpp.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Values/ValueResolver.h"

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

std::string macroNameAt(SourceLocation Loc, const ASTContext &Ctx) {
  if (!Loc.isMacroID())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  // The outermost macro the user wrote.
  while (Loc.isMacroID()) {
    SourceLocation Up = SM.getImmediateMacroCallerLoc(Loc);
    if (!Up.isMacroID())
      break;
    Loc = Up;
  }
  return Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts()).str();
}

/// The template parameter E was substituted from, looking through the
/// implicit casts and parentheses that IgnoreParenImpCasts would also drop
/// together with the substitution itself.
const SubstNonTypeTemplateParmExpr *substitutedParameter(const Expr *E) {
  while (E) {
    if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      return S;
    if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
      E = C->getSubExpr();
    else if (const auto *P = dyn_cast<ParenExpr>(E))
      E = P->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

/// Whether A and B read the same variable (`s * s`).
bool sameVariable(const Expr *A, const Expr *B) {
  const auto *DA = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
  const auto *DB = dyn_cast<DeclRefExpr>(B->IgnoreParenImpCasts());
  return DA && DB && DA->getDecl() == DB->getDecl() &&
         isa<VarDecl>(DA->getDecl());
}

/// Applies a binary operator to every value its operands may take, in the
/// result's type T.
ResolvedValue combine(const ResolvedValue &A, const ResolvedValue &B,
                      BinaryOperatorKind Op, QualType T,
                      const ASTContext &Ctx) {
  std::optional<IntegerOp> IntOp = integerOp(Op);
  if (!IntOp && A.isKnown() && B.isKnown())
    return ResolvedValue::unknown(
        ("operator '" + BinaryOperator::getOpcodeStr(Op) + "' is not evaluated")
            .str());
  // (Without IntOp an operand is unknown, and so is the result, for its
  // reason, whatever the operation.)
  return applyIntegerOp(IntOp.value_or(IntegerOp::Add), A, B,
                        integerBounds(T, Ctx));
}

} // namespace

ResolvedValue ValueResolver::resolveInt(const Expr *E, CallPin Pin) {
  QueryScope Scope = scopeAt(E, Pin);
  addKernelChoice(Scope, Pin);
  QueryBudget Budget;
  return resolveInt(E, ValueQuery(Scope, Budget));
}

int64_t ValueResolver::kernelToken(const FunctionDecl *K) {
  K = K->getCanonicalDecl();
  auto At = llvm::find(KernelTokens, K);
  if (At == KernelTokens.end())
    At = KernelTokens.insert(At, K);
  return KernelTokenBase + (At - KernelTokens.begin());
}

ValueResolver::Kernels ValueResolver::kernelsIn(ResolvedValue R) const {
  Kernels Out;
  if (!R.isKnown() || R.K == ResolvedValue::Kind::Range) {
    Out.Reason = R.Reason;
    return Out;
  }
  for (int64_t V : R.Values) {
    if (V < KernelTokenBase ||
        V >= KernelTokenBase + int64_t(KernelTokens.size())) {
      Out.Possible.clear();
      Out.Reason = "a value that is not a kernel";
      return Out;
    }
    Out.Possible.push_back(KernelTokens[V - KernelTokenBase]);
  }
  Out.Origins = std::move(R.Origins);
  return Out;
}

Dim3Value ValueResolver::resolveDim3(const Expr *E, CallPin Pin) {
  QueryScope Scope = scopeAt(E, Pin);
  addKernelChoice(Scope, Pin);
  QueryBudget Budget;
  return resolveDim3(E, ValueQuery(Scope, Budget));
}

ResolvedValue ValueResolver::resolveMember(const Expr *E,
                                           llvm::ArrayRef<std::string> Path) {
  QueryScope Scope = scopeAt(E);
  Scope.MemberUse = E;
  QueryBudget Budget;
  return resolvePart(E, Path, ValueQuery(Scope, Budget));
}

llvm::ArrayRef<CallOf> ValueResolver::callsOf(const FunctionDecl *F) const {
  auto It = Callers.Calls.find(F);
  if (It == Callers.Calls.end())
    return {};
  return It->second;
}

QueryScope ValueResolver::scopeAt(const Expr *Use, CallPin Pin) const {
  QueryScope Scope;
  if (Pin.Function)
    Scope.PinnedCalls[Pin.Function] = Pin.Call;
  // The `if` branches the use sits in, up to its function.
  walkUpToFunction(Use, Ctx, [&](const Stmt *Child, const DynTypedNode &Up) {
    if (const auto *If = Up.get<IfStmt>();
        If && Child && !If->getInit() && !If->getConditionVariable()) {
      if (Child == If->getThen())
        Scope.KnownConditions.push_back({If->getCond(), true});
      else if (Child == If->getElse())
        Scope.KnownConditions.push_back({If->getCond(), false});
    }
    return true;
  });
  return Scope;
}

std::optional<ResolvedValue>
ValueResolver::resolveMinMax(KnownMeaning Meaning, const std::string &What,
                             const Expr *ArgA, const Expr *ArgB,
                             const IntegerBounds &Bounds, const Expr *E,
                             const ValueQuery &Q) {
  if (Meaning != KnownMeaning::Min && Meaning != KnownMeaning::Max)
    return std::nullopt;
  bool IsMin = Meaning == KnownMeaning::Min;
  ResolvedValue A = resolveInt(ArgA, Q.deeper());
  ResolvedValue B = resolveInt(ArgB, Q.deeper());
  auto Origin = [&](ResolvedValue R) {
    return withOrigin(std::move(R), What, Locate(E->getBeginLoc()));
  };
  IntegerOp Op = IsMin ? IntegerOp::Min : IntegerOp::Max;
  if (A.isKnown() && B.isKnown())
    return Origin(applyIntegerOp(Op, A, B, Bounds));
  // Sizes read at run time: the minimum or maximum of them.
  ResolvedValue OfInputs =
      A.K != ResolvedValue::Kind::Unknown && B.K != ResolvedValue::Kind::Unknown
          ? applyIntegerOp(Op, A, B, Bounds)
          : ResolvedValue::unknown();
  // min(x, C): at most C; max(x, C): at least C; the type bounds the other
  // end (boundByOneSide).
  const ResolvedValue &Known = A.isKnown() ? A : B;
  if (std::optional<ResolvedValue> Bounded =
          boundByOneSide(Op, withoutInputs(Known), Bounds))
    return Origin(withExpressionOf(std::move(*Bounded), OfInputs));
  if (OfInputs.isSymbolic())
    return Origin(std::move(OfInputs));
  // Unknown for the reason of a side that is unknown (not one made of
  // inputs: min(n, x) is not n).
  ResolvedValue Unknown =
      withoutInputs(B.K == ResolvedValue::Kind::Unknown || A.isKnown() ? B : A);
  Unknown.Parameter.reset();
  return Unknown;
}

/// `min(a, b)` whose overload Clang 19 could not pick (host-side min on
/// `unsigned int` and `int`, which nvcc accepts): the name and the two
/// arguments it recovered, and whether the result is unsigned.
static std::optional<
    std::tuple<StringRef, const Expr *, const Expr *, QualType>>
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

std::optional<ResolvedValue> ValueResolver::constantValue(const Expr *E) {
  const Expr *Plain = E->IgnoreParenImpCasts();
  Expr::EvalResult Result;
  if (Plain->isValueDependent() || Plain->isTypeDependent() ||
      !Plain->EvaluateAsInt(Result, Ctx))
    return std::nullopt;
  ResolvedValue R = ResolvedValue::constant(Result.Val.getInt().getExtValue());
  if (std::string Macro = macroNameAt(E->getBeginLoc(), Ctx); !Macro.empty())
    return withOrigin(R, "macro '" + Macro + "'", Locate(E->getBeginLoc()));
  if (const auto *Subst = substitutedParameter(E))
    return withOrigin(
        R, "template argument '" + Subst->getParameter()->getName().str() + "'",
        Locate(E->getBeginLoc()));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Plain)) {
    std::string Kind =
        isa<EnumConstantDecl>(DRE->getDecl()) ? "enumerator" : "constant";
    return withOrigin(R, Kind + " '" + DRE->getDecl()->getNameAsString() + "'",
                      Locate(DRE->getDecl()->getLocation()));
  }
  return R;
}

ResolvedValue ValueResolver::resolveBinary(const BinaryOperator *B,
                                           const ValueQuery &Q) {
  // `a = b = 1`: an assignment's value is what it assigns.
  if (B->getOpcode() == BO_Assign)
    return resolveInt(B->getRHS(), Q.deeper());
  // `block.x /= 2`: its value before (the definitions reaching the left
  // side, which this one does not) with the operation, in its type.
  if (const auto *Compound = dyn_cast<CompoundAssignOperator>(B))
    return combine(resolveInt(B->getLHS(), Q.deeper()),
                   resolveInt(B->getRHS(), Q.deeper()),
                   BinaryOperator::getOpForCompoundAssignment(B->getOpcode()),
                   Compound->getComputationResultType(), Ctx);
  ResolvedValue L = resolveInt(B->getLHS(), Q.deeper());
  // `s * s` reads one value twice: 4 * 4 and 8 * 8, never 4 * 8.
  if (sameVariable(B->getLHS(), B->getRHS()) &&
      L.K == ResolvedValue::Kind::Set) {
    std::vector<ResolvedValue> Each;
    for (int64_t X : L.Values)
      Each.push_back(combine(ResolvedValue::constant(X),
                             ResolvedValue::constant(X), B->getOpcode(),
                             B->getType(), Ctx));
    ResolvedValue R = joinValues(Each);
    if (R.isKnown()) {
      R.Origins = L.Origins;
      std::vector<int64_t> Proven;
      for (int64_t X : L.Proven)
        if (ResolvedValue Square =
                combine(ResolvedValue::constant(X), ResolvedValue::constant(X),
                        B->getOpcode(), B->getType(), Ctx);
            Square.isKnown())
          Proven.push_back(Square.value());
      if (R.K == ResolvedValue::Kind::Set)
        R.keepProven(std::move(Proven));
    }
    return R;
  }
  ResolvedValue R = combine(L, resolveInt(B->getRHS(), Q.deeper()),
                            B->getOpcode(), B->getType(), Ctx);
  // `C / H` unknown, but tested on the way: `if (C / H == 64)`.
  if (!R.isKnown() || R.isSymbolic())
    if (std::optional<ResolvedValue> Tested = allowedByTestsOf(B, Q))
      return within(R, *Tested);
  return R;
}

std::optional<ResolvedValue> ValueResolver::resolveLimits(const CallExpr *Call,
                                                          const ValueQuery &Q) {
  // The known functions of an integer result (KnownFunctions.def):
  // min/max under their std, CUDA and C names, clamp, lround & co.
  const FunctionDecl *F = Call->getDirectCallee();
  std::optional<KnownMeaning> Meaning = knownFunction(F);
  if (!Meaning || !Call->getType()->isIntegerType())
    return std::nullopt;
  IntegerBounds Bounds = integerBounds(Call->getType(), Ctx);
  if (Call->getNumArgs() == 2)
    return resolveMinMax(*Meaning, F->getName().str() + "()", Call->getArg(0),
                         Call->getArg(1), Bounds, Call, Q);
  // std::clamp(v, lo, hi) (and a clamp of the same shape).
  if (Call->getNumArgs() == 3 && *Meaning == KnownMeaning::Clamp)
    return withOrigin(clampValue(resolveInt(Call->getArg(0), Q.deeper()),
                                 resolveInt(Call->getArg(1), Q.deeper()),
                                 resolveInt(Call->getArg(2), Q.deeper()),
                                 Bounds),
                      "clamp()", Locate(Call->getBeginLoc()));
  // lround(x): rounded in floating point, then converted.
  if (Call->getNumArgs() == 1 && isRounding(*Meaning) &&
      Call->getArg(0)->getType()->isRealFloatingType())
    return withOrigin(
        floatToInteger(
            roundFloat(*Meaning, resolveFloat(Call->getArg(0), Q.deeper())),
            Bounds),
        F->getName().str() + "()", Locate(Call->getBeginLoc()));
  return std::nullopt;
}

std::optional<bool> ValueResolver::truthByValues(const Expr *Cond,
                                                 const ValueQuery &Q) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond);
      U && U->getOpcode() == UO_LNot) {
    if (std::optional<bool> Truth = truthByValues(U->getSubExpr(), Q.deeper()))
      return !*Truth;
    return std::nullopt;
  }
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (B && B->isLogicalOp()) {
    // `a && b` is false once either side is, true once both are.
    bool And = B->getOpcode() == BO_LAnd;
    std::optional<bool> L = truthByValues(B->getLHS(), Q.deeper());
    if (L && *L != And)
      return !And;
    std::optional<bool> R = truthByValues(B->getRHS(), Q.deeper());
    if (R && *R != And)
      return !And;
    return L && R ? std::optional<bool>(And) : std::nullopt;
  }
  if (B && B->isComparisonOp()) {
    ResolvedValue L = resolveInt(B->getLHS(), Q.deeper());
    ResolvedValue R = resolveInt(B->getRHS(), Q.deeper());
    if (!L.isKnown() || !R.isKnown())
      return std::nullopt;
    // Compared as unsigned, a negative value would be a large one.
    if ((L.lowest() < 0 || R.lowest() < 0) &&
        B->getLHS()->getType()->isUnsignedIntegerType())
      return std::nullopt;
    return comparedValues(B->getOpcode(), L, R);
  }
  if (!Cond->getType()->isIntegerType())
    return std::nullopt;
  ResolvedValue V = resolveInt(Cond, Q.deeper());
  if (V.isKnown() && (V.lowest() > 0 || V.highest() < 0))
    return true;
  if (V.isConstant() && V.value() == 0)
    return false;
  return std::nullopt;
}

/// resolveInt by the kind of expression, once what holds for every kind
/// (code Clang could not parse, depth, floating point, default arguments,
/// kernels, casts, std::move, constant expressions) has been tried: one
/// method per kind the engine follows, everything else unfollowed.
class ExpressionValues
    : public ConstStmtVisitor<ExpressionValues, ResolvedValue> {
public:
  ExpressionValues(ValueResolver &R, const ValueQuery &Q) : R(R), Q(Q) {}

  ResolvedValue VisitConditionalOperator(const ConditionalOperator *C) {
    // `t = wide ? 1024 : 256` read under `if (wide)`, or on the way to a
    // launch after `if (wide) return;`: the branch taken.
    if (std::optional<bool> Truth = R.decidedTruth(C->getCond(), Q))
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
    if (std::optional<ResolvedValue> V = R.resolveCallResult(Call, Q)) {
      // A const method of data read at run time (`input.getSize(1)`).
      if (V->K == ResolvedValue::Kind::Unknown)
        if (std::optional<ResolvedValue> In =
                dataMethodResult(Call, R.Ctx, R.Locate))
          return *In;
      return *V;
    }
    if (std::optional<ResolvedValue> V = partOfVariable(Call))
      return *V;
    return unfollowedOrInput(Call);
  }

  ResolvedValue VisitMemberExpr(const MemberExpr *ME) {
    if (std::optional<ResolvedValue> V =
            devicePropertyInput(ME, R.Ctx, R.Locate))
      return *V;
    if (std::optional<ResolvedValue> V = partOfVariable(ME))
      return *V;
    // A member of `*this` in a method (ObjectStore.cpp).
    if (std::optional<ResolvedValue> V = R.thisMemberValue(ME, {}, Q.deeper()))
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
          I != Q.scope().LoopIndices.end())
        return ResolvedValue::constant(I->second);
    if (std::optional<ResolvedValue> V = partOfVariable(DRE))
      return *V;
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return R.resolveVariable(V, DRE, Q.deeper(), {});
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
              R.allowedByTestsOf(E, Q, /*ThroughReads=*/true);
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
        return R.resolveElements(V, Plain, Q.deeper(), Path);
      if (const auto *B = dyn_cast<BindingDecl>(DRE->getDecl()))
        return R.resolveBinding(B, Path, Q.deeper());
    }
    return std::nullopt;
  }

  ValueResolver &R;
  const ValueQuery &Q;
};

ResolvedValue ValueResolver::resolveInt(const Expr *E, const ValueQuery &Q) {
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
      return dispatchedArgument(Subst, std::move(*R));
    return *R;
  }

  return ExpressionValues(*this, Q).Visit(Plain);
}

std::optional<bool> ValueResolver::decidedTruth(const Expr *Cond,
                                                const ValueQuery &Q) {
  std::optional<bool> Truth = knownTruth(Cond, Q);
  if (!Truth)
    Truth = decidedOnTheWay(Cond, Q);
  if (!Truth)
    Truth = truthByValues(Cond, Q);
  return Truth;
}

} // namespace cudalint
