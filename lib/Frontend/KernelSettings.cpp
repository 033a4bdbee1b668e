//===- KernelSettings.cpp - cudaFuncSetAttribute & co. as facts -----------===//

#include "KernelSettings.h"

#include "LaunchApis.h"
#include "cudalint/Values/ValueResolver.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"

using namespace clang;

namespace cudalint {

KernelSettingCollector::KernelSettingCollector(ASTContext &Ctx,
                                               ValueResolver &Resolver,
                                               FactNames Names)
    : Ctx(Ctx), Resolver(Resolver), Names(std::move(Names)), Flags(Ctx) {}

KernelSettingCollector::~KernelSettingCollector() = default;

std::vector<KernelSetting> KernelSettingCollector::collect(
    const CallExpr *Call, llvm::StringRef Api, const FunctionDecl *Named,
    const FunctionDecl *Current, const LaunchSite::Guard &Guard) {
  bool IsCacheConfig = Api.ends_with("SetCacheConfig");
  KernelSetting S;
  S.Loc = Names.Locate(Call->getBeginLoc());
  S.Api = Api.str();
  S.DeviceGuard = Guard;
  if (IsCacheConfig) {
    S.Attribute = "CacheConfig";
  } else {
    // The enumerator's name, found through its value so that a constant
    // holding it works too.
    ResolvedValue Attr = Resolver.resolveInt(Call->getArg(1));
    const EnumType *Enum =
        Call->getArg(1)->IgnoreParenImpCasts()->getType()->getAs<EnumType>();
    if (Attr.isConstant() && Enum)
      for (const EnumConstantDecl *E : Enum->getDecl()->enumerators())
        if (E->getInitVal() == Attr.value())
          S.Attribute = E->getName().str();
    S.Attribute = functionAttributeName(S.Attribute);
  }
  S.Value = Resolver.resolveInt(Call->getArg(IsCacheConfig ? 1 : 2));

  // The kernel, or each kernel a pointer may hold (`auto kernel = k<T, 8>;`
  // then `cudaFuncSetAttribute(kernel, ...)`): the setting is each one's.
  std::vector<const FunctionDecl *> Kernels;
  std::string Unknown;
  if (Named) {
    Kernels = {Named};
  } else {
    ValueResolver::Kernels Possible = Resolver.resolveKernels(Call->getArg(0));
    Kernels = Possible.Possible;
    Unknown =
        Possible.Reason.empty() ? "its kernel is not known" : Possible.Reason;
  }
  bool MayOptIn =
      S.Attribute == "MaxDynamicSharedMemorySize" || S.Attribute.empty();
  std::vector<KernelSetting> Out;
  for (const FunctionDecl *K : Kernels) {
    Out.push_back(S);
    Out.back().Kernel = Names.Display(K);
    Out.back().Mangled = Names.Mangled(K);
  }
  if (Kernels.empty())
    Out.push_back(S);
  if (Current)
    for (const KernelSetting &One : Out)
      Calls.push_back({Call, Current, One.Mangled, MayOptIn, Unknown});
  return Out;
}

const FunctionFlow *KernelSettingCollector::flowOf(const FunctionDecl *F) {
  // Built once per function, a failure included.
  auto [It, New] = Flows.try_emplace(F);
  if (New)
    It->second = FunctionFlow::build(F, Ctx);
  return It->second.get();
}

bool KernelSettingCollector::neverTaken(const CFGBlock &B, unsigned I) {
  const Stmt *Branch = B.getTerminatorStmt();
  if (B.succ_size() != 2 || !Branch ||
      !isa<IfStmt, ConditionalOperator, BinaryOperator>(Branch))
    return false;
  auto [It, New] = Tests.try_emplace(&B);
  if (New)
    if (const auto *Condition =
            dyn_cast_or_null<Expr>(B.getTerminatorCondition()))
      It->second = Resolver.truthOf(Condition);
  // Successor 0 is the edge taken when the test holds.
  const std::optional<bool> &Truth = It->second;
  return Truth && *Truth == (I == 1);
}

void KernelSettingCollector::describeLaunch(LaunchSite &L, const Stmt *Launch,
                                            const FunctionDecl *Current) {
  auto Anywhere = [](const CFGBlock &, unsigned) { return true; };
  for (const Made &M : Calls) {
    if (M.Function != Current || (!M.Mangled.empty() && M.Mangled != L.Mangled))
      continue;
    if (M.Mangled.empty() && !M.MayOptIn)
      continue;
    // Where the CFG cannot tell, the setting counts as made on every path
    // and no unknown opt-in is said to reach the launch.
    const FunctionFlow *Flow = flowOf(Current);
    if (!Flow || !Flow->contains(M.Call) || !Flow->contains(Launch))
      continue;
    if (M.Mangled.empty()) {
      if (Flow->reachesAlong(M.Call, {}, Launch, Anywhere))
        L.OptInsOfUnknownKernel.push_back(
            {M.Unknown, Names.Locate(M.Call->getBeginLoc()), false, ""});
      continue;
    }
    // A path from the entry that goes around the call, but not one that
    // only runs when a flag says an earlier run made it, nor one through a
    // branch whose test the values decide the other way (`if (smem > 46 *
    // 1024)` opts in wherever smem is that large).
    if (Flow->reachesAlong(
            nullptr, {M.Call}, Launch, [&](const CFGBlock &B, unsigned I) {
              return !Flags.takenOnlyAfter(B, I, M.Call, *Flow) &&
                     !neverTaken(B, I);
            }))
      L.SettingsSkippedOnSomePath.push_back(
          Names.Locate(M.Call->getBeginLoc()));
  }
}

} // namespace cudalint
