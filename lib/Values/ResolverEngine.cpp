//===- ResolverEngine.cpp - The value engine's shared state and API -------===//
//
// The engine's entry points, its caches (each function's CFG, each
// variable's definitions, Clang's mutation analysis, built once), kernels
// as values, and the expressions every part evaluates: constants,
// arithmetic, min/max and std::numeric_limits. The dispatch on the kind of
// expression is ExpressionValues.cpp; dim3 values and the parts of structs:
// ValueParts.cpp.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "DefinitionCollector.h"
#include "ResolverSupport.h"
#include "RunTimeInputs.h"
#include "StdObjects.h"
#include "ValueComparisons.h"
#include "cudalint/Facts/SymbolicValues.h"
#include "cudalint/Values/KnownFunctions.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <tuple>

using namespace clang;
using llvm::SmallVector;

namespace cudalint {

using namespace resolver;

namespace {

std::string macroNameAt(SourceLocation Loc, const ASTContext &Ctx) {
  if (!Loc.isMacroID())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  // The outermost macro the user wrote.
  while (Loc.isMacroID()) {
    SourceLocation Up = SM.getImmediateMacroCallerLoc(Loc);
    if (!Up.isMacroID())
      break;
    Loc = Up;
  }
  return Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts()).str();
}

/// Whether A and B read the same variable (`s * s`).
bool sameVariable(const Expr *A, const Expr *B) {
  const auto *DA = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
  const auto *DB = dyn_cast<DeclRefExpr>(B->IgnoreParenImpCasts());
  return DA && DB && DA->getDecl() == DB->getDecl() &&
         isa<VarDecl>(DA->getDecl());
}

/// Applies a binary operator to every value its operands may take, in the
/// result's type T.
ResolvedValue combine(const ResolvedValue &A, const ResolvedValue &B,
                      BinaryOperatorKind Op, QualType T,
                      const ASTContext &Ctx) {
  std::optional<IntegerOp> IntOp = integerOp(Op);
  if (IntOp)
    return applyIntegerOp(*IntOp, A, B, integerBounds(T, Ctx));
  // An unknown operand makes the result unknown for its reason.
  for (const ResolvedValue *Operand : {&A, &B})
    if (Operand->K == ResolvedValue::Kind::Unknown)
      return *Operand;
  return ResolvedValue::unknown(
      ("operator '" + BinaryOperator::getOpcodeStr(Op) + "' is not evaluated")
          .str());
}

/// Whether V is a set of more than one value.
bool severalValues(const ResolvedValue &V) {
  return V.K == ResolvedValue::Kind::Set && V.Values.size() > 1;
}

/// The values a launch value, Before as resolved at once, takes over its
/// root's values: a part's proven values stay proven where its root value
/// reaches the launch or Before proves them too; none when a part is not
/// known.
std::optional<ResolvedValue> joinRootParts(std::vector<ResolvedValue> Parts,
                                           const std::vector<bool> &Reached,
                                           const ResolvedValue &Before) {
  SmallVector<ResolvedValue, 4> Known;
  for (size_t I = 0; I < Parts.size(); ++I) {
    if (!Parts[I].isKnown())
      return std::nullopt;
    if (!Reached[I])
      llvm::erase_if(Parts[I].Proven, [&](int64_t X) {
        return !llvm::is_contained(Before.Proven, X);
      });
    Known.push_back(std::move(Parts[I]));
  }
  return join(Known);
}

} // namespace

ResolvedValue ResolverEngine::resolveInt(const Expr *E, CallPin Pin) {
  QueryScope Scope = scopeAt(E, Pin);
  addKernelChoice(Scope, Pin);
  QueryBudget Budget;
  ValueQuery Q(Scope, Budget);
  ResolvedValue R = underKernelIndex(resolveInt(E, Q), Pin, Q);
  return byRootValues<ResolvedValue>(
      R, E, Scope, severalValues,
      [&](const ValueQuery &At) {
        return underKernelIndex(resolveInt(E, At), Pin, At);
      },
      [&](std::vector<ResolvedValue> Parts, const std::vector<bool> &Reached) {
        return joinRootParts(std::move(Parts), Reached, R);
      });
}

