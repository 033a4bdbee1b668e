//===- ValueDefinitions.cpp - Variables, their definitions
//------------------===//
//
// A variable's value at a use: the definitions that reach it along its
// function's CFG (DefinitionCollector.h), each kept only where its way to the
// use and on to the launch is consistent (PathConsistency.cpp), unless the
// variable escapes. A growth step in a loop takes the few values the loop
// can leave. Parameters are followed to their callers (CallerValues.cpp).
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "BranchTests.h"
#include "CallInterpreter.h"
#include "DefinitionCollector.h"
#include "ObjectStore.h"
#include "ResolverSupport.h"
#include "RunTimeInputs.h"
#include "ValueComparisons.h"
#include "cudalint/Facts/SymbolicValues.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

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

/// Keeps the values of Value (a constant or a set) that Reaches lets
/// through, with their origins and proofs; false when none is left.
bool keepValues(ResolvedValue &Value,
                llvm::function_ref<bool(int64_t)> Reaches) {
  std::vector<int64_t> Kept;
  for (int64_t X : Value.Values)
    if (Reaches(X))
      Kept.push_back(X);
  if (Kept.empty())
    return false;
  if (Kept.size() != Value.Values.size()) {
    std::vector<ValueOrigin> Origins = std::move(Value.Origins);
    std::vector<int64_t> Proven = std::move(Value.Proven);
    Value = ResolvedValue::oneOf(std::move(Kept));
    Value.Origins = std::move(Origins);
    if (Value.K == ResolvedValue::Kind::Set)
      Value.keepProven(std::move(Proven));
  }
  return true;
}

/// Without a CFG: the last definition of Path (or of what holds it) before
/// Use that runs whenever the declaration does, the later conditional ones,
/// those later in a loop around Use; none when a part inside Path is set.
std::optional<std::vector<const Definition *>>
inSourceOrder(const DefinitionCollector &Collect, const VarDecl *V,
              const Expr *Use, ArrayRef<std::string> Path,
              const SourceManager &SM) {
  SourceLocation UseLoc = Use->getBeginLoc();
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
  auto Relevant = [&](const Definition &D) { return startsWith(Path, D.Path); };
  std::vector<const Definition *> Reaching;
  for (const Definition &Def : Collect.Defs) {
    if (!Before(Def.Loc, UseLoc))
      continue;
    if (!Relevant(Def)) {
      if (startsWith(Def.Path, Path))
        return std::nullopt;
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
            return std::nullopt;
          Reaching.push_back(&Def);
        }
  }
  return Reaching;
}

/// V's use Use and what Scope fixed that V's value may depend on: all of
/// it but the way on (WayOn), which the definitions of V's own function
/// replace with their own.
std::vector<uintptr_t> resolvedKey(const VarDecl *V, const Expr *Use,
                                   const QueryScope &Scope) {
  std::vector<uintptr_t> Key = {uintptr_t(V), uintptr_t(Use),
                                uintptr_t(Scope.MemberUse)};
  auto Add = [&](const auto &Map) {
    std::vector<std::pair<uintptr_t, uintptr_t>> Sorted;
    for (const auto &[K, Value] : Map)
      Sorted.emplace_back(uintptr_t(K), uintptr_t(Value));
    llvm::sort(Sorted);
    Key.push_back(Sorted.size());
    for (auto [K, Value] : Sorted)
      Key.insert(Key.end(), {K, Value});
  };
  Add(Scope.Anchors);
  Add(Scope.BoundParameters);
  Add(Scope.Constructions);
  Add(Scope.PinnedCalls);
  Add(Scope.LoopIndices);
  for (const WayCondition &W : Scope.Pending) {
    Key.insert(Key.end(), {uintptr_t(W.Cond), W.Roots.size()});
    for (const Decl *Root : W.Roots)
      Key.push_back(uintptr_t(Root));
  }
  Key.push_back(Scope.KnownConditions.size());
  for (auto [Cond, Side] : Scope.KnownConditions)
    Key.insert(Key.end(), {uintptr_t(Cond), uintptr_t(Side)});
  if (Scope.WayOnFunction != enclosingFunction(V)) {
    Key.push_back(uintptr_t(Scope.WayOnFunction));
    for (const WaySegment &W : Scope.WayOn) {
      Key.insert(Key.end(),
                 {uintptr_t(W.From), uintptr_t(W.To), W.Kills.size()});
      for (const Stmt *Kill : W.Kills)
        Key.push_back(uintptr_t(Kill));
    }
  }
  return Key;
}

} // namespace

