//===- DefinitionsTest.cpp - Definitions and the ones that reach a use ----===//
//
// DefinitionCollector finds the assignments of one variable and the ways it
// escapes; FunctionFlow (Clang's CFG) says which of them reach a use. Each
// test marks uses in a snippet: the flow is asked directly for the
// definitions that reach each marker, and the marker is resolved as a
// launch argument to see the same answer as a value.
//
//===----------------------------------------------------------------------===//

#include "DefinitionCollector.h"
#include "ValueMarkers.h"

#include "cudalint/Facts/SymbolicValues.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/Expr.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace cudalint;

namespace {

const std::string Prelude = test::MarkerPrelude + R"cpp(
void set(int &out);
)cpp";

using Strings = std::vector<std::string>;
using Indices = std::vector<size_t>;

Strings valuesAt(const std::string &Code) {
  return test::valuesOrReasons(Prelude + Code);
}

/// For each marker (a variable), the indices of its definitions, in the
/// collector's order, that reach it: the flow's answer for one function.
std::vector<std::optional<Indices>> reachingAt(const std::string &Code) {
  test::MarkedUnit Unit = test::parseMarked(Prelude + Code);
  ASTContext &Ctx = Unit.context();
  CallerIndex Callers = indexCallers(Ctx);
  std::vector<std::optional<Indices>> Out;
  for (const Expr *Use : Unit.Marked) {
    const auto *Ref = cast<DeclRefExpr>(Use->IgnoreParenImpCasts());
    const auto *V = cast<VarDecl>(Ref->getDecl());
    const auto *F = cast<FunctionDecl>(V->getDeclContext());
    DefinitionCollector Collect(V, Callers, Ctx);
    Collect.TraverseStmt(F->getBody());
    Collect.settleSteps();
    std::vector<FunctionFlow::Site> Sites;
    for (const Definition &Def : Collect.Defs)
      Sites.push_back({Def.Site, FunctionFlow::Kind::Whole});
    std::unique_ptr<FunctionFlow> Flow = FunctionFlow::build(F, Ctx);
    EXPECT_TRUE(Flow);
    Out.push_back(Flow ? Flow->reaching(Sites, Ref) : std::nullopt);
  }
  return Out;
}

TEST(DefinitionsTest, TheDefinitionsOnSomePathToTheUse) {
  auto Reaching = reachingAt(R"cpp(
    void f(int c) {
      int v = 32;      // 0
      if (c) v = 64;   // 1
      value_at(v);
      v = 128;         // 2
      value_at(v);
    })cpp");
  ASSERT_EQ(Reaching.size(), 2u);
  EXPECT_EQ(Reaching[0], Indices({0, 1}));
  EXPECT_EQ(Reaching[1], Indices({2}));
}

TEST(DefinitionsTest, ALaterDefinitionInALoopReachesFromTheNextIteration) {
  auto Reaching = reachingAt(R"cpp(
    void f(int n) {
      int v = 32;             // 0
      for (int i = 0; i < n; ++i) {
        value_at(v);
        v = 64;               // 1
      }
    })cpp");
  ASSERT_EQ(Reaching.size(), 1u);
  EXPECT_EQ(Reaching[0], Indices({0, 1}));
  EXPECT_EQ(valuesAt(R"cpp(
    void f(int n) {
      int v = 32;
      for (int i = 0; i < n; ++i) {
        value_at(v);
        v = 64;
      }
    })cpp"),
            Strings{"{32, 64}"});
}

TEST(DefinitionsTest, OnlyTheCaseTakenAndEveryPathKills) {
  EXPECT_EQ(valuesAt(R"cpp(
    void f(int c) {
      int v = 1;
      switch (c) {
      case 0: v = 128; value_at(v); break;
      default: v = 256; break;
      }
      int w = 1;
      if (c) w = 2; else w = 3;
      value_at(w);
    })cpp"),
            (Strings{"128", "{2, 3}"}));
}

TEST(DefinitionsTest, AWayOfChangingItTheCollectorCannotFollow) {
  EXPECT_EQ(valuesAt(R"cpp(
    void f() {
      int a = 256;
      int *p = &a;
      *p = 1024;
      value_at(a);
      int b = 256;
      set(b);
      value_at(b);
      int c;
      value_at(c);
    })cpp"),
            (Strings{"? variable 'a' in 'f': its address is taken",
                     "? variable 'b' in 'f': it is passed by reference to "
                     "'set'",
                     "? variable 'c' in 'f': no assignment reaches this use"}));
}

