//===- DefinitionChoice.cpp - One of several definitions that reach ------===//
//
// Where several definitions of a variable reach a use, each one's value
// holds with the tests of run-time sizes that pick it (`nblocks = n / 256;
// if (n % 256 != 0) nblocks++;`), and is unknown where a test of its sizes
// that the engine cannot read decides whether it reaches the launch.
//
//===----------------------------------------------------------------------===//

#include "DefinitionValues.h"
#include "ResolverEngine.h"

#include "BranchTests.h"
#include "ValueComparisons.h"
#include "cudalint/Facts/SymbolicValues.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/Expr.h"
#include "clang/Analysis/CFG.h"

using namespace clang;

namespace cudalint {

using namespace resolver;

std::optional<ResolvedValue> DefinitionValues::alongDecidedTests(
    ResolvedValue Value, const FunctionFlow &Flow, const Stmt *Site,
    ArrayRef<const Stmt *> Kills, const Stmt *Target,
    std::vector<WayCondition> &Way, const ValueQuery &Q) {
  if (!Value.isSymbolic())
    return Value;
  // Whether the value still gets from its definition (reached from the
  // entry) to Target when the branch on Cond may not take its edge Succ.
  auto ReachesWithout = [&](const Expr *Cond, unsigned Succ) {
    auto Allowed = [&](const CFGBlock &B, unsigned I) {
      return I != Succ || !isTwoWayBranch(B) || B.getLastCondition() != Cond;
    };
    return (!Site || Flow.reachesAlong(nullptr, {}, Site, Allowed)) &&
           Flow.reachesAlong(Site, Kills, Target, Allowed);
  };
  auto Side = [&](const Expr *E) { return Engine.resolveInt(E, Q); };
  for (auto W = Way.begin(); W != Way.end();) {
    // One edge only (the true one is the first) carries the value on. (The
    // edges first: reading the test spends the query's budget.)
    bool ByTrue = W->Cond && ReachesWithout(W->Cond, 1);
    bool ByFalse = W->Cond && ReachesWithout(W->Cond, 0);
    std::optional<SymbolicTest> Test =
        ByTrue != ByFalse ? symbolicTest(W->Cond, Side) : std::nullopt;
    // (A test of other inputs only decides whether it gets here at all.)
    if (!Test || !readsOnlyInputsOf(Test->Tested, Value)) {
      ++W;
      continue;
    }
    std::optional<ResolvedValue> Kept = symbolicWhen(
        Value, Test->Tested, ByTrue ? Test->IfTrue : Test->IfFalse);
    if (!Kept)
      return std::nullopt;
    Value = std::move(*Kept);
    W = Way.erase(W);
  }
  return Value;
}

ResolvedValue DefinitionValues::undecidedBetweenDefinitions(
    ResolvedValue Value, llvm::ArrayRef<WayCondition> Way,
    const std::string &What, const ValueQuery &Q) {
  if (!Value.isSymbolic())
    return Value;
  // `if (divup(blocks.y, maxY) > 1) blocks.y = maxY;`: the branch that
  // picks this definition tests the same run-time sizes in a way the
  // engine does not relate to it, so a value of it that fails may never
  // reach the use. (A side it cannot follow may be made of them too.)
  auto Related = [&](const Expr *Side) {
    ResolvedValue R = Engine.resolveInt(Side, Q);
    return R.isSymbolic() ? sharesInputs(R, Value) : !R.isKnown();
  };
  for (const WayCondition &W : Way) {
    const Expr *Cond = W.Cond->IgnoreParenImpCasts();
    const auto *B = dyn_cast<BinaryOperator>(Cond);
    if (B && B->isComparisonOp() ? Related(B->getLHS()) || Related(B->getRHS())
                                 : Related(Cond))
      return ResolvedValue::unknown(
          What + ": it reaches the launch only where the test at line " +
          std::to_string(Engine.Locate(W.Cond->getBeginLoc()).Line) +
          " lets it, and that test may read the same run-time sizes");
  }
  return Value;
}

std::optional<ResolvedValue>
DefinitionValues::oneOfSeveral(ResolvedValue Value, const FunctionFlow &Flow,
                               const Stmt *Site, ArrayRef<const Stmt *> Kills,
                               const Stmt *Target,
                               std::vector<WayCondition> Way,
                               const std::string &What, const ValueQuery &Q) {
  std::optional<ResolvedValue> Along =
      alongDecidedTests(std::move(Value), Flow, Site, Kills, Target, Way, Q);
  if (!Along)
    return std::nullopt;
  return undecidedBetweenDefinitions(std::move(*Along), Way, What, Q);
}

} // namespace cudalint
