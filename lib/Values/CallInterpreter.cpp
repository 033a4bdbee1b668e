//===- CallInterpreter.cpp - A function of the file run on known values ---===//
//
// See CallInterpreter.h. States are the values of the function's integer
// locals and parameters; statements map a list of states to outcomes
// (fallen through, broken out of a loop, continued, returned); identical
// states are merged after each loop iteration, so a loop that forks on an
// undecided test keeps one state per distinct history of values.
//
//===----------------------------------------------------------------------===//

#include "CallInterpreter.h"

#include "ResolverSupport.h"
#include "ValueComparisons.h"
#include "cudalint/Values/KnownFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalint {

using namespace resolver;

namespace {

enum class Exit { Normal, Break, Continue, Return };

using State = std::map<const VarDecl *, ResolvedValue>;

struct Outcome {
  Outcome(State S, Exit How = Exit::Normal, ResolvedValue Returned = {})
      : S(std::move(S)), How(How), Returned(std::move(Returned)) {}
  State S;
  Exit How;
  ResolvedValue Returned;
};

bool sameValue(const ResolvedValue &A, const ResolvedValue &B) {
  return A.K == B.K && A.Values == B.Values && A.Min == B.Min &&
         A.Max == B.Max && A.Reason == B.Reason;
}

bool sameState(const State &A, const State &B) {
  return A.size() == B.size() &&
         std::equal(A.begin(), A.end(), B.begin(), [](auto &X, auto &Y) {
           return X.first == Y.first && sameValue(X.second, Y.second);
         });
}

void mergeStates(std::vector<State> &States) {
  std::vector<State> Distinct;
  for (State &S : States)
    if (llvm::none_of(Distinct,
                      [&](const State &D) { return sameState(D, S); }))
      Distinct.push_back(std::move(S));
  States = std::move(Distinct);
}

bool isComparison(const Expr *E) {
  const auto *B = dyn_cast<BinaryOperator>(E);
  return B && B->isComparisonOp();
}

/// One evaluation of a call: its states, the budget, and why it stopped.
class Run {
public:
  Run(ASTContext &Ctx, const ConstantCache &Constants,
      llvm::function_ref<ResolvedValue(const FunctionDecl *,
                                       ArrayRef<ResolvedValue>)>
          Call)
      : Ctx(Ctx), Constants(Constants), Call(Call) {}

  ResolvedValue call(const FunctionDecl *F, ArrayRef<ResolvedValue> Args);

private:
  ASTContext &Ctx;
  const ConstantCache &Constants;
  llvm::function_ref<ResolvedValue(const FunctionDecl *,
                                   ArrayRef<ResolvedValue>)>
      Call;
  unsigned Steps = 0;
  bool Forked = false;
  std::string Failure;
  std::string Name;

  bool fail(const std::string &Why) {
    if (Failure.empty())
      Failure = Why;
    return false;
  }
  bool step() {
    if (++Steps <= MaxInterpretedSteps)
      return true;
    return fail("running it takes more than " +
                std::to_string(MaxInterpretedSteps) + " steps");
  }

