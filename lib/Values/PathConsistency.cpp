//===- PathConsistency.cpp - Values whose way the branches allow
//-----------===//
//
// A value reaches a launch only along a way whose branches can all go as it
// needs with the program's variables holding one value each. For every
// variable that keeps its first value (a parameter nothing assigns, a local
// with only its initialiser) this is decided over a few representative
// values: those the function compares it with and one on either side of
// each, between which every comparison goes the same way. A way no
// representative lets through is infeasible: `int t = big ? 512 : 128;
// if (big) return; k<<<1, t>>>` launches 128 only, and a value chosen under
// `case 1:` of `switch (ncols)` never reaches a launch under `case 5:` of a
// second `switch (ncols)`.
//
// Each subject is decided on its own (no conjunction of two subjects), and
// a subject declared inside a loop is left out: it may hold another value
// on the next iteration.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "BranchTests.h"
#include "DefinitionCollector.h"
#include "ResolverSupport.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"

#include <algorithm>

using namespace clang;

namespace cudalint {

using namespace resolver;

namespace {

/// More representatives than this for one subject, or more subjects than
/// MaxSubjects in one function: the function is not worth the searches.
constexpr size_t MaxRepresentatives = 3 * 64 + 2;
constexpr size_t MaxSubjects = 16;

/// The variable a condition or comparison operand names, if any.
const VarDecl *namedVariable(const Expr *E) {
  const auto *DRE =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// The variables F's branches test: switch subjects, operands of
/// comparisons, and conditions that are a variable alone (`if (big)`,
/// `!big`, `a && big`).
class TestedVariables : public RecursiveASTVisitor<TestedVariables> {
public:
  bool TraverseTypeLoc(TypeLoc) { return true; }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; } // another function
  bool VisitSwitchStmt(SwitchStmt *S) { return add(S->getCond()); }
  bool VisitIfStmt(IfStmt *S) { return add(S->getCond()); }
  bool VisitWhileStmt(WhileStmt *S) { return add(S->getCond()); }
  bool VisitDoStmt(DoStmt *S) { return add(S->getCond()); }
  bool VisitForStmt(ForStmt *S) { return add(S->getCond()); }
  bool VisitConditionalOperator(ConditionalOperator *C) {
    return add(C->getCond());
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    return U->getOpcode() == UO_LNot ? add(U->getSubExpr()) : true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isComparisonOp() || B->isLogicalOp()) {
      add(B->getLHS());
      add(B->getRHS());
    }
    return true;
  }
  llvm::SmallVector<const VarDecl *, 8> Found;
  /// Tested expressions that are not a variable alone (`cuda_arch[dev]`),
  /// once each.
  llvm::SmallVector<const Expr *, 8> Expressions;

private:
  bool add(const Expr *E) {
    if (!E)
      return true;
    if (const VarDecl *V = namedVariable(E)) {
      if (!llvm::is_contained(Found, V))
        Found.push_back(V);
      return true;
    }
    E = E->IgnoreParenImpCasts();
    // A read of memory (`cuda_arch[dev]`, `opt.level`, `n_`); arithmetic
    // and conditions are tested through their parts.
    if (!isa<MemberExpr, ArraySubscriptExpr>(E) || E->isValueDependent() ||
        !E->getType()->isIntegralOrEnumerationType())
      return true;
    llvm::FoldingSetNodeID Id;
    E->Profile(Id, Ctx, /*Canonical=*/true);
    if (Seen.insert(Id.ComputeHash()).second)
      Expressions.push_back(E);
    return true;
  }
  llvm::DenseSet<unsigned> Seen;

public:
  explicit TestedVariables(const ASTContext &Ctx) : Ctx(Ctx) {}

private:
  const ASTContext &Ctx;
};

/// Whether V is declared inside a loop of its function (a new value on
/// each iteration).
bool declaredInLoop(const VarDecl *V, ASTContext &Ctx) {
  if (isa<ParmVarDecl>(V))
    return false;
  DynTypedNode Node = DynTypedNode::create(*V);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty() || Parents[0].get<FunctionDecl>() ||
        Parents[0].get<LambdaExpr>())
      return false;
    if (Parents[0].get<ForStmt>() || Parents[0].get<WhileStmt>() ||
        Parents[0].get<DoStmt>() || Parents[0].get<CXXForRangeStmt>())
      return true;
    Node = Parents[0];
  }
}

} // namespace