TEST(DefinitionsTest, TheCollectorSaysHowAVariableEscapes) {
  test::MarkedUnit Unit = test::parseMarked(Prelude + R"cpp(
    void f() {
      int a = 256;
      int *p = &a;
      *p = 2;
      value_at(a);
    })cpp");
  ASTContext &Ctx = Unit.context();
  CallerIndex Callers = indexCallers(Ctx);
  const auto *Ref = cast<DeclRefExpr>(Unit.Marked[0]->IgnoreParenImpCasts());
  const auto *V = cast<VarDecl>(Ref->getDecl());
  DefinitionCollector Collect(V, Callers, Ctx);
  Collect.TraverseStmt(cast<FunctionDecl>(V->getDeclContext())->getBody());
  Collect.settleSteps();
  ASSERT_EQ(Collect.Defs.size(), 1u);
  EXPECT_EQ(Collect.Defs[0].Value, V->getInit());
  EXPECT_TRUE(Collect.Escapes);
  EXPECT_EQ(Collect.EscapeReason, "its address is taken");
}

TEST(DefinitionsTest, AFieldBoundToAConstReferenceIsARead) {
  // Only the mentions that may change the variable are left to Clang's
  // mutation analysis: `use(d.first)` and `D e = d.first` read d; `set(d.n)`
  // hands d.n to a non-const reference.
  test::MarkedUnit Unit = test::parseMarked(Prelude + R"cpp(
    struct D { int x; };
    struct P { D first; int n; };
    void use(const D &);
    void f() {
      P d{{256}, 1};
      use(d.first);
      D e = d.first;
      set(d.n);
      value_at(d.first.x);
    })cpp");
  ASTContext &Ctx = Unit.context();
  CallerIndex Callers = indexCallers(Ctx);
  const auto *V = cast<VarDecl>(
      cast<DeclRefExpr>(
          cast<MemberExpr>(
              cast<MemberExpr>(Unit.Marked[0]->IgnoreParenImpCasts())
                  ->getBase())
              ->getBase())
          ->getDecl());
  DefinitionCollector Collect(V, Callers, Ctx);
  Collect.TraverseStmt(cast<FunctionDecl>(V->getDeclContext())->getBody());
  ASSERT_EQ(Collect.MayChange.size(), 1u);
  EXPECT_EQ(Ctx.getSourceManager().getPresumedLineNumber(
                Collect.MayChange[0]->getLocation()),
            Ctx.getSourceManager().getPresumedLineNumber(
                Unit.Marked[0]->getBeginLoc()) -
                1);
}

TEST(DefinitionsTest, TheReturnsTheEntryReachesInOneWalk) {
  test::MarkedUnit Unit = test::parseMarked(Prelude + R"cpp(
    int pick(int t) {
      if (t == 1) return 8;
      if (t == 2) return 16;
      return 1;
    }
    void f() { value_at(pick(2)); })cpp");
  ASTContext &Ctx = Unit.context();
  const auto *Call = cast<CallExpr>(Unit.Marked[0]->IgnoreParenImpCasts());
  const FunctionDecl *Pick = Call->getDirectCallee();
  std::vector<const Stmt *> Returns;
  for (const Stmt *S : cast<CompoundStmt>(Pick->getBody())->body())
    Returns.push_back(isa<IfStmt>(S) ? cast<IfStmt>(S)->getThen() : S);
  ASSERT_EQ(Returns.size(), 3u);
  std::unique_ptr<FunctionFlow> Flow = FunctionFlow::build(Pick, Ctx);
  ASSERT_TRUE(Flow);
  // t is 2: the first test fails and the second holds.
  const ParmVarDecl *T = Pick->getParamDecl(0);
  auto TIsTwo = [&](const CFGBlock &B, unsigned Succ) {
    const Expr *Cond = B.getLastCondition();
    const auto *Eq =
        Cond ? dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts()) : nullptr;
    const auto *Ref =
        Eq ? dyn_cast<DeclRefExpr>(Eq->getLHS()->IgnoreParenImpCasts())
           : nullptr;
    if (!Ref || Ref->getDecl() != T)
      return true;
    std::optional<llvm::APSInt> K = Eq->getRHS()->getIntegerConstantExpr(Ctx);
    return (K && *K == 2) == (Succ == 0);
  };
  EXPECT_EQ(Flow->reachedFromEntry(Returns, TIsTwo),
            (std::vector<bool>{false, true, false}));
  auto Any = [](const CFGBlock &, unsigned) { return true; };
  EXPECT_EQ(Flow->reachedFromEntry(Returns, Any),
            (std::vector<bool>{true, true, true}));
}

