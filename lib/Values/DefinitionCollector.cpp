//===- DefinitionCollector.cpp - Growth steps a loop bounds
//-----------------===//
//
// Which growth step of a variable in a loop can be followed: the one write
// after the initialiser, in a loop whose test bounds it.
//
//===----------------------------------------------------------------------===//

#include "DefinitionCollector.h"
#include "RunTimeInputs.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
using llvm::SmallVector;

namespace cudalint {

using namespace resolver;

namespace {

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
    Step.Def.Kind = Definition::Effect::Growth;
    Step.Def.Growth = std::move(Growth);
    Defs.insert(Defs.begin() + Step.At, std::move(Step.Def));
    Escapes = false; // the step was its only escape
    EscapeReason.clear();
  }
  Steps.clear();
}

bool DefinitionCollector::isReturned(const Stmt *S) const {
  DynTypedNode Node = DynTypedNode::create(*S);
  while (true) {
    DynTypedNodeList Parents = const_cast<ASTContext &>(Ctx).getParents(Node);
    if (Parents.size() != 1)
      return false;
    if (Parents[0].get<ReturnStmt>())
      return true;
    const auto *E = Parents[0].get<Expr>();
    if (!E || !(isa<ImplicitCastExpr, CXXConstructExpr, ParenExpr,
                    MaterializeTemporaryExpr, ExprWithCleanups>(E)))
      return false;
    Node = Parents[0];
  }
}

bool DefinitionCollector::accountsFor(const Stmt *S,
                                      const DeclRefExpr *Use) const {
  if (llvm::any_of(Defs, [&](const Definition &D) { return D.Site == S; }))
    return true;
  // Clang counts a capture by reference as a change; the lambda's body is
  // judged on its own mentions.
  if (llvm::is_contained(ReferenceCaptures, S))
    return true;
  // Returned (by value, a record counts as moved from): the function ends
  // there, so no read after it sees a change.
  if (isReturned(S))
    return true;
  // An address only read through, or one a known call stores through
  // (cudaGetFuncBySymbol's, a definition of its own).
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && ReadOnlyAddresses.count(U))
    return true;
  const auto *Call = dyn_cast<CallExpr>(S);
  return Call && llvm::any_of(Call->arguments(), [&](const Expr *Arg) {
           Arg = Arg->IgnoreParenImpCasts();
           if (const auto *U = dyn_cast<UnaryOperator>(Arg);
               U && U->getOpcode() == UO_AddrOf)
             Arg = U->getSubExpr();
           return resolver::memberBase(Arg) == Use;
         });
}

void DefinitionCollector::changedUnfollowed(const Stmt *S) {
  std::string Text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(S->getSourceRange()),
                           Ctx.getSourceManager(), Ctx.getLangOpts())
          .str();
  if (Text.size() > 40)
    Text = Text.substr(0, 37) + "...";
  unsigned Line =
      Ctx.getSourceManager().getExpansionLineNumber(S->getBeginLoc());
  escape("it may be changed by '" + Text + "' at line " + std::to_string(Line));
}