namespace {

/// Values that stand for every value of a subject of type T that F's
/// branches compare with constants: each constant, one on either side, 0
/// and 1 (a bare `if (v)` tests v != 0); none when there are too many.
std::optional<std::vector<int64_t>>
representatives(const FunctionDecl *F, QualType T, TestedSubject Is,
                const ConstantCache &Constants, const ASTContext &Ctx) {
  IntegerBounds Bounds = integerBounds(T, Ctx);
  if (T->isBooleanType())
    Bounds = {0, 1, "bool"};
  std::vector<int64_t> Values = {0, 1};
  for (const auto &Tested :
       subjectTests(F->getBody(), Is, Constants).Constants) {
    int64_t C = Tested.first;
    Values.push_back(C);
    if (C > INT64_MIN)
      Values.push_back(C - 1);
    if (C < INT64_MAX)
      Values.push_back(C + 1);
  }
  llvm::erase_if(Values,
                 [&](int64_t X) { return X < Bounds.Min || X > Bounds.Max; });
  llvm::sort(Values);
  Values.erase(std::unique(Values.begin(), Values.end()), Values.end());
  if (Values.size() > MaxRepresentatives)
    return std::nullopt;
  return Values;
}

/// Whether E is a subject: the variable V, or (V null) an expression of
/// profile Wanted.
bool isSubject(const VarDecl *V, const llvm::FoldingSetNodeID &Wanted,
               const Expr *E, const ASTContext &Ctx) {
  if (V)
    return refersTo(E, V);
  llvm::FoldingSetNodeID Id;
  E->IgnoreParenImpCasts()->Profile(Id, Ctx, /*Canonical=*/true);
  return Id == Wanted;
}

} // namespace

const std::vector<PathConditions::SteadySubject> &
PathConditions::steadySubjects(const FunctionDecl *F) {
  auto [It, New] = SteadySubjects.try_emplace(F);
  if (!New)
    return It->second;
  std::vector<SteadySubject> Subjects;
  TestedVariables Tested(Engine.Ctx);
  Tested.TraverseStmt(F->getBody());
  for (const VarDecl *V : Tested.Found) {
    if (Subjects.size() == MaxSubjects)
      break;
    QualType T = V->getType();
    if (!T->isIntegralOrEnumerationType() || T->isDependentType() ||
        enclosingFunction(V) != F || !Engine.keepsFirstValue(V) ||
        declaredInLoop(V, Engine.Ctx))
      continue;
    auto IsV = [V](const Expr *E) { return refersTo(E, V); };
    if (auto Values = representatives(F, T, IsV, Engine.Constants, Engine.Ctx))
      Subjects.push_back({V, nullptr, {}, std::move(*Values)});
  }
  const FunctionFlow *Flow =
      Tested.Expressions.empty() ? nullptr : Engine.flowOf(F);
  for (const Expr *E : Tested.Expressions) {
    if (Subjects.size() == MaxSubjects || !Flow)
      break;
    SteadySubject S{nullptr, E, {}, {}};
    E->Profile(S.Id, Engine.Ctx, /*Canonical=*/true);
    auto IsE = [&](const Expr *X) {
      return isSubject(nullptr, S.Id, X, Engine.Ctx);
    };
    if (!steadyBetweenTests(E, F, *Flow))
      continue;
    if (auto Values = representatives(F, E->getType(), IsE, Engine.Constants,
                                      Engine.Ctx)) {
      S.Representatives = std::move(*Values);
      Subjects.push_back(std::move(S));
    }
  }
  // (Looked up again: flowOf and keepsFirstValue may have grown the maps.)
  return SteadySubjects[F] = std::move(Subjects);
}

bool PathConditions::consistentWay(const FunctionDecl *F,
                                   const FunctionFlow &Flow,
                                   llvm::ArrayRef<WaySegment> Way,
                                   const Expr *Cond, bool Truth) {
  auto Along = [&](auto Allowed) {
    return llvm::all_of(Way, [&](const WaySegment &S) {
      return Flow.reachesAlong(S.From, S.Kills, S.To, Allowed);
    });
  };
  // A way the CFG does not place, or does not hold even without the
  // subjects' values, says nothing about them.
  if (!Along([](const CFGBlock &, unsigned) { return true; }))
    return true;
  for (const SteadySubject &S : steadySubjects(F)) {
    auto IsS = [&](const Expr *E) {
      return isSubject(S.V, S.Id, E, Engine.Ctx);
    };
    if (Cond && !truthFor(Cond, IsS, 0, Engine.Constants))
      continue; // Cond does not test S
    bool Some = llvm::any_of(S.Representatives, [&](int64_t X) {
      if (Cond && truthFor(Cond, IsS, X, Engine.Constants) != Truth)
        return false;
      return Along([&](const CFGBlock &B, unsigned Succ) {
        return branchAllows(B, Succ, IsS, X, Engine.Constants);
      });
    });
    if (!Some)
      return false;
  }
  return true;
}

