//===- ExpressionsTest.cpp - The expression forms the engine evaluates ----===//
//
// One test per family of expression: constants (literals, constexpr,
// enumerators, sizeof), casts and arithmetic, ternaries, floating point;
// and the reason an expression the engine does not evaluate stays unknown.
// Each test resolves the expressions handed to `value_at(...)`.
//
//===----------------------------------------------------------------------===//

#include "ValueMarkers.h"

#include <gtest/gtest.h>

using namespace cudalint;

namespace {

const std::string Prelude = test::MarkerPrelude + R"cpp(
struct dim3 {
  unsigned x, y, z;
  constexpr dim3(unsigned x = 1, unsigned y = 1, unsigned z = 1)
      : x(x), y(y), z(z) {}
};
)cpp";

using Strings = std::vector<std::string>;

Strings valuesAt(const std::string &Code) {
  return test::valuesOrReasons(Prelude + Code);
}

TEST(ExpressionsTest, ConstantsOfEveryKind) {
  EXPECT_EQ(valuesAt(R"cpp(
    enum Width { Narrow = 64, Wide = 256 };
    constexpr int kThreads = 128;
    void f() {
      value_at(42);
      value_at(kThreads);
      value_at(Wide);
      value_at(int(sizeof(double)));
      const int local = kThreads * 2;
      value_at(local);
    })cpp"),
            (Strings{"42", "128", "256", "8", "256"}));
}

// Arithmetic value by value; an integer cast is its operand; an operator
// the engine does not evaluate says so.
TEST(ExpressionsTest, ArithmeticCastsAndOperatorsNotEvaluated) {
  EXPECT_EQ(valuesAt(R"cpp(
    void f(bool c) {
      int a = c ? 100 : 200;
      value_at((a + 31) / 32 * 32);
      value_at(static_cast<short>(a) << 2);
      value_at(static_cast<unsigned>(a) % 64);
      value_at(a > 150);
      value_at(-a);
    })cpp"),
            // (A comparison gives 1 or 0 for each value, as C's does.)
            (Strings{"{128, 224}", "{400, 800}", "{8, 36}", "{0, 1}",
                     "? a unary operator is not evaluated"}));
}

TEST(ExpressionsTest, TernariesAndTheirConditions) {
  EXPECT_EQ(valuesAt(R"cpp(
    void f(int n) {
      value_at(n > 1024 ? 1024 : 256);
      value_at(true ? 32 : input());
      value_at(n ? input() : 8);
    })cpp"),
            (Strings{"{256, 1024}", "32",
                     "? the result of 'input', which this file does not "
                     "define"}));
}

// A ternary that compares its own two sides is min or max, as std::min and
// std::max are: at most 256 when only 256 is known (open below for a signed
// type, from 0 for an unsigned one), each value's min for a set. Sides
// compared in another type, or not the compared ones, are a plain ternary.
TEST(ExpressionsTest, ATernaryThatComparesItsSidesIsMinOrMax) {
  EXPECT_EQ(valuesAt(R"cpp(
    void f(int n, unsigned u, bool c, long l) {
      value_at(n < 256 ? n : 256);
      value_at(256 > n ? n : 256);
      value_at(u <= 256u ? u : 256u);
      int s = c ? 100 : 300;
      value_at(s < 256 ? s : 256);
      value_at(n > 32 ? n : 32);
      value_at(n < 32 ? 32 : n);
      value_at(l < 256 ? l : 256);
      value_at(n < 256 ? s : 256);
    })cpp"),
            (Strings{"[-2147483648, 256]", "[-2147483648, 256]", "[0, 256]",
                     "{100, 256}", "[32, 2147483647]", "[32, 2147483647]",
                     "[-9223372036854775808, 256]", "{100, 256, 300}"}));
}

TEST(ExpressionsTest, FloatingPointConvertedToAnInteger) {
  EXPECT_EQ(
      valuesAt(R"cpp(
    void f(int n) {
      value_at(int(1500 / 32.0) * 64);
      value_at(int(2.75f * 4));
      value_at(int(n * 0.5));
    })cpp"),
      (Strings{
          "2944", "11",
          "? 'n' (parameter 'n' of 'f', no caller in the analysed files, an "
          "int) is read at run time"}));
}

TEST(ExpressionsTest, TheUnknownSayWhy) {
  EXPECT_EQ(
      valuesAt(R"cpp(
    int *table();
    void f(int *p) {
      value_at(input());
      value_at(p[3]);
      value_at(*table());
    })cpp"),
      (Strings{"? the result of 'input', which this file does not "
               "define",
               "? parameter 'p[3]' of 'f': no caller in the analysed files",
               "? '*table()' (read through the result of 'table', an int) is "
               "read at run time"}));
}

} // namespace
