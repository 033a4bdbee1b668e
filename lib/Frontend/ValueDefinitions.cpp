//===- ValueDefinitions.cpp - Variables, their definitions, callers -------===//
//
// A variable's value at a use: the definitions that reach it (collected once
// per variable and function body, with the if/loop/switch each sits in),
// unless the variable escapes (address taken, captured by reference, ++,
// +=, passed by non-const reference). One exception: a local that grows
// from its initialiser by one constant step in a loop whose condition
// bounds it (`while (nth < 1024) nth *= 2;`) takes the few values the loop
// can leave. A parameter's value: what every caller in the file passes.
//
//===----------------------------------------------------------------------===//

#include "ValueResolver.h"

#include "BranchTests.h"
#include "ReachingDefinitions.h"
#include "ResolverSupport.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>

using namespace clang;
using llvm::SmallVector;

namespace cudalint {

using namespace resolver;

namespace {

bool startsWith(llvm::ArrayRef<std::string> Path,
                llvm::ArrayRef<std::string> Prefix) {
  return Prefix.size() <= Path.size() &&
         std::equal(Prefix.begin(), Prefix.end(), Path.begin());
}

std::string describe(const VarDecl *V, llvm::ArrayRef<std::string> Path) {
  std::string S = V->getName().str();
  for (const std::string &Part : Path)
    S += Part.front() == '[' ? Part : "." + Part;
  return S;
}

/// Whether S is Outer or inside it.
bool within(const Stmt *Outer, const Stmt *S) {
  if (!Outer)
    return false;
  if (Outer == S)
    return true;
  return llvm::any_of(Outer->children(),
                      [&](const Stmt *Child) { return within(Child, S); });
}

/// The test a loop makes before each iteration (after it, for `do`), and
/// what else runs before the body (a for's init, a condition variable).
std::pair<const Expr *, SmallVector<const Stmt *, 2>>
loopTest(const Stmt *Loop) {
  if (const auto *For = dyn_cast<ForStmt>(Loop))
    return {For->getCond(),
            {For->getInit(), For->getConditionVariableDeclStmt()}};
  if (const auto *While = dyn_cast<WhileStmt>(Loop))
    return {While->getCond(), {While->getConditionVariableDeclStmt()}};
  if (const auto *Do = dyn_cast<DoStmt>(Loop))
    return {Do->getCond(), {}};
  return {nullptr, {}}; // a range-for tests its iterators
}

/// The conjuncts of `a && b && c`, or Cond alone.
void conjuncts(const Expr *Cond, SmallVectorImpl<const Expr *> &Out) {
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(Cond);
      B && B->getOpcode() == BO_LAnd) {
    conjuncts(B->getLHS(), Out);
    conjuncts(B->getRHS(), Out);
  } else {
    Out.push_back(Cond);
  }
}

} // namespace

/// A step that grows a variable in a loop whose condition bounds it
/// (`nth *= 2` under `while (nth < ncols && nth < 1024)`), or shrinks it
/// (`v >>= 1` under `while (v > 32)`).
struct GrowthStep {
  BinaryOperatorKind Op = BO_Mul; // BO_Mul, BO_Shl, BO_Add, BO_Div or BO_Shr
  int64_t Amount = 0;
  /// "*=", or the whole assignment for `v = v * 2`.
  std::string Spelling;
  const Stmt *Loop = nullptr;
  /// The conjuncts of the loop's condition that stop it (`nth < 1024`).
  SmallVector<const Expr *, 2> Bounds;

  bool grows() const { return Op == BO_Mul || Op == BO_Shl || Op == BO_Add; }
  /// A do loop runs its body once before the first test.
  bool stepsBeforeTest() const { return isa<DoStmt>(Loop); }
};

/// One assignment (or the initialiser) that may give a variable its value.
struct Definition {
  const Expr *Value = nullptr; // null: modified in a way we cannot follow
  /// The part assigned: {} for the whole variable, {"x"} for a dim3 field,
  /// {"blockDim", "x"} or {"[0]", "id"} inside a struct or an array.
  MemberPath Path;
  const Stmt *Control = nullptr; // innermost if/loop/switch around it
  SourceLocation Loc;
  /// Where it happens in the CFG: the assignment, or the initialiser.
  const Stmt *Site = nullptr;
  /// A call that assigns it through this reference parameter of the
  /// callee's definition (`computeGridSize(n, 256, blocks, threads)`);
  /// Value is the call.
  const ParmVarDecl *OutParameter = nullptr;
  /// A growth step (ValueResolver::grownValues); Value is its amount.
  std::optional<GrowthStep> Growth = std::nullopt;
};

/// Collects the definitions of one variable inside a function body, with
/// the control statement each sits in, and the loops of the body.
class DefinitionCollector : public RecursiveASTVisitor<DefinitionCollector> {
  using Base = RecursiveASTVisitor<DefinitionCollector>;

public:
  DefinitionCollector(const VarDecl *V, const CallerIndex &Callers,
                      const ASTContext &Ctx)
      : V(V), Callers(Callers), Ctx(Ctx) {}

  std::vector<Definition> Defs;
  std::vector<const Stmt *> Loops;
  const Stmt *DeclControl = nullptr;
  bool Escapes = false;     // address taken, captured, ++, +=, ...
  std::string EscapeReason; // the first way it escapes, for a reader
  bool AddressToOccupancyApi = false;

  bool shouldVisitLambdaBodies() const { return true; }

  /// After the traversal: the one growth step in a loop that can be
  /// followed becomes a definition; any other stays an escape (`v *= 2`)
  /// or a plain assignment (`v = v * 2`).
  void settleSteps();

#define CUDALINT_CONTROL(CLASS)                                                \
  bool Traverse##CLASS(CLASS *S) {                                             \
    return inControl(S, [&] { return Base::Traverse##CLASS(S); });             \
  }
  CUDALINT_CONTROL(IfStmt)
  CUDALINT_CONTROL(SwitchStmt)
  CUDALINT_CONTROL(ConditionalOperator)
  CUDALINT_CONTROL(LambdaExpr)
#undef CUDALINT_CONTROL
#define CUDALINT_LOOP(CLASS)                                                   \
  bool Traverse##CLASS(CLASS *S) {                                             \
    Loops.push_back(S);                                                        \
    return inControl(S, [&] { return Base::Traverse##CLASS(S); });             \
  }
  CUDALINT_LOOP(ForStmt)
  CUDALINT_LOOP(WhileStmt)
  CUDALINT_LOOP(DoStmt)
  CUDALINT_LOOP(CXXForRangeStmt)
#undef CUDALINT_LOOP

  bool VisitVarDecl(VarDecl *D) {
    if (D == V) {
      DeclControl = current();
      // The loops around it, but for the one whose init declares it.
      for (const Stmt *S : Control) {
        const auto *For = dyn_cast<ForStmt>(S);
        const auto *Init =
            For ? dyn_cast_or_null<DeclStmt>(For->getInit()) : nullptr;
        if (!Init || !llvm::is_contained(Init->decls(), D))
          DeclScope.push_back(S);
      }
      if (D->hasInit())
        Defs.push_back(
            {D->getInit(), {}, current(), D->getLocation(), D->getInit()});
    }
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCapturedVar() == V &&
          C.getCaptureKind() == LCK_ByRef)
        escape("it is captured by reference in a lambda");
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp())
      return true;
    MemberPath Path;
    if (!refersToV(memberBase(B->getLHS(), &Path)))
      return true;
    Definition Def{B->getRHS(), Path, current(), B->getOperatorLoc(), B};
    if (B->getOpcode() != BO_Assign) {
      // `v *= 2` in a loop may be a growth step (settleSteps decides).
      std::optional<BinaryOperatorKind> Op =
          Path.empty() && !isInsideLambda()
              ? stepKind(
                    BinaryOperator::getOpForCompoundAssignment(B->getOpcode()))
              : std::nullopt;
      bool Candidate =
          Op && addStep(Def, *Op, B->getRHS(), true, B->getOpcodeStr().str());
      escape(("it is changed by '" + B->getOpcodeStr() + "'").str(), Candidate);
      return true;
    }
    if (isInsideLambda())
      escape("it is assigned inside a lambda");
    else if (!isExact(Path))
      escape("an element at an index that is not constant is assigned");
    else if (!addSelfStep(B, Def))
      Defs.push_back(std::move(Def));
    return true;
  }

