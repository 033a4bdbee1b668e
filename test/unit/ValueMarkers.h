//===- ValueMarkers.h - The value tests' fixture: values at markers -------===//
//
// Each value test parses a C++ snippet with the real Clang and resolves the
// expression handed to the marker `value_at(...)`, in source order. One
// fixture for ValueResolverTest, ValueFlowTest and ObjectStoreTest.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_TEST_VALUEMARKERS_H
#define CUDALINT_TEST_VALUEMARKERS_H

#include "ValueResolver.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace cudalint::test {

/// The marker calls of one translation unit, in source order.
class Markers : public clang::RecursiveASTVisitor<Markers> {
public:
  bool VisitCallExpr(clang::CallExpr *C) {
    if (const clang::FunctionDecl *F = C->getDirectCallee();
        F && F->getIdentifier() && F->getName() == "value_at" &&
        C->getNumArgs() == 1)
      Found.push_back(C->getArg(0));
    return true;
  }
  std::vector<const clang::Expr *> Found;
};

/// The value at each marker of Source (C++17), which must parse without
/// errors; Headers are virtual files it may include.
inline std::vector<ResolvedValue>
markerValues(const std::string &Source,
             const clang::tooling::FileContentMappings &Headers = {}) {
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCodeWithArgs(
          Source, {"-std=c++17", "-Wno-unused-value"}, "input.cc",
          "cudalint-value-test",
          std::make_shared<clang::PCHContainerOperations>(),
          clang::tooling::getClangStripDependencyFileAdjuster(), Headers);
  EXPECT_TRUE(AST);
  if (!AST)
    return {};
  clang::ASTContext &Ctx = AST->getASTContext();
  EXPECT_FALSE(Ctx.getDiagnostics().hasErrorOccurred()) << Source;
  CallerIndex Callers = indexCallers(Ctx);
  ValueResolver Resolver(Ctx, Callers, [](clang::SourceLocation) {
    return SourceLoc{"input.cc", 1, 1};
  });
  Markers M;
  M.TraverseDecl(Ctx.getTranslationUnitDecl());
  std::vector<ResolvedValue> Out;
  for (const clang::Expr *E : M.Found)
    Out.push_back(Resolver.resolveInt(E));
  return Out;
}

} // namespace cudalint::test

#endif // CUDALINT_TEST_VALUEMARKERS_H
