//===- BranchValues.cpp - Values the branch tests on the way allow
//----------===//
//
// A value the definitions do not give may still be pinned down by the
// branches on the way to the launch: inside `case 512:` of `switch (threads)`,
// threads is 512; after `if (n < 1 || n > 100) return;`, n is in [1, 100].
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "BranchTests.h"
#include "DefinitionCollector.h"
#include "ResolverSupport.h"
#include "RunTimeInputs.h"
#include "ValueComparisons.h"
#include "cudalint/Values/KnownFunctions.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using llvm::SmallVector;

namespace cudalint {

using namespace resolver;

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

std::optional<ResolvedValue> PathConditions::allowedByBranches(
    QualType T, TestedSubject Is, const void *Subject, const FunctionDecl *F,
    const FunctionFlow &Flow, const Stmt *From,
    llvm::ArrayRef<const Stmt *> Kills, const Stmt *Target,
    const std::string &What, std::vector<int64_t> *Holes) {
  if (!T->isIntegerType() || T->isBooleanType())
    return std::nullopt;
  const std::map<int64_t, SourceLocation> &Found =
      testsOf(F, Subject, Is).Constants;
  if (Found.empty() || Found.size() > MaxBranchConstants)
    return std::nullopt;
  // The type's own bounds: a stretch that reaches one bounds nothing.
  IntegerBounds TypeBounds = integerBounds(T, Engine.Ctx);
  int64_t TypeMin = TypeBounds.Min, TypeMax = TypeBounds.Max;
  auto Reaches = [&](int64_t X) {
    return Flow.reachesAlong(
        From, Kills, Target, [&](const CFGBlock &B, unsigned Succ) {
          return branchAllows(B, Succ, Is, X, Engine.Constants);
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
    } else if (Holes) {
      Holes->push_back(C);
    }
    AtTypeMax = C == TypeMax;
    if (!AtTypeMax)
      Next = C + 1;
  }
  if (!Tested)
    return std::nullopt;
  if (!AtTypeMax)
    Stretch(Next, TypeMax);
  // A tested constant that does not reach is a hole only between values
  // that do (`if (n == 0) return;`); one outside them is in no stretch.
  if (Holes)
    llvm::erase_if(*Holes, [&](int64_t C) {
      return !Lo || C <= *Lo || C >= *Hi || !Reaches(C - 1) || !Reaches(C + 1);
    });
  if (!Lo || !Hi) { // (set together by Stretch)
    // Only the tested constants themselves get here (case labels, `== C`).
    if (Points.empty())
      return std::nullopt; // no path at all: leave it to the caller's rule
    ResolvedValue R = ResolvedValue::oneOf(Points);
    std::string Note = What + (Points.size() == 1 ? " is " : " is one of ") +
                       describeValue(R) + " on the way here";
    return branchTestOrigin(std::move(R), std::move(Note),
                            Engine.Locate(PointAt));
  }
  for (int64_t P : Points) {
    Lo = std::min(*Lo, P);
    Hi = std::max(*Hi, P);
  }
  // Unbounded on both sides (only the type bounds it): nothing learnt. A
  // range open on one end (`if (n <= 1024)`: at most 1024) still bounds.
  if (*Lo == TypeMin && *Hi == TypeMax)
    return std::nullopt;
  ResolvedValue R = ResolvedValue::range(*Lo, *Hi);
  std::string Note = What + " is " + describeValue(R) + " on the way here";
  return branchTestOrigin(
      std::move(R), std::move(Note),
      Engine.Locate(PointAt.isValid() ? PointAt : Found.begin()->second));
}

const SubjectTests &PathConditions::testsOf(const FunctionDecl *F,
                                            const void *Subject,
                                            TestedSubject Is) {
  auto [Cached, New] = TestedConstants.try_emplace({F, Subject});
  if (New)
    Cached->second = subjectTests(F->getBody(), Is, Engine.Constants);
  return Cached->second;
}

std::optional<std::string>
PathConditions::runTimeLimit(TestedSubject Is, const void *Subject,
                             const FunctionDecl *F, const FunctionFlow &Flow,
                             const Stmt *From, ArrayRef<const Stmt *> Kills,
                             const Stmt *Target, const std::string &What) {
  if (!testsOf(F, Subject, Is).WithRunTimeValue)
    return std::nullopt;
  // A loop's test bounds its counter, not the size it counts to.
  auto Tests = [&](const CFGBlock &B) {
    const Stmt *T = B.getTerminatorStmt();
    const Expr *Cond = isTwoWayBranch(B) ? B.getLastCondition() : nullptr;
    return Cond && !isa<ForStmt, WhileStmt, DoStmt>(T) &&
           (runTimeUpperBound(Cond, true, Is, Engine.Constants) ||
            runTimeUpperBound(Cond, false, Is, Engine.Constants));
  };
  std::optional<std::vector<std::pair<const CFGBlock *, unsigned>>> Guards =
      Flow.guardsOnTheWay(From, Kills, Target, Tests);
  if (!Guards)
    return std::nullopt;
  for (auto [B, Onward] : *Guards)
    if (const Expr *Limit = runTimeUpperBound(
            B->getLastCondition(), Onward == 0, Is, Engine.Constants)) {
      std::optional<std::string> Spelled = spelledOnOneLine(Limit, Engine.Ctx);
      return What + " is checked against " +
             (Spelled ? "'" + *Spelled + "', a limit" : "a limit") +
             " read at run time on the way here";
    }
  return std::nullopt;
}

namespace {

/// Whether E is arithmetic on constants and variables alone (no calls,
/// assignments or memory reads but, with ThroughReads, fields and elements
/// at constant indices read through them), with those variables in Vars.
bool pureArithmetic(const Expr *E, SmallVectorImpl<const VarDecl *> &Vars,
                    const ASTContext &Ctx, bool ThroughReads = false) {
  E = E->IgnoreParens();
  if (!E->isValueDependent() && E->isIntegerConstantExpr(Ctx))
    return true;
  if (ThroughReads) {
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return pureArithmetic(ME->getBase()->IgnoreParenImpCasts(), Vars, Ctx,
                            true);
    if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
      return !Sub->getIdx()->isValueDependent() &&
             Sub->getIdx()->isIntegerConstantExpr(Ctx) &&
             pureArithmetic(Sub->getBase()->IgnoreParenImpCasts(), Vars, Ctx,
                            true);
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    if (!V || V->getType().isVolatileQualified())
      return false;
    Vars.push_back(V);
    return true;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && !B->isCommaOp() &&
           pureArithmetic(B->getLHS(), Vars, Ctx, ThroughReads) &&
           pureArithmetic(B->getRHS(), Vars, Ctx, ThroughReads);
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Minus || U->getOpcode() == UO_Not ||
            U->getOpcode() == UO_Plus ||
            (ThroughReads && U->getOpcode() == UO_Deref)) &&
           pureArithmetic(U->getSubExpr(), Vars, Ctx, ThroughReads);
  if (const auto *C = dyn_cast<CastExpr>(E))
    return C->getCastKind() == CK_IntegralCast ||
                   C->getCastKind() == CK_LValueToRValue ||
                   C->getCastKind() == CK_NoOp ||
                   (ThroughReads &&
                    (C->getCastKind() == CK_ArrayToPointerDecay ||
                     C->getCastKind() == CK_UncheckedDerivedToBase))
               ? pureArithmetic(C->getSubExpr(), Vars, Ctx, ThroughReads)
               : false;
  return false;
}

/// Whether F's body calls a function that may write a global: any call
/// but a launch (and its configuration), a known library function
/// (KnownFunctions.def), one that never returns (a failed assert) or one
/// whose arguments hold Use (it runs after Use is read).
bool mayCallOut(const FunctionDecl *F, const Expr *Use,
                const SourceManager &SM) {
  struct Calls : RecursiveASTVisitor<Calls> {
    Calls(const Expr *Use, const SourceManager &SM) : Use(Use), SM(SM) {}
    bool holdsUse(const CallExpr *C) const {
      SourceRange U = Use->getSourceRange();
      return llvm::any_of(C->arguments(), [&](const Expr *A) {
        SourceRange R = A->getSourceRange();
        return R.isValid() && U.isValid() &&
               !SM.isBeforeInTranslationUnit(U.getBegin(), R.getBegin()) &&
               !SM.isBeforeInTranslationUnit(R.getEnd(), U.getEnd());
      });
    }
    bool VisitCallExpr(CallExpr *C) {
      if (isa<CUDAKernelCallExpr>(C) || holdsUse(C))
        return true;
      const FunctionDecl *Callee = C->getDirectCallee();
      if (Callee && (knownFunction(Callee) || Callee->isNoReturn()))
        return true;
      // The configuration of a <<<>>> launch is a call of its own.
      for (const Stmt *Up : Configs)
        if (Up == C)
          return true;
      Found = true;
      return false;
    }
    bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
      Configs.push_back(K->getConfig());
      return true;
    }
    const Expr *Use;
    const SourceManager &SM;
    llvm::SmallVector<const Stmt *, 4> Configs;
    bool Found = false;
  } Visit(Use, SM);
  Visit.TraverseStmt(F->getBody());
  return Visit.Found;
}

} // namespace

std::optional<ResolvedValue>
PathConditions::allowedByTestsOf(const Expr *E, const ValueQuery &Q,
                                 bool ThroughReads) {
  SmallVector<const VarDecl *, 4> Vars;
  if (!pureArithmetic(E, Vars, Engine.Ctx, ThroughReads) || Vars.empty())
    return std::nullopt;
  auto Local = llvm::find_if(
      Vars, [](const VarDecl *V) { return V->hasLocalStorage(); });
  const FunctionDecl *F = Local != Vars.end()
                              ? enclosingFunction(*Local)
                              : functionContaining(E, Engine.Ctx);
  if (!F || !F->hasBody())
    return std::nullopt;
  // Each variable keeps its first value, given once on any path (a
  // parameter, or a local initialised outside every loop): the test and the
  // launch see the same E. A global keeps it in F when nothing in F writes
  // it and F calls nothing that could (DESIGN: other threads are not
  // modelled by any part of the engine).
  const SourceManager &SM = Engine.Ctx.getSourceManager();
  for (const VarDecl *V : Vars) {
    if (!V->hasLocalStorage()) {
      if (!V->getType()->isIntegerType() || mayCallOut(F, E, SM))
        return std::nullopt;
      DefinitionCollector InF(V, Engine.Callers, Engine.Ctx);
      InF.TraverseStmt(F->getBody());
      InF.settleSteps();
      if (InF.Escapes || !InF.Defs.empty() || !InF.MayChange.empty())
        return std::nullopt;
      continue;
    }
    if (enclosingFunction(V) != F)
      return std::nullopt;
    const DefinitionCollector &Collect = Engine.definitionsOf(V, F);
    size_t Expected = isa<ParmVarDecl>(V) ? 0 : 1;
    if (Collect.Escapes || Collect.AddressToOccupancyApi ||
        Collect.Defs.size() != Expected || (Expected && !V->hasInit()))
      return std::nullopt;
    for (const Stmt *Loop : Collect.Loops)
      if (SM.isBeforeInTranslationUnit(Loop->getBeginLoc(), V->getLocation()) &&
          SM.isBeforeInTranslationUnit(V->getLocation(), Loop->getEndLoc()))
        return std::nullopt;
  }
  const FunctionFlow *Flow = Engine.flowOf(F);
  if (!Flow)
    return std::nullopt;
  const Stmt *Target = Q.scope().Anchors.lookup(F);
  if (!Target || !Flow->contains(Target))
    Target = E;
  if (!Flow->contains(Target))
    return std::nullopt;
  llvm::FoldingSetNodeID Wanted;
  E->IgnoreParenImpCasts()->Profile(Wanted, Engine.Ctx, /*Canonical=*/true);
  auto Is = [&](const Expr *X) {
    llvm::FoldingSetNodeID Id;
    X->IgnoreParenImpCasts()->Profile(Id, Engine.Ctx, /*Canonical=*/true);
    return Id == Wanted;
  };
  std::string What =
      "'" +
      Lexer::getSourceText(CharSourceRange::getTokenRange(E->getSourceRange()),
                           SM, Engine.Ctx.getLangOpts())
          .str() +
      "'";
  return allowedByBranches(E->getType(), Is, E, F, *Flow, nullptr, {}, Target,
                           What);
}

namespace {

/// The variable a condition tests (`v`, `!v`), and whether it is negated.
std::optional<std::pair<const VarDecl *, bool>>
testedVariable(const Expr *Cond) {
  bool Negated = false;
  const Expr *E = underNegations(Cond, Negated);
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V)
    return std::nullopt;
  return std::pair(V, Negated);
}

} // namespace

