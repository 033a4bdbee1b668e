//===- LaunchArithmeticTest.cpp - Launch values combined without overflow -===//
//
// Launch values are int64_t and may be anything the source says. Their
// products saturate at the int64_t limits instead of overflowing (undefined
// behaviour that the sanitizer build aborts on): here at the extremes.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Facts/Facts.h"
#include "cudalint/Facts/SaturatingArithmetic.h"

#include "gtest/gtest.h"

#include <limits>

using namespace cudalint;

namespace {

constexpr int64_t Max = std::numeric_limits<int64_t>::max();
constexpr int64_t Min = std::numeric_limits<int64_t>::min();

TEST(SaturatingArithmetic, ProductsSaturateWithTheirSign) {
  EXPECT_EQ(saturatingMul(6, 7), 42);
  EXPECT_EQ(saturatingMul(Max, 1), Max);
  EXPECT_EQ(saturatingMul(Max, 2), Max);
  EXPECT_EQ(saturatingMul(Max, -2), Min);
  EXPECT_EQ(saturatingMul(Min, -1), Max);
  EXPECT_EQ(saturatingMul(-Max, -Max), Max);
  // The largest valid grid times a block of 128 threads.
  EXPECT_EQ(saturatingMul(2147483647, 65535, 65535), 9223090559730712575);
  EXPECT_EQ(saturatingMul(saturatingMul(2147483647, 65535, 65535), 128), Max);
  // A zero anywhere is zero, even after a saturated pair.
  EXPECT_EQ(saturatingMul(Max, Max, 0), 0);
}

TEST(SaturatingArithmetic, SumsAndCeilings) {
  EXPECT_EQ(saturatingAdd(Max, 1), Max);
  EXPECT_EQ(saturatingAdd(Min, -1), Min);
  EXPECT_EQ(saturatingAdd(-5, 3), -2);
  EXPECT_EQ(divideRoundingUp(Max, 32), int64_t(1) << 58);
  EXPECT_EQ(divideRoundingUp(Max - 31, 32), (int64_t(1) << 58) - 1);
  EXPECT_EQ(divideRoundingUp(0, 7), 0);
  EXPECT_EQ(divideRoundingUp(265, 264), 2);
}

Dim3Value dim3(ResolvedValue X, ResolvedValue Y, ResolvedValue Z) {
  return {std::move(X), std::move(Y), std::move(Z)};
}

// A product of block dimensions past int64_t is never a wrapped number: it
// is unknown or stays at INT64_MAX, either way over every block limit.
bool notWrapped(const ResolvedValue &T) {
  if (!T.isKnown())
    return true;
  return T.lowest() <= T.highest() && T.highest() == Max;
}

TEST(ThreadsPerBlock, ProductsOfHugeValuesAreNotWrapped) {
  using RV = ResolvedValue;
  EXPECT_TRUE(notWrapped(
      threadsPerBlock(dim3(RV::constant(int64_t(1) << 40),
                           RV::constant(int64_t(1) << 40), RV::constant(1)))));
  EXPECT_TRUE(notWrapped(threadsPerBlock(
      dim3(RV::oneOf({2, Max}), RV::oneOf({1, Max - 1}), RV::constant(1)))));
  EXPECT_TRUE(notWrapped(threadsPerBlock(
      dim3(RV::range(1, Max), RV::constant(4), RV::constant(2)))));
}

TEST(ThreadsPerBlock, RangesKeepTheirOrder) {
  using RV = ResolvedValue;
  // A negative factor swaps the ends: still Min <= Max.
  RV T = threadsPerBlock(
      dim3(RV::range(1, 10), RV::constant(-1), RV::constant(1)));
  ASSERT_EQ(T.K, RV::Kind::Range);
  EXPECT_EQ(T.Min, -10);
  EXPECT_EQ(T.Max, -1);
}

TEST(ThreadsPerBlock, SetsInTwoDimensionsAreNotPaired) {
  using RV = ResolvedValue;
  // `dim3 b(32, 8); if (ndims == 1) { b.x *= b.y; b.y = 1; }`: x is 32 or
  // 256 and y 8 or 1, each proven to reach, but no path gives 256 x 8. The
  // product is the range between the smallest and the largest pairing, not
  // a set of values that reach the launch.
  RV X = RV::oneOf({32, 256}), Y = RV::oneOf({1, 8});
  X.Proven = X.Values;
  Y.Proven = Y.Values;
  RV T = threadsPerBlock(dim3(X, Y, RV::constant(1)));
  ASSERT_EQ(T.K, RV::Kind::Range);
  EXPECT_EQ(T.Min, 32);
  EXPECT_EQ(T.Max, 2048);
  // One set beside constants is that set's products.
  T = threadsPerBlock(dim3(X, RV::constant(2), RV::constant(1)));
  ASSERT_EQ(T.K, RV::Kind::Set);
  EXPECT_EQ(T.Values, (std::vector<int64_t>{64, 512}));
}

} // namespace