  // dim3 assignment is a call to its assignment operator.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    MemberPath Path;
    if (C->getNumArgs() == 2 && refersToV(memberBase(C->getArg(0), &Path))) {
      if (C->getOperator() == OO_Equal && !isInsideLambda() && isExact(Path))
        Defs.push_back({C->getArg(1), Path, current(), C->getOperatorLoc(), C});
      else if (C->isAssignmentOp())
        escape(("it is changed by '" +
                std::string(getOperatorSpelling(C->getOperator())) + "'"));
    }
    return true;
  }

  // A jump into a loop's body skips its test: goto, or a case label of a
  // switch outside the loop.
  bool VisitGotoStmt(GotoStmt *) {
    HasGoto = true;
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) {
    HasGoto = true;
    return true;
  }
  bool VisitSwitchCase(SwitchCase *) {
    for (const Stmt *S : llvm::reverse(Control)) {
      if (isa<SwitchStmt>(S))
        break;
      if (isLoop(S))
        EnteredByCase.insert(S);
    }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (ReadOnlyAddresses.count(U))
      return true;
    if (!refersToV(memberBase(U->getSubExpr())))
      return true;
    if (U->isIncrementDecrementOp())
      escape(("it is changed by '" +
              UnaryOperator::getOpcodeStr(U->getOpcode()) + "'")
                 .str());
    else if (U->getOpcode() != UO_AddrOf)
      return true;
    else if (const FunctionDecl *Callee = AddressPassedTo.lookup(U))
      escape("it is written through its address by '" +
             Callee->getNameAsString() + "'");
    else
      escape("its address is taken");
    return true;
  }

  // Visited before the arguments, so `&v` handed to a pointer-to-const
  // parameter (cudaLaunchKernelEx's config) is known to be read only.
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    // A member operator's first argument is the object (an assignment's
    // target, handled above), not its first parameter.
    unsigned Object =
        isa<CXXOperatorCallExpr>(C) && Callee && isa<CXXMethodDecl>(Callee);
    for (unsigned I = Object; I < C->getNumArgs(); ++I) {
      const Expr *Arg = C->getArg(I)->IgnoreParenImpCasts();
      QualType ParamType = Callee && I - Object < Callee->getNumParams()
                               ? Callee->getParamDecl(I - Object)->getType()
                               : QualType();
      if (const auto *U = dyn_cast<UnaryOperator>(Arg);
          U && U->getOpcode() == UO_AddrOf &&
          refersToV(memberBase(U->getSubExpr())) && Callee) {
        if (Callee->getIdentifier() &&
            Callee->getName().starts_with("cudaOccupancy"))
          AddressToOccupancyApi = true;
        else if (!ParamType.isNull() && ParamType->isPointerType() &&
                 ParamType->getPointeeType().isConstQualified())
          ReadOnlyAddresses.insert(U);
        else
          AddressPassedTo[U] = Callee;
      }
      // Passed by non-const reference: the callee may change it, unless
      // it only reads or forwards it into copies.
      const auto *Param = Callee && I - Object < Callee->getNumParams()
                              ? Callee->getParamDecl(I - Object)
                              : nullptr;
      if (refersToV(memberBase(Arg)) && !ParamType.isNull() &&
          ParamType->isReferenceType() &&
          !ParamType.getNonReferenceType().isConstQualified() &&
          !Callers.ReadOnlyReferences.count(Param) &&
          !Callers.ForwardedToCopies.count(Arg)) {
        // The whole integer handed to a function defined here: the call
        // gives it what that function assigns (followed when resolved).
        const FunctionDecl *Def = Callee->getDefinition();
        if (refersToV(Arg) && V->getType()->isIntegerType() && Def &&
            !isInsideLambda() && I - Object < Def->getNumParams() &&
            ParamType->isLValueReferenceType())
          Defs.push_back({C,
                          {},
                          current(),
                          C->getBeginLoc(),
                          C,
                          Def->getParamDecl(I - Object)});
        else
          escape("it is passed by reference to '" + Callee->getNameAsString() +
                 "'");
      }
    }
    return true;
  }

private:
  /// ByStep: a step that settleSteps may still follow.
  void escape(std::string Why, bool ByStep = false) {
    if (!Escapes) {
      EscapeReason = std::move(Why);
      ReasonIsStep = ByStep;
    }
    Escapes = true;
    OtherEscape |= !ByStep;
  }
  static bool isLoop(const Stmt *S) {
    return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
  }
  /// The operation of a step that may grow or shrink a variable.
  static std::optional<BinaryOperatorKind> stepKind(BinaryOperatorKind Op) {
    switch (Op) {
    case BO_Mul:
    case BO_Shl:
    case BO_Add:
    case BO_Div:
    case BO_Shr:
      return Op;
    default:
      return std::nullopt;
    }
  }
  /// Records Def, a step `v op= Amount`, as a candidate when it sits in a
  /// loop that does not also hold the declaration.
  bool addStep(const Definition &Def, BinaryOperatorKind Op, const Expr *Amount,
               bool Compound, std::string Spelling) {
    SmallVector<const Stmt *, 2> Around;
    for (const Stmt *S : Control)
      if (isLoop(S) && !llvm::is_contained(DeclScope, S))
        Around.push_back(S);
    if (Around.empty())
      return false;
    Steps.push_back({Def, Defs.size(), Compound, Op, Amount,
                     std::move(Spelling), std::move(Around)});
    return true;
  }
  /// `v = v * 2` (or `v = 2 * v`) in a loop: a step too.
  bool addSelfStep(const BinaryOperator *Assign, const Definition &Def) {
    const auto *Step =
        dyn_cast<BinaryOperator>(Assign->getRHS()->IgnoreParenImpCasts());
    std::optional<BinaryOperatorKind> Op =
        Step && Def.Path.empty() ? stepKind(Step->getOpcode()) : std::nullopt;
    if (!Op)
      return false;
    const Expr *Amount = nullptr;
    if (refersToV(Step->getLHS()->IgnoreParenImpCasts()))
      Amount = Step->getRHS();
    else if ((*Op == BO_Mul || *Op == BO_Add) &&
             refersToV(Step->getRHS()->IgnoreParenImpCasts()))
      Amount = Step->getLHS();
    std::string Text =
        Lexer::getSourceText(
            CharSourceRange::getTokenRange(Assign->getSourceRange()),
            Ctx.getSourceManager(), Ctx.getLangOpts())
            .str();
    return Amount && addStep(Def, *Op, Amount, false, std::move(Text));
  }
  /// Why the one candidate step cannot be followed ("" to say nothing
  /// more than the escape does); none when it can, with *Out filled in.
  std::optional<std::string> stepRefusal(GrowthStep *Out) const;
  /// Traverses S's children with S as the innermost control statement.
  template <typename TraverseFn>
  bool inControl(const Stmt *S, TraverseFn Traverse) {
    Control.push_back(S);
    bool R = Traverse();
    Control.pop_back();
    return R;
  }
  const Stmt *current() const {
    return Control.empty() ? nullptr : Control.back();
  }
  bool isInsideLambda() const {
    return llvm::any_of(Control,
                        [](const Stmt *S) { return isa<LambdaExpr>(S); });
  }
  bool refersToV(const Expr *E) const {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
    return DRE && DRE->getDecl() == V;
  }
  /// A path through an array element whose index is not a constant names
  /// no part in particular.
  static bool isExact(const MemberPath &Path) {
    return llvm::find(Path, "[?]") == Path.end();
  }

  const VarDecl *V;
  const CallerIndex &Callers;
  const ASTContext &Ctx;
  std::vector<const Stmt *> Control;
  /// The control statements around the declaration (less a `for` whose
  /// init declares it: that loop runs after it).
  std::vector<const Stmt *> DeclScope;
  /// A step in a loop, followed only if it is the one write after the
  /// initialiser.
  struct StepCandidate {
    Definition Def; // as a plain assignment
    size_t At;      // its place among Defs
    bool Compound;  // `v *= 2`: an escape unless followed
    BinaryOperatorKind Op;
    const Expr *Amount;
    std::string Spelling;
    SmallVector<const Stmt *, 2> Loops; // around it, not the declaration
  };
  std::vector<StepCandidate> Steps;
  bool OtherEscape = false;  // an escape that is not a candidate step
  bool ReasonIsStep = false; // EscapeReason is a candidate step's
  bool HasGoto = false;
  llvm::DenseSet<const Stmt *> EnteredByCase;
  llvm::DenseSet<const UnaryOperator *> ReadOnlyAddresses;
  /// `&v` handed to a function that may write through it, and that function.
  llvm::DenseMap<const UnaryOperator *, const FunctionDecl *> AddressPassedTo;
};

