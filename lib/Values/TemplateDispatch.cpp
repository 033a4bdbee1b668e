//===- TemplateDispatch.cpp - Instances called for one run-time value -----===//
//
// A run-time value dispatched to a template argument instantiates every
// candidate and calls each instance only where the value equals its
// argument:
//   switch (bs) { case 128: run<128>(); break; case 4096: run<4096>(); }
//   if (bs == 256) run<256>(); else if (bs == 2048) run<2048>();
//   if (s == Range[I]) f.template operator()<Range[I]>(); else recurse<I+1>
// A launch value that is such a template argument (`k<<<1, B>>>` in
// run<4096>) runs only when the run-time value has it. So the argument is a
// value known from a branch test, like `case 4096:` of `switch (bs)` around
// the launch itself: what that path would launch. Where the run-time value
// is known and excludes it, the instance never launches with it.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "DefinitionCollector.h"
#include "ResolverSupport.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cudalint {

using namespace resolver;

namespace {

/// The variable E reads, through parentheses and implicit conversions
/// (`s` of a forwarding reference included).
const VarDecl *readVariable(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// A test that equates a variable with N: one of the `==` comparisons of
/// Cond (through `&&`), or a `switch` over the variable with a `case N:`.
struct EqualityTest {
  const VarDecl *Subject = nullptr;
  /// The read of the subject in the test, where its value is asked for.
  const Expr *Read = nullptr;
  /// The test, for the notes.
  const Stmt *Test = nullptr;
};

void equalitiesIn(const Expr *Cond, int64_t N, const ConstantCache &Constants,
                  SmallVectorImpl<EqualityTest> &Out) {
  const auto *B = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!B)
    return;
  if (B->getOpcode() == BO_LAnd) {
    equalitiesIn(B->getLHS(), N, Constants, Out);
    equalitiesIn(B->getRHS(), N, Constants, Out);
    return;
  }
  if (B->getOpcode() != BO_EQ)
    return;
  for (auto [Side, Other] : {std::pair(B->getLHS(), B->getRHS()),
                             std::pair(B->getRHS(), B->getLHS())})
    if (const VarDecl *V = readVariable(Side); V && Constants.of(Other) == N)
      Out.push_back({V, Side, B});
}

/// The tests around Call, innermost first, that equate a variable with N
/// on the way to Call: the then-branch of an `if` or a conditional
/// operator, a `switch` with a `case N:`. Each is a candidate; the
/// branches of the function decide (allowedByBranches).
SmallVector<EqualityTest, 2> equalitiesAround(const CallExpr *Call, int64_t N,
                                              ASTContext &Ctx,
                                              const ConstantCache &Constants) {
  SmallVector<EqualityTest, 2> Out;
  walkUpToFunction(Call, Ctx, [&](const Stmt *Child, const DynTypedNode &Up) {
    if (const auto *If = Up.get<IfStmt>();
        If && Child && Child == If->getThen() && !If->isConstexpr())
      equalitiesIn(If->getCond(), N, Constants, Out);
    else if (const auto *CO = Up.get<ConditionalOperator>();
             CO && Child && Child == CO->getTrueExpr())
      equalitiesIn(CO->getCond(), N, Constants, Out);
    else if (const auto *Switch = Up.get<SwitchStmt>()) {
      const VarDecl *V = readVariable(Switch->getCond());
      bool HasCase = false;
      for (const SwitchCase *C = Switch->getSwitchCaseList(); C;
           C = C->getNextSwitchCase())
        if (const auto *Case = dyn_cast<CaseStmt>(C);
            Case && !Case->getRHS() && Constants.of(Case->getLHS()) == N)
          HasCase = true;
      if (V && HasCase)
        Out.push_back({V, Switch->getCond(), Switch});
    }
    return true;
  });
  return Out;
}

/// The mentions of V in S.
struct Mentions : RecursiveASTVisitor<Mentions> {
  explicit Mentions(const VarDecl *V) : V(V) {}
  bool shouldVisitLambdaBodies() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (D->getDecl() == V)
      Found.push_back(D);
    return true;
  }
  const VarDecl *V;
  SmallVector<const DeclRefExpr *, 8> Found;
};

/// The statement right above S, through parentheses.
const Stmt *parentStmt(const Stmt *S, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (Parents.size() == 1) {
    const auto *P = Parents[0].get<Stmt>();
    if (!P || !isa<ParenExpr>(P))
      return P;
    Parents = Ctx.getParents(*P);
  }
  return nullptr;
}

