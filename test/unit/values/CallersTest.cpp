//===- CallersTest.cpp - Parameters from the calls of their function ------===//
//
// indexCallers lists every call of each function of the file; a parameter
// is what its callers pass (CallerValues.cpp), a call of a function of the
// file is its returned value for the call's arguments (CalleeValues.cpp,
// CallInterpreter.cpp). Each test marks uses in a snippet.
//
//===----------------------------------------------------------------------===//

#include "ValueMarkers.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace cudalint;

namespace {

const std::string Prelude = test::MarkerPrelude + R"cpp(
void (*saved)(int);
)cpp";

using Strings = std::vector<std::string>;

Strings valuesAt(const std::string &Code) {
  return test::valuesOrReasons(Prelude + Code);
}

/// The function named Name among the marked expressions' callees.
const FunctionDecl *functionNamed(ASTContext &Ctx, StringRef Name) {
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *F = dyn_cast<FunctionDecl>(D);
        F && F->getIdentifier() && F->getName() == Name &&
        F->isThisDeclarationADefinition())
      return F;
  return nullptr;
}

TEST(CallersTest, TheIndexListsEachCallAndWhoseAddressEscapes) {
  test::MarkedUnit Unit = test::parseMarked(Prelude + R"cpp(
    void launch(int t) { value_at(t); }
    void other(int t) { value_at(t); }
    void run(bool wide) {
      launch(128);
      launch(wide ? 256 : 64);
      saved = &other;
    })cpp");
  ASTContext &Ctx = Unit.context();
  CallerIndex Callers = indexCallers(Ctx);
  const FunctionDecl *Launch = functionNamed(Ctx, "launch");
  const FunctionDecl *Other = functionNamed(Ctx, "other");
  ASSERT_TRUE(Launch && Other);
  EXPECT_EQ(Callers.callsOf(Launch).size(), 2u);
  EXPECT_TRUE(Callers.addressTaken(Other));
  EXPECT_FALSE(Callers.addressTaken(Launch));
}

TEST(CallersTest, ACallBeforeTheDefinitionIsTheDefinitionsCaller) {
  // The calls name the prototypes; the parameters belong to the
  // definitions.
  test::MarkedUnit Unit = test::parseMarked(Prelude + R"cpp(
    void launch(int t);
    void other(int t);
    void run() {
      launch(128);
      saved = &other;
    }
    void launch(int t) { value_at(t); }
    void other(int t) { value_at(t); })cpp");
  ASTContext &Ctx = Unit.context();
  CallerIndex Callers = indexCallers(Ctx);
  const FunctionDecl *Launch = functionNamed(Ctx, "launch");
  const FunctionDecl *Other = functionNamed(Ctx, "other");
  ASSERT_TRUE(Launch && Other);
  ASSERT_NE(Launch, Launch->getCanonicalDecl());
  EXPECT_EQ(Callers.callsOf(Launch).size(), 1u);
  EXPECT_TRUE(Callers.addressTaken(Other));
  EXPECT_EQ(valuesAt(R"cpp(
    void launch(int t);
    void run() { launch(128); launch(256); }
    void launch(int t) { value_at(t); })cpp"),
            (Strings{"{128, 256}"}));
}

TEST(CallersTest, AParameterIsWhatEveryCallerPasses) {
  EXPECT_EQ(
      valuesAt(R"cpp(
    void launch(int t) { value_at(t); }
    void other(int t) { value_at(t); }
    void unused(int t) { value_at(t); }
    void run(bool wide) {
      launch(128);
      launch(wide ? 256 : 64);
      saved = &other;
      other(32);
    })cpp"),
      (Strings{"{64, 128, 256}",
               "? 't' (parameter 't' of 'other', called through a pointer, "
               "so not all its callers are known, an int) is read at run "
               "time",
               "? 't' (parameter 't' of 'unused', no caller in the analysed "
               "files, an int) is read at run time"}));
}

TEST(CallersTest, AFunctionHandedToOneWithoutABodyMayBeCalledAnywhere) {
  // keep() may call its argument with any value; run_later() is defined
  // after its prototype and calls its argument with 64.
  EXPECT_EQ(valuesAt(R"cpp(
    void keep(void (*)(int));
    void run_later(void (*f)(int));
    void other(int t) { value_at(t); }
    void later(int t) { value_at(t); }
    void run() {
      keep(&other);
      other(32);
      run_later(later);
      later(128);
    }
    void run_later(void (*f)(int)) { f(64); })cpp"),
            (Strings{"? 't' (parameter 't' of 'other', called through a "
                     "pointer, so not all its callers are known, an int) is "
                     "read at run time",
                     "{64, 128}"}));
}

TEST(CallersTest, AParameterThroughTwoLevelsOfCalls) {
  EXPECT_EQ(valuesAt(R"cpp(
    void inner(int t) { value_at(t); }
    void outer(int t) { inner(t * 2); }
    void run() { outer(64); outer(512); }
    )cpp"),
            Strings{"{128, 1024}"});
}

TEST(CallersTest, AHelpersResultForTheCallsArguments) {
  EXPECT_EQ(valuesAt(R"cpp(
    static int np2(int x) { int p = 1; while (p < x) p *= 2; return p; }
    static int pick(bool big) { return big ? 1024 : 128; }
    void run(int n) {
      value_at(np2(1500));
      value_at(pick(true));
      value_at(pick(n > 4));
    })cpp"),
            (Strings{"2048", "1024", "{128, 1024}"}));
}

TEST(CallersTest, ACallThatDoesNotReturnAKnownValue) {
  Strings Values = valuesAt(R"cpp(
    int forever(int x) { return forever(x + 1); }
    void run() {
      value_at(input());
      value_at(forever(1));
    })cpp");
  ASSERT_EQ(Values.size(), 2u);
  EXPECT_EQ(Values[0],
            "? the result of 'input', which this file does not define");
  EXPECT_EQ(Values[1].substr(0, 2), "? ");
}

TEST(CallersTest, AReferenceForwardedStepByStepIsOnlyRead) {
  // step<0> and step<1> hand s on by std::forward into the next step's
  // reference parameter, step<2> only reads it: n is not changed by the
  // calls, and its value reaches the last step.
  EXPECT_EQ(valuesAt(R"cpp(
    namespace std {
    template <class T> struct remove_reference { using type = T; };
    template <class T> struct remove_reference<T &> { using type = T; };
    template <class T>
    T &&forward(typename remove_reference<T>::type &t) noexcept {
      return static_cast<T &&>(t);
    }
    } // namespace std
    template <int I, typename S> void step(S &&s) {
      if constexpr (I < 2)
        step<I + 1, S>(std::forward<S>(s));
      else
        value_at(s + 0);
    }
    void run() {
      int n = 512;
      step<0>(n);
      value_at(n);
    })cpp"),
            Strings{"512"});
}

} // namespace
