//===- ValueFlowTest.cpp - Values by meaning: bounds, floats, calls, lambdas
//===//
//
// The value engine's rules for values that flow by meaning rather than by
// construct: one-sided bounds (min/max with one side unknown, a comparison
// on the way), floating point converted to an integer, calls of the file's
// functions run with their loops, a lambda that reads a variable by
// reference. Each test parses a snippet with the real Clang and resolves
// the value handed to the marker `value_at(...)`, as ValueResolverTest.cpp
// does; the domains without Clang (FloatValues.h, comparisons) are tested
// directly.
//
//===----------------------------------------------------------------------===//

#include "CallInterpreter.h"
#include "ValueMarkers.h"
#include "cudalint/Values/FloatValues.h"
#include "cudalint/Values/ValueResolver.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace cudalint;

namespace {

const std::string Prelude = test::MinMaxPrelude + R"cpp(
extern "C" {
double ceil(double); float ceilf(float); double floor(double);
double round(double); float roundf(float); double trunc(double);
long lround(double); float fminf(float, float); float fmaxf(float, float);
}
namespace std { using ::ceil; using ::floor; using ::round; using ::trunc;
inline float ceil(float x) { return __builtin_ceilf(x); } }
int min(int a, int b) { return a < b ? a : b; }
int g_limit;
#define assert(e) ((e) ? (void)0 : __assert_fail(#e))
extern "C" [[noreturn]] void __assert_fail(const char *);
)cpp";

std::vector<ResolvedValue> valuesAt(const std::string &Code) {
  return test::markerValues(Prelude + Code);
}

/// The values at each marker, described ("256", "{128, 256}", "?").
std::vector<std::string> describedAll(const std::string &Code) {
  std::vector<std::string> Out;
  for (const ResolvedValue &R : valuesAt(Code))
    Out.push_back(describeValue(R));
  return Out;
}

using Strings = std::vector<std::string>;

// --- Intervals with one open end ------------------------------------------

TEST(ValueFlowTest, MinAndMaxWithOneSideUnknown) {
  EXPECT_EQ(
      describedAll(R"cpp(
    void f(int n) {
      value_at(std::min(n, 256));
      value_at(min(n, 256));
      value_at(::min(256, n));
      value_at(std::max(n, 64));
      value_at(std::clamp(n, 32, 256));
      value_at(std::min(std::max(n, 32), 256));
      value_at(std::min(n, input()));
    })cpp"),
      (Strings{"[-2147483648, 256]", "[-2147483648, 256]", "[-2147483648, 256]",
               "[64, 2147483647]", "[32, 256]", "[32, 256]", "?"}));
}

TEST(ValueFlowTest, FloatingMinAndMaxOfAnIntegerBoundOneSide) {
  EXPECT_EQ(describedAll(R"cpp(
    void f(int n) {
      int a = fminf(n, 256);
      value_at(a);
      int b = fmaxf(n, 64.0f);
      value_at(b); // INT_MAX as a float is 2^31, which int cannot hold
      short s = input();
      int c = fmaxf(s, 64.0f);
      value_at(c);
      int d = fminf(n, input());
      value_at(d);
    })cpp"),
            (Strings{"[-2147483648, 256]", "?", "[64, 32767]", "?"}));
}

TEST(ValueFlowTest, EveryComparisonOnTheWayBoundsAParameter) {
  EXPECT_EQ(
      describedAll(R"cpp(
    void lt(int n) { if (n < 1024) value_at(n); }
    void le(int n) { if (n <= 1024) value_at(n); }
    void gt(int n) { if (n > 32) value_at(n); }
    void ge(int n) { if (1024 >= n) value_at(n); }
    void negated(int n) { if (!(n > 512)) value_at(n); }
    void early(int n) { if (n > 1024) return; value_at(n); }
    void both(int n) { if (n < 32 || n > 1024) return; value_at(n); }
    void unsig(unsigned n) { if (n <= 1024) value_at(n); }
    void nothing(int n) { if (n != 7) value_at(n); }
    )cpp"),
      (Strings{"[-2147483648, 1023]", "[-2147483648, 1024]", "[33, 2147483647]",
               "[-2147483648, 1024]", "[-2147483648, 512]",
               "[-2147483648, 1024]", "[32, 1024]", "[0, 1024]", "?"}));
}

TEST(ValueFlowTest, ComparisonsBoundAGlobalNothingOnTheWayChanges) {
  EXPECT_EQ(describedAll(R"cpp(
    void tested() { if (g_limit <= 256) value_at(g_limit); }
    void guarded() { if (g_limit < 32 || g_limit > 1024) return; value_at(g_limit); }
    void called() { if (g_limit <= 256) { input(); value_at(g_limit); } }
    void written() { if (g_limit <= 256) { g_limit += 2; value_at(g_limit); } }
    )cpp"),
            (Strings{"[-2147483648, 256]", "[32, 1024]", "?", "?"}));
}