std::optional<bool> ResolverEngine::truthOf(const Expr *Cond, CallPin Pin) {
  QueryScope Scope = scopeAt(Cond, Pin);
  addKernelChoice(Scope, Pin);
  QueryBudget Budget;
  return Paths.truthByValues(Cond, ValueQuery(Scope, Budget));
}

int64_t ResolverEngine::kernelToken(const FunctionDecl *K) {
  K = K->getCanonicalDecl();
  auto At = llvm::find(KernelTokens, K);
  if (At == KernelTokens.end())
    At = KernelTokens.insert(At, K);
  return KernelTokenBase + (At - KernelTokens.begin());
}

ValueResolver::Kernels ResolverEngine::kernelsIn(ResolvedValue R) const {
  ValueResolver::Kernels Out;
  if (!R.isKnown() || R.K == ResolvedValue::Kind::Range) {
    Out.Reason = R.Reason;
    return Out;
  }
  for (int64_t V : R.Values) {
    if (V < KernelTokenBase ||
        V >= KernelTokenBase + int64_t(KernelTokens.size())) {
      Out.Possible.clear();
      Out.Reason = "a value that is not a kernel";
      return Out;
    }
    Out.Possible.push_back(KernelTokens[V - KernelTokenBase]);
  }
  Out.Origins = std::move(R.Origins);
  return Out;
}

Dim3Value ResolverEngine::resolveDim3(const Expr *E, CallPin Pin) {
  QueryScope Scope = scopeAt(E, Pin);
  addKernelChoice(Scope, Pin);
  QueryBudget Budget;
  ValueQuery Q(Scope, Budget);
  auto Resolve = [&](const ValueQuery &At) {
    Dim3Value D = resolveDim3(E, At);
    for (ResolvedValue *Field : {&D.X, &D.Y, &D.Z})
      *Field = underKernelIndex(std::move(*Field), Pin, At);
    return D;
  };
  // Field by field: one the roots leave unknown keeps its value.
  Dim3Value Whole = Resolve(Q);
  return byRootValues<Dim3Value>(
      Whole, E, Scope,
      [](const Dim3Value &D) {
        return severalValues(D.X) || severalValues(D.Y) || severalValues(D.Z);
      },
      Resolve,
      [&](std::vector<Dim3Value> Parts,
          const std::vector<bool> &Reached) -> std::optional<Dim3Value> {
        Dim3Value Out;
        for (auto Field : {&Dim3Value::X, &Dim3Value::Y, &Dim3Value::Z}) {
          std::vector<ResolvedValue> Fields;
          for (Dim3Value &D : Parts)
            Fields.push_back(std::move(D.*Field));
          std::optional<ResolvedValue> Joined =
              joinRootParts(std::move(Fields), Reached, Whole.*Field);
          Out.*Field = Joined ? std::move(*Joined) : Whole.*Field;
        }
        return Out;
      });
}

ResolvedValue ResolverEngine::resolveMember(const Expr *E,
                                            llvm::ArrayRef<std::string> Path) {
  QueryScope Scope = scopeAt(E);
  Scope.MemberUse = E;
  QueryBudget Budget;
  return resolvePart(E, Path, ValueQuery(Scope, Budget));
}

llvm::ArrayRef<CallOf> ResolverEngine::callsOf(const FunctionDecl *F) const {
  return Callers.callsOf(F);
}

QueryScope ResolverEngine::scopeAt(const Expr *Use, CallPin Pin) const {
  QueryScope Scope;
  if (Pin.Function)
    Scope.PinnedCalls[Pin.Function] = Pin.Call;
  // The `if` branches the use sits in, up to its function.
  walkUpToFunction(Use, Ctx, [&](const Stmt *Child, const DynTypedNode &Up) {
    if (const auto *If = Up.get<IfStmt>();
        If && Child && !If->getInit() && !If->getConditionVariable()) {
      if (Child == If->getThen())
        Scope.KnownConditions.push_back({If->getCond(), true});
      else if (Child == If->getElse())
        Scope.KnownConditions.push_back({If->getCond(), false});
    }
    return true;
  });
  return Scope;
}

