//===- ValueResolverTest.cpp - The value engine on code snippets ----------===//
//
// Each test parses a small C++ snippet with the real Clang and resolves the
// value handed to `value_at(...)` (the marker) as the engine resolves a
// launch argument: the answer is describeValue's ("256", "{128, 256}",
// "[32, 1024]", "?") and, for an unknown value, its reason. No CUDA is
// needed for integer semantics, objects and path conditions; the launch
// forms are covered by the lit tests.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Values/ValueResolver.h"
#include "ValueMarkers.h"

#include "cudalint/Facts/ValueArithmetic.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace cudalint;

namespace {

const std::string Prelude = test::MinMaxPrelude + R"cpp(
namespace std {
template <class T> struct initializer_list {
  const T *b; unsigned long n;
  const T *begin() const { return b; }
  const T *end() const { return b + n; }
};
template <class T, unsigned long N> struct array {
  T elems[N];
  const T *begin() const { return elems; }
  const T *end() const { return elems + N; }
  constexpr unsigned long size() const { return N; }
};
} // namespace std
)cpp";

/// The values at each marker of Code (after the prelude), described.
std::vector<ResolvedValue> valuesAt(const std::string &Code) {
  return test::markerValues(Prelude + Code);
}

/// The value at the one marker of Code.
ResolvedValue valueAt(const std::string &Code) {
  std::vector<ResolvedValue> All = valuesAt(Code);
  EXPECT_EQ(All.size(), 1u) << Code;
  return All.empty() ? ResolvedValue::unknown("no marker") : All.front();
}

std::string describedAt(const std::string &Code) {
  return describeValue(valueAt(Code));
}

// --- Integer semantics -------------------------------------------------

TEST(ValueResolverTest, RoundingOfAGuardedRange) {
  EXPECT_EQ(describedAt(R"cpp(
    void f(int n) {
      if (n < 1 || n > 100) return;
      int t = (n + 31) / 32 * 32;
      value_at(t);
    })cpp"),
            "[32, 128]");
}

TEST(ValueResolverTest, RangeArithmeticThroughEveryOperator) {
  EXPECT_EQ(describedAt(R"cpp(
    void f(int n) {
      if (n < 4 || n > 8) return;
      value_at((n << 2) - (n >> 1) + n % 3);
    })cpp"),
            "[12, 32]"); // each operand bounded on its own: a cover
  EXPECT_EQ(describedAt(R"cpp(
    void f(int n) {
      if (n < 1 || n > 100) return;
      value_at((n + 31) & ~31);
    })cpp"),
            "[32, 128]");
}

TEST(ValueResolverTest, OverflowIsUnknownNotWrapped) {
  ResolvedValue R = valueAt(R"cpp(
    void f() {
      int big = 65536;
      value_at(big * big);
    })cpp");
  EXPECT_FALSE(R.isKnown());
  EXPECT_NE(R.Reason.find("may not fit in 'int'"), std::string::npos)
      << R.Reason;
  ResolvedValue Wide = valueAt(R"cpp(
    void f() {
      long long big = 65536;
      value_at(big * big);
    })cpp");
  EXPECT_EQ(describeValue(Wide), "4294967296");
}

TEST(ValueResolverTest, DivisionByARangeThatHoldsZero) {
  ResolvedValue R = valueAt(R"cpp(
    void f(int n) {
      if (n < 0 || n > 4) return;
      value_at(1024 / n);
    })cpp");
  EXPECT_FALSE(R.isKnown());
  EXPECT_NE(R.Reason.find("may be zero"), std::string::npos) << R.Reason;
}

TEST(ValueResolverTest, MaxWithAnUnknownSideIsBoundedBelow) {
  EXPECT_EQ(describedAt(R"cpp(
    void f() {
      int t = std::max(input(), 2048);
      value_at(t);
    })cpp"),
            "[2048, 2147483647]");
}

TEST(ValueResolverTest, ClampOfAnUnknownValue) {
  EXPECT_EQ(describedAt(R"cpp(
    void f() {
      int t = std::clamp(input(), 32, 1024);
      value_at(t);
    })cpp"),
            "[32, 1024]");
  EXPECT_EQ(describedAt(R"cpp(
    void f() { value_at(std::clamp(2000, 32, 1024)); })cpp"),
            "1024");
}

TEST(ValueResolverTest, ManyValuesBecomeTheirRange) {
  // 5 x 5 products: more than a set holds, all between 32 and 2560.
  EXPECT_EQ(describedAt(R"cpp(
    void f(int a, int b) {
      switch (a) { case 1: case 2: case 3: case 4: case 5: break; default: return; }
      switch (b) { case 1: case 2: case 4: case 8: case 16: break; default: return; }
      value_at(a * b * 32);
    })cpp"),
            "[32, 2560]");
}

// --- Objects and lists -------------------------------------------------

