//===- LaunchApis.cpp - Which calls launch a kernel -----------------------===//

#include "LaunchApis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cudalint {

namespace {

/// Name without the per-thread default stream suffixes the runtime and
/// driver headers map the API to under CUDA_API_PER_THREAD_DEFAULT_STREAM.
llvm::StringRef withoutStreamSuffix(llvm::StringRef Name) {
  Name.consume_back("_ptsz") || Name.consume_back("_ptds");
  return Name;
}

/// The function type a call through a pointer or reference calls.
QualType calledFunctionType(const CallExpr *Call) {
  QualType T = Call->getCallee()->IgnoreParens()->getType();
  if (const auto *P = T->getAs<PointerType>())
    T = P->getPointeeType();
  else if (const auto *R = T->getAs<ReferenceType>())
    T = R->getPointeeType();
  return T->isFunctionProtoType() ? T : QualType();
}

} // namespace

const std::vector<std::pair<const LaunchApi *, QualType>> &
LaunchApiFinder::types() {
  if (Types)
    return *Types;
  Types.emplace();
  TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  for (const LaunchApi &Api : LaunchApis)
    for (const std::string &Name :
         {std::string(Api.Name), Api.Name + std::string("_ptsz")})
      for (const NamedDecl *D :
           TU->lookup(DeclarationName(&Ctx.Idents.get(Name))))
        // Overloads with a kernel pointer of any type (templates) are no
        // pointer's type.
        if (const auto *FD = dyn_cast<FunctionDecl>(D))
          Types->push_back({&Api, FD->getType()});
  return *Types;
}

std::optional<LaunchCall> LaunchApiFinder::find(const CallExpr *Call) {
  LaunchCall Found;
  if (const FunctionDecl *Callee = Call->getDirectCallee()) {
    if (!Callee->getIdentifier())
      return std::nullopt;
    llvm::StringRef Name = withoutStreamSuffix(Callee->getName());
    for (const LaunchApi &Api : LaunchApis)
      if (Name == Api.Name)
        Found.Api = &Api;
  } else if (QualType Called = calledFunctionType(Call); !Called.isNull()) {
    // Only the types are compared; a pointer's own name says nothing.
    for (const auto &[Api, Type] : types()) {
      if (!Ctx.hasSameType(Called, Type) || Found.Api == Api)
        continue;
      if (Found.Api)
        Found.Ambiguous = true; // the values are where the first keeps them
      else
        Found.Api = Api;
    }
  }
  if (!Found.Api || Call->getNumArgs() < Found.Api->MinArgs)
    return std::nullopt;
  return Found;
}

const char *chevronLaunchApi(const Expr *Config, const ASTContext &Ctx) {
  if (!Config)
    return "<<<>>>";
  const SourceManager &SM = Ctx.getSourceManager();
  // The macros the '<<<' came through, innermost first.
  for (SourceLocation Loc = Config->getBeginLoc(); Loc.isMacroID();
       Loc = SM.getImmediateMacroCallerLoc(Loc))
    if (Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts()) ==
        "hipLaunchKernelGGL")
      return "hipLaunchKernelGGL";
  return "<<<>>>";
}

std::string functionAttributeName(llvm::StringRef Enumerator) {
  if (!Enumerator.consume_front("cudaFuncAttribute"))
    Enumerator.consume_front("hipFuncAttribute");
  return llvm::StringSwitch<std::string>(Enumerator)
      .Case("CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES",
            "MaxDynamicSharedMemorySize")
      .Case("CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT",
            "PreferredSharedMemoryCarveout")
      .Case("CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED",
            "NonPortableClusterSizeAllowed")
      .Default(Enumerator.str());
}

bool isKernelSettingCall(llvm::StringRef Name, unsigned NumArgs) {
  if (!Name.consume_front("cudaFuncSet") && !Name.consume_front("cuFuncSet") &&
      !Name.consume_front("hipFuncSet"))
    return false;
  return (Name == "Attribute" && NumArgs == 3) ||
         (Name == "CacheConfig" && NumArgs == 2);
}

} // namespace cudalint