std::optional<ResolvedValue>
ResolverEngine::resolveMinMax(KnownMeaning Meaning, const std::string &What,
                              const Expr *ArgA, const Expr *ArgB,
                              const IntegerBounds &Bounds, const Expr *E,
                              const ValueQuery &Q) {
  if (Meaning != KnownMeaning::Min && Meaning != KnownMeaning::Max)
    return std::nullopt;
  bool IsMin = Meaning == KnownMeaning::Min;
  ResolvedValue A = resolveInt(ArgA, Q.deeper());
  ResolvedValue B = resolveInt(ArgB, Q.deeper());
  auto Origin = [&](ResolvedValue R) {
    return withOrigin(std::move(R), What, Locate(E->getBeginLoc()));
  };
  IntegerOp Op = IsMin ? IntegerOp::Min : IntegerOp::Max;
  if (A.isKnown() && B.isKnown())
    return Origin(applyIntegerOp(Op, A, B, Bounds));
  // Sizes read at run time: the minimum or maximum of them.
  ResolvedValue OfInputs =
      A.K != ResolvedValue::Kind::Unknown && B.K != ResolvedValue::Kind::Unknown
          ? applyIntegerOp(Op, A, B, Bounds)
          : ResolvedValue::unknown();
  // min(x, C): at most C; max(x, C): at least C; the type bounds the other
  // end (boundByOneSide).
  const ResolvedValue &Known = A.isKnown() ? A : B;
  if (std::optional<ResolvedValue> Bounded =
          boundByOneSide(Op, withoutInputs(Known), Bounds))
    return Origin(withExpressionOf(std::move(*Bounded), OfInputs));
  if (OfInputs.isSymbolic())
    return Origin(std::move(OfInputs));
  // Unknown for the reason of a side that is unknown (not one made of
  // inputs: min(n, x) is not n).
  ResolvedValue Unknown =
      withoutInputs(B.K == ResolvedValue::Kind::Unknown || A.isKnown() ? B : A);
  Unknown.Parameter.reset();
  return Unknown;
}

std::optional<ResolvedValue> ResolverEngine::constantValue(const Expr *E) {
  const Expr *Plain = E->IgnoreParenImpCasts();
  Expr::EvalResult Result;
  if (Plain->isValueDependent() || Plain->isTypeDependent() ||
      !Plain->EvaluateAsInt(Result, Ctx))
    return std::nullopt;
  ResolvedValue R = ResolvedValue::constant(Result.Val.getInt().getExtValue());
  if (std::string Macro = macroNameAt(E->getBeginLoc(), Ctx); !Macro.empty())
    return withOrigin(R, "macro '" + Macro + "'", Locate(E->getBeginLoc()));
  if (const auto *Subst = substitutedParameter(E))
    return withOrigin(
        R, "template argument '" + Subst->getParameter()->getName().str() + "'",
        Locate(E->getBeginLoc()));
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Plain)) {
    std::string Kind =
        isa<EnumConstantDecl>(DRE->getDecl()) ? "enumerator" : "constant";
    return withOrigin(R, Kind + " '" + DRE->getDecl()->getNameAsString() + "'",
                      Locate(DRE->getDecl()->getLocation()));
  }
  return R;
}

ResolvedValue ResolverEngine::resolveStepped(const UnaryOperator *U,
                                             const ValueQuery &Q) {
  // Its value before (the definitions reaching the operand, which this one
  // does not), one up or down, in the operand's type.
  const Expr *Operand = U->getSubExpr();
  return combine(resolveInt(Operand, Q.deeper()), ResolvedValue::constant(1),
                 U->isIncrementOp() ? BO_Add : BO_Sub, Operand->getType(), Ctx);
}

