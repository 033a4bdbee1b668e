//===- CallerValues.cpp - Parameters, from their callers
//--------------------===//
//
// A parameter's value: what every caller in the file passes, each proven
// only when the way to the call depends on none of the branches the way on
// to the launch rests on; a reference parameter's value after a call: what
// the callee leaves in it.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "BranchTests.h"
#include "DefinitionCollector.h"
#include "ResolverSupport.h"
#include "cudalint/Facts/SymbolicValues.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using llvm::SmallVector;

namespace cudalint {

using namespace resolver;

namespace {

/// The type of the part of a T at Path (`p.dims[1]`), or null when Path
/// does not name an integer part of it.
QualType partType(QualType T, llvm::ArrayRef<std::string> Path,
                  const ASTContext &Ctx) {
  for (const std::string &Step : Path) {
    T = T.getNonReferenceType();
    if (!Step.empty() && Step.front() == '[') {
      const clang::ArrayType *A = Ctx.getAsArrayType(T);
      if (!A)
        return QualType();
      T = A->getElementType();
      continue;
    }
    const auto *R = T->getAsCXXRecordDecl();
    if (!R || !R->hasDefinition())
      return QualType();
    auto Field = llvm::find_if(R->fields(), [&](const FieldDecl *Fd) {
      return Fd->getName() == Step;
    });
    if (Field == R->field_end())
      return QualType();
    T = Field->getType();
  }
  T = T.getNonReferenceType();
  return T->isIntegerType() && !T->isBooleanType() ? T : QualType();
}

} // namespace

ResolvedValue CallValues::uncalledParameter(const ParmVarDecl *Parm,
                                            llvm::ArrayRef<std::string> Path,
                                            const std::string &What,
                                            bool ThroughPointers) {
  const auto *F = cast<FunctionDecl>(Parm->getDeclContext());
  // Other files may call it: a run over them gives it their values (an
  // integer, or a field of a dim3). Not when calls through pointers pass
  // it too: a run over other files sees only their direct calls.
  std::optional<ParameterRef> Ref;
  bool Whole = Path.empty() && Parm->getType()->isIntegerType();
  bool Field = dim3FieldNumber(Parm->getType(), Path) != 0;
  if (!ThroughPointers && F->isExternallyVisible() && !F->isInlined() &&
      (Whole || Field))
    Ref = ParameterRef{Engine.mangledName(F), F->getNameAsString(),
                       Parm->getNameAsString(), Parm->getFunctionScopeIndex(),
                       Field ? Path[0] : std::string()};
  // Whatever a caller elsewhere passes: a size read at run time, which a
  // run over the callers' files replaces by what they pass.
  QualType T = Field ? Engine.Ctx.UnsignedIntTy
                     : partType(Parm->getType(), Path, Engine.Ctx);
  std::string Why = ThroughPointers ? std::string(AddressTaken) : NoCaller;
  // (A template's pattern has no values; its instances do.)
  if (T.isNull() || F->isDependentContext()) {
    ResolvedValue R = ResolvedValue::unknown(What + ": " + Why);
    R.Parameter = std::move(Ref);
    return R;
  }
  std::string Name = Parm->getNameAsString() + describePath(Path);
  // (A field of a struct handed by value or reference stays a parameter,
  // unlike one read through a pointer parameter: on 33 real projects such
  // fields gave 2,283 findings, nearly all launch settings bundled for a
  // wrapper, `t.bsfluid`, `param.num_heads`.)
  ResolvedValue R = symbolicInput(
      Name,
      "parameter '" + Parm->getNameAsString() + "' of '" +
          F->getNameAsString() + "', " + Why,
      integerBounds(T, Engine.Ctx), Engine.Locate(Parm->getLocation()),
      Field             ? SymbolicNode::Source::LaunchParameter
      : ThroughPointers ? SymbolicNode::Source::IndirectParameter
                        : SymbolicNode::Source::Parameter);
  R.Symbolic[0].Parameter = Ref;
  R.Parameter = std::move(Ref);
  return R;
}

ResolvedValue CallValues::resolveParameter(const ParmVarDecl *Parm,
                                           const ValueQuery &Q,
                                           llvm::ArrayRef<std::string> Path,
                                           const std::string &What) {
  const auto *F = dyn_cast<FunctionDecl>(Parm->getDeclContext());
  if (!F)
    return ResolvedValue::unknown(What + ": not a function's parameter");
  // Called through pointers too: whatever those calls pass, a size read at
  // run time as for a function no call in the file reaches.
  if (Engine.Callers.addressTaken(F))
    return uncalledParameter(Parm, Path, What, /*ThroughPointers=*/true);
  SmallVector<CallOf, 4> Calls;
  if (const CallExpr *Pinned = Q.scope().PinnedCalls.lookup(F)) {
    Calls.push_back({Pinned, nullptr});
  } else {
    ArrayRef<CallOf> All = Engine.callsOf(F);
    if (All.empty())
      return uncalledParameter(Parm, Path, What);
    Calls.assign(All.begin(), All.end());
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
    const FunctionDecl *Caller = functionContaining(C.Call, Engine.Ctx);
    const FunctionFlow *CallerFlow = Caller ? Engine.flowOf(Caller) : nullptr;
    // A call in a branch this instance never takes (`if (sizeof(T) == 2)`
    // for T = float: Clang's CFG leaves it unreachable) passes nothing.
    if (CallerFlow && CallerFlow->contains(C.Call) &&
        !CallerFlow->reachesAlong(
            nullptr, {}, C.Call,
            [](const CFGBlock &, unsigned) { return true; }))
      continue;
    InCaller.Pending = Engine.Paths.pendingThrough(F, C.Call, Caller, Q);
    std::vector<WayCondition> ToCall;
    if (CallerFlow)
      ToCall = Engine.Paths.wayConditions(
          Caller, *CallerFlow, nullptr, {}, C.Call,
          [](const CFGBlock &, unsigned) { return true; }, false);
    bool Shown =
        CallerFlow && Engine.Paths.independent(ToCall, Q.within(InCaller));
    InCaller.Pending.insert(InCaller.Pending.end(), ToCall.begin(),
                            ToCall.end());
    ResolvedValue Part = Engine.resolvePart(C.Call->getArg(Index), Path,
                                            Q.within(InCaller).deeper());
    if (!Shown)
      Part.Proven.clear();
    if (Harness) {
      Part = withOrigin(std::move(Part),
                        "'" + Parm->getName().str() + "' passed through '" +
                            Harness->getName().str() + "'",
                        Engine.Locate(C.Via->getBeginLoc()));
    }
    Parts.push_back(withOrigin(std::move(Part),
                               "parameter '" + Parm->getName().str() +
                                   "' of '" + F->getNameAsString() +
                                   "' from this call",
                               Engine.Locate(C.Call->getBeginLoc())));
  }
  if (Parts.empty())
    return ResolvedValue::unknown(What + ": every call of '" +
                                  F->getNameAsString() +
                                  "' is in a branch that is never taken");
  return join(Parts);
}

ResolvedValue CallValues::resolveOutParameter(const ParmVarDecl *Parm,
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
  const FunctionFlow *Flow = G && G->hasBody() ? Engine.flowOf(G) : nullptr;
  if (!Flow)
    return Unknown("its function's body cannot be followed");
  const DefinitionCollector &Collect = Engine.definitionsOf(Parm, G);
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
    if (!Def.Path.empty() || Def.Kind == Definition::Effect::OutParameter)
      return Unknown("it is set in parts, or by another call");
    Parts.push_back(withOrigin(
        Engine.Definitions.definedValue(Def, nullptr, {},
                                        "'" + Parm->getName().str() + "'", Q),
        "'" + Parm->getName().str() + "' set by '" + G->getNameAsString() + "'",
        Engine.Locate(Def.Loc)));
  }
  // (Which assignment a call leaves is not followed path by path.)
  ResolvedValue R = join(Parts);
  if (R.K == ResolvedValue::Kind::Set)
    R.Proven.clear();
  return R;
}

} // namespace cudalint
