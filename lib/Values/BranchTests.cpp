//===- BranchTests.cpp - What a branch condition says about a value -------===//

#include "BranchTests.h"

#include "ResolverSupport.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"

using namespace clang;

namespace cudalint::resolver {

namespace {

/// Whether `case C:` (or GNU `case A ... B:`) matches X; true when its
/// value cannot be evaluated, so that no path is wrongly cut.
bool caseMatches(const CaseStmt *Case, int64_t X,
                 const ConstantCache &Constants) {
  std::optional<int64_t> Lo = Constants.of(Case->getLHS());
  std::optional<int64_t> Hi =
      Case->getRHS() ? Constants.of(Case->getRHS()) : Lo;
  return !Lo || !Hi || (*Lo <= X && X <= *Hi);
}

/// The constants a function compares V with (`v < 256`, `case 512:`), and
/// where: between two of them every branch on V goes the same way.
class BranchConstants : public RecursiveASTVisitor<BranchConstants> {
public:
  BranchConstants(TestedSubject Is, const ConstantCache &Constants)
      : Is(Is), Constants(Constants) {}
  // Branches are in statements; types hold none worth the walk.
  bool TraverseTypeLoc(TypeLoc) { return true; }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isComparisonOp())
      return true;
    if (Is(B->getLHS()))
      add(B->getRHS(), B->getOperatorLoc());
    else if (Is(B->getRHS()))
      add(B->getLHS(), B->getOperatorLoc());
    return true;
  }
  bool VisitSwitchStmt(SwitchStmt *S) {
    if (Is(S->getCond()))
      for (const SwitchCase *C = S->getSwitchCaseList(); C;
           C = C->getNextSwitchCase())
        if (const auto *Case = dyn_cast<CaseStmt>(C)) {
          add(Case->getLHS(), Case->getBeginLoc());
          if (Case->getRHS())
            add(Case->getRHS(), Case->getBeginLoc());
        }
    return true;
  }
  /// Constant -> the first place it is tested.
  std::map<int64_t, SourceLocation> Found;
  /// Whether it is compared with an expression that is not a constant.
  bool WithRunTimeValue = false;

private:
  void add(const Expr *E, SourceLocation Loc) {
    if (std::optional<int64_t> C = Constants.of(E))
      Found.try_emplace(*C, Loc);
    else
      WithRunTimeValue = true;
  }
  TestedSubject Is;
  const ConstantCache &Constants;
};

} // namespace

bool refersTo(const Expr *E, const VarDecl *V) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == V;
}