std::optional<bool> PathConditions::knownTruth(const Expr *Cond,
                                               const ValueQuery &Q) {
  std::optional<std::pair<const VarDecl *, bool>> Tested = testedVariable(Cond);
  if (!Tested)
    return std::nullopt;
  // Only a variable that keeps its first value: tested at the definition
  // and at the launch, it is the same.
  const VarDecl *V = Tested->first;
  if (!Engine.keepsFirstValue(V))
    return std::nullopt;
  // A helper's parameter bound to this call's argument (`pick(big)`
  // returning `big ? 1024 : 128`): the argument's truth, as the caller
  // knows it.
  if (const auto *Parm = dyn_cast<ParmVarDecl>(V))
    if (const Expr *Argument = Q.scope().BoundParameters.lookup(Parm))
      if (std::optional<bool> Truth = knownTruth(Argument, Q.deeper()))
        return *Truth != Tested->second;
  for (const auto &[Known, Truth] : Q.scope().KnownConditions)
    if (auto Other = testedVariable(Known); Other && Other->first == V)
      return Truth != (Tested->second != Other->second);
  return std::nullopt;
}

std::optional<bool> PathConditions::truthByValues(const Expr *Cond,
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
    ResolvedValue L = Engine.resolveInt(B->getLHS(), Q.deeper());
    ResolvedValue R = Engine.resolveInt(B->getRHS(), Q.deeper());
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
  ResolvedValue V = Engine.resolveInt(Cond, Q.deeper());
  if (V.isKnown() && (V.lowest() > 0 || V.highest() < 0))
    return true;
  if (V.isConstant() && V.value() == 0)
    return false;
  return std::nullopt;
}

std::optional<bool> PathConditions::decidedTruth(const Expr *Cond,
                                                 const ValueQuery &Q) {
  std::optional<bool> Truth = knownTruth(Cond, Q);
  if (!Truth)
    Truth = decidedOnTheWay(Cond, Q);
  if (!Truth)
    Truth = truthByValues(Cond, Q);
  return Truth;
}

} // namespace cudalint
