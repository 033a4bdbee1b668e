//===- BranchRoots.cpp - What a branch condition can depend on ------------===//

#include "cudalint/Values/BranchRoots.h"

#include "ResolverSupport.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <iterator>

using namespace clang;

namespace cudalint {

namespace {

void normalize(RootSet &S) {
  llvm::sort(S);
  S.erase(std::unique(S.begin(), S.end()), S.end());
}

bool isLocal(const VarDecl *V) { return V->hasLocalStorage(); }

/// A variable of the function itself: followed to its sources.
const VarDecl *localVariable(const Decl *D) {
  const auto *V = dyn_cast_or_null<VarDecl>(D);
  return V && isLocal(V) ? V : nullptr;
}

/// What E reads directly: the function's variables, and tokens for callees,
/// fields and globals that are not constants.
class Atoms : public RecursiveASTVisitor<Atoms> {
public:
  RootSet Found;

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      if (isLocal(V) || !(V->getType().isConstQualified() && V->hasInit()))
        Found.push_back(V);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *E) {
    Found.push_back(E->getMemberDecl());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const Decl *Callee = C->getCalleeDecl();
    // std::forward and std::move are their argument.
    if (!resolver::isStdForwardOrMove(dyn_cast_or_null<FunctionDecl>(Callee)))
      Found.push_back(Callee);
    return true;
  }
  // sizeof reads nothing; a lambda's body is another function.
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
    return true;
  }
  bool TraverseLambdaExpr(LambdaExpr *) {
    Found.push_back(nullptr);
    return true;
  }
  bool TraverseTypeLoc(TypeLoc) { return true; }
};

RootSet atomsOf(const Expr *E) {
  Atoms A;
  if (E)
    A.TraverseStmt(const_cast<Expr *>(E));
  else
    A.Found.push_back(nullptr);
  normalize(A.Found);
  return std::move(A.Found);
}

/// The variable an assignment target or an address is of: `v`, `v.x`,
/// `v[i]`.
const VarDecl *targetVariable(const Expr *E) {
  E = resolver::memberBase(E);
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE ? localVariable(DRE->getDecl()) : nullptr;
}

} // namespace

/// For each variable of a function, what its definitions read.
struct BranchRoots::FunctionSources
    : public RecursiveASTVisitor<BranchRoots::FunctionSources> {
  explicit FunctionSources(
      const llvm::DenseSet<const ParmVarDecl *> &ReadOnlyReferences)
      : ReadOnlyReferences(ReadOnlyReferences) {}
  const llvm::DenseSet<const ParmVarDecl *> &ReadOnlyReferences;
  llvm::DenseMap<const VarDecl *, RootSet> Direct;
  llvm::DenseMap<const VarDecl *, RootSet> Closure;
  llvm::DenseSet<const UnaryOperator *> PassedAddresses;

  void add(const VarDecl *V, const RootSet &S) {
    if (V)
      Direct[V].append(S.begin(), S.end());
  }
  bool VisitVarDecl(VarDecl *D) {
    if (isLocal(D) && D->hasInit())
      add(D, atomsOf(D->getInit()));
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp()) {
      RootSet S = atomsOf(B->getRHS());
      RootSet Target = atomsOf(B->getLHS()); // indices of v[i] = ...
      S.append(Target.begin(), Target.end());
      add(targetVariable(B->getLHS()), S);
    }
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const Decl *Callee = C->getCalleeDecl();
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C);
        Op && Op->isAssignmentOp() && Op->getNumArgs() == 2)
      add(targetVariable(Op->getArg(0)), atomsOf(Op->getArg(1)));
    const auto *F = dyn_cast_or_null<FunctionDecl>(Callee);
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      const Expr *Arg = C->getArg(I)->IgnoreParenImpCasts();
      if (const auto *U = dyn_cast<UnaryOperator>(Arg);
          U && U->getOpcode() == UO_AddrOf) {
        // Written through its address by the callee.
        PassedAddresses.insert(U);
        add(targetVariable(U->getSubExpr()), {Callee});
        continue;
      }
      const ParmVarDecl *P =
          F && I < F->getNumParams() ? F->getParamDecl(I) : nullptr;
      if (P && P->getType()->isReferenceType() &&
          !P->getType().getNonReferenceType().isConstQualified() &&
          !ReadOnlyReferences.count(P))
        add(targetVariable(Arg), {Callee});
    }
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf && !PassedAddresses.count(U))
      add(targetVariable(U->getSubExpr()), {nullptr});
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        add(localVariable(C.getCapturedVar()), {nullptr});
    return true;
  }

  const RootSet &closureOf(const VarDecl *V) {
    auto It = Closure.find(V);
    if (It != Closure.end())
      return It->second;
    RootSet Out = {V};
    llvm::SmallVector<const VarDecl *, 8> Work = {V};
    llvm::DenseSet<const VarDecl *> Seen = {V};
    while (!Work.empty()) {
      const VarDecl *Next = Work.pop_back_val();
      for (const Decl *D : Direct.lookup(Next)) {
        const VarDecl *Local = localVariable(D);
        if (!Local) {
          Out.push_back(D);
        } else if (Seen.insert(Local).second) {
          Out.push_back(Local);
          Work.push_back(Local);
        }
      }
    }
    normalize(Out);
    return Closure[V] = std::move(Out);
  }
};