ResolvedValue
DefinitionValues::resolveVariable(const VarDecl *V, const Expr *Use,
                                  const ValueQuery &Q,
                                  llvm::ArrayRef<std::string> Path) {
  QueryBudget::ResolvedKey Key{resolvedKey(V, Use, Q.scope()),
                               llvm::join(Path, ".")};
  auto &Resolved = Q.budget().Resolved;
  if (auto It = Resolved.find(Key); It != Resolved.end())
    return It->second;
  ResolvedValue R = followVariable(V, Use, Q, Path);
  // A walk cut short by its depth or budget may go further elsewhere.
  if (R.isKnown() ||
      (R.Reason.find(resolver::DepthReached) == std::string::npos &&
       R.Reason.find(resolver::BudgetReached) == std::string::npos))
    Resolved.emplace(std::move(Key), R);
  return R;
}

ResolvedValue
DefinitionValues::followVariable(const VarDecl *V, const Expr *Use,
                                 const ValueQuery &Q,
                                 llvm::ArrayRef<std::string> Path) {
  const FunctionDecl *F = enclosingFunction(V);
  std::string What = (isa<ParmVarDecl>(V) ? "parameter '" : "variable '") +
                     V->getName().str() + describePath(Path) + "'";
  if (F && F->getIdentifier())
    What +=
        (isa<ParmVarDecl>(V) ? " of '" : " in '") + F->getName().str() + "'";
  // Why it is unknown names the innermost variable the value was traced to.
  auto Explained = [&](ResolvedValue R) {
    if (R.K == ResolvedValue::Kind::Unknown &&
        !StringRef(R.Reason).starts_with("variable '") &&
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
  // In a call being followed, a parameter holds its argument on entry; the
  // body may still assign it (`size = size == npos ? real : size;`).
  const auto *Parm = dyn_cast<ParmVarDecl>(V);
  const Expr *Argument =
      Parm ? Q.scope().BoundParameters.lookup(Parm) : nullptr;
  auto ArgumentValue = [&](const ValueQuery &At) {
    return withOrigin(Engine.resolvePart(Argument, Path, At.deeper()), What,
                      Engine.Locate(Argument->getBeginLoc()));
  };
  if (Argument && (!F || !F->hasBody() ||
                   (Engine.definitionsOf(V, F).Defs.empty() &&
                    !Engine.definitionsOf(V, F).Escapes)))
    return ArgumentValue(Q);
  // What a definition of Def.Path (a prefix of Path) says about Path, in
  // the query At.
  auto PartOf = [&](const Definition &Def, const ValueQuery &At) {
    return definedValue(
        Def, V, llvm::ArrayRef(Path).drop_front(Def.Path.size()), What, At);
  };

  // Globals and static members: their initialiser, when nothing in the
  // program writes them. A const one cannot change; for another one, this
  // file must not write it, and (external linkage) no other analysed file
  // either, which the run over several files checks (ValueOrigin::Global).
  if (!F || !F->hasBody() || !V->hasLocalStorage()) {
    if (V->hasLocalStorage())
      return Unknown("its function's body is not available");
    return Explained(resolveGlobal(V, Use, Path, What, PartOf, Q));
  }

  const DefinitionCollector &Collect = Engine.definitionsOf(V, F);
  if (Collect.AddressToOccupancyApi)
    return Unknown("set by a cudaOccupancy* call");
  if (Collect.Escapes)
    return Unknown(Collect.EscapeReason);

  // The first use in F on the way back from the launch is the anchor of
  // every use of F's variables followed from it.
  // (A scope that has F's anchor already is kept, with what it resolved.)
  std::optional<QueryScope> Anchored;
  if (!Q.scope().Anchors.count(F)) {
    Anchored = Q.scope();
    Anchored->Anchors.try_emplace(F, Use);
  }
  ValueQuery InF = Anchored ? Q.within(*Anchored) : Q;
  auto EntryValue = [&](const ValueQuery &At) {
    return Argument ? ArgumentValue(At)
                    : Engine.Calls.resolveParameter(Parm, At, Path, What);
  };
  DefinitionReader Read{
      PartOf,
      Parm ? llvm::function_ref<ResolvedValue(const ValueQuery &)>(EntryValue)
           : nullptr,
      What};
  if (const LambdaExpr *Lambda = referenceCaptureAround(V, Use)) {
    std::optional<ResolvedValue> Captured =
        capturedByReference(V, Lambda, F, Path, Collect, Read, InF);
    return Explained(Captured ? std::move(*Captured)
                              : Unknown("it is captured by reference in a "
                                        "lambda the analysis cannot place"));
  }
  // The definitions that reach the use: on F's CFG, the one way to find
  // them wherever Clang builds one.
  if (Engine.flowOf(F)) {
    auto IsV = [&](const Expr *E) { return refersTo(E, V); };
    if (std::optional<ResolvedValue> Exact =
            reachingFlow(FlowSubject{IsV, V, V->getType(), V->getLocation()}, F,
                         Use, Path, Collect.Defs, Read, InF))
      return Explained(*Exact);
    return Unknown("its use or a definition has no place in its function's "
                   "flow");
  }
  // Only where Clang builds no CFG for F: the definitions in source order.
  if (Parm)
    return Collect.Defs.empty() ? Explained(EntryValue(InF))
                                : Unknown("it is assigned inside the function");

  std::optional<std::vector<const Definition *>> Reaching =
      inSourceOrder(Collect, V, Use, Path, Engine.Ctx.getSourceManager());
  if (!Reaching)
    return Unknown("a part of it is assigned separately");
  // (`dim3 v;` has its default constructor as initialiser, so it counts.)
  if (Reaching->empty())
    return Unknown("no assignment reaches this use");

  SmallVector<ResolvedValue, 4> Parts;
  for (const Definition *Def : *Reaching)
    Parts.push_back(
        withOrigin(PartOf(*Def, InF), What, Engine.Locate(Def->Loc)));
  // Without the CFG, no way to the use is shown.
  ResolvedValue R = join(Parts);
  if (R.K == ResolvedValue::Kind::Set)
    R.Proven.clear();
  return Explained(R);
}

ResolvedValue DefinitionValues::grownValues(const VarDecl *V,
                                            const GrowthStep &Step,
                                            const ValueQuery &Q) {
  auto Unknown = [&](const Twine &Why) {
    return ResolvedValue::unknown(
        ("it is changed by '" + Step.Spelling + "' in a loop: " + Why).str());
  };
  ResolvedValue First = Engine.resolvePart(V->getInit(), {}, Q.deeper());
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
  int64_t TypeMax = integerBounds(V->getType(), Engine.Ctx).Max;
  auto IsV = [&](const Expr *E) { return refersTo(E, V); };
  auto Passes = [&](int64_t X) {
    return llvm::all_of(Step.Bounds, [&](const Expr *Bound) {
      return truthFor(Bound, IsV, X, Engine.Constants).value_or(true);
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
                    Engine.Locate(Step.Loop->getBeginLoc()));
}

ResolvedValue DefinitionValues::definedValue(const Definition &Def,
                                             const VarDecl *V,
                                             llvm::ArrayRef<std::string> Rest,
                                             const std::string &What,
                                             const ValueQuery &At) {
  switch (Def.Kind) {
  case Definition::Effect::Assigned:
    if (Def.LoopIndex) { // one iteration of a counted loop's copy
      QueryScope Iteration = At.scope();
      Iteration.LoopIndices[Def.LoopIndex] = Def.Iteration;
      return Engine.resolvePart(Def.Value, Rest, At.within(Iteration).deeper());
    }
    {
      const auto *Step = dyn_cast<UnaryOperator>(Def.Value);
      if (Step && !Step->isIncrementDecrementOp())
        Step = nullptr; // `const Row &c = *it;`
      ResolvedValue Assigned =
          Step ? Engine.resolveStepped(Step, At.deeper())
               : Engine.resolvePart(Def.Value, Rest, At.deeper());
      // A whole integer set to a run-time size reads as the variable
      // ('ne1').
      if (V && Rest.empty() && Def.Path.empty() &&
          V->getType()->isIntegerType())
        return namedInput(std::move(Assigned), V->getName(),
                          integerBounds(V->getType(), Engine.Ctx));
      return Assigned;
    }
  case Definition::Effect::OutParameter:
    return Rest.empty()
               ? Engine.Calls.resolveOutParameter(Def.OutParameter, At.deeper())
               : ResolvedValue::unknown(What +
                                        ": a part of it is assigned by a call");
  case Definition::Effect::Growth:
    // (Only a local integer variable grows: DefinitionCollector.)
    return V && Def.Growth
               ? grownValues(V, *Def.Growth, At)
               : ResolvedValue::unknown(What + ": it grows in a loop");
  case Definition::Effect::MethodCall: // `c.set_threads(2048)`
    return Engine.Objects.afterMethodCall(cast<CXXMemberCallExpr>(Def.Value),
                                          Def.Method, Rest, At.deeper());
  case Definition::Effect::WrittenByRuntime:
    return writtenByRuntime(cast<CallExpr>(Def.Value), V, Engine.Ctx,
                            Engine.Locate);
  case Definition::Effect::Unfollowed:
    break;
  }
  return ResolvedValue::unknown(What + ": " + Def.Why);
}

namespace {

/// The sites reachingFlow follows for the part at Path: the value on entry
/// when Entry is given, then each definition of Path or of something that
/// contains it (Whole), or of a part inside it (Partial); Defs[I] is site
/// I's definition.
void flowSites(ArrayRef<std::string> Path, ArrayRef<Definition> Definitions,
               const Definition *Entry, std::vector<FunctionFlow::Site> &Sites,
               std::vector<const Definition *> &Defs) {
  if (Entry) {
    Sites.push_back({nullptr, FunctionFlow::Kind::Whole});
    Defs.push_back(Entry);
  }
  for (const Definition &Def : Definitions) {
    if (startsWith(Path, Def.Path))
      Sites.push_back({Def.Site, FunctionFlow::Kind::Whole});
    else if (startsWith(Def.Path, Path))
      Sites.push_back({Def.Site, FunctionFlow::Kind::Partial});
    else
      continue; // another part
    Defs.push_back(&Def);
  }
}

/// The statements of Sites (the entry's site has none).
std::vector<const Stmt *>
definingStatements(ArrayRef<FunctionFlow::Site> Sites) {
  std::vector<const Stmt *> Out;
  for (const FunctionFlow::Site &Site : Sites)
    if (Site.S)
      Out.push_back(Site.S);
  return Out;
}

} // namespace

ResolvedValue DefinitionValues::pinnedByBranches(
    ResolvedValue Value, const FlowSubject &Subject, unsigned Field,
    QualType FieldType, TestedSubject IsTested, const FunctionDecl *F,
    const FunctionFlow &Flow, const Stmt *Site, ArrayRef<const Stmt *> Kills,
    const Stmt *Target, const std::string &What) {
  std::vector<int64_t> Holes;
  // (A field's tests are collected under a key of their own: one past the
  // variable's, a pointer no other subject has.)
  const void *Key = static_cast<const char *>(Subject.Key) + Field;
  if (std::optional<ResolvedValue> Allowed = Engine.Paths.allowedByBranches(
          Field ? FieldType : Subject.Type, IsTested, Key, F, Flow, Site, Kills,
          Target, What, &Holes))
    Value = within(Value, *Allowed);
  // A size the way excludes (`if (n == 0) return;`) never reaches.
  for (int64_t C : Holes)
    if (std::optional<ResolvedValue> Kept = symbolicWhen(
            Value, Value, ComparisonBounds{INT64_MIN, INT64_MAX, C}))
      Value = std::move(*Kept);
  // A size still read at run time and checked against a limit read at run
  // time too is the program's to vouch for (after the constants: `case 2:`
  // of `switch (ranks)` still makes ranks 2 past `assert(ranks <= n)`).
  if (Value.isSymbolic())
    if (std::optional<std::string> Checked = Engine.Paths.runTimeLimit(
            IsTested, Key, F, Flow, Site, Kills, Target, What))
      return Value.K == ResolvedValue::Kind::Symbolic
                 ? ResolvedValue::unknown(std::move(*Checked))
                 : withoutInputs(Value);
  return Value;
}

std::optional<ResolvedValue> DefinitionValues::reachingFlow(
    const FlowSubject &Subject, const FunctionDecl *F, const Expr *Use,
    ArrayRef<std::string> Path, ArrayRef<Definition> Definitions,
    const DefinitionReader &Read, const ValueQuery &Q) {
  const std::string &What = Read.What;
  const FunctionFlow *Flow = Engine.flowOf(F);
  if (!Flow)
    return std::nullopt;
  // A parameter's value on entry is a definition too (null site).
  Definition Entry =
      Definition::assigned(nullptr, {}, nullptr, Subject.Loc, nullptr);
  std::vector<FunctionFlow::Site> Sites;
  std::vector<const Definition *> Defs;
  flowSites(Path, Definitions, Read.EntryValue ? &Entry : nullptr, Sites, Defs);
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
  std::vector<const Stmt *> Kills = definingStatements(Sites);
  if (Reaching->size() > 1)
    Reaching = Engine.Paths.consistentlyReaching(F, *Flow, *Reaching, Defs,
                                                 Kills, Use, Q);
  // A variable with one definition keeps its value: whatever the branches
  // on the way to where the outermost use in F (the launch, or the call
  // that leads to it) allow is also what this use read.
  // A dim3's field is tested as such too (`switch (block.x) { case 512:`
  // launches 512 threads in x), and so is a struct's integer field.
  auto [Field, FieldType] = testedField(Subject.Type, Path, Engine.Ctx);
  auto IsField = [&](const Expr *E) {
    const auto *ME = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts());
    return ME && ME->getMemberDecl()->getName() == Path[0] &&
           Subject.Is(ME->getBase());
  };
  TestedSubject IsTested = Field ? TestedSubject(IsField) : Subject.Is;
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
      return (!Path.empty() && !Field) ||
             branchAllows(B, Succ, IsTested, X, Engine.Constants,
                          /*Exact=*/true);
    };
  };
  SmallVector<ResolvedValue, 4> Parts;
  for (size_t I : *Reaching) {
    const Definition &Def = *Defs[I];
    // Its parts must not depend on the branches between its definition and
    // the use; a ternary in it is decided on the way from there.
    QueryScope Onward = Q.scope();
    for (WayCondition &W : Engine.Paths.wayConditions(
             F, *Flow, Def.Site, Kills, Target, AnyEdge,
             /*EveryBranch=*/true, Path.empty() ? Subject.Is : nullptr))
      Onward.Pending.push_back(std::move(W));
    Onward.WayOnFunction = F;
    Onward.WayOn = Engine.Paths.wayOnward(F, *Flow, Def.Site, Kills, Use, Q);
    ResolvedValue Value = Def.Site || !Read.EntryValue
                              ? Read.PartOf(Def, Q.within(Onward))
                              : Read.EntryValue(Q.within(Onward));
    if (Reaching->size() > 1) {
      std::optional<ResolvedValue> Picked =
          oneOfSeveral(std::move(Value), *Flow, Def.Site, Kills, Target,
                       Onward.Pending, What, Q);
      if (!Picked)
        continue; // no path its tests allow
      Value = std::move(*Picked);
    }
    std::vector<int64_t> Shown;
    for (int64_t X : Value.Proven)
      if (Engine.Paths.independent(
              Engine.Paths.wayConditions(F, *Flow, Def.Site, Kills, Target,
                                         EdgesFor(X), /*EveryBranch=*/false),
              Q))
        Shown.push_back(X);
    Value.Proven = std::move(Shown);
    // Each value of a whole integer variable must reach the use along a
    // path whose branches on the variable it satisfies: a clamp, a guard
    // or an assert stops the values it excludes.
    if (Path.empty() && Value.isKnown() &&
        Value.K != ResolvedValue::Kind::Range &&
        !keepValues(Value, [&](int64_t X) {
          return Flow->reachesAlong(Def.Site, Kills, Target, EdgesFor(X));
        }))
      continue; // this definition reaches on no path its values allow
    // Unknown here, but the branches on the way may pin it down: inside
    // `case 512:` of `switch (threads)`, threads is 512.
    if ((Path.empty() || Field) && (!Value.isKnown() || Value.isSymbolic()))
      Value =
          pinnedByBranches(std::move(Value), Subject, Field, FieldType,
                           IsTested, F, *Flow, Def.Site, Kills, Target, What);
    // (The value on entry says where it came from: the callers.)
    Parts.push_back(
        Def.Site ? withOrigin(std::move(Value), What, Engine.Locate(Def.Loc))
                 : std::move(Value));
  }
  if (Parts.empty())
    return ResolvedValue::unknown(What + NoValueReaches);
  ResolvedValue R = join(Parts);
  // A loop that grows it stops on tests the analysis does not decide
  // (`nth < ncols`): none of the values it may leave, its first included,
  // is shown to reach.
  if (R.K == ResolvedValue::Kind::Set && llvm::any_of(*Reaching, [&](size_t I) {
        return Defs[I]->Kind == Definition::Effect::Growth;
      }))
    R.Proven.clear();
  return R;
}

DefinitionValues::DefinitionValues(ResolverEngine &Engine) : Engine(Engine) {}

DefinitionValues::~DefinitionValues() = default;

} // namespace cudalint