llvm::SmallVector<WaySegment, 3>
PathConditions::wayOnward(const FunctionDecl *F, const FunctionFlow &Flow,
                          const Stmt *Site, llvm::ArrayRef<const Stmt *> Kills,
                          const Expr *Use, const ValueQuery &Q) {
  llvm::SmallVector<WaySegment, 3> Way = {{Site, Kills, Use}};
  const Stmt *Launch = Q.scope().Anchors.lookup(F);
  if (Launch && Launch != Use && Flow.contains(Launch))
    Way.push_back({Use, {}, Launch});
  return Way;
}

std::optional<bool> PathConditions::decidedOnTheWay(const Expr *Cond,
                                                    const ValueQuery &Q) {
  const FunctionDecl *F = functionContaining(Cond, Engine.Ctx);
  const FunctionFlow *Flow = F ? Engine.flowOf(F) : nullptr;
  if (!Flow || !Flow->contains(Cond))
    return std::nullopt;
  const QueryScope &S = Q.scope();
  llvm::SmallVector<WaySegment, 4> Way = {{nullptr, {}, Cond}};
  if (S.WayOnFunction == F && !S.WayOn.empty() && S.WayOn.front().From &&
      llvm::all_of(S.WayOn, [&](const WaySegment &W) {
        return Flow->contains(W.From) && Flow->contains(W.To);
      })) {
    // On from the condition along the way the value travels: to where it
    // is defined (the condition sits in its definition), then onwards.
    Way.push_back({Cond, {}, S.WayOn.front().From});
    Way.append(S.WayOn.begin(), S.WayOn.end());
  } else if (const Stmt *Anchor = S.Anchors.lookup(F);
             Anchor && Flow->contains(Anchor)) {
    Way.push_back({Cond, {}, Anchor});
  }
  bool CanBeTrue = consistentWay(F, *Flow, Way, Cond, true);
  bool CanBeFalse = consistentWay(F, *Flow, Way, Cond, false);
  if (CanBeTrue == CanBeFalse)
    return std::nullopt;
  return CanBeTrue;
}

std::vector<size_t> PathConditions::consistentlyReaching(
    const FunctionDecl *F, const FunctionFlow &Flow,
    const std::vector<size_t> &Reaching, ArrayRef<const Definition *> Defs,
    ArrayRef<const Stmt *> Kills, const Expr *Use, const ValueQuery &Q) {
  // A definition whose way from the entry through it to the use, and on to
  // the launch, no consistent choice of the function's steady variables
  // allows is left out (PathConsistency.cpp). Should that leave none, the
  // way is beyond this analysis and every one stays.
  std::vector<size_t> Consistent;
  for (size_t I : Reaching) {
    const Stmt *Site = Defs[I]->Site;
    SmallVector<WaySegment, 3> Way = wayOnward(F, Flow, Site, Kills, Use, Q);
    if (Site)
      Way.insert(Way.begin(), {nullptr, {}, Site});
    if (consistentWay(F, Flow, Way))
      Consistent.push_back(I);
  }
  return Consistent.empty() ? Reaching : Consistent;
}

std::vector<WayCondition> PathConditions::wayConditions(
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
           exactTruthFor(B.getLastCondition(), DecidedBy, 0, Engine.Constants)
               .has_value();
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
    const std::optional<std::vector<const Expr *>> &Ways = It->second;
    Found = Ways.has_value();
    if (Ways)
      Conds = *Ways;
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
  Way.reserve(Conds.size());
  for (const Expr *C : Conds)
    Way.push_back({C, C ? Roots.rootsOf(C, F) : RootSet()});
  return Way;
}

bool PathConditions::independent(const std::vector<WayCondition> &Way,
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
PathConditions::pendingThrough(const FunctionDecl *F, const CallExpr *Call,
                               const FunctionDecl *Caller,
                               const ValueQuery &Q) {
  std::vector<WayCondition> Out;
  for (const WayCondition &W : Q.scope().Pending)
    Out.push_back(
        W.Cond && Caller
            ? WayCondition{W.Cond, Roots.throughCall(W.Roots, F, Call, Caller)}
            : WayCondition{nullptr, {}});
  return Out;
}

PathConditions::PathConditions(ResolverEngine &Engine)
    : Engine(Engine), Roots(Engine.Callers.ReadOnlyReferences) {}

PathConditions::~PathConditions() = default;

} // namespace cudalint
