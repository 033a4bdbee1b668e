//===- RootValues.cpp - Launch values one value of a tested variable at a time
//
// `for (jb = 16; jb < 256; jb *= 2) { dim3 threads(jb <= 32 ? jb / 4 : 16,
// 4); dim3 grid(jb / (threads.x * threads.y)); switch (jb) { case 16:
// k<<<grid, threads>>>` reads jb in two places that always agree, and at the
// launch jb is 16. Resolved on their own, threads.x is {4, 8, 16} and grid.x
// is jb over that: {0, 1, 2, 4, 8}, values no path gives. So a launch value
// with several values is resolved again once per value of each variable
// that the branches and loops around the launch test (a root), with that
// value read wherever the root holds what it holds at the launch, and the
// results joined.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "DefinitionCollector.h"
#include "ResolverSupport.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"

using namespace clang;

namespace cudalint {

using namespace resolver;

namespace {

/// The most values of a root tried one at a time.
constexpr size_t MostRootValues = 16;

/// The local integer variables E's own branches and loops test: the
/// subject of a switch, the variables of an `if`'s condition, a `for`
/// loop's own variable; innermost first, each once.
std::vector<const VarDecl *> rootsAround(const Expr *E, ASTContext &Ctx) {
  std::vector<const VarDecl *> Roots;
  auto AddVariable = [&](const Decl *D) {
    const auto *V = dyn_cast_or_null<VarDecl>(D);
    if (V && V->hasLocalStorage() && V->getType()->isIntegerType() &&
        !llvm::is_contained(Roots, V))
      Roots.push_back(V);
  };
  auto Add = [&](const Expr *Tested) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Tested->IgnoreParenImpCasts()))
      AddVariable(Ref->getDecl());
  };
  walkUpToFunction(E, Ctx, [&](const Stmt *Child, const DynTypedNode &Up) {
    if (const auto *Switch = Up.get<SwitchStmt>();
        Switch && Child == Switch->getBody())
      Add(Switch->getCond());
    if (const auto *If = Up.get<IfStmt>();
        If && (Child == If->getThen() || Child == If->getElse())) {
      const auto *Test =
          dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
      if (Test && Test->isComparisonOp()) {
        Add(Test->getLHS());
        Add(Test->getRHS());
      }
    }
    if (const auto *For = Up.get<ForStmt>(); For && Child == For->getBody())
      if (const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
          Init && Init->isSingleDecl())
        AddVariable(Init->getSingleDecl());
    return true;
  });
  return Roots;
}

/// V made unknown for Reason, every part of it.
void makeUnknown(ResolvedValue &V, const std::string &Reason) {
  V = ResolvedValue::unknown(Reason);
}
void makeUnknown(Dim3Value &D, const std::string &Reason) {
  for (ResolvedValue *Field : {&D.X, &D.Y, &D.Z})
    makeUnknown(*Field, Reason);
}

} // namespace

bool ResolverEngine::holdsLaunchValue(const VarDecl *Root, const Expr *Read,
                                      const ValueQuery &Q) {
  const FunctionDecl *F = enclosingFunction(Root);
  const Stmt *Launch = F ? Q.scope().Anchors.lookup(F) : nullptr;
  const FunctionFlow *Flow = F ? flowOf(F) : nullptr;
  if (!Launch || !Flow || !Flow->contains(Read) || !Flow->contains(Launch))
    return false;
  if (Read == Launch)
    return true;
  const DefinitionCollector &Collect = definitionsOf(Root, F);
  // (Its definitions include the changes Clang's mutation analysis finds.)
  if (Collect.Escapes)
    return false;
  // The statement the read is part of (`dim3 threads(jb <= 32 ? jb / 4 :
  // 16, 4);`): what it defines is defined again whenever it runs, whether
  // or not its way passes the read.
  const Stmt *Whole = Read;
  walkUpToFunction(Read, Ctx, [&](const Stmt *Child, const DynTypedNode &Up) {
    if (!Child || !(Up.get<Expr>() || Up.get<DeclStmt>()))
      return false;
    Whole = Up.get<Stmt>();
    return true;
  });
  // From that statement's last run before the launch to the launch, no
  // definition of the root: a path from it to a definition and on to the
  // launch, without running it again, would give the launch another value.
  if (!Flow->contains(Whole))
    Whole = Read;
  auto AnyEdge = [](const CFGBlock &, unsigned) { return true; };
  for (const Definition &Def : Collect.Defs)
    if (Def.Site && Flow->contains(Def.Site) &&
        Flow->reachesAlong(Whole, {Whole}, Def.Site, AnyEdge) &&
        Flow->reachesAlong(Def.Site, {Whole}, Launch, AnyEdge))
      return false;
  return true;
}

template <class T>
T ResolverEngine::byRootValues(
    T Value, const Expr *E, const QueryScope &Scope,
    llvm::function_ref<bool(const T &)> SeveralValues,
    llvm::function_ref<T(const ValueQuery &)> Resolve,
    llvm::function_ref<std::optional<T>(std::vector<T>,
                                        const std::vector<bool> &)>
        Join) {
  if (!SeveralValues(Value))
    return Value;
  for (const VarDecl *Root : rootsAround(E, Ctx)) {
    QueryBudget Budget;
    ValueQuery Q(Scope, Budget);
    ResolvedValue AtLaunch = Definitions.resolveVariable(Root, E, Q, {});
    // (`default:` of a switch over a loop's 16, 32 and 64: never run.)
    if (!AtLaunch.isKnown() &&
        llvm::StringRef(AtLaunch.Reason).ends_with(NoValueReaches)) {
      makeUnknown(Value, "no value '" + Root->getName().str() +
                             "' may have reaches this launch: it never runs");
      return Value;
    }
    if (!AtLaunch.isKnown() || AtLaunch.K == ResolvedValue::Kind::Range ||
        AtLaunch.Values.size() > MostRootValues)
      continue;
    std::vector<T> Parts;
    // (Whether each root value is shown to reach the launch: only then may
    // its part prove new values.)
    std::vector<bool> Reached;
    for (int64_t X : AtLaunch.Values) {
      Reached.push_back(llvm::is_contained(AtLaunch.Proven, X));
      QueryScope Pinned = Scope;
      Pinned.LoopIndices[Root] = X;
      Pinned.PinnedRoots.push_back(Root);
      QueryBudget Own;
      Parts.push_back(Resolve(ValueQuery(Pinned, Own)));
    }
    std::optional<T> Joined = Join(std::move(Parts), Reached);
    if (!Joined)
      continue;
    Value = std::move(*Joined);
    if (!SeveralValues(Value))
      break;
  }
  return Value;
}

template ResolvedValue ResolverEngine::byRootValues<ResolvedValue>(
    ResolvedValue, const Expr *, const QueryScope &,
    llvm::function_ref<bool(const ResolvedValue &)>,
    llvm::function_ref<ResolvedValue(const ValueQuery &)>,
    llvm::function_ref<std::optional<ResolvedValue>(
        std::vector<ResolvedValue>, const std::vector<bool> &)>);
template Dim3Value ResolverEngine::byRootValues<Dim3Value>(
    Dim3Value, const Expr *, const QueryScope &,
    llvm::function_ref<bool(const Dim3Value &)>,
    llvm::function_ref<Dim3Value(const ValueQuery &)>,
    llvm::function_ref<std::optional<Dim3Value>(std::vector<Dim3Value>,
                                                const std::vector<bool> &)>);

} // namespace cudalint