ResolvedValue ResolverEngine::resolveBinary(const BinaryOperator *B,
                                            const ValueQuery &Q) {
  // `a = b = 1`: an assignment's value is what it assigns.
  if (B->getOpcode() == BO_Assign)
    return resolveInt(B->getRHS(), Q.deeper());
  // `block.x /= 2`: its value before (the definitions reaching the left
  // side, which this one does not) with the operation, in its type.
  if (const auto *Compound = dyn_cast<CompoundAssignOperator>(B))
    return combine(resolveInt(B->getLHS(), Q.deeper()),
                   resolveInt(B->getRHS(), Q.deeper()),
                   BinaryOperator::getOpForCompoundAssignment(B->getOpcode()),
                   Compound->getComputationResultType(), Ctx);
  ResolvedValue L = resolveInt(B->getLHS(), Q.deeper());
  // `s * s` reads one value twice: 4 * 4 and 8 * 8, never 4 * 8.
  if (sameVariable(B->getLHS(), B->getRHS()) &&
      L.K == ResolvedValue::Kind::Set) {
    std::vector<ResolvedValue> Each;
    Each.reserve(L.Values.size());
    for (int64_t X : L.Values)
      Each.push_back(combine(ResolvedValue::constant(X),
                             ResolvedValue::constant(X), B->getOpcode(),
                             B->getType(), Ctx));
    ResolvedValue R = joinValues(Each);
    if (R.isKnown()) {
      R.Origins = L.Origins;
      std::vector<int64_t> Proven;
      for (int64_t X : L.Proven)
        if (ResolvedValue Square =
                combine(ResolvedValue::constant(X), ResolvedValue::constant(X),
                        B->getOpcode(), B->getType(), Ctx);
            Square.isKnown())
          Proven.push_back(Square.value());
      if (R.K == ResolvedValue::Kind::Set)
        R.keepProven(std::move(Proven));
    }
    return R;
  }
  ResolvedValue R = combine(L, resolveInt(B->getRHS(), Q.deeper()),
                            B->getOpcode(), B->getType(), Ctx);
  // `C / H` unknown, but tested on the way: `if (C / H == 64)`.
  if (!R.isKnown() || R.isSymbolic())
    if (std::optional<ResolvedValue> Tested = Paths.allowedByTestsOf(B, Q))
      return within(R, *Tested);
  return R;
}

std::optional<ResolvedValue>
ResolverEngine::resolveLimits(const CallExpr *Call, const ValueQuery &Q) {
  // The known functions of an integer result (KnownFunctions.def):
  // min/max under their std, CUDA and C names, clamp, lround & co.
  const FunctionDecl *F = Call->getDirectCallee();
  std::optional<KnownMeaning> Meaning = knownFunction(F);
  if (!Meaning || !Call->getType()->isIntegerType())
    return std::nullopt;
  IntegerBounds Bounds = integerBounds(Call->getType(), Ctx);
  if (Call->getNumArgs() == 2)
    return resolveMinMax(*Meaning, F->getName().str() + "()", Call->getArg(0),
                         Call->getArg(1), Bounds, Call, Q);
  // std::clamp(v, lo, hi) (and a clamp of the same shape).
  if (Call->getNumArgs() == 3 && *Meaning == KnownMeaning::Clamp)
    return withOrigin(clampValue(resolveInt(Call->getArg(0), Q.deeper()),
                                 resolveInt(Call->getArg(1), Q.deeper()),
                                 resolveInt(Call->getArg(2), Q.deeper()),
                                 Bounds),
                      "clamp()", Locate(Call->getBeginLoc()));
  // lround(x): rounded in floating point, then converted.
  if (Call->getNumArgs() == 1 && isRounding(*Meaning) &&
      Call->getArg(0)->getType()->isRealFloatingType())
    return withOrigin(
        floatToInteger(
            roundFloat(*Meaning, resolveFloat(Call->getArg(0), Q.deeper())),
            Bounds),
        F->getName().str() + "()", Locate(Call->getBeginLoc()));
  return std::nullopt;
}

bool ResolverEngine::keepsFirstValue(const VarDecl *V) {
  const FunctionDecl *F = enclosingFunction(V);
  if (!F || !F->hasBody() || !V->hasLocalStorage())
    return false;
  const DefinitionCollector &Collect = definitionsOf(V, F);
  return !Collect.Escapes && Collect.Defs.size() == (V->hasInit() ? 1u : 0u);
}

