//===- OnceFlags.cpp - Flags that say a setting was made before -----------===//

#include "cudalint/Values/OnceFlags.h"

#include "ResolverSupport.h"

#include "clang/AST/APValue.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cudalint {

namespace {

/// A bool or integer, or an array of them: what a flag can be.
bool isFlagType(QualType T) {
  while (const ArrayType *A = T->getAsArrayTypeUnsafe())
    T = A->getElementType();
  return T->isIntegerType();
}

bool isZero(const APValue &V) {
  if (V.isInt())
    return V.getInt().isZero();
  if (V.isArray()) {
    for (unsigned I = 0; I < V.getArrayInitializedElts(); ++I)
      if (!isZero(V.getArrayInitializedElt(I)))
        return false;
    return !V.hasArrayFiller() || isZero(V.getArrayFiller());
  }
  return false;
}

/// Whether the flag starts zero: no initialiser (static storage is
/// zero-initialised) or a constant one that is all zero.
bool startsZero(const VarDecl *Flag) {
  if (!Flag->hasInit())
    return true;
  const APValue *Init = Flag->evaluateValue();
  return Init && isZero(*Init);
}

/// The variable E names, directly or as the array of an element `f[i]`.
const VarDecl *flagOf(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Element = dyn_cast<ArraySubscriptExpr>(E))
    E = Element->getBase()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// Collects the references to variables of static storage.
struct StaticReferences : RecursiveASTVisitor<StaticReferences> {
  llvm::DenseMap<const VarDecl *, std::vector<const DeclRefExpr *>> &Out;
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
        V && V->hasGlobalStorage())
      Out[V->getCanonicalDecl()].push_back(Ref);
    return true;
  }
};

} // namespace

std::optional<OnceFlags::FlagTest> OnceFlags::flagTest(const Expr *Cond) const {
  if (!Cond)
    return std::nullopt;
  bool Negated = false;
  const Expr *E = resolver::underNegations(Cond, Negated);
  if (!E)
    return std::nullopt;
  const VarDecl *Flag = nullptr;
  bool TrueWhenSet = true;
  if (const auto *Cmp = dyn_cast<BinaryOperator>(E)) {
    if (!Cmp->isEqualityOp())
      return std::nullopt;
    // `f == 0` is true when it is not set, `f == 1` only when it is;
    // `f != ...` the other way round.
    const Expr *Other = Cmp->getRHS();
    Flag = flagOf(Cmp->getLHS());
    if (!Flag) {
      Other = Cmp->getLHS();
      Flag = flagOf(Cmp->getRHS());
    }
    Expr::EvalResult Value;
    if (!Flag || !Other->EvaluateAsInt(Value, Ctx))
      return std::nullopt;
    TrueWhenSet = !Value.Val.getInt().isZero();
    if (Cmp->getOpcode() == BO_NE)
      TrueWhenSet = !TrueWhenSet;
  } else {
    Flag = flagOf(E);
  }
  if (!Flag)
    return std::nullopt;
  return FlagTest{Flag->getCanonicalDecl(), TrueWhenSet != Negated};
}

const OnceFlags::Uses &OnceFlags::usesOf(const VarDecl *Flag) {
  auto [It, New] = UsesOf.try_emplace(Flag);
  if (!New)
    return It->second;
  if (!References) {
    References.emplace();
    StaticReferences Walk{{}, *References};
    Walk.TraverseDecl(Ctx.getTranslationUnitDecl());
  }
  Uses &U = It->second;
  auto Parent = [&](const Stmt *S) -> const Stmt * {
    DynTypedNodeList Parents = Ctx.getParents(*S);
    return Parents.size() == 1 ? Parents[0].get<Stmt>() : nullptr;
  };
  for (const DeclRefExpr *Ref : (*References)[Flag]) {
    // The flag, or one of its elements, as an lvalue.
    const Stmt *Place = Ref;
    const Stmt *Up = Parent(Place);
    while (Up && (isa<ParenExpr>(Up) ||
                  (isa<ImplicitCastExpr>(Up) &&
                   cast<ImplicitCastExpr>(Up)->getCastKind() ==
                       CK_ArrayToPointerDecay) ||
                  (isa<ArraySubscriptExpr>(Up) &&
                   cast<ArraySubscriptExpr>(Up)->getBase()->IgnoreParens() ==
                       Place))) {
      Place = Up;
      Up = Parent(Place);
    }
    if (const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(Up);
        Read && Read->getCastKind() == CK_LValueToRValue)
      continue;
    const auto *Assign = dyn_cast_or_null<BinaryOperator>(Up);
    if (!Assign || Assign->getOpcode() != BO_Assign ||
        Assign->getLHS()->IgnoreParens() != Place) {
      U.Escapes = true;
      break;
    }
    Expr::EvalResult Value;
    if (!Assign->getRHS()->EvaluateAsInt(Value, Ctx) ||
        !Value.Val.getInt().isZero())
      U.NonZeroWrites.push_back(Assign);
  }
  return U;
}

bool OnceFlags::qualifies(const VarDecl *Flag, const Stmt *Setting,
                          const FunctionFlow &Flow) {
  auto [It, New] = Qualifies.try_emplace({Flag, Setting}, false);
  if (!New)
    return It->second;
  // Another file could set a flag it can name.
  if (!Flag->hasGlobalStorage() || !isFlagType(Flag->getType()) ||
      (!Flag->isStaticLocal() && Flag->isExternallyVisible()) ||
      !startsZero(Flag))
    return false;
  const Uses &U = usesOf(Flag);
  if (U.Escapes || U.NonZeroWrites.empty())
    return false;
  auto Anywhere = [](const CFGBlock &, unsigned) { return true; };
  for (const Stmt *Write : U.NonZeroWrites)
    if (!Flow.contains(Write) || !Flow.contains(Setting) ||
        Flow.reachesAlong(nullptr, {Setting}, Write, Anywhere))
      return false;
  return It->second = true;
}

bool OnceFlags::takenOnlyAfter(const CFGBlock &B, unsigned I,
                               const Stmt *Setting, const FunctionFlow &Flow) {
  if (B.succ_size() != 2 || I > 1 ||
      isa_and_nonnull<SwitchStmt>(B.getTerminatorStmt()))
    return false;
  std::optional<FlagTest> Test = flagTest(B.getLastCondition());
  // Successor 0 is taken when the condition is true.
  return Test && Test->TrueWhenSet == (I == 0) &&
         qualifies(Test->Flag, Setting, Flow);
}

} // namespace cudalint
