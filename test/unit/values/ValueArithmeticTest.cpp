//===- ValueArithmeticTest.cpp - Integer operations on resolved values ----===//

#include "cudalint/Facts/ValueArithmetic.h"

#include <gtest/gtest.h>

using namespace cudalint;

namespace {

const IntegerBounds Int{INT32_MIN, INT32_MAX, "int"};
const IntegerBounds Unsigned{0, UINT32_MAX, "unsigned int"};
const IntegerBounds Wide; // int64_t

ResolvedValue set(std::vector<int64_t> Values) {
  return ResolvedValue::oneOf(std::move(Values));
}

std::string apply(IntegerOp Op, const ResolvedValue &A, const ResolvedValue &B,
                  const IntegerBounds &T = Int) {
  return describeValue(applyIntegerOp(Op, A, B, T));
}

TEST(ValueArithmeticTest, ConstantsAndSets) {
  ResolvedValue C32 = ResolvedValue::constant(32);
  EXPECT_EQ(apply(IntegerOp::Mul, set({1, 2, 4}), C32), "{32, 64, 128}");
  EXPECT_EQ(apply(IntegerOp::Div, set({100, 200}), C32), "{3, 6}");
  EXPECT_EQ(apply(IntegerOp::Shl, ResolvedValue::constant(1), set({5, 10})),
            "{32, 1024}");
  EXPECT_EQ(apply(IntegerOp::Max, set({16, 512}), C32), "{32, 512}");
}

TEST(ValueArithmeticTest, ProvenValuesFollowAConstant) {
  ResolvedValue S = set({1, 2});
  S.keepProven({2});
  ResolvedValue R =
      applyIntegerOp(IntegerOp::Mul, S, ResolvedValue::constant(32), Int);
  EXPECT_EQ(R.Proven, std::vector<int64_t>({64}));
  // Two sets combine values that may come from different paths.
  ResolvedValue T = set({1, 2});
  T.keepProven({1, 2});
  EXPECT_TRUE(applyIntegerOp(IntegerOp::Add, T, T, Int).Proven.empty());
}

TEST(ValueArithmeticTest, Ranges) {
  ResolvedValue R = ResolvedValue::range(1, 100);
  EXPECT_EQ(apply(IntegerOp::Add, R, ResolvedValue::constant(31)), "[32, 131]");
  EXPECT_EQ(apply(IntegerOp::Sub, ResolvedValue::constant(0), R), "[-100, -1]");
  EXPECT_EQ(apply(IntegerOp::Mul, R, ResolvedValue::range(-2, 3)),
            "[-200, 300]");
  EXPECT_EQ(apply(IntegerOp::Div, ResolvedValue::range(32, 131),
                  ResolvedValue::constant(32)),
            "[1, 4]");
  EXPECT_EQ(apply(IntegerOp::Rem, R, ResolvedValue::constant(32)), "[0, 31]");
  EXPECT_EQ(apply(IntegerOp::Rem, ResolvedValue::range(33, 40),
                  ResolvedValue::constant(32)),
            "[1, 8]");
  EXPECT_EQ(apply(IntegerOp::And, R, ResolvedValue::constant(-32)), "[0, 96]");
  // x | y: at least the larger, no bit above the highest either sets.
  EXPECT_EQ(apply(IntegerOp::Or, ResolvedValue::range(0, 5),
                  ResolvedValue::constant(8)),
            "[8, 15]");
  EXPECT_EQ(apply(IntegerOp::Or, ResolvedValue::range(0, 0),
                  ResolvedValue::range(0, 0)),
            "0");
  EXPECT_EQ(apply(IntegerOp::Or, ResolvedValue::range(-1, 5),
                  ResolvedValue::constant(8)),
            "?");
  EXPECT_EQ(apply(IntegerOp::Shr, ResolvedValue::range(64, 1024),
                  ResolvedValue::constant(5)),
            "[2, 32]");
}

TEST(ValueArithmeticTest, OverflowIsUnknownWithItsReason) {
  ResolvedValue Big = ResolvedValue::constant(INT64_MAX);
  ResolvedValue R = applyIntegerOp(IntegerOp::Mul, Big, Big, Wide);
  EXPECT_FALSE(R.isKnown());
  EXPECT_EQ(R.Reason, "a multiplication that overflows");
  R = applyIntegerOp(IntegerOp::Mul, ResolvedValue::range(1, 1 << 20),
                     ResolvedValue::constant(1 << 20), Int);
  EXPECT_FALSE(R.isKnown());
  EXPECT_EQ(R.Reason, "a result that may not fit in 'int'");
  // An unsigned subtraction below zero wraps: not the value a reader means.
  R = applyIntegerOp(IntegerOp::Sub, ResolvedValue::constant(0),
                     ResolvedValue::constant(1), Unsigned);
  EXPECT_FALSE(R.isKnown());
  EXPECT_FALSE(applyIntegerOp(IntegerOp::Shl, ResolvedValue::constant(1),
                              ResolvedValue::constant(63), Wide)
                   .isKnown());
  EXPECT_FALSE(applyIntegerOp(IntegerOp::Div,
                              ResolvedValue::constant(INT64_MIN),
                              ResolvedValue::constant(-1), Wide)
                   .isKnown());
  EXPECT_FALSE(applyIntegerOp(IntegerOp::Div, ResolvedValue::constant(1),
                              ResolvedValue::range(-1, 1), Wide)
                   .isKnown());
}

TEST(ValueArithmeticTest, ManyResultsBecomeARange) {
  ResolvedValue A = set({1, 2, 3, 4, 5});
  ResolvedValue B = set({11, 13, 17, 19, 23});
  EXPECT_EQ(apply(IntegerOp::Mul, A, B), "[11, 115]");
}

TEST(ValueArithmeticTest, OneSideUnknown) {
  ResolvedValue C = ResolvedValue::constant(2048);
  std::optional<ResolvedValue> Max = boundByOneSide(IntegerOp::Max, C, Int);
  ASSERT_TRUE(Max);
  EXPECT_EQ(describeValue(*Max), "[2048, 2147483647]");
  // min(n, 2048) of an int: at most 2048, open below (down to INT_MIN).
  std::optional<ResolvedValue> SignedMin =
      boundByOneSide(IntegerOp::Min, C, Int);
  ASSERT_TRUE(SignedMin);
  EXPECT_EQ(describeValue(*SignedMin), "[-2147483648, 2048]");
  EXPECT_FALSE(
      boundByOneSide(IntegerOp::Min, ResolvedValue::unknown("?"), Int));
  std::optional<ResolvedValue> Min =
      boundByOneSide(IntegerOp::Min, ResolvedValue::constant(256), Unsigned);
  ASSERT_TRUE(Min);
  EXPECT_EQ(describeValue(*Min), "[0, 256]");
}

TEST(ValueArithmeticTest, Clamp) {
  ResolvedValue Lo = ResolvedValue::constant(32);
  ResolvedValue Hi = ResolvedValue::constant(1024);
  EXPECT_EQ(
      describeValue(clampValue(ResolvedValue::unknown("input"), Lo, Hi, Int)),
      "[32, 1024]");
  EXPECT_EQ(describeValue(clampValue(set({8, 64, 4096}), Lo, Hi, Int)),
            "{32, 64, 1024}");
  EXPECT_FALSE(clampValue(ResolvedValue::unknown(), Hi, Lo, Int).isKnown());
}

TEST(ValueArithmeticTest, CheckedProduct) {
  EXPECT_EQ(checkedProduct({2147483647, 65535, 65535}),
            std::optional<int64_t>(int64_t(2147483647) * 65535 * 65535));
  EXPECT_FALSE(checkedProduct({2147483647, 65535, 65535, 128}));
}

} // namespace