const FunctionFlow *ResolverEngine::flowOf(const FunctionDecl *F) {
  // Built once per function, a failure included.
  auto [It, New] = Flows.try_emplace(F);
  if (New)
    It->second = FunctionFlow::build(F, Ctx);
  return It->second.get();
}

bool ResolverEngine::isOccupancyTuned(const Expr *E) {
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

ResolverEngine::ResolverEngine(ASTContext &Ctx, const CallerIndex &Callers,
                               LocationMapper Locate)
    : Ctx(Ctx), Constants(Ctx), Callers(Callers), Locate(std::move(Locate)),
      Mangler(Ctx.createMangleContext()) {}

ResolverEngine::~ResolverEngine() = default;

std::string ResolverEngine::mangledName(const NamedDecl *D) {
  if (!Mangler->shouldMangleDeclName(D))
    return D->getName().str();
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  const auto *F = dyn_cast<FunctionDecl>(D);
  Mangler->mangleName(F ? GlobalDecl(F) : GlobalDecl(cast<VarDecl>(D)), OS);
  return Name;
}

bool ResolverEngine::patternMayChange(const FunctionDecl *F,
                                      const DeclRefExpr *Use) {
  const FunctionDecl *Pattern = F->getTemplateInstantiationPattern();
  if (!Pattern || Pattern == F || !Pattern->getBody())
    return true;
  auto [Mentions, New] = PatternMentions.try_emplace(Pattern);
  if (New) {
    // (An instance keeps its pattern's source locations.)
    struct Collect : RecursiveASTVisitor<Collect> {
      llvm::DenseMap<SourceLocation, const DeclRefExpr *> &Out;
      bool VisitDeclRefExpr(DeclRefExpr *E) {
        auto [At, Added] = Out.try_emplace(E->getLocation(), E);
        if (!Added)
          At->second = nullptr; // two mentions at one place: neither
        return true;
      }
    } Walk{{}, Mentions->second};
    Walk.TraverseStmt(Pattern->getBody());
  }
  const DeclRefExpr *InPattern = Mentions->second.lookup(Use->getLocation());
  if (!InPattern ||
      InPattern->getDecl()->getDeclName() != Use->getDecl()->getDeclName())
    return true;
  return mutationsIn(Pattern).findMutation(InPattern) != nullptr;
}

/// Code Clang could not fully parse: what it does is not known, and the
/// analysis follows only what was recovered.
static bool containsErrors(const Stmt *S) {
  const auto *E = dyn_cast<Expr>(S);
  return E && E->containsErrors();
}

const DefinitionCollector &
ResolverEngine::definitionsOf(const VarDecl *V, const FunctionDecl *F) {
  // A dim3 is resolved field by field, and the occupancy-tuned test looks at
  // the same variable again: walk each function body once per variable.
  std::unique_ptr<DefinitionCollector> &Slot = Collectors[V];
  if (!Slot) {
    Slot = std::make_unique<DefinitionCollector>(V, Callers, Ctx);
    Slot->TraverseStmt(F->getBody());
    Slot->settleSteps();
    // Clang's own analysis of what may change it: a way the collection
    // does not follow (a reference bound to it, a non-const member function
    // called on it, a structured binding) makes its definitions unknown.
    // Not for a const variable, which nothing changes, nor an array, whose
    // elements are followed on their own (and which decays to a pointer to
    // be read: cudaLaunchConfig_t::attrs).
    if (!Slot->Escapes && !Slot->MayChange.empty() &&
        !V->getType().isConstQualified() && !V->getType()->isArrayType()) {
      for (const DeclRefExpr *Use : Slot->MayChange) {
        if (!patternMayChange(F, Use))
          continue;
        const Stmt *S = mutationsIn(F).findMutation(Use);
        if (S && !Slot->accountsFor(S, Use) && !containsErrors(S)) {
          Slot->changedUnfollowed(S);
          break;
        }
      }
    }
  }
  return *Slot;
}

} // namespace cudalint
