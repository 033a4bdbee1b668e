//===- KnownFunctions.cpp - Library functions by meaning ------------------===//

#include "cudalint/Values/KnownFunctions.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cudalint {

std::optional<std::pair<KnownMeaning, KnownScope>>
knownFunctionNamed(llvm::StringRef Name) {
  Name.consume_front("__builtin_");
  using Entry = std::optional<std::pair<KnownMeaning, KnownScope>>;
  return llvm::StringSwitch<Entry>(Name)
#define CUDALINT_KNOWN_FUNCTION(Name, Meaning, Scope)                          \
  .Case(#Name, std::pair(KnownMeaning::Meaning, KnownScope::Scope))
#include "KnownFunctions.def"
      .Default(std::nullopt);
}

namespace {

/// Whether F is declared where an entry of Scope counts.
bool inScope(const FunctionDecl *F, KnownScope Scope) {
  switch (Scope) {
  case KnownScope::AnyScope:
    return true;
  case KnownScope::StdOnly:
    return F->isInStdNamespace();
  case KnownScope::StdMember: {
    const auto *M = dyn_cast<CXXMethodDecl>(F);
    return M && M->getParent()->isInStdNamespace();
  }
  case KnownScope::StdOrGlobal: {
    if (F->getBuiltinID())
      return true;
    // The C library's function, or its std:: overloads (libstdc++ declares
    // some in std::__1 or an inline namespace).
    const DeclContext *DC = F->getDeclContext()->getRedeclContext();
    while (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (!NS->isInline() && !NS->isStdNamespace())
        return false;
      DC = NS->getParent()->getRedeclContext();
    }
    return DC->isTranslationUnit() || DC->isExternCContext();
  }
  }
  llvm_unreachable("unknown scope");
}

} // namespace

std::optional<KnownMeaning> knownFunction(const FunctionDecl *F) {
  if (!F || !F->getIdentifier())
    return std::nullopt;
  auto Known = knownFunctionNamed(F->getName());
  if (!Known || !inScope(F, Known->second))
    return std::nullopt;
  return Known->first;
}

std::optional<KnownRole> knownRole(const FunctionDecl *F) {
  if (!F || !F->getIdentifier())
    return std::nullopt;
  StringRef Name = F->getName();
  using Entry = std::optional<std::pair<KnownRole, KnownScope>>;
  Entry Named = llvm::StringSwitch<Entry>(Name)
#define CUDALINT_KNOWN_ROLE(Name, Role, Scope)                                 \
  .Case(#Name, std::pair(KnownRole::Role, KnownScope::Scope))
#include "KnownFunctions.def"
                    .Default(std::nullopt);
  if (Named)
    return inScope(F, Named->second) ? std::optional(Named->first)
                                     : std::nullopt;
#define CUDALINT_KNOWN_PREFIX(Prefix, Role)                                    \
  if (Name.starts_with(#Prefix))                                               \
    return KnownRole::Role;
#include "KnownFunctions.def"
  return std::nullopt;
}

} // namespace cudalint