  std::vector<Outcome> exec(const Stmt *S, State In);
  std::vector<Outcome> sequence(const CompoundStmt *C, State In);
  std::vector<Outcome> loop(const Expr *Cond, const Stmt *Body, const Expr *Inc,
                            bool BodyFirst, State In);
  bool effect(const Expr *E, State &S);
  ResolvedValue eval(const Expr *E, const State &S);
  ResolvedValue callValue(const CallExpr *C, const State &S);
  std::optional<bool> truth(const Expr *Cond, const State &S);
  std::pair<std::optional<State>, std::optional<State>> branch(const Expr *Cond,
                                                               const State &S);
  bool refine(const Expr *Cond, bool Truth, State &S);
};

ResolvedValue Run::call(const FunctionDecl *F, ArrayRef<ResolvedValue> Args) {
  Name = F->getNameAsString();
  State S;
  for (unsigned I = 0; I < F->getNumParams(); ++I) {
    const ParmVarDecl *P = F->getParamDecl(I);
    if (!P->getType()->isIntegerType())
      return ResolvedValue::unknown("its parameter '" + P->getNameAsString() +
                                    "' is not an integer");
    S[P] = I < Args.size() ? Args[I] : ResolvedValue::unknown("no argument");
    // Where the arguments came from is the call's business: every step of
    // a loop would otherwise add them again (a value's origins are the
    // union of its operands').
    S[P].Origins.clear();
  }
  std::vector<Outcome> Outcomes = exec(F->getBody(), std::move(S));
  if (!Failure.empty())
    return ResolvedValue::unknown(Failure);
  std::vector<ResolvedValue> Returned;
  for (Outcome &O : Outcomes) {
    if (O.How != Exit::Return)
      return ResolvedValue::unknown("a path leaves it without a return");
    Returned.push_back(std::move(O.Returned));
  }
  if (Returned.empty())
    return ResolvedValue::unknown("no return is reached");
  ResolvedValue R = joinValues(Returned);
  // Which value comes back depends on a test the values did not decide.
  if (Forked)
    R.Proven.clear();
  return R;
}

std::vector<Outcome> Run::exec(const Stmt *S, State In) {
  if (!Failure.empty() || !S || !step())
    return {};
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return sequence(C, std::move(In));
  if (isa<NullStmt>(S))
    return {{std::move(In)}};
  if (const auto *D = dyn_cast<DeclStmt>(S)) {
    for (const Decl *Each : D->decls()) {
      const auto *V = dyn_cast<VarDecl>(Each);
      if (!V) {
        if (isa<TypedefNameDecl>(Each) || isa<StaticAssertDecl>(Each))
          continue;
        fail("it declares something other than a variable");
        return {};
      }
      if (!V->hasLocalStorage() || !V->getType()->isIntegerType()) {
        fail("its variable '" + V->getNameAsString() +
             "' is not a local integer");
        return {};
      }
      In[V] = V->getInit() ? eval(V->getInit(), In)
                           : ResolvedValue::unknown("'" + V->getNameAsString() +
                                                    "' is not initialised");
    }
    return {{std::move(In)}};
  }
  if (const auto *E = dyn_cast<Expr>(S)) {
    if (!effect(E, In))
      return {};
    return {{std::move(In)}};
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getInit() || If->getConditionVariable() || If->isConsteval()) {
      fail("an 'if' with a declaration is not evaluated");
      return {};
    }
    auto [Then, Else] = branch(If->getCond(), In);
    std::vector<Outcome> Out;
    if (Then)
      Out = exec(If->getThen(), std::move(*Then));
    if (Else) {
      std::vector<Outcome> E = If->getElse()
                                   ? exec(If->getElse(), std::move(*Else))
                                   : std::vector<Outcome>{{std::move(*Else)}};
      Out.insert(Out.end(), E.begin(), E.end());
    }
    return Out;
  }
  if (const auto *W = dyn_cast<WhileStmt>(S)) {
    if (W->getConditionVariable()) {
      fail("a 'while' with a declaration is not evaluated");
      return {};
    }
    return loop(W->getCond(), W->getBody(), nullptr, false, std::move(In));
  }
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return loop(Do->getCond(), Do->getBody(), nullptr, true, std::move(In));
  if (const auto *For = dyn_cast<ForStmt>(S)) {
    if (For->getConditionVariable()) {
      fail("a 'for' with a declaration in its condition is not evaluated");
      return {};
    }
    std::vector<Outcome> Out;
    for (Outcome &Init : For->getInit()
                             ? exec(For->getInit(), std::move(In))
                             : std::vector<Outcome>{{std::move(In)}}) {
      std::vector<Outcome> L = loop(For->getCond(), For->getBody(),
                                    For->getInc(), false, std::move(Init.S));
      Out.insert(Out.end(), L.begin(), L.end());
    }
    return Out;
  }
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    if (!R->getRetValue()) {
      fail("a return without a value");
      return {};
    }
    ResolvedValue V = eval(R->getRetValue(), In);
    return {{std::move(In), Exit::Return, std::move(V)}};
  }
  if (isa<BreakStmt>(S))
    return {{std::move(In), Exit::Break}};
  if (isa<ContinueStmt>(S))
    return {{std::move(In), Exit::Continue}};
  fail(constructName(S) + " is not evaluated");
  return {};
}