std::optional<std::string>
DefinitionCollector::stepRefusal(GrowthStep *Out) const {
  if (Steps.size() > 1)
    return std::string("more than one statement changes it");
  if (OtherEscape)
    return std::string(); // its first escape says why
  const StepCandidate &Step = Steps.front();
  if (isa<ParmVarDecl>(V) || !V->hasInit() || Defs.size() != 1)
    return std::string("only a local variable that grows from its "
                       "initialiser alone is followed");
  if (!V->getType()->isIntegerType() || V->getType()->isBooleanType())
    return std::string();
  if (Step.Loops.size() > 1)
    return std::string("the step is in a nested loop");
  const Stmt *Loop = Step.Loops.front();
  if (HasGoto)
    return std::string("its function has a goto");
  if (EnteredByCase.count(Loop))
    return std::string("a case label jumps into the loop");
  // The step must run only after the test (or once before it, in a `do`).
  auto [Test, BeforeBody] = loopTest(Loop);
  if (within(Test, Step.Def.Site) ||
      llvm::any_of(BeforeBody,
                   [&](const Stmt *S) { return within(S, Step.Def.Site); }))
    return std::string("the step is in the loop's condition");
  std::optional<int64_t> Amount = constantOf(Step.Amount, Ctx);
  if (!Amount)
    return std::string("the amount is not a constant");
  GrowthStep Growth{Step.Op, *Amount, Step.Spelling, Loop, {}};
  bool Shift = Step.Op == BO_Shl || Step.Op == BO_Shr;
  if (Shift ? *Amount < 1 || *Amount > 62
            : *Amount < (Step.Op == BO_Add ? 1 : 2))
    return "the amount does not make it " +
           std::string(Growth.grows() ? "grow" : "shrink");
  // The bounds that stop it: `v < B` or `v <= B` (`v > B`, `v >= B` when it
  // shrinks), B a constant, in either order.
  SmallVector<const Expr *, 4> Tests;
  if (Test)
    conjuncts(Test, Tests);
  for (const Expr *C : Tests) {
    const auto *B = dyn_cast<BinaryOperator>(C);
    if (!B || !B->isRelationalOp())
      continue;
    BinaryOperatorKind Op = B->getOpcode();
    const Expr *Other = B->getRHS();
    if (!refersToV(B->getLHS()->IgnoreParenImpCasts())) {
      Other = B->getLHS();
      Op = BinaryOperator::reverseComparisonOp(Op);
      if (!refersToV(B->getRHS()->IgnoreParenImpCasts()))
        continue;
    }
    // (A negative bound may be converted to unsigned by the comparison.)
    std::optional<int64_t> Bound = constantOf(Other, Ctx);
    bool Stops = Growth.grows() ? Op == BO_LT || Op == BO_LE
                                : Op == BO_GT || Op == BO_GE;
    if (Bound && *Bound >= 0 && Stops)
      Growth.Bounds.push_back(C);
  }
  std::string Name = V->getName().str();
  if (Growth.Bounds.empty())
    return "the loop's condition does not bound it ('" + Name +
           (Growth.grows() ? " < C' or '" + Name + " <= C')"
                           : " > C' or '" + Name + " >= C')");
  *Out = std::move(Growth);
  return std::nullopt;
}

void DefinitionCollector::settleSteps() {
  if (Steps.empty())
    return;
  GrowthStep Growth;
  if (std::optional<std::string> Refusal = stepRefusal(&Growth)) {
    if (ReasonIsStep && !Refusal->empty())
      EscapeReason += " in a loop: " + *Refusal;
    // Later candidates first, so that each goes back to its place.
    for (StepCandidate &Step : llvm::reverse(Steps))
      if (!Step.Compound)
        Defs.insert(Defs.begin() + Step.At, std::move(Step.Def));
  } else {
    StepCandidate &Step = Steps.front();
    Step.Def.Growth = std::move(Growth);
    Defs.insert(Defs.begin() + Step.At, std::move(Step.Def));
    Escapes = false; // the step was its only escape
    EscapeReason.clear();
  }
  Steps.clear();
}

