//===- LaunchWrappers.cpp - A launch wrapper's calls, one by one ----------===//

#include "LaunchWrappers.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace cudalint {

std::vector<CallPin> wrapperCalls(const Expr *Kernel,
                                  const FunctionDecl *Enclosing,
                                  const ValueResolver &Resolver) {
  constexpr size_t MaxWrapperCalls = 64;
  const auto *Ref =
      Kernel ? dyn_cast<DeclRefExpr>(Kernel->IgnoreParenImpCasts()) : nullptr;
  const auto *Parm = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  const auto *F =
      Parm ? dyn_cast<FunctionDecl>(Parm->getDeclContext()) : nullptr;
  std::vector<CallPin> Pins;
  if (F && F == Enclosing) {
    llvm::ArrayRef<CallOf> Calls = Resolver.callsOf(F);
    if (Calls.size() > 1 && Calls.size() <= MaxWrapperCalls &&
        llvm::none_of(Calls, [](const CallOf &C) { return C.Via; }))
      for (const CallOf &C : Calls)
        Pins.push_back({F, C.Call});
  }
  if (Pins.empty())
    Pins.push_back({});
  return Pins;
}

} // namespace cudalint
