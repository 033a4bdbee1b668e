//===- ValueMarkers.h - The value tests' fixture: values at markers -------===//
//
// Each value test parses a C++ snippet with the real Clang and resolves the
// expression handed to the marker `value_at(...)`, in source order, as
// Clang's FlowSensitive tests do with their annotations. One fixture for
// every test of lib/Values (test/unit/values/*Test.cpp); a component's own
// test may take the marked expressions themselves (parseMarked).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_TEST_VALUEMARKERS_H
#define CUDALINT_TEST_VALUEMARKERS_H

#include "cudalint/Values/ValueResolver.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace cudalint::test {

/// What every value test's snippet starts with: the marker, and input(), a
/// value the engine cannot know.
inline const std::string MarkerPrelude = R"cpp(
template <class T> T value_at(T v) { return v; }
int input();
)cpp";

/// MarkerPrelude with std::min, std::max and std::clamp as the standard
/// library declares them.
inline const std::string MinMaxPrelude = MarkerPrelude + R"cpp(
namespace std {
template <class T> const T &max(const T &a, const T &b) { return a < b ? b : a; }
template <class T> const T &min(const T &a, const T &b) { return b < a ? b : a; }
template <class T> const T &clamp(const T &v, const T &lo, const T &hi) {
  return v < lo ? lo : hi < v ? hi : v;
}
} // namespace std
)cpp";

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

/// A snippet parsed, and the expressions handed to its markers: for the
/// tests of one component (a table, the flow, the branch tests) on the
/// expressions a snippet marks.
struct MarkedUnit {
  std::unique_ptr<clang::ASTUnit> AST;
  std::vector<const clang::Expr *> Marked;
  clang::ASTContext &context() const { return AST->getASTContext(); }
};

/// Source (C++17) parsed, which must parse without errors; Headers are
/// virtual files it may include. No AST when Clang could not build one.
inline MarkedUnit
parseMarked(const std::string &Source,
            const clang::tooling::FileContentMappings &Headers = {}) {
  MarkedUnit Unit;
  Unit.AST = clang::tooling::buildASTFromCodeWithArgs(
      Source, {"-std=c++17", "-Wno-unused-value"}, "input.cc",
      "cudalint-value-test", std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(), Headers);
  EXPECT_TRUE(Unit.AST);
  if (!Unit.AST)
    return Unit;
  clang::ASTContext &Ctx = Unit.context();
  EXPECT_FALSE(Ctx.getDiagnostics().hasErrorOccurred()) << Source;
  Markers M;
  M.TraverseDecl(Ctx.getTranslationUnitDecl());
  Unit.Marked = std::move(M.Found);
  return Unit;
}

/// The value at each marker of Source, resolved as a launch argument is.
inline std::vector<ResolvedValue>
markerValues(const std::string &Source,
             const clang::tooling::FileContentMappings &Headers = {}) {
  MarkedUnit Unit = parseMarked(Source, Headers);
  if (!Unit.AST)
    return {};
  clang::ASTContext &Ctx = Unit.context();
  CallerIndex Callers = indexCallers(Ctx);
  ValueResolver Resolver(Ctx, Callers, [](clang::SourceLocation) {
    return SourceLoc{"input.cc", 1, 1};
  });
  std::vector<ResolvedValue> Out;
  for (const clang::Expr *E : Unit.Marked)
    Out.push_back(Resolver.resolveInt(E));
  return Out;
}

/// The value at each marker, described ("256", "{128, 256}", "?").
inline std::vector<std::string> describedValues(const std::string &Source) {
  std::vector<std::string> Out;
  for (const ResolvedValue &R : markerValues(Source))
    Out.push_back(describeValue(R));
  return Out;
}

/// The value at each marker: described when known, else "? <reason>".
inline std::vector<std::string> valuesOrReasons(const std::string &Source) {
  std::vector<std::string> Out;
  for (const ResolvedValue &R : markerValues(Source))
    Out.push_back(R.isKnown() ? describeValue(R) : "? " + R.Reason);
  return Out;
}

} // namespace cudalint::test

#endif // CUDALINT_TEST_VALUEMARKERS_H
