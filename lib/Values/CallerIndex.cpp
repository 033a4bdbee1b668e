//===- CallerIndex.cpp - Who calls each function, and with what -----------===//
//
// A parameter's value is what the function's callers pass. The callers are
// the direct calls in the file and, for benchmark harnesses that take the
// function and its arguments (`benchmark(f, args...)` calling
// `f(std::forward<Args>(args)...)`), the harness's call through its
// function-pointer parameter. A function whose address goes anywhere else
// may be called from anywhere, so its parameters stay unknown.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Values/ValueResolver.h"

#include "ResolverSupport.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cudalint {

using resolver::isStdForwardOrMove;
using resolver::parameterType;

namespace {

/// `f`, `&f`, `(f)` as an argument: the reference to the function named.
const DeclRefExpr *namedFunction(const Expr *E) {
  return resolver::functionReference(E, /*ThroughExplicitCasts=*/false);
}

/// The parameter a call's callee is, when it calls through one.
const ParmVarDecl *calledParameter(const CallExpr *C) {
  if (C->getDirectCallee())
    return nullptr;
  const auto *DRE =
      dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts());
  return DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
}

/// Whether a parameter of type T receives a copy (or a read-only view).
bool receivesCopy(QualType T) {
  return !T->isReferenceType() || T.getNonReferenceType().isConstQualified();
}

class Indexer : public RecursiveASTVisitor<Indexer> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBodies() const { return true; }

  bool VisitCallExpr(CallExpr *C) {
    if (isa<CUDAKernelCallExpr>(C))
      return true;
    const FunctionDecl *Callee = C->getDirectCallee();
    if (const ParmVarDecl *P = calledParameter(C))
      CallsThrough[P].push_back(C);
    if (Callee) {
      Index.Calls[Callee->getCanonicalDecl()].push_back({C, nullptr});
      Callees.insert(C->getCallee()->IgnoreParenImpCasts());
    }
    unsigned Object =
        isa<CXXOperatorCallExpr>(C) && isa_and_nonnull<CXXMethodDecl>(Callee);
    for (unsigned I = Object; I < C->getNumArgs(); ++I) {
      const Expr *Arg = C->getArg(I);
      unsigned ParamIndex = I - Object;
      // Handed to a function whose body is in the file, the function is
      // called where that body calls the parameter (whose uses are the
      // definition's, not a prototype's); handed to one without a body, it
      // may be called anywhere (VisitDeclRefExpr: its address is taken).
      const FunctionDecl *Receiver = Callee ? Callee->getDefinition() : nullptr;
      if (const DeclRefExpr *F = namedFunction(Arg);
          F && Receiver && ParamIndex < Receiver->getNumParams()) {
        HandedOver.insert(F);
        Passes[cast<FunctionDecl>(F->getDecl())->getCanonicalDecl()].push_back(
            {C, Receiver->getParamDecl(ParamIndex)});
      }
      // std::forward<T>(p) / std::move(p) into a copy: p is only read there.
      QualType ParamType = parameterType(C, ParamIndex);
      if (isStdForwardOrMove(Callee) || ParamType.isNull())
        continue;
      const auto *Inner = dyn_cast<CallExpr>(Arg->IgnoreParenImpCasts());
      if (!Inner || !isStdForwardOrMove(Inner->getDirectCallee()) ||
          Inner->getNumArgs() != 1)
        continue;
      const Expr *Forwarded = Inner->getArg(0)->IgnoreParenImpCasts();
      if (receivesCopy(ParamType))
        Index.ForwardedToCopies.insert(Forwarded);
      else if (Receiver && ParamIndex < Receiver->getNumParams())
        // Into a reference parameter: read only if that one is
        // (a dispatch recursion hands its value on step by step).
        ForwardedToReferences.push_back(
            {Forwarded, Receiver->getParamDecl(ParamIndex)});
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl())) {
      // Visited after the call that contains it, so a direct callee or a
      // function handed to a parameter is known.
      if (!Callees.count(D) && !HandedOver.count(D))
        Index.AddressTaken.insert(F->getCanonicalDecl());
    } else if (const auto *P = dyn_cast<ParmVarDecl>(D->getDecl())) {
      Mentions[P].push_back(D);
    }
    return true;
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue)
      Reads.insert(C->getSubExpr()->IgnoreParens());
    return true;
  }

  CallerIndex finish() {
    for (auto &[F, Handed] : Passes) {
      if (Index.AddressTaken.count(F))
        continue;
      for (const auto &[Call, Param] : Handed) {
        // The harness must only call the parameter; stored or handed on,
        // the function may be called anywhere.
        auto Called = CallsThrough.find(Param);
        size_t Calls = Called == CallsThrough.end() ? 0 : Called->second.size();
        if (Mentions.lookup(Param).size() != Calls) {
          Index.AddressTaken.insert(F);
          break;
        }
        if (Calls == 0)
          continue; // handed over and never called there
        for (const CallExpr *Through : Called->second)
          Index.Calls[F].push_back({Through, Call});
      }
    }
    for (const FunctionDecl *F : Index.AddressTaken)
      Index.Calls.erase(F);
    // Until nothing changes: a reference forwarded to a read-only one is
    // read only there, which may make its own parameter read-only.
    bool Changed = true;
    while (Changed) {
      Changed = false;
      for (const auto &[P, Refs] : Mentions)
        if (P->getType()->isReferenceType() &&
            !P->getType().getNonReferenceType().isConstQualified() &&
            !Index.ReadOnlyReferences.count(P) &&
            llvm::all_of(Refs, [&](const DeclRefExpr *D) {
              return Reads.count(D) || Index.ForwardedToCopies.count(D);
            }))
          Changed |= Index.ReadOnlyReferences.insert(P).second;
      for (const auto &[Forwarded, Param] : ForwardedToReferences)
        if (readOnly(Param))
          Changed |= Index.ForwardedToCopies.insert(Forwarded).second;
    }
    return std::move(Index);
  }

  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->doesThisDeclarationHaveABody())
      WithBodies.insert(F);
    return true;
  }

