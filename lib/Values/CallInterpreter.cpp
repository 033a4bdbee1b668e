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

#include "InterpreterRun.h"
#include "ResolverSupport.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace cudalint {

using namespace resolver;

namespace interpreter {

namespace {

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

} // namespace

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
  return Visit(S, std::move(In));
}

std::vector<Outcome> Run::VisitDeclStmt(const DeclStmt *D, State In) {
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

std::vector<Outcome> Run::VisitIfStmt(const IfStmt *If, const State &In) {
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

std::vector<Outcome> Run::VisitWhileStmt(const WhileStmt *W, State In) {
  if (W->getConditionVariable()) {
    fail("a 'while' with a declaration is not evaluated");
    return {};
  }
  return loop(W->getCond(), W->getBody(), nullptr, false, std::move(In));
}

std::vector<Outcome> Run::VisitForStmt(const ForStmt *For, State In) {
  if (For->getConditionVariable()) {
    fail("a 'for' with a declaration in its condition is not evaluated");
    return {};
  }
  std::vector<Outcome> Out;
  for (Outcome &Init : For->getInit() ? exec(For->getInit(), std::move(In))
                                      : std::vector<Outcome>{{std::move(In)}}) {
    std::vector<Outcome> L = loop(For->getCond(), For->getBody(), For->getInc(),
                                  false, std::move(Init.S));
    Out.insert(Out.end(), L.begin(), L.end());
  }
  return Out;
}

std::vector<Outcome> Run::VisitReturnStmt(const ReturnStmt *R, State In) {
  if (!R->getRetValue()) {
    fail("a return without a value");
    return {};
  }
  ResolvedValue V = eval(R->getRetValue(), In);
  return {{std::move(In), Exit::Return, std::move(V)}};
}

std::vector<Outcome> Run::VisitCompoundStmt(const CompoundStmt *C, State In) {
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

} // namespace interpreter

namespace {

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
  ResolvedValue R = interpreter::Run(Ctx, Constants, Nested).call(Def, Args);
  Active.erase(F);
  return Answers[Key] = R;
}

} // namespace cudalint