TEST(DefinitionsTest, ANumberParsedFromAStreamIsReadAtRunTime) {
  // `in >> n` from a std::istream (a class derived from basic_istream
  // included) sets n to a number parsed from text, as atoi would; an
  // operator>> of another class is a call that may change n.
  EXPECT_EQ(valuesAt(R"cpp(
    namespace std {
    template <class C> struct basic_istream {
      basic_istream &operator>>(int &);
    };
    struct istringstream : basic_istream<char> { istringstream(const char *); };
    }
    struct bits { bits &operator>>(int &); };
    void f(char **argv) {
      int n = 256;
      std::istringstream in(argv[1]);
      in >> n;
      value_at(n);
      int m = 256;
      bits b;
      b >> m;
      value_at(m);
    })cpp"),
            (Strings{"? 'n' (parsed from a stream by '>>', an int) is read "
                     "at run time",
                     "? variable 'm' in 'f': it is passed by reference to "
                     "'operator>>'"}));
}

TEST(DefinitionsTest, AGrowthStepInABoundedLoop) {
  EXPECT_EQ(valuesAt(R"cpp(
    void f(int n) {
      int nth = 32;
      while (nth < n && nth < 1024) nth *= 2;
      value_at(nth);
    })cpp"),
            Strings{"{32, 64, 128, 256, 512, 1024}"});
}

TEST(DefinitionsTest, AnIncrementOutsideALoopIsADefinition) {
  EXPECT_EQ(valuesAt(R"cpp(
    void f(int c) {
      int v = 32;
      if (c) v++;
      value_at(v);
      int w = 8;
      --w;
      value_at(w);
      int x = 4;
      value_at(x++);
      value_at(++x);
      int u = 1;
      for (int i = 0; i < c; ++i) u++;
      value_at(u);
    })cpp"),
            (Strings{"{32, 33}", "7", "4", "6",
                     "? variable 'u' in 'f': it is changed by '++'"}));
}

TEST(DefinitionsTest, ACalleeThatAssignsItsParameterDoesNotReturnTheArgument) {
  EXPECT_EQ(valuesAt(R"cpp(
    int pick(int real, int size = 100) {
      size = real;
      return size;
    }
    int keep(int size = 100) { return size; }
    void f() {
      value_at(pick(64));
      value_at(pick(32, 7));
      value_at(keep());
    })cpp"),
            (Strings{"64", "32", "100"}));
}

/// The smallest value of the one input of V that takes V over Limit, and
/// whether any input of at least 1 takes it below 1.
std::pair<int64_t, bool> failingEdges(const ResolvedValue &V, int64_t Limit) {
  std::vector<FailingInput> Above = inputsAbove(V, Limit);
  return {Above.empty() ? -1 : Above.front().Value, !inputsBelow(V, 1).empty()};
}

TEST(DefinitionsTest, EachDefinitionHoldsWithTheTestsThatPickIt) {
  std::vector<ResolvedValue> Values = test::markerValues(Prelude + R"cpp(
    struct shape { long rows; };
    void f(const shape *s) {
      long n = s->rows;
      long rounded = n / 4;
      if (n % 4 != 0)
        rounded++;
      value_at(rounded);
      long truncated = n / 4;
      if (n > 4 * 65535)
        truncated = 65535;
      value_at(truncated);
      long clamped = n;
      if (clamped > 65535)
        clamped = 65535;
      value_at(clamped);
    })cpp");
  ASSERT_EQ(Values.size(), 3u);
  for (const ResolvedValue &V : Values)
    EXPECT_TRUE(V.isSymbolic()) << V.Reason;
  // Never 0 for a size of at least 1, and over 65535 once n > 262140.
  EXPECT_EQ(failingEdges(Values[0], 65535), std::pair(int64_t(262141), false));
  // Never over, but 0 for a size under 4.
  EXPECT_EQ(failingEdges(Values[1], 65535), std::pair(int64_t(-1), true));
  EXPECT_EQ(failingEdges(Values[2], 65535), std::pair(int64_t(-1), false));
}

} // namespace