ResolvedValue ValueResolver::resolveVariable(const VarDecl *V, const Expr *Use,
                                             const ValueQuery &Q,
                                             llvm::ArrayRef<std::string> Path) {
  const FunctionDecl *F = enclosingFunction(V);
  std::string What = (isa<ParmVarDecl>(V) ? "parameter '" : "variable '") +
                     describe(V, Path) + "'";
  if (F && F->getIdentifier())
    What +=
        (isa<ParmVarDecl>(V) ? " of '" : " in '") + F->getName().str() + "'";
  // Why it is unknown names the innermost variable the value was traced to.
  auto Explained = [&](ResolvedValue R) {
    if (!R.isKnown() && !StringRef(R.Reason).starts_with("variable '") &&
        !StringRef(R.Reason).starts_with("parameter '"))
      R.Reason = What + (R.Reason.empty() ? "" : ": " + R.Reason);
    return R;
  };
  auto Unknown = [&](const Twine &Why) {
    return ResolvedValue::unknown((What + ": " + Why).str());
  };
  if (Q.tooDeep())
    return ResolvedValue::unknown(DepthReached);
  if (!Q.visitVariable())
    return ResolvedValue::unknown(BudgetReached);
  if (const auto *Parm = dyn_cast<ParmVarDecl>(V))
    if (const Expr *Argument = Q.scope().BoundParameters.lookup(Parm))
      return withOrigin(resolvePart(Argument, Path, Q.deeper()), What,
                        Locate(Argument->getBeginLoc()));
  // What a definition of Def.Path (a prefix of Path) says about Path, in
  // the query At.
  auto PartOf = [&](const Definition &Def, const ValueQuery &At) {
    if (Def.OutParameter)
      return Path.empty() ? resolveOutParameter(Def.OutParameter, At.deeper())
                          : Unknown("a part of it is assigned by a call");
    if (Def.Growth)
      return grownValues(V, *Def.Growth, At);
    return resolvePart(Def.Value,
                       llvm::ArrayRef(Path).drop_front(Def.Path.size()),
                       At.deeper());
  };

  // Globals and static members: their initialiser, when nothing in the
  // program writes them. A const one cannot change; for another one, this
  // file must not write it, and (external linkage) no other analysed file
  // either, which the run over several files checks (ValueOrigin::Global).
  if (!F || !F->hasBody() || !V->hasLocalStorage()) {
    if (V->hasLocalStorage())
      return Unknown("its function's body is not available");
    const VarDecl *Def = V->getDefinition();
    bool Const = V->getType().isConstQualified();
    if (!Const &&
        (!Def || V->getType().isVolatileQualified() ||
         V->hasAttr<CUDADeviceAttr>() || V->hasAttr<CUDAConstantAttr>()))
      return Unknown("not const, so any code may change it");
    if (!Const)
      if (auto It = globalWrites().find(V->getCanonicalDecl());
          It != globalWrites().end())
        return Unknown("not const, and written at " + Locate(It->second).File +
                       ":" + std::to_string(Locate(It->second).Line));
    const VarDecl *Init = Def ? Def : V;
    if (!Init->getInit())
      return Unknown(Const ? "its initialiser is not in this file"
                           : "not const, so any code may change it");
    Definition D{Init->getInit(), {}, nullptr, Init->getLocation()};
    ResolvedValue R = withOrigin(PartOf(D, Q), (Const ? "" : "global ") + What,
                                 Locate(Init->getLocation()));
    if (!Const && R.isKnown() && V->isExternallyVisible())
      R.Origins.back().Global = mangledName(V);
    return Explained(R);
  }

  const DefinitionCollector &Collect = definitionsOf(V, F);
  if (Collect.AddressToOccupancyApi)
    return Unknown("set by a cudaOccupancy* call");
  if (Collect.Escapes)
    return Unknown(Collect.EscapeReason);

  // The first use in F on the way back from the launch is the anchor of
  // every use of F's variables followed from it.
  QueryScope Anchored = Q.scope();
  Anchored.Anchors.try_emplace(F, Use);
  ValueQuery InF = Q.within(Anchored);
  const auto *Parm = dyn_cast<ParmVarDecl>(V);
  auto EntryValue = [&](const ValueQuery &At) {
    return resolveParameter(Parm, At, Path, What);
  };
  if (std::optional<ResolvedValue> Exact = reachingFlow(
          V, F, Use, Path, Collect, PartOf, What,
          Parm ? llvm::function_ref<ResolvedValue(const ValueQuery &)>(
                     EntryValue)
               : nullptr,
          InF))
    return Explained(*Exact);
  if (Parm)
    return Collect.Defs.empty() ? Explained(EntryValue(InF))
                                : Unknown("it is assigned inside the function");

  // Reaching definitions, approximately: the last definition before the use
  // that runs whenever the declaration does, the conditional ones after it,
  // and, when the use sits in a loop, the definitions later in that loop.
  // Only definitions of Path or of something containing it count; one of a
  // part inside Path (cfg.blockDim.x when asking for cfg.blockDim) cannot
  // be followed.
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation UseLoc = Use->getBeginLoc();
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
  auto Relevant = [&](const Definition &Def) {
    return startsWith(Path, Def.Path);
  };
  std::vector<const Definition *> Reaching;
  for (const Definition &Def : Collect.Defs) {
    if (!Before(Def.Loc, UseLoc))
      continue;
    if (!Relevant(Def)) {
      if (startsWith(Def.Path, Path))
        return Unknown("a part of it is assigned separately");
      continue;
    }
    if (Def.Control == Collect.DeclControl)
      Reaching.clear(); // unconditional: earlier definitions are dead
    Reaching.push_back(&Def);
  }
  for (const Stmt *Loop : Collect.Loops) {
    SourceRange R = Loop->getSourceRange();
    if (!Before(UseLoc, R.getBegin()) && Before(UseLoc, R.getEnd()) &&
        Before(V->getLocation(), R.getBegin()))
      for (const Definition &Def : Collect.Defs)
        if (Before(UseLoc, Def.Loc) && Before(Def.Loc, R.getEnd())) {
          if (!Relevant(Def))
            return Unknown("a part of it is assigned separately");
          Reaching.push_back(&Def);
        }
  }
  // (`dim3 v;` has its default constructor as initialiser, so it counts.)
  if (Reaching.empty())
    return Unknown("no assignment reaches this use");

  SmallVector<ResolvedValue, 4> Parts;
  for (const Definition *Def : Reaching)
    Parts.push_back(withOrigin(PartOf(*Def, InF), What, Locate(Def->Loc)));
  // Without the CFG, no way to the use is shown.
  ResolvedValue R = join(Parts);
  if (R.K == ResolvedValue::Kind::Set)
    R.Proven.clear();
  return Explained(R);
}

namespace {

ResolvedValue branchTestOrigin(ResolvedValue R, std::string What,
                               SourceLoc Loc) {
  R = withOrigin(std::move(R), std::move(What), std::move(Loc));
  R.Origins.back().BranchTest = true;
  return R;
}

/// More constants than this in one function's tests of a variable: its
/// value is not worked out from them (each stretch between two is a search
/// of the CFG).
constexpr size_t MaxBranchConstants = 64;

} // namespace

std::optional<ResolvedValue>
ValueResolver::allowedByBranches(QualType T, TestedSubject Is,
                                 const void *Subject, const FunctionDecl *F,
                                 const FunctionFlow &Flow, const Stmt *From,
                                 llvm::ArrayRef<const Stmt *> Kills,
                                 const Stmt *Target, const std::string &What) {
  if (!T->isIntegerType() || T->isBooleanType())
    return std::nullopt;
  auto [Cached, New] = TestedConstants.try_emplace({F, Subject});
  if (New) {
    Cached->second = branchConstants(F->getBody(), Is, Ctx);
  }
  const std::map<int64_t, SourceLocation> &Found = Cached->second;
  if (Found.empty() || Found.size() > MaxBranchConstants)
    return std::nullopt;
  // The type's own bounds: a stretch that reaches one bounds nothing.
  bool Signed = T->isSignedIntegerType();
  IntegerBounds TypeBounds = integerBounds(T, Ctx);
  int64_t TypeMin = TypeBounds.Min, TypeMax = TypeBounds.Max;
  auto Reaches = [&](int64_t X) {
    return Flow.reachesAlong(From, Kills, Target,
                             [&](const CFGBlock &B, unsigned Succ) {
                               return branchAllows(B, Succ, Is, X, Ctx);
                             });
  };
  std::vector<int64_t> Points;
  SourceLocation PointAt;
  std::optional<int64_t> Lo, Hi; // of the stretches that reach
  auto Stretch = [&](int64_t A, int64_t B) {
    if (A > B || !Reaches(A))
      return;
    Lo = Lo ? std::min(*Lo, A) : A;
    Hi = Hi ? std::max(*Hi, B) : B;
  };
  int64_t Next = TypeMin; // the lowest value not looked at yet
  bool Tested = false, AtTypeMax = false;
  for (const auto &[C, Loc] : Found) {
    if (C < TypeMin || C > TypeMax)
      continue;
    Tested = true;
    if (C > TypeMin) // (C - 1 would overflow at the type's minimum)
      Stretch(Next, C - 1);
    if (Reaches(C)) {
      Points.push_back(C);
      if (PointAt.isInvalid())
        PointAt = Loc;
    }
    AtTypeMax = C == TypeMax;
    if (!AtTypeMax)
      Next = C + 1;
  }
  if (!Tested)
    return std::nullopt;
  if (!AtTypeMax)
    Stretch(Next, TypeMax);
  if (!Lo) {
    // Only the tested constants themselves get here (case labels, `== C`).
    if (Points.empty())
      return std::nullopt; // no path at all: leave it to the caller's rule
    ResolvedValue R = ResolvedValue::oneOf(Points);
    std::string Note = What + (Points.size() == 1 ? " is " : " is one of ") +
                       describeValue(R) + " on the way here";
    return branchTestOrigin(std::move(R), std::move(Note), Locate(PointAt));
  }
  for (int64_t P : Points) {
    Lo = std::min(*Lo, P);
    Hi = std::max(*Hi, P);
  }
  // Unbounded on a side (only the type bounds it): not a usable range.
  if ((Signed && *Lo == TypeMin) || *Hi == TypeMax)
    return std::nullopt;
  ResolvedValue R = ResolvedValue::range(*Lo, *Hi);
  std::string Note = What + " is " + describeValue(R) + " on the way here";
  return branchTestOrigin(
      std::move(R), std::move(Note),
      Locate(PointAt.isValid() ? PointAt : Found.begin()->second));
}