std::vector<Outcome> Run::sequence(const CompoundStmt *C, State In) {
  std::vector<State> Live{std::move(In)};
  std::vector<Outcome> Done;
  for (const Stmt *Child : C->body()) {
    std::vector<State> Next;
    for (State &S : Live)
      for (Outcome &O : exec(Child, std::move(S))) {
        if (O.How == Exit::Normal)
          Next.push_back(std::move(O.S));
        else
          Done.push_back(std::move(O));
      }
    if (!Failure.empty())
      return {};
    mergeStates(Next);
    Live = std::move(Next);
  }
  for (State &S : Live)
    Done.push_back({std::move(S)});
  return Done;
}

std::vector<Outcome> Run::loop(const Expr *Cond, const Stmt *Body,
                               const Expr *Inc, bool BodyFirst, State In) {
  std::vector<Outcome> Done;
  std::vector<State> Live{std::move(In)};
  for (bool First = true; !Live.empty(); First = false) {
    if (!step())
      return {};
    std::vector<State> Enter;
    for (State &S : Live) {
      if ((First && BodyFirst) || !Cond) {
        Enter.push_back(std::move(S));
        continue;
      }
      auto [Stay, Leave] = branch(Cond, S);
      if (Leave)
        Done.push_back({std::move(*Leave)});
      if (Stay)
        Enter.push_back(std::move(*Stay));
    }
    std::vector<State> Next;
    for (State &S : Enter)
      for (Outcome &O : exec(Body, std::move(S))) {
        if (O.How == Exit::Break)
          Done.push_back({std::move(O.S)});
        else if (O.How == Exit::Return)
          Done.push_back(std::move(O));
        else if (!Inc || effect(Inc, O.S))
          Next.push_back(std::move(O.S));
      }
    if (!Failure.empty())
      return {};
    mergeStates(Next);
    if (Next.size() + Done.size() > MaxInterpretedStates) {
      fail("its loop keeps more than " + std::to_string(MaxInterpretedStates) +
           " states");
      return {};
    }
    Live = std::move(Next);
  }
  return Done;
}