std::optional<bool> truthFor(const Expr *Cond, TestedSubject Is, int64_t X,
                             const ConstantCache &Constants) {
  Cond = Cond->IgnoreParenCasts();
  if (Is(Cond)) // `if (s)`
    return X != 0;
  if (const auto *U = dyn_cast<UnaryOperator>(Cond);
      U && U->getOpcode() == UO_LNot) {
    std::optional<bool> Inner = truthFor(U->getSubExpr(), Is, X, Constants);
    return Inner ? std::optional<bool>(!*Inner) : std::nullopt;
  }
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  // `!(s == 64 || s == 128)`, `static_cast<bool>(a && b)` in an assert: a
  // disjunction or conjunction of tests, decided as C decides it (the CFG
  // splits only a condition written directly as `a || b`).
  if (B && B->isLogicalOp()) {
    bool And = B->getOpcode() == BO_LAnd;
    std::optional<bool> L = truthFor(B->getLHS(), Is, X, Constants);
    std::optional<bool> R = truthFor(B->getRHS(), Is, X, Constants);
    if ((L && *L != And) || (R && *R != And))
      return !And;
    return L && R ? std::optional<bool>(And) : std::nullopt;
  }
  if (!B || !B->isComparisonOp())
    return std::nullopt;
  BinaryOperatorKind Op = B->getOpcode();
  std::optional<int64_t> C;
  if (Is(B->getLHS())) {
    C = Constants.of(B->getRHS());
  } else if (Is(B->getRHS())) {
    C = Constants.of(B->getLHS());
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (!C)
    return std::nullopt;
  switch (Op) {
  case BO_LT:
    return X < *C;
  case BO_LE:
    return X <= *C;
  case BO_GT:
    return X > *C;
  case BO_GE:
    return X >= *C;
  case BO_EQ:
    return X == *C;
  case BO_NE:
    return X != *C;
  default:
    return std::nullopt;
  }
}

std::optional<int64_t> valueFor(const Expr *E, TestedSubject Is, int64_t X,
                                const ConstantCache &Constants) {
  if (Is(E))
    return X;
  if (std::optional<int64_t> C = Constants.of(E))
    return C;
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    return Cast->getType()->isIntegralOrEnumerationType() ||
                   Cast->getType()->isBooleanType()
               ? valueFor(Cast->getSubExpr(), Is, X, Constants)
               : std::nullopt;
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    std::optional<int64_t> A = valueFor(U->getSubExpr(), Is, X, Constants);
    if (!A)
      return std::nullopt;
    switch (U->getOpcode()) {
    case UO_LNot:
      return int64_t(!*A);
    case UO_Minus:
      return *A == INT64_MIN ? std::nullopt : std::optional<int64_t>(-*A);
    case UO_Plus:
      return A;
    case UO_Not:
      return ~*A;
    default:
      return std::nullopt;
    }
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return std::nullopt;
  std::optional<int64_t> L = valueFor(B->getLHS(), Is, X, Constants);
  std::optional<int64_t> R = valueFor(B->getRHS(), Is, X, Constants);
  if (!L || !R)
    return std::nullopt;
  // The arithmetic operators as the value engine evaluates them: none on
  // overflow, a division by zero or a shift out of range.
  if (std::optional<IntegerOp> Op = integerOp(B->getOpcode())) {
    ResolvedValue V = applyIntegerOp(*Op, ResolvedValue::constant(*L),
                                     ResolvedValue::constant(*R), {});
    return V.isConstant() ? std::optional<int64_t>(V.value()) : std::nullopt;
  }
  switch (B->getOpcode()) {
    // clang-format off
  case BO_Or: return *L | *R;
  case BO_Xor: return *L ^ *R;
  case BO_LT: return int64_t(*L < *R);
  case BO_GT: return int64_t(*L > *R);
  case BO_LE: return int64_t(*L <= *R);
  case BO_GE: return int64_t(*L >= *R);
  case BO_EQ: return int64_t(*L == *R);
  case BO_NE: return int64_t(*L != *R);
  case BO_LAnd: return int64_t(*L && *R);
  case BO_LOr: return int64_t(*L || *R);
  // clang-format on
  default:
    return std::nullopt;
  }
}

std::optional<bool> exactTruthFor(const Expr *Cond, TestedSubject Is, int64_t X,
                                  const ConstantCache &Constants) {
  if (std::optional<bool> Truth = truthFor(Cond, Is, X, Constants))
    return Truth;
  if (std::optional<int64_t> V = valueFor(Cond, Is, X, Constants))
    return *V != 0;
  return std::nullopt;
}

bool isTwoWayBranch(const CFGBlock &B) {
  const Stmt *T = B.getTerminatorStmt();
  return T && B.succ_size() == 2 &&
         (isa<IfStmt, WhileStmt, ForStmt, DoStmt, AbstractConditionalOperator>(
              T) ||
          (isa<BinaryOperator>(T) && cast<BinaryOperator>(T)->isLogicalOp()));
}

bool branchAllows(const CFGBlock &B, unsigned Succ, TestedSubject Is, int64_t X,
                  const ConstantCache &Constants, bool Exact) {
  if (const auto *Switch =
          dyn_cast_or_null<SwitchStmt>(B.getTerminatorStmt())) {
    if (!Is(Switch->getCond()))
      return true;
    const CFGBlock *Next = B.succ_begin()[Succ].getReachableBlock();
    const auto *Label =
        Next ? dyn_cast_or_null<CaseStmt>(Next->getLabel()) : nullptr;
    bool AnyMatches = false;
    for (const SwitchCase *C = Switch->getSwitchCaseList(); C;
         C = C->getNextSwitchCase()) {
      if (C == Label) // one of this switch's own cases
        return caseMatches(Label, X, Constants);
      if (const auto *Case = dyn_cast<CaseStmt>(C))
        AnyMatches |= caseMatches(Case, X, Constants);
    }
    return !AnyMatches; // default, or past the switch
  }
  // The condition this block decides on: in `if (a || b)`, a in the first
  // block, b in the second.
  const Expr *Cond = isTwoWayBranch(B) ? B.getLastCondition() : nullptr;
  if (!Cond)
    return true;
  std::optional<bool> Truth = Exact ? exactTruthFor(Cond, Is, X, Constants)
                                    : truthFor(Cond, Is, X, Constants);
  return !Truth || *Truth == (Succ == 0);
}

const Expr *runTimeUpperBound(const Expr *Cond, bool Holds, TestedSubject Is,
                              const ConstantCache &Constants) {
  Cond = Cond->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Cond);
      U && U->getOpcode() == UO_LNot)
    return runTimeUpperBound(U->getSubExpr(), !Holds, Is, Constants);
  const auto *B = dyn_cast<BinaryOperator>(Cond);
  if (!B)
    return nullptr;
  // `a && b` holding, or `a || b` failing, says both of its sides.
  if (B->isLogicalOp()) {
    if (Holds != (B->getOpcode() == BO_LAnd))
      return nullptr;
    const Expr *L = runTimeUpperBound(B->getLHS(), Holds, Is, Constants);
    return L ? L : runTimeUpperBound(B->getRHS(), Holds, Is, Constants);
  }
  if (!B->isComparisonOp())
    return nullptr;
  BinaryOperatorKind Op = B->getOpcode();
  const Expr *Other = nullptr;
  if (Is(B->getLHS())) {
    Other = B->getRHS();
  } else if (Is(B->getRHS())) {
    Other = B->getLHS();
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (!Other || Constants.of(Other))
    return nullptr;
  if (!Holds)
    Op = BinaryOperator::negateComparisonOp(Op);
  // (`a == b` of two sizes says they agree, not that one is a limit.)
  return Op == BO_LT || Op == BO_LE ? Other : nullptr;
}

SubjectTests subjectTests(const Stmt *Body, TestedSubject Is,
                          const ConstantCache &Constants) {
  BranchConstants Tests(Is, Constants);
  Tests.TraverseStmt(const_cast<Stmt *>(Body));
  return {std::move(Tests.Found), Tests.WithRunTimeValue};
}

} // namespace cudalint::resolver