// --- Disjunctions in tests and asserts ------------------------------------

TEST(ValueFlowTest, DisjunctionInAnAssert) {
  EXPECT_EQ(describedAll(R"cpp(
    void f(int x) {
      assert(x == 64 || x == 128);
      if (x == 64) {
      } else {
        value_at(x);
      }
    }
    void g(int x) {
      assert(x == 64 || x == 128 || x == 256);
      value_at(x);
    }
    void h(int x) {
      if (x != 32 && x != 64) return;
      value_at(x);
    })cpp"),
            (Strings{"128", "{64, 128, 256}", "{32, 64}"}));
}

// --- Floating point through constants -------------------------------------

TEST(ValueFlowTest, FloatingPointThroughConstantsAndRounding) {
  EXPECT_EQ(
      describedAll(R"cpp(
    void f() {
      int t = int(std::ceil(1500 / 32.0)) * 64;
      value_at(t);
      value_at((int)floor(1000 / 3.0));
      value_at(static_cast<int>(round(2.5)));
      value_at((int)trunc(-7.9));
      value_at(int(std::ceil(1500 / 32.0f)));
      value_at((int)roundf(0.5f));
      value_at(lround(1023.5));
      int u = 1000.0 / 3;
      value_at(u);
      double half = 0.5;
      value_at(int(ceil(96 * half)));
    })cpp"),
      (Strings{"3008", "333", "3", "-7", "47", "1", "1024", "333", "48"}));
}

TEST(ValueFlowTest, FloatingPointFromIntegersAndItsLimits) {
  EXPECT_EQ(describedAll(R"cpp(
    void f(bool c, int n) {
      int rows = c ? 1000 : 3000;
      value_at(int(ceil(rows / 256.0)));
      if (n < 1 || n > 100) return;
      value_at(int(ceil(n / 32.0)));
      double d = n;
      d = d * 2;
      value_at(int(d));
      value_at(int(1e12));
      value_at(int(n / 0.0));
    })cpp"),
            (Strings{"{4, 12}", "[1, 4]", "?", "?", "?"}));
}

// --- Calls run with their loops -------------------------------------------

TEST(ValueFlowTest, CallsOfTheFilesFunctionsRunWithTheirLoops) {
  EXPECT_EQ(describedAll(R"cpp(
    static int np2(int x) { int p = 1; while (p < x) p *= 2; return p; }
    static int sum_to(int n) {
      int s = 0;
      for (int i = 1; i <= n; ++i) {
        if (i % 2 == 0) continue;
        s += i;
      }
      return s;
    }
    static int first_multiple(int n, int m) {
      int v = n;
      do { if (v % m == 0) break; v++; } while (true);
      return v;
    }
    static int log2_of(int n) { int l = 0; while (n > 1) { n /= 2; l++; } return l; }
    static int twice(int n) { return 2 * np2(n); }
    void f(int c) {
      value_at(np2(1500));
      value_at(np2(64));
      value_at(sum_to(10));
      value_at(first_multiple(1000, 96));
      value_at(log2_of(1024));
      value_at(twice(100));
      if (c <= 1024) value_at(np2(c));
    })cpp"),
            (Strings{"2048", "64", "25", "1056", "10", "256",
                     "{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}"}));
}

TEST(ValueFlowTest, CallsOverTheBudgetOrBeyondTheInterpreterStayUnknown) {
  std::vector<ResolvedValue> R = valuesAt(R"cpp(
    static int forever(int x) { int p = 0; while (x > 0) p++; return p; }
    static int wide(int x) {
      int p = 0;
      for (int i = 0; i < 100; ++i)
        if (x > i) p += i;
      return p;
    }
    static int slow(int n) { int s = 0; for (int i = 0; i < n; ++i) s = i; return s; }
    static int reads(int n) { int s = n; while (s < 100) s += input(); return s; }
    void f(int c) {
      value_at(forever(4));
      if (c <= 1000) value_at(wide(c));
      value_at(slow(100000));
      value_at(reads(3));
      value_at(slow(50));
    })cpp");
  ASSERT_EQ(R.size(), 5u);
  EXPECT_EQ(R[0].Reason, "the result of 'forever': no return is reached");
  EXPECT_EQ(R[1].Reason,
            "the result of 'wide': its loop keeps more than 64 states");
  EXPECT_EQ(R[2].Reason,
            "the result of 'slow': running it takes more than 10000 steps");
  EXPECT_FALSE(R[3].isKnown());
  EXPECT_EQ(R[3].Reason.find("more than"), std::string::npos) << R[3].Reason;
  EXPECT_EQ(describeValue(R[4]), "49");
}

