//===- ValueResolver.cpp - The value engine's front -----------------------===//
//
// Each question goes to the engine (ResolverEngine.h) or the part that
// answers it.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Values/ValueResolver.h"

#include "ResolverEngine.h"

namespace cudalint {

ValueResolver::ValueResolver(clang::ASTContext &Ctx, const CallerIndex &Callers,
                             LocationMapper Locate)
    : Engine(
          std::make_unique<ResolverEngine>(Ctx, Callers, std::move(Locate))) {}

ValueResolver::~ValueResolver() = default;

ResolvedValue ValueResolver::resolveInt(const clang::Expr *E, CallPin Pin) {
  return Engine->resolveInt(E, Pin);
}

std::optional<bool> ValueResolver::truthOf(const clang::Expr *Cond,
                                           CallPin Pin) {
  return Engine->truthOf(Cond, Pin);
}

ValueResolver::Kernels ValueResolver::resolveKernels(const clang::Expr *E,
                                                     CallPin Pin) {
  return kernelsIn(resolveInt(E, Pin));
}

CallPin ValueResolver::choosing(CallPin Pin, const clang::Expr *Callee,
                                llvm::StringRef Mangled) {
  return Engine->choosing(Pin, Callee, Mangled);
}

ValueResolver::Kernels ValueResolver::kernelsIn(ResolvedValue R) const {
  return Engine->kernelsIn(std::move(R));
}

ResolvedValue ValueResolver::resolveMember(const clang::Expr *E,
                                           llvm::ArrayRef<std::string> Path) {
  return Engine->resolveMember(E, Path);
}

Dim3Value ValueResolver::resolveDim3(const clang::Expr *E, CallPin Pin) {
  return Engine->resolveDim3(E, Pin);
}

llvm::ArrayRef<CallOf>
ValueResolver::callsOf(const clang::FunctionDecl *F) const {
  return Engine->callsOf(F);
}

bool ValueResolver::isOccupancyTuned(const clang::Expr *E) {
  return Engine->isOccupancyTuned(E);
}

void ValueResolver::setParseStop(SourceLoc Where) {
  Engine->Definitions.setParseStop(std::move(Where));
}

std::vector<ExternalCall> ValueResolver::externalCalls() {
  return Engine->externalCalls();
}

std::vector<std::string> ValueResolver::definedFunctions() {
  return Engine->definedFunctions();
}

std::vector<std::string> ValueResolver::writtenGlobals() {
  return Engine->Definitions.writtenGlobals();
}

std::string ValueResolver::mangledName(const clang::NamedDecl *D) {
  return Engine->mangledName(D);
}

} // namespace cudalint
