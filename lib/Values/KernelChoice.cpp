//===- KernelChoice.cpp - Launch values under the choice of their kernel --===//
//
// `k = wide ? kw : kn; t = wide ? 256 : 128; k<<<8, t>>>`: a launch through
// a pointer is checked once per kernel it may hold, and the condition that
// chooses a kernel holds for that kernel's launch values too: kn runs with
// 128 only. The choice is read from the ternaries that pick the kernel, in
// the callee or in the initialiser of a variable that keeps its first
// value; the launch values are then resolved with those conditions known,
// as if the launch sat under `if (!wide)` (knownTruth, which also follows a
// helper's parameter to the caller's variable: `t = pick(wide)`).
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "ResolverSupport.h"

#include "cudalint/Facts/SymbolicValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/GlobalDecl.h"
#include "clang/AST/Mangle.h"

using namespace clang;

namespace cudalint {

using namespace resolver;

namespace {

/// Whether E may give Kernel; where only one side of a ternary may, its
/// condition with the truth that side needs goes to Conditions.
bool mayChoose(const Expr *E, const FunctionDecl *Kernel,
               SmallVectorImpl<std::pair<const Expr *, bool>> &Conditions) {
  E = E->IgnoreParenCasts();
  if (const FunctionDecl *K = namedKernel(E))
    return K->getCanonicalDecl() == Kernel->getCanonicalDecl();
  const auto *T = dyn_cast<ConditionalOperator>(E);
  if (!T)
    return true; // another value: it may hold anything
  SmallVector<std::pair<const Expr *, bool>, 2> OnTrue, OnFalse;
  bool True = mayChoose(T->getTrueExpr(), Kernel, OnTrue);
  bool False = mayChoose(T->getFalseExpr(), Kernel, OnFalse);
  if (True != False) {
    Conditions.push_back({T->getCond(), True});
    Conditions.append(True ? OnTrue.begin() : OnFalse.begin(),
                      True ? OnTrue.end() : OnFalse.end());
  }
  return True || False;
}

/// The positions of Array that may hold Kernel: those of its initialiser
/// that name it when the array keeps its first value, every one of its N
/// otherwise (an index outside [0, N) is undefined).
std::pair<int64_t, int64_t> positionsHolding(const VarDecl *Array, int64_t N,
                                             const FunctionDecl *Kernel,
                                             bool KeepsInitialiser) {
  const auto *Init = KeepsInitialiser
                         ? dyn_cast_or_null<InitListExpr>(Array->getInit())
                         : nullptr;
  if (!Init)
    return {0, N - 1};
  std::optional<int64_t> Lo, Hi;
  for (unsigned I = 0; I < Init->getNumInits(); ++I) {
    SmallVector<std::pair<const Expr *, bool>, 2> Ignored;
    if (!mayChoose(Init->getInit(I), Kernel, Ignored))
      continue;
    Lo = Lo ? *Lo : int64_t(I);
    Hi = I;
  }
  // (An element past the written ones is null: it holds no kernel.)
  return Lo ? std::pair(*Lo, *Hi) : std::pair<int64_t, int64_t>(0, N - 1);
}

} // namespace

ResolvedValue ResolverEngine::underKernelIndex(ResolvedValue V, CallPin Pin,
                                               const ValueQuery &Q) {
  if (!V.isSymbolic() || !Pin.Kernel || !Pin.KernelCallee)
    return V;
  const auto *Sub =
      dyn_cast<ArraySubscriptExpr>(Pin.KernelCallee->IgnoreParenCasts());
  const auto *Base =
      Sub ? dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts())
          : nullptr;
  const auto *Array = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
  const ConstantArrayType *Type =
      Array ? Ctx.getAsConstantArrayType(Array->getType()) : nullptr;
  if (!Type || Type->getSize().isZero())
    return V;
  auto [Lo, Hi] =
      positionsHolding(Array, Type->getSize().getZExtValue(), Pin.Kernel,
                       Array->isLocalVarDecl() && keepsFirstValue(Array));
  // `kernel[t - 1]<<<1, 512, 512 * t>>>` with `kernel` an array of 8: on
  // every defined path t is in [1, 8], and for its element 0 t is 1. (An
  // index of other inputs says nothing of V's.)
  ResolvedValue Index = resolveInt(Sub->getIdx(), Q.deeper());
  if (!sharesInputs(Index, V))
    return V;
  std::optional<ResolvedValue> Chosen =
      symbolicWhen(V, Index, ComparisonBounds{Lo, Hi, std::nullopt});
  return Chosen ? std::move(*Chosen) : std::move(V);
}

void ResolverEngine::addKernelChoice(QueryScope &Scope, CallPin Pin) {
  if (!Pin.Kernel || !Pin.KernelCallee)
    return;
  const Expr *Chooser = Pin.KernelCallee->IgnoreParenCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Chooser))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      // Its one value all along: the initialiser's choice.
      if (!keepsFirstValue(V) || !V->getInit())
        return;
      Chooser = V->getInit();
    }
  SmallVector<std::pair<const Expr *, bool>, 2> Conditions;
  mayChoose(Chooser, Pin.Kernel, Conditions);
  Scope.KnownConditions.append(Conditions.begin(), Conditions.end());
}

CallPin ResolverEngine::choosing(CallPin Pin, const Expr *Callee,
                                 llvm::StringRef Mangled) {
  if (!Callee || namedKernel(Callee))
    return Pin;
  for (const FunctionDecl *K : kernelsIn(resolveInt(Callee, Pin)).Possible) {
    // The device entry's name, as the launch site has it.
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    if (Mangler->shouldMangleDeclName(K))
      Mangler->mangleName(GlobalDecl(K, KernelReferenceKind::Kernel), OS);
    else
      Name = K->getName().str();
    if (Name == Mangled) {
      Pin.Kernel = K;
      Pin.KernelCallee = Callee;
      break;
    }
  }
  return Pin;
}

} // namespace cudalint