namespace {

/// Whether E is arithmetic on constants and local variables alone (no
/// calls, assignments or memory reads), with those variables in Vars.
bool pureArithmetic(const Expr *E, SmallVectorImpl<const VarDecl *> &Vars,
                    const ASTContext &Ctx) {
  E = E->IgnoreParens();
  if (!E->isValueDependent() && E->isIntegerConstantExpr(Ctx))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || !V->hasLocalStorage())
      return false;
    Vars.push_back(V);
    return true;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && !B->isCommaOp() &&
           pureArithmetic(B->getLHS(), Vars, Ctx) &&
           pureArithmetic(B->getRHS(), Vars, Ctx);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Not ||
            U->getOpcode() == UO_Plus) &&
           pureArithmetic(U->getSubExpr(), Vars, Ctx);
  if (const auto *C = dyn_cast<CastExpr>(E))
    return C->getCastKind() == CK_IntegralCast ||
                   C->getCastKind() == CK_LValueToRValue ||
                   C->getCastKind() == CK_NoOp
               ? pureArithmetic(C->getSubExpr(), Vars, Ctx)
               : false;
  return false;
}

} // namespace

std::optional<ResolvedValue>
ValueResolver::allowedByTestsOf(const Expr *E, const ValueQuery &Q) {
  SmallVector<const VarDecl *, 4> Vars;
  if (!pureArithmetic(E, Vars, Ctx) || Vars.empty())
    return std::nullopt;
  const FunctionDecl *F = enclosingFunction(Vars.front());
  if (!F || !F->hasBody())
    return std::nullopt;
  // Each variable keeps its first value, given once on any path (a
  // parameter, or a local initialised outside every loop): the test and the
  // launch see the same E.
  const SourceManager &SM = Ctx.getSourceManager();
  for (const VarDecl *V : Vars) {
    if (enclosingFunction(V) != F)
      return std::nullopt;
    const DefinitionCollector &Collect = definitionsOf(V, F);
    size_t Expected = isa<ParmVarDecl>(V) ? 0 : 1;
    if (Collect.Escapes || Collect.AddressToOccupancyApi ||
        Collect.Defs.size() != Expected || (Expected && !V->hasInit()))
      return std::nullopt;
    for (const Stmt *Loop : Collect.Loops)
      if (SM.isBeforeInTranslationUnit(Loop->getBeginLoc(), V->getLocation()) &&
          SM.isBeforeInTranslationUnit(V->getLocation(), Loop->getEndLoc()))
        return std::nullopt;
  }
  const FunctionFlow *Flow = flowOf(F);
  if (!Flow)
    return std::nullopt;
  const Stmt *Target = Q.scope().Anchors.lookup(F);
  if (!Target || !Flow->contains(Target))
    Target = E;
  if (!Flow->contains(Target))
    return std::nullopt;
  llvm::FoldingSetNodeID Wanted;
  E->IgnoreParenImpCasts()->Profile(Wanted, Ctx, /*Canonical=*/true);
  auto Is = [&](const Expr *X) {
    llvm::FoldingSetNodeID Id;
    X->IgnoreParenImpCasts()->Profile(Id, Ctx, /*Canonical=*/true);
    return Id == Wanted;
  };
  std::string What =
      "'" +
      Lexer::getSourceText(CharSourceRange::getTokenRange(E->getSourceRange()),
                           SM, Ctx.getLangOpts())
          .str() +
      "'";
  return allowedByBranches(E->getType(), Is, E, F, *Flow, nullptr, {}, Target,
                           What);
}

ResolvedValue ValueResolver::grownValues(const VarDecl *V,
                                         const GrowthStep &Step,
                                         const ValueQuery &Q) {
  auto Unknown = [&](const Twine &Why) {
    return ResolvedValue::unknown(
        ("it is changed by '" + Step.Spelling + "' in a loop: " + Why).str());
  };
  ResolvedValue First = resolvePart(V->getInit(), {}, Q.deeper());
  if (!First.isKnown())
    return First;
  if (!First.isConstant())
    return Unknown("its first value is not one known value");
  // (A negative value may compare as unsigned in the loop's test.)
  if (First.value() < 0)
    return Unknown("its first value is negative");
  // The values after each step: a step runs only on a value that passed
  // the loop's test, but for the first in a `do`. The loop's other tests
  // (`nth < ncols`) may stop it at any of them.
  int64_t TypeMax = integerBounds(V->getType(), Ctx).Max;
  auto IsV = [&](const Expr *E) { return refersTo(E, V); };
  auto Passes = [&](int64_t X) {
    return llvm::all_of(Step.Bounds, [&](const Expr *Bound) {
      return truthFor(Bound, IsV, X, Ctx).value_or(true);
    });
  };
  std::vector<int64_t> Values;
  int64_t X = First.value();
  for (bool Untested = Step.stepsBeforeTest(); Untested || Passes(X);
       Untested = false) {
    int64_t Next = 0;
    bool Overflow = false;
    switch (Step.Op) {
    case BO_Mul:
      Overflow = llvm::MulOverflow(X, Step.Amount, Next);
      break;
    case BO_Shl:
      Overflow = llvm::MulOverflow(X, int64_t(1) << Step.Amount, Next);
      break;
    case BO_Add:
      Overflow = llvm::AddOverflow(X, Step.Amount, Next);
      break;
    case BO_Div:
      Next = X / Step.Amount;
      break;
    default:
      Next = X >> Step.Amount;
      break;
    }
    if (Overflow || Next > TypeMax)
      return Unknown("it would overflow '" + V->getType().getAsString() + "'");
    Values.push_back(Next);
    if (Values.size() > MaxSetSize)
      return Unknown("it would take more than " + Twine(MaxSetSize) +
                     " values");
    if (Next == X)
      break; // 0 stays 0
    X = Next;
  }
  if (Values.empty())
    Values.push_back(First.value()); // the step never runs
  ResolvedValue R = ResolvedValue::oneOf(std::move(Values));
  R.Origins = std::move(First.Origins);
  return withOrigin(std::move(R),
                    "'" + V->getName().str() + "' " +
                        (Step.grows() ? "grown" : "shrunk") + " by '" +
                        Step.Spelling + "' in the loop",
                    Locate(Step.Loop->getBeginLoc()));
}