TEST(ValueFlowTest, ALoopRunDoesNotPileUpOrigins) {
  // Each step of a loop combines values; their origins must not grow with
  // every iteration (10,000 steps of them once took gigabytes).
  ResolvedValue R = valuesAt(R"cpp(
    static int tile(int n) { int s = 0; for (int i = 0; i < 2000; ++i) s += n; return s; }
    void f() { int w = 3; value_at(tile(w)); })cpp")
                        .at(0);
  EXPECT_EQ(describeValue(R), "6000");
  EXPECT_LE(R.Origins.size(), 2u);
}

// --- A lambda reading a variable by reference -----------------------------

TEST(ValueFlowTest, ReferenceCaptureIsAChangeOnlyWhereTheLambdaWrites) {
  EXPECT_EQ(describedAll(R"cpp(
    void reads(bool c) {
      int bs = c ? 256 : 128;
      value_at(bs);
      auto g = [&] { value_at(bs); };
      g();
    }
    void later(bool c) {
      int bs = 128;
      auto g = [&] { value_at(bs); };
      g();
      bs = 2048;
      g();
      value_at(bs);
    }
    void writes(bool c) {
      int bs = 128;
      auto g = [&] { bs = input(); };
      g();
      value_at(bs);
    })cpp"),
            (Strings{"{128, 256}", "{128, 256}", "{128, 2048}", "2048", "?"}));
}

// --- A helper's result under the caller's condition ----------------------

TEST(ValueFlowTest, AHelpersConditionIsTheCallersVariable) {
  EXPECT_EQ(describedAll(R"cpp(
    static int pick(bool big) { return big ? 1024 : 128; }
    static int pick_not(bool small) { return !small ? 1024 : 128; }
    void f(bool big) {
      int t = pick(big);
      if (big) value_at(t); else value_at(t);
      value_at(t);
      if (!big) value_at(pick_not(big));
    })cpp"),
            (Strings{"1024", "128", "{128, 1024}", "1024"}));
}

// --- The domains on their own ---------------------------------------------

TEST(ValueFlowTest, FloatValuesRoundAsC) {
  FloatValue Third = applyFloatOp(FloatOp::Div, FloatValue::of({1000}),
                                  FloatValue::of({3}), FloatWidth::Double);
  EXPECT_EQ(describeValue(floatToInteger(Third, {INT32_MIN, INT32_MAX, "int"})),
            "333");
  // 16777217 is not a float: it rounds to 16777216 on conversion.
  FloatValue F =
      floatFromInteger(ResolvedValue::constant(16777217), FloatWidth::Float);
  EXPECT_EQ(describeValue(floatToInteger(F, {INT32_MIN, INT32_MAX, "int"})),
            "16777216");
  FloatValue Big = FloatValue::of({3e9});
  EXPECT_FALSE(floatToInteger(Big, {INT32_MIN, INT32_MAX, "int"}).isKnown());
  EXPECT_FALSE(applyFloatOp(FloatOp::Div, FloatValue::of({1}),
                            FloatValue::range(-1, 1), FloatWidth::Double)
                   .isKnown());
  EXPECT_EQ(describeValue(floatToInteger(
                roundFloat(KnownMeaning::Ceil, FloatValue::range(0.5, 3.5)),
                {INT32_MIN, INT32_MAX, "int"})),
            "[1, 4]");
}

TEST(ValueFlowTest, ComparisonsDecideAndNarrow) {
  ResolvedValue Set = ResolvedValue::oneOf({64, 128});
  EXPECT_EQ(comparedValues(BO_EQ, Set, ResolvedValue::constant(100)), false);
  EXPECT_EQ(comparedValues(BO_LT, Set, ResolvedValue::constant(256)), true);
  EXPECT_FALSE(comparedValues(BO_EQ, Set, ResolvedValue::constant(64)));
  std::optional<ResolvedValue> Low =
      narrowedBy(ResolvedValue::range(INT32_MIN, 1024), BO_GT,
                 ResolvedValue::constant(1), /*Truth=*/true);
  ASSERT_TRUE(Low);
  EXPECT_EQ(describeValue(*Low), "[2, 1024]");
  EXPECT_FALSE(narrowedBy(Set, BO_GT, ResolvedValue::constant(128), true));
  std::optional<ResolvedValue> Kept =
      narrowedBy(Set, BO_NE, ResolvedValue::constant(64), true);
  ASSERT_TRUE(Kept);
  EXPECT_EQ(describeValue(*Kept), "128");
}

} // namespace