bool correlated(const RootSet &A, const RootSet &B) {
  auto HasParameter = [](const RootSet &S) {
    return llvm::any_of(
        S, [](const Decl *D) { return isa_and_nonnull<ParmVarDecl>(D); });
  };
  RootSet Both;
  std::set_intersection(A.begin(), A.end(), B.begin(), B.end(),
                        std::back_inserter(Both));
  return !Both.empty() || (HasParameter(A) && HasParameter(B));
}

bool mayDependOnEachOther(const WayCondition &A, const WayCondition &B) {
  if (A.Cond && A.Cond == B.Cond)
    return false; // one branch, taken the same way
  return !A.Cond || !B.Cond || correlated(A.Roots, B.Roots);
}

BranchRoots::BranchRoots(
    const llvm::DenseSet<const ParmVarDecl *> &ReadOnlyReferences)
    : ReadOnlyReferences(ReadOnlyReferences) {}
BranchRoots::~BranchRoots() = default;

BranchRoots::FunctionSources &BranchRoots::sourcesOf(const FunctionDecl *F) {
  std::unique_ptr<FunctionSources> &S = Functions[F];
  if (!S) {
    S = std::make_unique<FunctionSources>(ReadOnlyReferences);
    if (F && F->hasBody())
      S->TraverseStmt(F->getBody());
  }
  return *S;
}

RootSet BranchRoots::rootsOf(const Expr *E, const FunctionDecl *F) {
  // The same conditions come back on every way through their function.
  auto [Known, New] = Memo.try_emplace({E, F});
  if (!New)
    return Known->second;
  FunctionSources &Sources = sourcesOf(F);
  RootSet Out;
  for (const Decl *D : atomsOf(E)) {
    if (const VarDecl *V = localVariable(D)) {
      const RootSet &C = Sources.closureOf(V);
      Out.append(C.begin(), C.end());
    } else {
      Out.push_back(D);
    }
  }
  normalize(Out);
  // (Nothing since try_emplace has touched Memo: Known still holds.)
  return Known->second = std::move(Out);
}

RootSet BranchRoots::throughCall(const RootSet &S, const FunctionDecl *F,
                                 const CallExpr *Call,
                                 const FunctionDecl *Caller) {
  RootSet Out;
  for (const Decl *D : S) {
    const auto *P = dyn_cast_or_null<ParmVarDecl>(D);
    if (P && P->getDeclContext() == F) {
      // A member operator's call lists the object first.
      unsigned Index =
          P->getFunctionScopeIndex() +
          (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(F));
      if (Index < Call->getNumArgs()) {
        RootSet A = rootsOf(Call->getArg(Index), Caller);
        Out.append(A.begin(), A.end());
      } else {
        Out.push_back(nullptr);
      }
    } else if (!localVariable(D)) {
      Out.push_back(D);
    }
  }
  normalize(Out);
  return Out;
}

} // namespace cudalint