TEST(ValueResolverTest, RangeForOverABracedList) {
  ResolvedValue R = valueAt(R"cpp(
    void f() {
      for (int bs : {128, 256, 2048})
        value_at(bs);
    })cpp");
  EXPECT_EQ(describeValue(R), "{128, 256, 2048}");
  EXPECT_EQ(R.Proven, std::vector<int64_t>({128, 256, 2048}));
}

TEST(ValueResolverTest, RangeForOverConstArrays) {
  EXPECT_EQ(describedAt(R"cpp(
    constexpr int sizes[] = {64, 128};
    void f() { for (int bs : sizes) value_at(bs); })cpp"),
            "{64, 128}");
  EXPECT_EQ(describedAt(R"cpp(
    const std::array<int, 3> sizes = {32, 64, 96};
    void f() { for (int bs : sizes) value_at(bs); })cpp"),
            "{32, 64, 96}");
  ResolvedValue Mutable = valueAt(R"cpp(
    int sizes[] = {64, 128};
    void f() { for (int bs : sizes) value_at(bs); })cpp");
  EXPECT_FALSE(Mutable.isKnown());
  EXPECT_NE(Mutable.Reason.find("not const"), std::string::npos)
      << Mutable.Reason;
}

TEST(ValueResolverTest, DefaultMemberInitialiser) {
  EXPECT_EQ(describedAt(R"cpp(
    struct Config { int threads = 1024; int smem = 0; };
    void f() { Config cfg; value_at(cfg.threads); })cpp"),
            "1024");
  // A later assignment wins, as for any variable.
  EXPECT_EQ(describedAt(R"cpp(
    struct Config { int threads = 1024; };
    void f() { Config cfg; cfg.threads = 128; value_at(cfg.threads); })cpp"),
            "128");
}

TEST(ValueResolverTest, ConstructorsDefinedInTheFile) {
  EXPECT_EQ(describedAt(R"cpp(
    struct Launch {
      int threads, blocks;
      Launch(int t, int b) : threads(t), blocks(b * 2) {}
    };
    void f() { Launch l(256, 8); value_at(l.blocks); })cpp"),
            "16");
  EXPECT_EQ(describedAt(R"cpp(
    struct Launch {
      int threads;
      explicit Launch(int t) : threads(t) {}
    };
    void f() { Launch l(512); value_at(l.threads); })cpp"),
            "512");
  ResolvedValue Body = valueAt(R"cpp(
    struct Launch {
      int threads = 64;
      Launch() { threads *= 2; }
    };
    void f() { Launch l; value_at(l.threads); })cpp");
  EXPECT_FALSE(Body.isKnown());
  EXPECT_NE(Body.Reason.find("it may be changed by 'threads *= 2'"),
            std::string::npos)
      << Body.Reason;
}

TEST(ValueResolverTest, AggregateAndDesignatedInitialisers) {
  EXPECT_EQ(describedAt(R"cpp(
    struct Config { int threads; int smem = 16; };
    void f() { Config cfg{256}; value_at(cfg.smem); })cpp"),
            "16");
  EXPECT_EQ(describedAt(R"cpp(
    struct Config { int threads; int smem; };
    void f() { Config cfg{.threads = 96, .smem = 0}; value_at(cfg.threads); })cpp"),
            "96");
}

// --- Path conditions ---------------------------------------------------

TEST(ValueResolverTest, TernaryDecidedByAnEarlyReturn) {
  EXPECT_EQ(describedAt(R"cpp(
    void f(bool big) {
      int t = big ? 512 : 128;
      if (big) return;
      value_at(t);
    })cpp"),
            "128");
}