bool Run::effect(const Expr *E, State &S) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    E = Cleanups->getSubExpr()->IgnoreParenImpCasts();
  auto Target = [&](const Expr *LHS) -> const VarDecl * {
    const auto *DRE = dyn_cast<DeclRefExpr>(LHS->IgnoreParens());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || !S.count(V)) {
      fail("it assigns what is not one of its integer locals");
      return nullptr;
    }
    return V;
  };
  auto Store = [&](const VarDecl *V, ResolvedValue Value) {
    // Kept only if it fits the variable's type (a wrap is not followed).
    IntegerBounds B = integerBounds(V->getType(), Ctx);
    if (Value.isKnown() && (Value.lowest() < B.Min || Value.highest() > B.Max))
      Value = ResolvedValue::unknown("a value that may not fit in '" + B.Name +
                                     "'");
    S[V] = std::move(Value);
    return true;
  };
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() == BO_Comma)
      return effect(B->getLHS(), S) && effect(B->getRHS(), S);
    if (B->isAssignmentOp()) {
      const VarDecl *V = Target(B->getLHS());
      if (!V)
        return false;
      if (!B->getRHS()->getType()->isIntegerType())
        return fail("it assigns a value that is not an integer");
      ResolvedValue RHS = eval(B->getRHS(), S);
      if (B->getOpcode() == BO_Assign)
        return Store(V, std::move(RHS));
      std::optional<IntegerOp> Op =
          integerOp(BinaryOperator::getOpForCompoundAssignment(B->getOpcode()));
      if (!Op)
        return fail(
            ("operator '" + B->getOpcodeStr() + "' is not evaluated").str());
      const auto *CA = cast<CompoundAssignOperator>(B);
      return Store(V, applyIntegerOp(
                          *Op, S[V], RHS,
                          integerBounds(CA->getComputationResultType(), Ctx)));
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->isIncrementDecrementOp()) {
    const VarDecl *V = Target(U->getSubExpr());
    if (!V)
      return false;
    return Store(
        V, applyIntegerOp(U->isIncrementOp() ? IntegerOp::Add : IntegerOp::Sub,
                          S[V], ResolvedValue::constant(1),
                          integerBounds(V->getType(), Ctx)));
  }
  eval(E, S); // evaluated for nothing: `(void)n;`
  return Failure.empty();
}

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
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
      return eval(Cast->getSubExpr(), S);
    case CK_IntegralCast: {
      ResolvedValue V = eval(Cast->getSubExpr(), S);
      IntegerBounds B = integerBounds(Cast->getType(), Ctx);
      if (V.isKnown() && (V.lowest() < B.Min || V.highest() > B.Max))
        return ResolvedValue::unknown("a conversion that may not keep the "
                                      "value in '" +
                                      B.Name + "'");
      return V;
    }
    case CK_IntegralToBoolean:
      break; // a truth, below
    default:
      fail(std::string("a '") + Cast->getCastKindName() +
           "' conversion is not evaluated");
      return ResolvedValue::unknown(Failure);
    }
  }
  if (isComparison(E) || isa<CastExpr>(E) ||
      (isa<UnaryOperator>(E) &&
       cast<UnaryOperator>(E)->getOpcode() == UO_LNot) ||
      (isa<BinaryOperator>(E) && cast<BinaryOperator>(E)->isLogicalOp())) {
    std::optional<bool> T = truth(E, S);
    if (!Failure.empty())
      return ResolvedValue::unknown(Failure);
    return T ? ResolvedValue::constant(*T) : ResolvedValue::oneOf({0, 1});
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    std::optional<IntegerOp> Op = integerOp(B->getOpcode());
    if (!Op) {
      fail(("operator '" + B->getOpcodeStr() + "' is not evaluated").str());
      return ResolvedValue::unknown(Failure);
    }
    return applyIntegerOp(*Op, eval(B->getLHS(), S), eval(B->getRHS(), S),
                          integerBounds(B->getType(), Ctx));
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Plus)
      return eval(U->getSubExpr(), S);
    if (U->getOpcode() == UO_Minus)
      return applyIntegerOp(IntegerOp::Sub, ResolvedValue::constant(0),
                            eval(U->getSubExpr(), S),
                            integerBounds(U->getType(), Ctx));
  }
  if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
    std::optional<bool> T = truth(C->getCond(), S);
    if (T)
      return eval(*T ? C->getTrueExpr() : C->getFalseExpr(), S);
    Forked = true;
    ResolvedValue True = eval(C->getTrueExpr(), S);
    ResolvedValue False = eval(C->getFalseExpr(), S);
    if (std::optional<SymbolicTest> Test = symbolicTest(
            C->getCond(), [&](const Expr *Side) { return eval(Side, S); }))
      return joinWhen(*Test, True, False);
    return joinValues({std::move(True), std::move(False)});
  }
  if (const auto *C = dyn_cast<CallExpr>(E))
    return callValue(C, S);
  fail(constructName(E) + " is not evaluated");
  return ResolvedValue::unknown(Failure);
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

std::string describeArguments(ArrayRef<ResolvedValue> Args) {
  std::string Key;
  for (const ResolvedValue &A : Args)
    Key += describeValue(A) + ";";
  return Key;
}

} // namespace

ResolvedValue CallInterpreter::run(const FunctionDecl *F,
                                   ArrayRef<ResolvedValue> Args) {
  F = F->getCanonicalDecl();
  const FunctionDecl *Def = nullptr;
  if (!F->hasBody(Def))
    return ResolvedValue::unknown("its body is not in this file");
  auto Key = std::pair(F, describeArguments(Args));
  if (auto It = Answers.find(Key); It != Answers.end())
    return It->second;
  if (!Active.insert(F).second)
    return ResolvedValue::unknown("a recursive call");
  auto Nested = [&](const FunctionDecl *G, ArrayRef<ResolvedValue> A) {
    return run(G, A);
  };
  ResolvedValue R = Run(Ctx, Constants, Nested).call(Def, Args);
  Active.erase(F);
  return Answers[Key] = R;
}

} // namespace cudalint
