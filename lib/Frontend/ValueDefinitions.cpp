//===- ValueDefinitions.cpp - Variables, their definitions, callers -------===//
//
// A variable's value at a use: the definitions that reach it (collected once
// per variable and function body, with the if/loop/switch each sits in),
// unless the variable escapes (address taken, captured by reference, ++,
// +=, passed by non-const reference). A parameter's value: what every
// caller in the file passes.
//
//===----------------------------------------------------------------------===//

#include "ValueResolver.h"

#include "ReachingDefinitions.h"
#include "ResolverSupport.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

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

std::string describe(const VarDecl *V, llvm::ArrayRef<std::string> Path) {
  std::string S = V->getName().str();
  for (const std::string &Part : Path)
    S += Part.front() == '[' ? Part : "." + Part;
  return S;
}

} // namespace

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
};

/// Collects the definitions of one variable inside a function body, with
/// the control statement each sits in, and the loops of the body.
class DefinitionCollector : public RecursiveASTVisitor<DefinitionCollector> {
  using Base = RecursiveASTVisitor<DefinitionCollector>;

public:
  explicit DefinitionCollector(const VarDecl *V) : V(V) {}

  std::vector<Definition> Defs;
  std::vector<const Stmt *> Loops;
  const Stmt *DeclControl = nullptr;
  bool Escapes = false; // address taken, captured, ++, +=, ...
  bool AddressToOccupancyApi = false;

  bool shouldVisitLambdaBodies() const { return true; }

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
        Escapes = true;
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp())
      return true;
    MemberPath Path;
    if (!refersToV(memberBase(B->getLHS(), &Path)))
      return true;
    if (B->getOpcode() != BO_Assign || isInsideLambda() || !isExact(Path))
      Escapes = true;
    else
      Defs.push_back({B->getRHS(), Path, current(), B->getOperatorLoc(), B});
    return true;
  }

  // dim3 assignment is a call to its assignment operator.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    MemberPath Path;
    if (C->getNumArgs() == 2 && refersToV(memberBase(C->getArg(0), &Path))) {
      if (C->getOperator() == OO_Equal && !isInsideLambda() && isExact(Path))
        Defs.push_back({C->getArg(1), Path, current(), C->getOperatorLoc(), C});
      else if (C->isAssignmentOp())
        Escapes = true;
    }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (ReadOnlyAddresses.count(U))
      return true;
    if (refersToV(memberBase(U->getSubExpr())) &&
        (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf))
      Escapes = true;
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
      }
      // Passed by non-const reference: the callee may change it.
      if (refersToV(memberBase(Arg)) && !ParamType.isNull() &&
          ParamType->isReferenceType() &&
          !ParamType.getNonReferenceType().isConstQualified())
        Escapes = true;
    }
    return true;
  }

private:
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
  std::vector<const Stmt *> Control;
  llvm::DenseSet<const UnaryOperator *> ReadOnlyAddresses;
};

CallerIndex indexCallers(ASTContext &Ctx) {
  struct Indexer : RecursiveASTVisitor<Indexer> {
    CallerIndex Index;
    llvm::DenseSet<const FunctionDecl *> Escaping;
    llvm::DenseSet<const Expr *> Callees;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitCallExpr(CallExpr *C) {
      if (isa<CUDAKernelCallExpr>(C))
        return true;
      if (const FunctionDecl *F = C->getDirectCallee()) {
        Index[F].push_back(C);
        Callees.insert(C->getCallee()->IgnoreParenImpCasts());
      }
      return true;
    }
    // Visited after the call that contains it, so a direct callee is known.
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl()))
        if (!Callees.count(D))
          Escaping.insert(F);
      return true;
    }
  } I;
  I.TraverseDecl(Ctx.getTranslationUnitDecl());
  // A function whose address is taken may be called from anywhere: its
  // callers in this file are not all of its callers.
  for (const FunctionDecl *F : I.Escaping)
    I.Index.erase(F);
  return std::move(I.Index);
}