bool DefinitionCollector::VisitCallExpr(clang::CallExpr *C) {
  const clang::FunctionDecl *Callee = C->getDirectCallee();
  // A member operator's first argument is the object (an assignment's
  // target: VisitCXXOperatorCallExpr), not its first parameter.
  unsigned Object = llvm::isa<clang::CXXOperatorCallExpr>(C) && Callee &&
                    llvm::isa<clang::CXXMethodDecl>(Callee);
  // `in >> n` from a std::istream: a number parsed from text, as atoi's.
  if (readsFromAStream(C) && refersToV(C->getArg(1)->IgnoreParenImpCasts()) &&
      V->getType()->isIntegerType() && !isInsideLambda()) {
    writtenByRuntime(C);
    Reads.insert(
        llvm::cast<clang::DeclRefExpr>(C->getArg(1)->IgnoreParenImpCasts()));
    return true;
  }
  for (unsigned I = Object; I < C->getNumArgs(); ++I) {
    const clang::Expr *Arg = C->getArg(I)->IgnoreParenImpCasts();
    // Through a function pointer (`pfn_cuLaunchKernelEx(&cfg, ...)`), the
    // pointer's prototype gives the parameter's type.
    clang::QualType ParamType = resolver::parameterType(C, I - Object);
    if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(Arg);
        U && U->getOpcode() == clang::UO_AddrOf &&
        refersToV(resolver::memberBase(U->getSubExpr()))) {
      if (knownRole(Callee) == KnownRole::OccupancyApi)
        AddressToOccupancyApi = true;
      else if (knownRole(Callee) == KnownRole::CudaApi &&
               refersToV(U->getSubExpr()) && V->getType()->isIntegerType() &&
               !isInsideLambda()) {
        // `cudaMemcpy(&n, d_n, ...)`: n holds what the GPU computed.
        writtenByRuntime(C);
        ReadOnlyAddresses.insert(U);
      } else if (knownRole(Callee) == KnownRole::KernelHandleOf && I == 0 &&
                 C->getNumArgs() == 2) {
        // `cudaGetFuncBySymbol(&f, k)`: f holds k, as `f = k` would.
        MemberPath Path;
        resolver::memberBase(U->getSubExpr(), &Path);
        Defs.push_back(Definition::assigned(C->getArg(1), Path, current(),
                                            C->getBeginLoc(), C));
        ReadOnlyAddresses.insert(U);
      } else if (!ParamType.isNull() && ParamType->isPointerType() &&
                 ParamType->getPointeeType().isConstQualified())
        ReadOnlyAddresses.insert(U);
      else if (Callee)
        AddressPassedTo[U] = Callee;
    }
    if (!ParamType.isNull())
      readThroughConstReference(Arg, ParamType);
    // Passed by non-const reference: the callee may change it, unless
    // it only reads or forwards it into copies.
    const auto *Param = Callee && I - Object < Callee->getNumParams()
                            ? Callee->getParamDecl(I - Object)
                            : nullptr;
    // (`std::get<0>(p)` read as a value reads p: VisitImplicitCastExpr.)
    const clang::Expr *Base = resolver::memberBase(Arg);
    if (refersToV(Base) && !Reads.count(llvm::cast<clang::DeclRefExpr>(Base)) &&
        !ParamType.isNull() && ParamType->isReferenceType() &&
        !ParamType.getNonReferenceType().isConstQualified() &&
        !Callers.ReadOnlyReferences.count(Param) &&
        !Callers.ForwardedToCopies.count(Arg) &&
        knownRole(Callee) != KnownRole::LaunchApi) {
      // The whole integer handed to a function defined here: the call
      // gives it what that function assigns (followed when resolved).
      const clang::FunctionDecl *Def =
          Callee ? Callee->getDefinition() : nullptr;
      if (refersToV(Arg) && V->getType()->isIntegerType() && Def &&
          !isInsideLambda() && I - Object < Def->getNumParams() &&
          ParamType->isLValueReferenceType())
        Defs.push_back(Definition::outParameter(C, current(),
                                                Def->getParamDecl(I - Object)));
      else
        escape(Callee ? "it is passed by reference to '" +
                            Callee->getNameAsString() + "'"
                      : std::string("it is passed by reference through a "
                                    "function pointer"));
    }
  }
  return true;
}

void DefinitionCollector::writtenByRuntime(const clang::CallExpr *C) {
  Definition Def = Definition::assigned(C, {}, current(), C->getBeginLoc(), C);
  Def.Kind = Definition::Effect::WrittenByRuntime;
  Defs.push_back(std::move(Def));
}

void DefinitionCollector::readThroughConstReference(const clang::Expr *Arg,
                                                    clang::QualType ParamType) {
  if (!ParamType->isReferenceType() ||
      !ParamType.getNonReferenceType().isConstQualified())
    return;
  const clang::Expr *E = Arg->IgnoreParenImpCasts();
  while (const auto *M = llvm::dyn_cast<clang::MemberExpr>(E)) {
    if (M->isArrow())
      return;
    E = M->getBase()->IgnoreParenImpCasts();
  }
  if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(E);
      Ref && Ref->getDecl() == V)
    Reads.insert(Ref);
}

} // namespace cudalint
