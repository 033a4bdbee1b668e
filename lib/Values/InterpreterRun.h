//===- InterpreterRun.h - One run of the call interpreter -------*- C++ -*-===//
//
// The state and the visitor of one CallInterpreter run, shared by its two
// halves: statements (CallInterpreter.cpp) and the values of expressions
// and conditions in a state (InterpretedExpressions.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_INTERPRETERRUN_H
#define CUDALINT_LIB_VALUES_INTERPRETERRUN_H

#include "CallInterpreter.h"
#include "ResolverSupport.h"

#include "clang/AST/StmtVisitor.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace cudalint::interpreter {

// A private header of two files that both spell Clang's names bare.
using namespace clang;
using namespace resolver;

enum class Exit { Normal, Break, Continue, Return };

using State = std::map<const VarDecl *, ResolvedValue>;

struct Outcome {
  Outcome(State S, Exit How = Exit::Normal, ResolvedValue Returned = {})
      : S(std::move(S)), How(How), Returned(std::move(Returned)) {}
  State S;
  Exit How;
  ResolvedValue Returned;
};

/// One evaluation of a call: its states, the budget, and why it stopped.
/// A statement is visited in the state it starts in and gives its
/// outcomes, as FlowSensitive's transfer functions map an environment;
/// an expression's value in a state is Evaluation's.
class Run : public ConstStmtVisitor<Run, std::vector<Outcome>, State> {
public:
  Run(ASTContext &Ctx, const ConstantCache &Constants,
      llvm::function_ref<ResolvedValue(const FunctionDecl *,
                                       ArrayRef<ResolvedValue>)>
          Call)
      : Ctx(Ctx), Constants(Constants), Call(Call) {}

  ResolvedValue call(const FunctionDecl *F, ArrayRef<ResolvedValue> Args);

  std::vector<Outcome> VisitCompoundStmt(const CompoundStmt *C, State In);
  std::vector<Outcome> VisitNullStmt(const NullStmt *, State In) {
    return {{std::move(In)}};
  }
  std::vector<Outcome> VisitDeclStmt(const DeclStmt *D, State In);
  std::vector<Outcome> VisitExpr(const Expr *E, State In) {
    if (!effect(E, In))
      return {};
    return {{std::move(In)}};
  }
  std::vector<Outcome> VisitIfStmt(const IfStmt *If, const State &In);
  std::vector<Outcome> VisitWhileStmt(const WhileStmt *W, State In);
  std::vector<Outcome> VisitDoStmt(const DoStmt *Do, State In) {
    return loop(Do->getCond(), Do->getBody(), nullptr, true, std::move(In));
  }
  std::vector<Outcome> VisitForStmt(const ForStmt *For, State In);
  std::vector<Outcome> VisitReturnStmt(const ReturnStmt *R, State In);
  std::vector<Outcome> VisitBreakStmt(const BreakStmt *, State In) {
    return {{std::move(In), Exit::Break}};
  }
  std::vector<Outcome> VisitContinueStmt(const ContinueStmt *, State In) {
    return {{std::move(In), Exit::Continue}};
  }
  std::vector<Outcome> VisitStmt(const Stmt *S, const State &) {
    fail(constructName(S) + " is not evaluated");
    return {};
  }

private:
  /// An expression's value in one state: a kind of expression the
  /// interpreter does not evaluate stops the run.
  class Evaluation : public ConstStmtVisitor<Evaluation, ResolvedValue> {
  public:
    Evaluation(Run &R, const State &S) : R(R), S(S) {}
    ResolvedValue VisitCastExpr(const CastExpr *Cast);
    ResolvedValue VisitBinaryOperator(const BinaryOperator *B);
    ResolvedValue VisitUnaryOperator(const UnaryOperator *U);
    ResolvedValue VisitConditionalOperator(const ConditionalOperator *C);
    ResolvedValue VisitCallExpr(const CallExpr *C) { return R.callValue(C, S); }
    ResolvedValue VisitStmt(const Stmt *E) {
      R.fail(constructName(E) + " is not evaluated");
      return failed();
    }

  private:
    Run &R;
    const State &S;
    ResolvedValue failed() const { return ResolvedValue::unknown(R.Failure); }
    /// A comparison, a logical operator or a conversion to bool: 0 or 1.
    ResolvedValue truthValue(const Expr *E);
  };

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

} // namespace cudalint::interpreter

#endif