std::string sourceText(const Stmt *S, const ASTContext &Ctx) {
  SourceRange R = S->getSourceRange();
  if (const auto *Switch = dyn_cast<SwitchStmt>(S))
    R = SourceRange(Switch->getBeginLoc(), Switch->getRParenLoc());
  return Lexer::getSourceText(CharSourceRange::getTokenRange(R),
                              Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

} // namespace

ResolvedValue
CallValues::dispatchedArgument(const SubstNonTypeTemplateParmExpr *Subst,
                               ResolvedValue R) {
  const auto *Instance =
      dyn_cast_or_null<FunctionDecl>(Subst->getAssociatedDecl());
  if (!Instance || !R.isConstant() || Subst->getPackIndex())
    return R;
  auto Key = std::make_pair(static_cast<const Decl *>(Instance),
                            static_cast<const Decl *>(Subst->getParameter()));
  auto [It, New] = Dispatches.try_emplace(Key);
  // (While it is worked out, the argument met again on the way reads as
  // Unconditional: as is.)
  if (New)
    It->second = dispatchReach(Instance, R.value());
  const DispatchReach &Reach = It->second;
  std::string Arg = "template argument '" +
                    Subst->getParameter()->getName().str() +
                    "' = " + std::to_string(R.value());
  switch (Reach.K) {
  case DispatchReach::Kind::Unconditional:
  case DispatchReach::Kind::Reaches:
    return R;
  case DispatchReach::Kind::Never: {
    std::string Why = Arg + ": its instance is called only where ";
    for (size_t I = 0; I < Reach.Tests.size(); ++I)
      Why += (I ? "; or where " : "") + Reach.Tests[I].What;
    return ResolvedValue::unknown(Why + ", so it never runs with that value");
  }
  case DispatchReach::Kind::MayReach:
    for (const ValueOrigin &Test : Reach.Tests)
      R.Origins.push_back(Test);
    return R;
  }
  return R;
}

bool CallValues::unchangedBefore(const VarDecl *V, const FunctionDecl *F,
                                 const FunctionFlow &Flow, const Stmt *Target) {
  if (Engine.keepsFirstValue(V))
    return true;
  // A parameter handed on (`std::forward<S>(s)` into the next step of a
  // dispatch) or changed only where no path goes on to Target: on the way
  // to Target it holds its value on entry at every test.
  if (!isa<ParmVarDecl>(V))
    return false;
  Mentions Visit(V);
  Visit.TraverseStmt(F->getBody());
  auto Anywhere = [](const CFGBlock &, unsigned) { return true; };
  for (const DeclRefExpr *M : Visit.Found) {
    const auto *Read =
        dyn_cast_or_null<ImplicitCastExpr>(parentStmt(M, Engine.Ctx));
    if (Read && Read->getCastKind() == CK_LValueToRValue)
      continue;
    if (!Flow.contains(M) || Flow.reachesAlong(M, {}, Target, Anywhere))
      return false;
  }
  return true;
}

DispatchReach CallValues::dispatchReach(const FunctionDecl *Instance,
                                        int64_t N) {
  DispatchReach Out;
  llvm::ArrayRef<CallOf> Calls = Engine.callsOf(Instance);
  if (Calls.empty() || Engine.Callers.addressTaken(Instance))
    return Out;
  // Per call, its test: under which it may run with N, or not.
  std::vector<ValueOrigin> MayTests, NeverTests;
  for (const CallOf &C : Calls) {
    if (C.Via)
      return Out;
    const FunctionDecl *Caller = functionContaining(C.Call, Engine.Ctx);
    if (!Caller || !Caller->hasBody())
      return Out;
    const FunctionFlow *Flow = Engine.flowOf(Caller);
    if (!Flow || !Flow->contains(C.Call))
      return Out;
    // The innermost test that, with the function's other branches on the
    // same variable, lets the call run only for N.
    std::optional<EqualityTest> Found;
    for (const EqualityTest &T :
         equalitiesAround(C.Call, N, Engine.Ctx, Engine.Constants)) {
      QualType Type = T.Subject->getType().getNonReferenceType();
      if (!Type->isIntegerType() ||
          !unchangedBefore(T.Subject, Caller, *Flow, C.Call))
        continue;
      const VarDecl *V = T.Subject;
      auto Is = [V](const Expr *E) { return readVariable(E) == V; };
      std::optional<ResolvedValue> Allowed = Engine.Paths.allowedByBranches(
          Type, Is, V, Caller, *Flow, nullptr, {}, C.Call, V->getName().str());
      if (Allowed && Allowed->isConstant() && Allowed->value() == N) {
        Found = T;
        break;
      }
    }
    if (!Found)
      return Out;
    // What the run-time value is at the test (the branches on the way to
    // the call are the dispatch itself: they say nothing of it).
    QueryScope Scope;
    QueryBudget Budget;
    ResolvedValue At =
        Engine.resolveInt(Found->Read, ValueQuery(Scope, Budget));
    std::string Test = "'" + sourceText(Found->Test, Engine.Ctx) + "'";
    if (isa<SwitchStmt>(Found->Test))
      Test += " at 'case " + std::to_string(N) + ":'";
    std::string Name = "'" + Found->Subject->getName().str() + "'";
    ValueOrigin Origin{"", Engine.Locate(Found->Test->getBeginLoc()), true, ""};
    if (!At.isKnown() && llvm::StringRef(At.Reason).ends_with(NoValueReaches)) {
      // None of the values the run-time value may have gets to the test:
      // the call is never made.
      Origin.What = Test +
                    " holds, and that test is never reached with "
                    "the values " +
                    Name + " may have";
      NeverTests.push_back(std::move(Origin));
    } else if (!At.isKnown()) {
      Origin.What = "an instance called only where " + Test + " holds (" +
                    Name + " is unknown" +
                    (At.Reason.empty() ? "" : ": " + At.Reason) + ")";
      MayTests.push_back(std::move(Origin));
    } else if (At.K == ResolvedValue::Kind::Range
                   ? At.Min <= N && N <= At.Max
                   : llvm::is_contained(At.Values, N)) {
      bool FromTests = llvm::any_of(
          At.Origins, [](const ValueOrigin &O) { return O.BranchTest; });
      if (At.K != ResolvedValue::Kind::Range && !FromTests &&
          llvm::is_contained(At.Proven, N)) {
        Out.K = DispatchReach::Kind::Reaches;
        return Out;
      }
      Origin.What = "an instance called only where " + Test + " holds (" +
                    Name + " is " + describeValue(At) + " there)";
      MayTests.push_back(std::move(Origin));
    } else {
      Origin.What =
          Test + " holds, and " + Name + " is " + describeValue(At) + " there";
      NeverTests.push_back(std::move(Origin));
    }
  }
  bool May = !MayTests.empty();
  Out.K = May ? DispatchReach::Kind::MayReach : DispatchReach::Kind::Never;
  Out.Tests = May ? std::move(MayTests) : std::move(NeverTests);
  return Out;
}

} // namespace cudalint
