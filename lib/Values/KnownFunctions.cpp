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

std::optional<KnownMeaning> knownFunction(const FunctionDecl *F) {
  if (!F || !F->getIdentifier())
    return std::nullopt;
  auto Known = knownFunctionNamed(F->getName());
  if (!Known)
    return std::nullopt;
  if (Known->second == KnownScope::StdOrGlobal && !F->getBuiltinID()) {
    // The C library's function, or its std:: overloads (libstdc++ declares
    // some in std::__1 or an inline namespace).
    const DeclContext *DC = F->getDeclContext()->getRedeclContext();
    while (const auto *NS = dyn_cast<NamespaceDecl>(DC)) {
      if (!NS->isInline() && !NS->isStdNamespace())
        return std::nullopt;
      DC = NS->getParent()->getRedeclContext();
    }
    if (!DC->isTranslationUnit() && !DC->isExternCContext())
      return std::nullopt;
  }
  return Known->first;
}

} // namespace cudalint