private:
  /// Whether the reference parameter P of a function whose body was
  /// walked is only read: found so, or never mentioned.
  bool readOnly(const ParmVarDecl *P) const {
    const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
    return Index.ReadOnlyReferences.count(P) ||
           (F && WithBodies.count(F) && !Mentions.count(P));
  }

  CallerIndex Index;
  /// `std::forward<S>(s)` handed to a reference parameter, with it.
  llvm::SmallVector<std::pair<const Expr *, const ParmVarDecl *>, 8>
      ForwardedToReferences;
  llvm::DenseSet<const FunctionDecl *> WithBodies;
  llvm::DenseSet<const Expr *> Callees, HandedOver, Reads;
  llvm::DenseMap<
      const FunctionDecl *,
      llvm::SmallVector<std::pair<const CallExpr *, const ParmVarDecl *>, 2>>
      Passes;
  llvm::DenseMap<const ParmVarDecl *, llvm::SmallVector<const CallExpr *, 2>>
      CallsThrough;
  llvm::DenseMap<const ParmVarDecl *, llvm::SmallVector<const DeclRefExpr *, 4>>
      Mentions;
};

} // namespace

ArrayRef<CallOf> CallerIndex::callsOf(const FunctionDecl *F) const {
  auto It = Calls.find(F->getCanonicalDecl());
  if (It == Calls.end())
    return {};
  return It->second;
}

bool CallerIndex::addressTaken(const FunctionDecl *F) const {
  return AddressTaken.count(F->getCanonicalDecl());
}

CallerIndex indexCallers(ASTContext &Ctx) {
  Indexer I;
  I.TraverseDecl(Ctx.getTranslationUnitDecl());
  return I.finish();
}

} // namespace cudalint
