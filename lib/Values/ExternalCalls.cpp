//===- ExternalCalls.cpp - What this file passes to other files' functions ===//
//
// A launch helper defined in kernels.cu and called only from main.cpp has
// no caller in its own file. Each file therefore records its calls of the
// functions it declares but does not define, with the integer arguments
// resolved here, and the functions it defines; a run over several files
// hands the calls to the helper's parameters (resolveAcrossUnits).
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "ResolverSupport.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <tuple>

using namespace clang;

namespace cudalint {

namespace {

/// A user function another file may define, with an integer or dim3
/// parameter.
bool mayBeDefinedElsewhere(const FunctionDecl *F, const SourceManager &SM) {
  return !F->hasBody() && F->isExternallyVisible() && !F->getBuiltinID() &&
         !SM.isInSystemHeader(F->getLocation()) &&
         llvm::any_of(F->parameters(), [](const ParmVarDecl *P) {
           return P->getType()->isIntegerType() ||
                  resolver::isDim3(P->getType());
         });
}

} // namespace

std::vector<ExternalCall> ResolverEngine::externalCalls() {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<ExternalCall> Out;
  for (const auto &[F, Calls] : Callers.Calls) {
    if (!mayBeDefinedElsewhere(F, SM))
      continue;
    std::string Name = mangledName(F);
    for (const CallOf &C : Calls) {
      if (C.Via || C.Call->isInstantiationDependent() ||
          SM.isInSystemHeader(SM.getExpansionLoc(C.Call->getBeginLoc())) ||
          C.Call->getNumArgs() < F->getNumParams())
        continue;
      ExternalCall Call{Locate(C.Call->getBeginLoc()), Name, {}, {}};
      for (const ParmVarDecl *P : F->parameters()) {
        const Expr *Arg = C.Call->getArg(P->getFunctionScopeIndex());
        Call.Arguments.push_back(P->getType()->isIntegerType()
                                     ? resolveInt(Arg)
                                     : ResolvedValue::unknown());
        Call.Dim3Arguments.push_back(
            resolver::isDim3(P->getType()) ? resolveDim3(Arg) : Dim3Value());
      }
      Out.push_back(std::move(Call));
    }
  }
  std::sort(
      Out.begin(), Out.end(), [](const ExternalCall &A, const ExternalCall &B) {
        return std::tie(A.Loc.File, A.Loc.Line, A.Loc.Column, A.Function) <
               std::tie(B.Loc.File, B.Loc.Line, B.Loc.Column, B.Function);
      });
  return Out;
}

std::vector<std::string> ResolverEngine::definedFunctions() {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<std::string> Out;
  // Namespaces and extern "C" blocks hold definitions too.
  std::vector<const DeclContext *> Scopes = {Ctx.getTranslationUnitDecl()};
  while (!Scopes.empty()) {
    const DeclContext *Scope = Scopes.back();
    Scopes.pop_back();
    for (const Decl *D : Scope->decls()) {
      if (isa<NamespaceDecl, LinkageSpecDecl>(D)) {
        Scopes.push_back(cast<DeclContext>(D));
        continue;
      }
      const auto *F = dyn_cast<FunctionDecl>(D);
      if (const auto *T = dyn_cast<FunctionTemplateDecl>(D))
        F = T->getTemplatedDecl();
      if (!F)
        continue;
      // A template's explicit instantiations are its definitions here.
      llvm::SmallVector<const FunctionDecl *, 4> Defined = {F};
      if (const FunctionTemplateDecl *T = F->getDescribedFunctionTemplate())
        for (const FunctionDecl *Spec : T->specializations())
          Defined.push_back(Spec);
      for (const FunctionDecl *Def : Defined)
        if (Def->doesThisDeclarationHaveABody() && Def->isExternallyVisible() &&
            !Def->isInlined() && !Def->isDependentContext() &&
            SM.isInMainFile(SM.getExpansionLoc(Def->getLocation())))
          Out.push_back(mangledName(Def));
    }
  }
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

} // namespace cudalint