TEST(ValueResolverTest, TwoSwitchesOnTheSameVariable) {
  EXPECT_EQ(describeValue(valuesAt(R"cpp(
    void f(const int ncols) {
      int nwarps = 1;
      if (input() < 3) {
        switch (ncols) {
        case 1: nwarps = 4; break;
        case 2: case 3: case 4: nwarps = 4; break;
        case 5: case 6: case 7: case 8: nwarps = 2; break;
        default: return;
        }
      }
      const int threads = 32 * nwarps;
      switch (ncols) {
      case 1: value_at(threads); break;
      case 6: value_at(threads); break;
      }
    })cpp")[1]),
            "{32, 64}");
}

TEST(ValueResolverTest, CorrelatedIfKeepsOnlyTheValueOfItsBranch) {
  std::vector<ResolvedValue> V = valuesAt(R"cpp(
    void f(bool wide) {
      int t = 256;
      if (wide)
        t = 1024;
      if (wide)
        value_at(t);
      else
        value_at(t);
    })cpp");
  ASSERT_EQ(V.size(), 2u);
  EXPECT_EQ(describeValue(V[0]), "1024");
  EXPECT_EQ(describeValue(V[1]), "256");
}

TEST(ValueResolverTest, AVariableReassignedIsNoCondition) {
  // `wide` changes between the two tests: both values may reach.
  EXPECT_EQ(describeValue(valuesAt(R"cpp(
    void f(bool wide) {
      int t = 256;
      if (wide)
        t = 1024;
      wide = input() > 0;
      if (!wide)
        value_at(t);
    })cpp")[0]),
            "{256, 1024}");
}

TEST(ValueResolverTest, ASubjectDeclaredInALoopMayChange) {
  EXPECT_EQ(describedAt(R"cpp(
    void f() {
      int t = 256;
      for (int i = 0; i < 4; ++i) {
        bool wide = input() > 0;
        if (wide)
          t = 1024;
        if (!wide)
          value_at(t);
      }
    })cpp"),
            "{256, 1024}");
}

// --- Calls to functions of the file ------------------------------------

TEST(ValueResolverTest, ResultOfAHelperForThisCallsArguments) {
  std::vector<ResolvedValue> V = valuesAt(R"cpp(
    int iDivUp(int a, int b) { return (a + b - 1) / b; }
    int iDivUpTernary(int a, int b) {
      return (a % b != 0) ? (a / b + 1) : (a / b);
    }
    void f() {
      value_at(iDivUpTernary(1000, 256));
      value_at(iDivUp(64, 32));
    })cpp");
  ASSERT_EQ(V.size(), 2u);
  EXPECT_EQ(describeValue(V[0]), "4");
  EXPECT_EQ(V[0].Proven, std::vector<int64_t>({4}));
  EXPECT_EQ(describeValue(V[1]), "2"); // not the other call's arguments
}

TEST(ValueResolverTest, AReturnTheArgumentsCannotReachGivesNothing) {
  ResolvedValue V = valueAt(R"cpp(
    int threadsFor(int n) {
      if (n < 1)
        return 0;
      if (n > 1024)
        return 1024;
      return (n + 31) / 32 * 32;
    }
    void f() { value_at(threadsFor(100)); })cpp");
  EXPECT_EQ(describeValue(V), "128");
  EXPECT_EQ(V.Proven, std::vector<int64_t>({128}));
}

TEST(ValueResolverTest, ResultOfAHelperForARange) {
  EXPECT_EQ(describedAt(R"cpp(
    int roundUp(int n) { return (n + 31) & ~31; }
    void f(int n) {
      if (n < 1 || n > 100) return;
      value_at(roundUp(n));
    })cpp"),
            "[32, 128]");
}

TEST(ValueResolverTest, RecursiveAndUndefinedCallsStayUnknown) {
  std::vector<ResolvedValue> V = valuesAt(R"cpp(
    int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
    int external(int n);
    void f() {
      value_at(fact(3));
      value_at(external(3));
    })cpp");
  ASSERT_EQ(V.size(), 2u);
  EXPECT_FALSE(V[0].isKnown());
  EXPECT_FALSE(V[1].isKnown());
  EXPECT_NE(V[1].Reason.find("'external'"), std::string::npos) << V[1].Reason;
}

// --- Changes Clang's mutation analysis finds ---------------------------

TEST(ValueResolverTest, ChangesThroughAliasesMakeItUnknown) {
  std::vector<ResolvedValue> V = valuesAt(R"cpp(
    struct Config {
      int threads = 128;
      void widen() { threads = 2048; }
      int get() const { return threads; }
    };
    void f() {
      int t = 128;
      int &r = t;
      r = 2048;
      value_at(t);
      Config c;
      c.widen();
      value_at(c.threads);
      Config d;
      auto &[th] = d;
      th = 2048;
      value_at(d.threads);
      Config e;
      e.get(); // a const member function changes nothing
      const int &view = t;
      value_at(e.threads + view * 0);
    })cpp");
  ASSERT_EQ(V.size(), 4u);
  EXPECT_FALSE(V[0].isKnown());
  EXPECT_NE(V[0].Reason.find("it may be changed by"), std::string::npos)
      << V[0].Reason;
  // widen() is defined in the file: what it leaves (ObjectStoreTest.cpp).
  EXPECT_EQ(describeValue(V[1]), "2048");
  EXPECT_FALSE(V[2].isKnown());
  EXPECT_FALSE(V[3].isKnown()); // t itself is changed through r
}

TEST(ValueResolverTest, AnInlineAssemblyOutputIsUnknown) {
  ResolvedValue V = valueAt(R"cpp(
    void f(unsigned w) {
      int t = 32;
      asm("movl %1, %0" : "=r"(t) : "r"(w));
      value_at(t);
    })cpp");
  EXPECT_FALSE(V.isKnown());
  EXPECT_NE(V.Reason.find("inline assembly"), std::string::npos) << V.Reason;
}

TEST(ValueResolverTest, ReadOnlyUsesLeaveTheValueKnown) {
  EXPECT_EQ(describedAt(R"cpp(
    struct Config {
      int threads = 256;
      int get() const { return threads; }
    };
    int twice(const int &n) { return 2 * n; }
    void f() {
      Config c;
      c.get();
      int t = 128;
      const int &view = t;
      twice(t);
      value_at(c.threads + view);
    })cpp"),
            "384");
}

} // namespace