std::optional<ResolvedValue> ValueResolver::reachingFlow(
    const VarDecl *V, const FunctionDecl *F, const Expr *Use,
    ArrayRef<std::string> Path, const DefinitionCollector &Collect,
    llvm::function_ref<ResolvedValue(const Definition &, const ValueQuery &)>
        PartOf,
    const std::string &What,
    llvm::function_ref<ResolvedValue(const ValueQuery &)> EntryValue,
    const ValueQuery &Q) {
  const FunctionFlow *Flow = flowOf(F);
  if (!Flow)
    return std::nullopt;
  // A parameter's value on entry is a definition too (null site).
  Definition Entry{nullptr, {}, nullptr, V->getLocation(), nullptr};
  std::vector<FunctionFlow::Site> Sites;
  std::vector<const Definition *> Defs;
  if (EntryValue) {
    Sites.push_back({nullptr, FunctionFlow::Kind::Whole});
    Defs.push_back(&Entry);
  }
  for (const Definition &Def : Collect.Defs) {
    if (startsWith(Path, Def.Path))
      Sites.push_back({Def.Site, FunctionFlow::Kind::Whole});
    else if (startsWith(Def.Path, Path))
      Sites.push_back({Def.Site, FunctionFlow::Kind::Partial});
    else
      continue; // another part
    Defs.push_back(&Def);
  }
  std::optional<std::vector<size_t>> Reaching = Flow->reaching(Sites, Use);
  if (!Reaching)
    return std::nullopt;
  // A part written inside the one asked for cannot be followed; no
  // definition at all is an uninitialised read.
  if (Reaching->empty())
    return ResolvedValue::unknown(What + ": no assignment reaches this use");
  if (llvm::any_of(*Reaching, [&](size_t I) {
        return Sites[I].K == FunctionFlow::Kind::Partial;
      }))
    return ResolvedValue::unknown(What +
                                  ": a part of it is assigned separately");
  std::vector<const Stmt *> Kills;
  for (const FunctionFlow::Site &Site : Sites)
    if (Site.S)
      Kills.push_back(Site.S);
  // A definition whose way from the entry through it to the use, and on to
  // the launch, no consistent choice of the function's steady variables
  // allows is left out (PathConsistency.cpp). Should that leave none, the
  // way is beyond this analysis and every one stays.
  if (Reaching->size() > 1) {
    const Stmt *Launch = Q.scope().Anchors.lookup(F);
    std::vector<size_t> Consistent;
    for (size_t I : *Reaching) {
      const Stmt *Site = Defs[I]->Site;
      SmallVector<WaySegment, 3> Way;
      if (Site)
        Way.push_back({nullptr, {}, Site});
      Way.push_back({Site, Kills, Use});
      if (Launch && Launch != Use && Flow->contains(Launch))
        Way.push_back({Use, {}, Launch});
      if (consistentWay(F, *Flow, Way))
        Consistent.push_back(I);
    }
    if (!Consistent.empty())
      Reaching = std::move(Consistent);
  }
  // A variable with one definition keeps its value: whatever the branches
  // on the way to where the outermost use in F (the launch, or the call
  // that leads to it) allow is also what this use read.
  auto IsV = [&](const Expr *E) { return refersTo(E, V); };
  const Stmt *Target = Use;
  if (Sites.size() == 1)
    if (const Stmt *Anchor = Q.scope().Anchors.lookup(F);
        Anchor && Flow->contains(Anchor))
      Target = Anchor;
  auto AnyEdge = [](const CFGBlock &, unsigned) { return true; };
  // The edges the value X takes: its own way at a branch on V (any edge
  // when V is followed by parts).
  auto EdgesFor = [&](int64_t X) {
    return [&, X](const CFGBlock &B, unsigned Succ) {
      return !Path.empty() ||
             branchAllows(B, Succ, IsV, X, Ctx, /*Exact=*/true);
    };
  };
  SmallVector<ResolvedValue, 4> Parts;
  for (size_t I : *Reaching) {
    const Definition &Def = *Defs[I];
    // What this value is made of must not depend on the branches between
    // its definition and the use; a ternary in it is decided on the way it
    // travels from there.
    QueryScope Onward = Q.scope();
    for (WayCondition &W : wayConditions(
             F, *Flow, Def.Site, Kills, Target, AnyEdge,
             /*EveryBranch=*/true, Path.empty() ? TestedSubject(IsV) : nullptr))
      Onward.Pending.push_back(std::move(W));
    Onward.WayOnFunction = F;
    Onward.WayOn = {{Def.Site, Kills, Use}};
    if (const Stmt *Launch = Q.scope().Anchors.lookup(F);
        Launch && Launch != Use && Flow->contains(Launch))
      Onward.WayOn.push_back({Use, {}, Launch});
    ResolvedValue Value = Def.Site || !EntryValue
                              ? PartOf(Def, Q.within(Onward))
                              : EntryValue(Q.within(Onward));
    std::vector<int64_t> Shown;
    for (int64_t X : Value.Proven)
      if (independent(wayConditions(F, *Flow, Def.Site, Kills, Target,
                                    EdgesFor(X), /*EveryBranch=*/false),
                      Q))
        Shown.push_back(X);
    Value.Proven = std::move(Shown);
    // Each value of a whole integer variable must reach the use along a
    // path whose branches on the variable it satisfies: a clamp, a guard
    // or an assert stops the values it excludes.
    if (Path.empty() && Value.isKnown() &&
        Value.K != ResolvedValue::Kind::Range) {
      std::vector<int64_t> Kept;
      for (int64_t X : Value.Values)
        if (Flow->reachesAlong(Def.Site, Kills, Target, EdgesFor(X)))
          Kept.push_back(X);
      if (Kept.empty())
        continue; // this definition reaches on no path its values allow
      if (Kept.size() != Value.Values.size()) {
        std::vector<ValueOrigin> Origins = std::move(Value.Origins);
        std::vector<int64_t> Proven = std::move(Value.Proven);
        Value = ResolvedValue::oneOf(std::move(Kept));
        Value.Origins = std::move(Origins);
        if (Value.K == ResolvedValue::Kind::Set)
          Value.keepProven(std::move(Proven));
      }
    }
    // Unknown here, but the branches on the way may pin it down: inside
    // `case 512:` of `switch (threads)`, threads is 512.
    if (Path.empty() && !Value.isKnown())
      if (std::optional<ResolvedValue> Allowed = allowedByBranches(
              V->getType(), IsV, V, F, *Flow, Def.Site, Kills, Target, What))
        Value = std::move(*Allowed);
    // (The value on entry says where it came from: the callers.)
    Parts.push_back(Def.Site
                        ? withOrigin(std::move(Value), What, Locate(Def.Loc))
                        : std::move(Value));
  }
  if (Parts.empty())
    return ResolvedValue::unknown(What + ": no value reaches this use");
  ResolvedValue R = join(Parts);
  // A loop that grows it stops on tests the analysis does not decide
  // (`nth < ncols`): none of the values it may leave, its first included,
  // is shown to reach.
  if (R.K == ResolvedValue::Kind::Set &&
      llvm::any_of(*Reaching, [&](size_t I) { return Defs[I]->Growth; }))
    R.Proven.clear();
  return R;
}

namespace {

/// The variable a condition tests (`v`, `!v`), and whether it is negated.
std::optional<std::pair<const VarDecl *, bool>>
testedVariable(const Expr *Cond) {
  bool Negated = false;
  const Expr *E = Cond->IgnoreParenImpCasts();
  while (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() != UO_LNot)
      return std::nullopt;
    Negated = !Negated;
    E = U->getSubExpr()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V)
    return std::nullopt;
  return std::pair(V, Negated);
}

} // namespace

std::optional<bool> ValueResolver::knownTruth(const Expr *Cond,
                                              const ValueQuery &Q) {
  std::optional<std::pair<const VarDecl *, bool>> Tested = testedVariable(Cond);
  if (!Tested)
    return std::nullopt;
  // Only a variable that keeps its first value: tested at the definition
  // and at the launch, it is the same.
  const VarDecl *V = Tested->first;
  if (!keepsFirstValue(V))
    return std::nullopt;
  for (const auto &[Known, Truth] : Q.scope().KnownConditions)
    if (auto Other = testedVariable(Known); Other && Other->first == V)
      return Truth != (Tested->second != Other->second);
  return std::nullopt;
}

bool ValueResolver::keepsFirstValue(const VarDecl *V) {
  const FunctionDecl *F = enclosingFunction(V);
  if (!F || !F->hasBody() || !V->hasLocalStorage())
    return false;
  const DefinitionCollector &Collect = definitionsOf(V, F);
  return !Collect.Escapes && Collect.Defs.size() == (V->hasInit() ? 1u : 0u);
}