ResolvedValue ValueResolver::resolveVariable(const VarDecl *V, const Expr *Use,
                                             unsigned Depth,
                                             llvm::ArrayRef<std::string> Path) {
  if (Depth > MaxDepth)
    return ResolvedValue::unknown();
  std::string What = (isa<ParmVarDecl>(V) ? "parameter '" : "variable '") +
                     describe(V, Path) + "'";
  // What a definition of Def.Path (a prefix of Path) says about Path.
  auto PartOf = [&](const Definition &Def) {
    return resolvePart(
        Def.Value, llvm::ArrayRef(Path).drop_front(Def.Path.size()), Depth + 1);
  };

  // Globals and static members: only constant initialisers count, and those
  // were handled as constant expressions already; a non-const global can
  // change anywhere.
  const FunctionDecl *F = enclosingFunction(V);
  if (!F || !F->hasBody() || !V->hasLocalStorage()) {
    if (V->getType().isConstQualified() && V->getInit()) {
      Definition Init{V->getInit(), {}, nullptr, V->getLocation()};
      return withOrigin(PartOf(Init), What, Locate(V->getLocation()));
    }
    return ResolvedValue::unknown();
  }

  const DefinitionCollector &Collect = definitionsOf(V, F);
  if (Collect.Escapes || Collect.AddressToOccupancyApi)
    return ResolvedValue::unknown();

  if (const auto *Parm = dyn_cast<ParmVarDecl>(V)) {
    if (!Collect.Defs.empty())
      return ResolvedValue::unknown();
    return resolveParameter(Parm, Depth, Path);
  }

  if (std::optional<ResolvedValue> Exact =
          reachingFlow(V, F, Use, Path, Collect, PartOf, What))
    return *Exact;

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
        return ResolvedValue::unknown();
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
            return ResolvedValue::unknown();
          Reaching.push_back(&Def);
        }
  }
  // (`dim3 v;` has its default constructor as initialiser, so it counts.)
  if (Reaching.empty())
    return ResolvedValue::unknown();

  SmallVector<ResolvedValue, 4> Parts;
  for (const Definition *Def : Reaching)
    Parts.push_back(withOrigin(PartOf(*Def), What, Locate(Def->Loc)));
  return join(Parts);
}

std::optional<ResolvedValue> ValueResolver::reachingFlow(
    const VarDecl *V, const FunctionDecl *F, const Expr *Use,
    ArrayRef<std::string> Path, const DefinitionCollector &Collect,
    llvm::function_ref<ResolvedValue(const Definition &)> PartOf,
    const std::string &What) {
  std::unique_ptr<FunctionFlow> &Flow = Flows[F];
  if (!Flow)
    Flow = FunctionFlow::build(F, Ctx);
  if (!Flow)
    return std::nullopt;
  std::vector<FunctionFlow::Site> Sites;
  std::vector<const Definition *> Defs;
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
  if (Reaching->empty() || llvm::any_of(*Reaching, [&](size_t I) {
        return Sites[I].K == FunctionFlow::Kind::Partial;
      }))
    return ResolvedValue::unknown();
  SmallVector<ResolvedValue, 4> Parts;
  for (size_t I : *Reaching)
    Parts.push_back(withOrigin(PartOf(*Defs[I]), What, Locate(Defs[I]->Loc)));
  return join(Parts);
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

std::optional<bool> ValueResolver::knownTruth(const Expr *Cond) {
  std::optional<std::pair<const VarDecl *, bool>> Tested = testedVariable(Cond);
  if (!Tested)
    return std::nullopt;
  // Only a variable that keeps its first value: tested at the definition
  // and at the launch, it is the same.
  const VarDecl *V = Tested->first;
  const FunctionDecl *F = enclosingFunction(V);
  if (!F || !F->hasBody() || !V->hasLocalStorage())
    return std::nullopt;
  const DefinitionCollector &Collect = definitionsOf(V, F);
  if (Collect.Escapes || Collect.Defs.size() != (V->hasInit() ? 1u : 0u))
    return std::nullopt;
  for (const auto &[Known, Truth] : KnownConditions)
    if (auto Other = testedVariable(Known); Other && Other->first == V)
      return Truth != (Tested->second != Other->second);
  return std::nullopt;
}

ResolvedValue
ValueResolver::resolveParameter(const VarDecl *V, unsigned Depth,
                                llvm::ArrayRef<std::string> Path) {
  const auto *Parm = cast<ParmVarDecl>(V);
  const auto *F = dyn_cast<FunctionDecl>(Parm->getDeclContext());
  if (!F)
    return ResolvedValue::unknown();
  auto It = Callers.find(F);
  if (It == Callers.end() || It->second.empty())
    return ResolvedValue::unknown();
  unsigned Index = Parm->getFunctionScopeIndex();
  SmallVector<ResolvedValue, 4> Parts;
  for (const CallExpr *Call : It->second) {
    if (Index >= Call->getNumArgs())
      return ResolvedValue::unknown();
    Parts.push_back(
        withOrigin(resolvePart(Call->getArg(Index), Path, Depth + 1),
                   "parameter '" + Parm->getName().str() + "' from the caller",
                   Locate(Call->getBeginLoc())));
  }
  return join(Parts);
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
    : Ctx(Ctx), Callers(Callers), Locate(std::move(Locate)) {}

ValueResolver::~ValueResolver() = default;

const DefinitionCollector &ValueResolver::definitionsOf(const VarDecl *V,
                                                        const FunctionDecl *F) {
  // A dim3 is resolved field by field, and the occupancy-tuned test looks at
  // the same variable again: walk each function body once per variable.
  std::unique_ptr<DefinitionCollector> &Slot = Definitions[V];
  if (!Slot) {
    Slot = std::make_unique<DefinitionCollector>(V);
    Slot->TraverseStmt(F->getBody());
  }
  return *Slot;
}

} // namespace cudalint