ResolvedValue ValueResolver::resolveParameter(const ParmVarDecl *Parm,
                                              const ValueQuery &Q,
                                              llvm::ArrayRef<std::string> Path,
                                              const std::string &What) {
  const auto *F = dyn_cast<FunctionDecl>(Parm->getDeclContext());
  if (!F)
    return ResolvedValue::unknown(What + ": not a function's parameter");
  if (Callers.AddressTaken.count(F))
    return ResolvedValue::unknown(
        What + ": the function's address is taken, so not all its callers "
               "are known");
  SmallVector<CallOf, 4> Calls;
  if (const CallExpr *Pinned = Q.scope().PinnedCalls.lookup(F)) {
    Calls.push_back({Pinned, nullptr});
  } else {
    auto It = Callers.Calls.find(F);
    if (It == Callers.Calls.end() || It->second.empty()) {
      ResolvedValue R =
          ResolvedValue::unknown(What + ": no caller in this file");
      // Other files may call it: a run over them gives it their values
      // (an integer, or a field of a dim3).
      bool Whole = Path.empty() && Parm->getType()->isIntegerType();
      bool Field = Path.size() == 1 && isDim3(Parm->getType()) &&
                   (Path[0] == "x" || Path[0] == "y" || Path[0] == "z");
      if (F->isExternallyVisible() && !F->isInlined() && (Whole || Field))
        R.Parameter = ParameterRef{
            mangledName(F), F->getNameAsString(), Parm->getNameAsString(),
            Parm->getFunctionScopeIndex(), Field ? Path[0] : std::string()};
      return R;
    }
    Calls = It->second;
  }
  SmallVector<ResolvedValue, 4> Parts;
  for (const CallOf &C : Calls) {
    // A member operator's call lists the object first.
    unsigned Index =
        Parm->getFunctionScopeIndex() +
        (isa<CXXOperatorCallExpr>(C.Call) && isa<CXXMethodDecl>(F));
    if (Index >= C.Call->getNumArgs())
      return ResolvedValue::unknown(What + ": a caller passes fewer arguments");
    // In the caller: its own uses anchor its variables (a recursive call is
    // another activation, where the callee's anchor means nothing), and
    // the way there is on top of what the way from here rests on.
    QueryScope InCaller = Q.scope();
    InCaller.Anchors.clear();
    InCaller.WayOn.clear();
    InCaller.WayOnFunction = nullptr;
    // Through a harness: its parameters come from the call that passed F.
    const FunctionDecl *Harness = C.Via ? C.Via->getDirectCallee() : nullptr;
    if (Harness)
      InCaller.PinnedCalls[Harness] = C.Via;
    // The way from the caller's entry to the call must not depend on what
    // the way from here to the launch rests on.
    const FunctionDecl *Caller = functionContaining(C.Call, Ctx);
    const FunctionFlow *CallerFlow = Caller ? flowOf(Caller) : nullptr;
    InCaller.Pending = pendingThrough(F, C.Call, Caller, Q);
    std::vector<WayCondition> ToCall;
    if (CallerFlow)
      ToCall = wayConditions(
          Caller, *CallerFlow, nullptr, {}, C.Call,
          [](const CFGBlock &, unsigned) { return true; }, false);
    bool Shown = CallerFlow && independent(ToCall, Q.within(InCaller));
    InCaller.Pending.insert(InCaller.Pending.end(), ToCall.begin(),
                            ToCall.end());
    ResolvedValue Part =
        resolvePart(C.Call->getArg(Index), Path, Q.within(InCaller).deeper());
    if (!Shown)
      Part.Proven.clear();
    if (Harness) {
      Part = withOrigin(std::move(Part),
                        "'" + Parm->getName().str() + "' passed through '" +
                            Harness->getName().str() + "'",
                        Locate(C.Via->getBeginLoc()));
    }
    Parts.push_back(withOrigin(std::move(Part),
                               "parameter '" + Parm->getName().str() +
                                   "' of '" + F->getNameAsString() +
                                   "' from this call",
                               Locate(C.Call->getBeginLoc())));
  }
  return join(Parts);
}

ResolvedValue ValueResolver::resolveOutParameter(const ParmVarDecl *Parm,
                                                 const ValueQuery &Q) {
  const auto *G = dyn_cast<FunctionDecl>(Parm->getDeclContext());
  std::string What = "'" + Parm->getName().str() + "' as '" +
                     (G ? G->getNameAsString() : std::string("?")) +
                     "' sets it";
  auto Unknown = [&](const Twine &Why) {
    return ResolvedValue::unknown((What + ": " + Why).str());
  };
  if (Q.tooDeep())
    return ResolvedValue::unknown(DepthReached);
  const FunctionFlow *Flow = G && G->hasBody() ? flowOf(G) : nullptr;
  if (!Flow)
    return Unknown("its function's body cannot be followed");
  const DefinitionCollector &Collect = definitionsOf(Parm, G);
  if (Collect.Escapes)
    return Unknown(Collect.EscapeReason);
  // Its value on entry (the caller's) is a definition too: one that
  // reaches the exit means a path that leaves it as it was.
  std::vector<FunctionFlow::Site> Sites = {
      {nullptr, FunctionFlow::Kind::Whole}};
  for (const Definition &Def : Collect.Defs)
    Sites.push_back({Def.Site, Def.Path.empty() ? FunctionFlow::Kind::Whole
                                                : FunctionFlow::Kind::Partial});
  std::optional<std::vector<size_t>> AtExit = Flow->reachingExit(Sites);
  if (!AtExit)
    return Unknown("its function's body cannot be followed");
  if (llvm::is_contained(*AtExit, 0u))
    return Unknown("a path through it leaves it unassigned");
  SmallVector<ResolvedValue, 4> Parts;
  for (size_t I : *AtExit) {
    const Definition &Def = Collect.Defs[I - 1];
    if (!Def.Path.empty() || Def.OutParameter)
      return Unknown("it is set in parts, or by another call");
    Parts.push_back(withOrigin(resolvePart(Def.Value, {}, Q.deeper()),
                               "'" + Parm->getName().str() + "' set by '" +
                                   G->getNameAsString() + "'",
                               Locate(Def.Loc)));
  }
  // (Which assignment a call leaves is not followed path by path.)
  ResolvedValue R = join(Parts);
  if (R.K == ResolvedValue::Kind::Set)
    R.Proven.clear();
  return R;
}

std::vector<WayCondition> ValueResolver::wayConditions(
    const FunctionDecl *F, const FunctionFlow &Flow, const Stmt *From,
    ArrayRef<const Stmt *> Kills, const Stmt *Target,
    llvm::function_ref<bool(const CFGBlock &, unsigned)> Allowed,
    bool EveryBranch, TestedSubject DecidedBy) {
  // `switch (v)` and `if (v op C)`: the value takes them its own way.
  auto Decided = [&](const CFGBlock &B) {
    if (const auto *Switch =
            dyn_cast_or_null<SwitchStmt>(B.getTerminatorStmt()))
      return DecidedBy(Switch->getCond());
    return isTwoWayBranch(B) &&
           exactTruthFor(B.getLastCondition(), DecidedBy, 0, Ctx).has_value();
  };
  std::vector<const Expr *> Conds;
  bool Found = true;
  if (From) {
    // The same for every value defined there: found once.
    auto [It, New] = WaysToDefinitions.try_emplace(From);
    if (New)
      It->second = Flow.branchesOnTheWay(
          nullptr, {}, From, [](const CFGBlock &, unsigned) { return true; },
          true);
    Found = It->second.has_value();
    if (It->second)
      Conds = *It->second;
  }
  std::optional<std::vector<const Expr *>> ToTarget = Flow.branchesOnTheWay(
      From, Kills, Target, Allowed, !EveryBranch,
      DecidedBy ? llvm::function_ref<bool(const CFGBlock &)>(Decided)
                : nullptr);
  if (!Found || !ToTarget)
    return {{nullptr, {}}};
  Conds.insert(Conds.end(), ToTarget->begin(), ToTarget->end());
  llvm::sort(Conds);
  Conds.erase(std::unique(Conds.begin(), Conds.end()), Conds.end());
  std::vector<WayCondition> Way;
  for (const Expr *C : Conds)
    Way.push_back({C, C ? Roots.rootsOf(C, F) : RootSet()});
  return Way;
}

bool ValueResolver::independent(const std::vector<WayCondition> &Way,
                                const ValueQuery &Q) const {
  for (size_t I = 0; I < Way.size(); ++I) {
    for (size_t J = I + 1; J < Way.size(); ++J)
      if (mayDependOnEachOther(Way[I], Way[J]))
        return false;
    for (const WayCondition &P : Q.scope().Pending)
      if (mayDependOnEachOther(Way[I], P))
        return false;
  }
  return true;
}

std::vector<WayCondition>
ValueResolver::pendingThrough(const FunctionDecl *F, const CallExpr *Call,
                              const FunctionDecl *Caller, const ValueQuery &Q) {
  std::vector<WayCondition> Out;
  for (const WayCondition &W : Q.scope().Pending)
    Out.push_back(
        W.Cond && Caller
            ? WayCondition{W.Cond, Roots.throughCall(W.Roots, F, Call, Caller)}
            : WayCondition{nullptr, {}});
  return Out;
}

namespace {

/// Each global variable the file writes or lets escape, and where first.
class GlobalWriteCollector : public RecursiveASTVisitor<GlobalWriteCollector> {
  using Base = RecursiveASTVisitor<GlobalWriteCollector>;

public:
  explicit GlobalWriteCollector(const SourceManager &SM) : SM(SM) {}
  llvm::DenseMap<const VarDecl *, SourceLocation> Writes;

  bool shouldVisitLambdaBodies() const { return true; }
  bool shouldVisitTemplateInstantiations() const { return true; }
  // The toolkit and the system write no global of the user's.
  bool TraverseDecl(Decl *D) {
    return D && D->getLocation().isValid() &&
                   SM.isInSystemHeader(D->getLocation())
               ? true
               : Base::TraverseDecl(D);
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      write(B->getLHS(), B->getOperatorLoc());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      write(U->getSubExpr(), U->getOperatorLoc());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    unsigned Object =
        isa<CXXOperatorCallExpr>(C) && Callee && isa<CXXMethodDecl>(Callee);
    if (Object && C->getNumArgs() > 0 &&
        !cast<CXXMethodDecl>(Callee)->isConst())
      write(C->getArg(0), C->getBeginLoc()); // dim3 `=`, `+=`
    for (unsigned I = Object; I < C->getNumArgs(); ++I) {
      const Expr *Arg = C->getArg(I);
      const ParmVarDecl *P = Callee && I - Object < Callee->getNumParams()
                                 ? Callee->getParamDecl(I - Object)
                                 : nullptr;
      QualType T = P ? P->getType() : QualType();
      bool ByReference =
          P ? T->isReferenceType() &&
                  !T.getNonReferenceType().isConstQualified()
            // Through a pointer or variadic: an lvalue handed on as it is.
            : isa<DeclRefExpr, MemberExpr>(Arg->IgnoreParens());
      // An array decays to a pointer its callee may write through.
      bool ThroughArray = (!P || (T->isPointerType() &&
                                  !T->getPointeeType().isConstQualified())) &&
                          Arg->IgnoreParenImpCasts()->getType()->isArrayType();
      if (ByReference || ThroughArray)
        write(Arg, Arg->getBeginLoc());
    }
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    if (const CXXMethodDecl *M = C->getMethodDecl(); M && !M->isConst())
      write(C->getImplicitObjectArgument(), C->getBeginLoc());
    return true;
  }
  bool VisitVarDecl(VarDecl *D) {
    // `int &r = g;` and `auto *p = &g` (the latter as an address above).
    if (D->getType()->isReferenceType() &&
        !D->getType().getNonReferenceType().isConstQualified() && D->getInit())
      write(D->getInit(), D->getLocation());
    return true;
  }

private:
  const SourceManager &SM;
  void write(const Expr *E, SourceLocation Loc) {
    const auto *DRE = dyn_cast<DeclRefExpr>(memberBase(E));
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (V && !V->hasLocalStorage())
      Writes.try_emplace(V->getCanonicalDecl(), Loc);
  }
};

} // namespace

const llvm::DenseMap<const VarDecl *, SourceLocation> &
ValueResolver::globalWrites() {
  if (!GlobalWrites) {
    GlobalWriteCollector Collect(Ctx.getSourceManager());
    Collect.TraverseDecl(Ctx.getTranslationUnitDecl());
    GlobalWrites = std::move(Collect.Writes);
  }
  return *GlobalWrites;
}

std::vector<std::string> ValueResolver::writtenGlobals() {
  std::vector<std::string> Out;
  // A global this file defines is another program's in any other file that
  // defines one of that name; its own writes count here already.
  for (const auto &[V, Loc] : globalWrites())
    if (V->isExternallyVisible() && !V->getDefinition())
      Out.push_back(mangledName(V));
  llvm::sort(Out);
  return Out;
}

const FunctionFlow *ValueResolver::flowOf(const FunctionDecl *F) {
  // Built once per function, a failure included.
  auto [It, New] = Flows.try_emplace(F);
  if (New)
    It->second = FunctionFlow::build(F, Ctx);
  return It->second.get();
}

bool ValueResolver::onEveryPath(const Stmt *Before, const Stmt *Use,
                                const FunctionDecl *F) {
  const FunctionFlow *Flow = flowOf(F);
  if (!Flow || !Flow->contains(Before) || !Flow->contains(Use))
    return true;
  return !Flow->reachesAlong(nullptr, {Before}, Use,
                             [](const CFGBlock &, unsigned) { return true; });
}

bool ValueResolver::isOccupancyTuned(const Expr *E) {
  // block.x, or the variable itself.
  const Expr *Plain = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Plain))
      Plain = MT->getSubExpr()->IgnoreParenImpCasts();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(Plain);
             C && C->getNumArgs() >= 1)
      Plain = C->getArg(0)->IgnoreParenImpCasts();
    else if (const auto *ME = dyn_cast<MemberExpr>(Plain))
      Plain = ME->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Plain);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  const FunctionDecl *F = V ? enclosingFunction(V) : nullptr;
  if (!F || !F->hasBody())
    return false;
  return definitionsOf(V, F).AddressToOccupancyApi;
}

ValueResolver::ValueResolver(ASTContext &Ctx, const CallerIndex &Callers,
                             LocationMapper Locate)
    : Roots(Callers.ReadOnlyReferences), Ctx(Ctx), Callers(Callers),
      Locate(std::move(Locate)), Mangler(Ctx.createMangleContext()) {
  forgetConstants();
}

std::string ValueResolver::mangledName(const NamedDecl *D) {
  if (!Mangler->shouldMangleDeclName(D))
    return D->getName().str();
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  const auto *F = dyn_cast<FunctionDecl>(D);
  Mangler->mangleName(F ? GlobalDecl(F) : GlobalDecl(cast<VarDecl>(D)), OS);
  return Name;
}

ValueResolver::~ValueResolver() { forgetConstants(); }

const DefinitionCollector &ValueResolver::definitionsOf(const VarDecl *V,
                                                        const FunctionDecl *F) {
  // A dim3 is resolved field by field, and the occupancy-tuned test looks at
  // the same variable again: walk each function body once per variable.
  std::unique_ptr<DefinitionCollector> &Slot = Definitions[V];
  if (!Slot) {
    Slot = std::make_unique<DefinitionCollector>(V, Callers, Ctx);
    Slot->TraverseStmt(F->getBody());
    Slot->settleSteps();
  }
  return *Slot;
}

} // namespace cudalint
