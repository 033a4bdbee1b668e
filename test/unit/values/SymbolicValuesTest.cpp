//===- SymbolicValuesTest.cpp - Values of sizes read at run time ----------===//

#include "cudalint/Facts/SymbolicValues.h"

#include <gtest/gtest.h>

using namespace cudalint;

namespace {

const IntegerBounds Int{INT32_MIN, INT32_MAX, "int"};
const IntegerBounds Int64{INT64_MIN, INT64_MAX, "int64_t"};
const IntegerBounds UInt16{0, 65535, "uint16_t"};
const IntegerBounds Size{0, INT64_MAX, "size_t"};

ResolvedValue input(const std::string &Name, const IntegerBounds &T = Int,
                    unsigned Line = 1) {
  return symbolicInput(Name, "the result of 'atoi'", T,
                       SourceLoc{"/src/f.cu", Line, 3},
                       SymbolicNode::Source::Parsed);
}

ResolvedValue constant(int64_t V) { return ResolvedValue::constant(V); }

ResolvedValue op(IntegerOp O, const ResolvedValue &A, const ResolvedValue &B,
                 const IntegerBounds &T = Int) {
  return applyIntegerOp(O, A, B, T);
}

std::optional<int64_t> firstAbove(const ResolvedValue &V, int64_t Limit) {
  std::vector<FailingInput> F = inputsAbove(V, Limit);
  if (F.empty())
    return std::nullopt;
  return F.front().Value;
}

TEST(SymbolicValuesTest, AnInputKeepsItsTypesRange) {
  ResolvedValue N = input("n");
  ASSERT_TRUE(N.isSymbolic());
  EXPECT_FALSE(N.isKnown());
  EXPECT_EQ(N.Min, 1); // a size counts from 1
  EXPECT_EQ(N.Max, INT32_MAX);
  EXPECT_EQ(describeValue(N), "?");
  EXPECT_EQ(describeSymbolic(N), "n");
  EXPECT_EQ(N.Reason, "'n' (the result of 'atoi', an int) is read at run time");
}

TEST(SymbolicValuesTest, ArithmeticBuildsAnExpressionInItsType) {
  ResolvedValue N = input("n");
  ResolvedValue Blocks =
      op(IntegerOp::Div, op(IntegerOp::Add, N, constant(255)), constant(256));
  ASSERT_TRUE(Blocks.isSymbolic());
  EXPECT_EQ(describeSymbolic(Blocks), "(n + 255) / 256");
  // n + 255 may overflow an int: any int may come of it, and the grid
  // stays within what an int divided by 256 holds.
  EXPECT_EQ(Blocks.Max, INT32_MAX / 256);
  ResolvedValue Product =
      op(IntegerOp::Mul, input("a", Int, 1), input("b", Int, 2));
  EXPECT_EQ(describeSymbolic(Product), "a * b");
  EXPECT_EQ(describeSymbolic(
                op(IntegerOp::Sub, N, op(IntegerOp::Sub, N, constant(1)))),
            "n - (n - 1)");
  // An unknown operand stays unknown: nothing is guessed.
  EXPECT_EQ(op(IntegerOp::Add, N, ResolvedValue::unknown("why")).K,
            ResolvedValue::Kind::Unknown);
}

// A comparison gives 1 or 0, as C's does, and is shown as written:
// `t * 68` bytes on GPUs older than arch 3, `t * 64` on the others.
TEST(SymbolicValuesTest, AComparisonIsOneOrZero) {
  const IntegerBounds Bool{0, 1, "bool"};
  ResolvedValue Old =
      op(IntegerOp::Less, input("arch", Int, 2), constant(3), Bool);
  ASSERT_TRUE(Old.isSymbolic());
  EXPECT_EQ(Old.Min, 0);
  EXPECT_EQ(Old.Max, 1);
  ResolvedValue Threads = input("t", Int, 1);
  ResolvedValue Bytes =
      op(IntegerOp::Add, op(IntegerOp::Mul, Threads, constant(64)),
         op(IntegerOp::Mul, op(IntegerOp::Mul, Threads, constant(4)), Old));
  EXPECT_EQ(describeSymbolic(Bytes), "t * 64 + t * 4 * (arch < 3)");
  // 68 * t passes 48 KiB at t = 723 (with arch 1 or 2).
  EXPECT_EQ(firstAbove(Bytes, 48 * 1024), 723);
  // On known values: exact, or either where the ranges overlap.
  EXPECT_EQ(describeValue(op(IntegerOp::GreaterEqual,
                             ResolvedValue::range(4, 8), constant(4), Bool)),
            "1");
  EXPECT_EQ(describeValue(op(IntegerOp::Equal, ResolvedValue::range(4, 8),
                             constant(5), Bool)),
            "[0, 1]");
}

// Two paths that read the same expression show it once, unbracketed.
TEST(SymbolicValuesTest, AJoinOfOneExpressionShowsItOnce) {
  ResolvedValue Rows = input("rows");
  ResolvedValue Either = symbolicJoin({Rows, Rows});
  EXPECT_EQ(describeSymbolic(op(IntegerOp::Div,
                                op(IntegerOp::Add, Either, constant(31)),
                                constant(32))),
            "(rows + 31) / 32");
  EXPECT_EQ(describeSymbolic(symbolicJoin({Rows, input("cols", Int, 2)})),
            "rows or cols");
}

TEST(SymbolicValuesTest, SmallestFailingInputOfEachLimit) {
  ResolvedValue Rows = input("ne1", Int64);
  EXPECT_EQ(firstAbove(Rows, 65535), 65536);
  ResolvedValue Threads = op(IntegerOp::Mul, input("n"), constant(32));
  EXPECT_EQ(firstAbove(Threads, 1024), 33);
  ResolvedValue Smem = op(IntegerOp::Mul, input("n", Size), constant(4), Size);
  EXPECT_EQ(firstAbove(Smem, 48 * 1024), 12289);
  std::vector<FailingInput> F = inputsAbove(Smem, 48 * 1024);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_TRUE(F[0].Edge);
  EXPECT_EQ(F[0].Result, 49156);
  // A grid from a 64-bit count.
  ResolvedValue Grid =
      op(IntegerOp::Div,
         op(IntegerOp::Add, input("n", Int64), constant(255), Int64),
         constant(256), Int64);
  EXPECT_EQ(firstAbove(Grid, INT32_MAX), int64_t(INT32_MAX) * 256 + 1);
}

TEST(SymbolicValuesTest, NoValueOfTheTypeFails) {
  // An int divided by 256 never passes 2^31 - 1 blocks; a uint16_t never
  // passes 65535.
  ResolvedValue Grid = op(IntegerOp::Div, input("n"), constant(256));
  EXPECT_EQ(firstAbove(Grid, INT32_MAX), std::nullopt);
  EXPECT_EQ(firstAbove(input("h", UInt16), 65535), std::nullopt);
  // Rounded up in an int, it overflows first: C leaves that undefined.
  ResolvedValue Rounded =
      op(IntegerOp::Div, op(IntegerOp::Add, input("n"), constant(255)),
         constant(256));
  std::vector<FailingInput> F = inputsAbove(Rounded, INT32_MAX);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Value, INT32_MAX - 254);
  ASSERT_TRUE(F[0].OverflowAt);
  EXPECT_EQ(F[0].OverflowAt->Name, "int");
  // In an unsigned type it wraps, as C defines: no failure either way.
  const IntegerBounds UInt{0, UINT32_MAX, "unsigned int"};
  EXPECT_EQ(
      firstAbove(op(IntegerOp::Div,
                    op(IntegerOp::Add, input("u", UInt), constant(255), UInt),
                    constant(256), UInt),
                 INT32_MAX),
      std::nullopt);
  // n * 32 overflows an int for large n, but it fails long before.
  EXPECT_EQ(firstAbove(op(IntegerOp::Mul, input("n"), constant(32)), 1024), 33);
}

TEST(SymbolicValuesTest, ABlockOfTwoSizesFailsByItsProduct) {
  ResolvedValue Threads = op(IntegerOp::Mul, input("ne13", Int64, 1),
                             input("ne12", Int64, 2), Int64);
  std::vector<FailingInput> F = inputsAbove(Threads, 1024);
  ASSERT_EQ(F.size(), 2u);
  EXPECT_EQ(F[0].Input->Name, "ne13");
  EXPECT_EQ(F[0].Value, 1025); // with ne12 = 1
  EXPECT_EQ(F[1].Input->Name, "ne12");
}

TEST(SymbolicValuesTest, GuardsBoundTheInput) {
  // if (n > 1024) return;
  std::optional<ResolvedValue> N = symbolicWithin(input("n"), INT32_MIN, 1024);
  ASSERT_TRUE(N);
  EXPECT_EQ(N->Max, 1024);
  EXPECT_EQ(firstAbove(*N, 1024), std::nullopt);
  // if (n > 4096) return; ... n * 2: fails from 513 up to the guard.
  std::optional<ResolvedValue> M = symbolicWithin(input("m"), INT32_MIN, 4096);
  EXPECT_EQ(firstAbove(op(IntegerOp::Mul, *M, constant(2)), 1024), 513);
  // The guard on the product itself: if (t > 1024) t = 1024 leaves the
  // path where t <= 1024, and the one where it is 1024.
  ResolvedValue T = op(IntegerOp::Mul, input("n"), constant(2));
  std::optional<ResolvedValue> Kept = symbolicWithin(T, INT32_MIN, 1024);
  ASSERT_TRUE(Kept);
  ResolvedValue Clamped = joinValues({*Kept, constant(1024)});
  ASSERT_TRUE(Clamped.isSymbolic());
  EXPECT_EQ(Clamped.Max, 1024);
  // No value passes the limit; n * 2 overflows an int before the test.
  std::vector<FailingInput> F = inputsAbove(Clamped, 1024);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_TRUE(F[0].OverflowAt);
  EXPECT_EQ(F[0].Value, int64_t(1) << 30);
  // A guard that excludes every value leaves no path.
  EXPECT_FALSE(symbolicWithin(input("n"), INT32_MIN, 0));
}

TEST(SymbolicValuesTest, MinAndClampBound) {
  ResolvedValue Capped = op(IntegerOp::Min, input("n"), constant(1024));
  EXPECT_EQ(Capped.Max, 1024);
  EXPECT_EQ(firstAbove(Capped, 1024), std::nullopt);
  ResolvedValue Clamped =
      clampValue(input("n"), constant(32), constant(512), Int);
  ASSERT_TRUE(Clamped.isSymbolic());
  EXPECT_EQ(Clamped.Min, 32);
  EXPECT_EQ(Clamped.Max, 512);
  // What the engine knew of it before stays (a range), with the expression.
  EXPECT_EQ(describeValue(Clamped), "[32, 512]");
  EXPECT_EQ(describeSymbolic(Clamped), "min(max(n, 32), 512)");
}

TEST(SymbolicValuesTest, OnePathOfSeveralFails) {
  // int b = 256; if (argc > 2) b = atoi(argv[2]);
  ResolvedValue B = joinValues({constant(256), input("b")});
  ASSERT_TRUE(B.isSymbolic());
  EXPECT_EQ(firstAbove(B, 1024), 1025);
  EXPECT_EQ(B.Min, 1);
}

TEST(SymbolicValuesTest, ZeroBlocksForSmallInputs) {
  // n / 256 is 0 for every n below 256.
  ResolvedValue Grid = op(IntegerOp::Div, input("n"), constant(256));
  std::vector<FailingInput> Below = inputsBelow(Grid, 1);
  ASSERT_EQ(Below.size(), 1u);
  EXPECT_EQ(Below[0].Value, 255);
  EXPECT_TRUE(Below[0].Edge);
  // (n + 255) / 256 is at least 1 for n >= 1; an empty input gives 0.
  ResolvedValue Rounded =
      op(IntegerOp::Div, op(IntegerOp::Add, input("n"), constant(255)),
         constant(256));
  EXPECT_TRUE(inputsBelow(Rounded, 1).empty());
  std::vector<FailingInput> Empty =
      inputsBelow(Rounded, 1, InputDomain{/*SmallestSize=*/0});
  ASSERT_EQ(Empty.size(), 1u);
  EXPECT_EQ(Empty[0].Value, 0);
  // The last chunk n % 65535 is 0 when n is a multiple of the chunk.
  ResolvedValue Last = op(IntegerOp::Rem, input("n"), constant(65535));
  std::vector<FailingInput> Chunk = inputsBelow(Last, 1);
  ASSERT_EQ(Chunk.size(), 1u);
  EXPECT_EQ(Chunk[0].Value, 65535);
  EXPECT_FALSE(Chunk[0].Edge);
}

TEST(SymbolicValuesTest, ADifferenceOfSizesIsNotNegative) {
  // (stride - cols + 31) / 32 under `stride - cols != 0`: 0 blocks only for
  // a stride below cols, which no input has; `n - 256` of one size still
  // reaches 0.
  ResolvedValue Pad =
      op(IntegerOp::Sub, input("stride", Int, 1), input("cols", Int, 2));
  ComparisonBounds NotZero;
  NotZero.Excluded = 0;
  ResolvedValue Guarded = *symbolicWhen(Pad, Pad, NotZero);
  ResolvedValue Grid = op(
      IntegerOp::Div, op(IntegerOp::Add, Guarded, constant(31)), constant(32));
  EXPECT_TRUE(inputsBelow(Grid, 1).empty());
  ResolvedValue Tail =
      op(IntegerOp::Div,
         op(IntegerOp::Add, op(IntegerOp::Sub, input("n"), constant(256)),
            constant(255)),
         constant(256));
  EXPECT_FALSE(inputsBelow(Tail, 1).empty());
}

// nextPowerOfTwo's `x |= x >> 1` ... reads one x twice at each step: the
// expression keeps each node once, and the search evaluates `|` exactly.
TEST(SymbolicValuesTest, ABitwiseOrOfOneValueKeepsItOnce) {
  ResolvedValue X = op(IntegerOp::Sub, input("n", Int64), constant(1), Int64);
  for (int64_t Shift : {1, 2, 4, 8, 16, 32})
    X = op(IntegerOp::Or, X, op(IntegerOp::Shr, X, constant(Shift), Int64),
           Int64);
  ResolvedValue Next = op(IntegerOp::Add, X, constant(1), Int64);
  ASSERT_TRUE(Next.isSymbolic());
  // n, 1, n - 1; >> and | at each step, with its shift count but for the
  // 1 there already; + 1.
  EXPECT_EQ(Next.Symbolic.size(), 3u + 6u * 3u - 1u + 1u);
  EXPECT_EQ(firstAbove(Next, 1024), 1025);
  EXPECT_EQ(firstAbove(Next, 64), 65);
  EXPECT_EQ(describeSymbolic(
                op(IntegerOp::Or, input("a", Int64),
                   op(IntegerOp::Shr,
                      op(IntegerOp::Sub, input("a", Int64), constant(1), Int64),
                      constant(1), Int64),
                   Int64)),
            "a | (a - 1) >> 1");
  // A call's long expression reads as the call; a short one as itself.
  ResolvedValue Call = symbolicCall(Next, "nextPowerOfTwo(ext.z)");
  EXPECT_EQ(describeSymbolic(Call), "nextPowerOfTwo(ext.z)");
  EXPECT_EQ(describeSymbolic(op(IntegerOp::Mul, Call, constant(2), Int64)),
            "nextPowerOfTwo(ext.z) * 2");
  EXPECT_EQ(firstAbove(Call, 1024), 1025);
  ResolvedValue Short = op(IntegerOp::Add, input("n"), constant(1));
  EXPECT_EQ(symbolicCall(Short, "inc(n)").Symbolic.size(),
            Short.Symbolic.size());
}

// A value joined from two paths and then read twice takes one path at both
// reads: next-power-of-two of `c ? n : 1` is 128 at n = 65 (or 1), never
// the cross of the two paths' values, whose hull would certainly fail
// nothing.
TEST(SymbolicValuesTest, AJoinReadTwiceTakesOnePath) {
  ResolvedValue X =
      op(IntegerOp::Sub, joinValues({input("n", Int64), constant(1)}),
         constant(1), Int64);
  for (int64_t Shift : {1, 2, 4, 8, 16, 32})
    X = op(IntegerOp::Or, X, op(IntegerOp::Shr, X, constant(Shift), Int64),
           Int64);
  ResolvedValue Next = op(IntegerOp::Add, X, constant(1), Int64);
  ASSERT_TRUE(Next.isSymbolic());
  EXPECT_EQ(firstAbove(Next, 64), 65);
  // min(512, that) too; past 512 only where `+ 1` overflows int64_t, at
  // n = 2^62 + 1.
  ResolvedValue Capped = op(IntegerOp::Min, constant(512), Next, Int64);
  EXPECT_EQ(firstAbove(Capped, 64), 65);
  EXPECT_EQ(firstAbove(Capped, 512), (int64_t(1) << 62) + 1);
}

// A product whose right side is a quotient keeps its brackets: 512 * ((n +
// 511) / 512) is not (512 * (n + 511)) / 512.
TEST(SymbolicValuesTest, ARightQuotientKeepsItsBrackets) {
  ResolvedValue Tiles =
      op(IntegerOp::Div, op(IntegerOp::Add, input("n"), constant(511)),
         constant(512));
  EXPECT_EQ(describeSymbolic(op(IntegerOp::Mul, constant(512), Tiles)),
            "512 * ((n + 511) / 512)");
  EXPECT_EQ(describeSymbolic(op(IntegerOp::Mul, Tiles, constant(512))),
            "(n + 511) / 512 * 512");
  EXPECT_EQ(describeSymbolic(op(IntegerOp::Add, constant(1),
                                op(IntegerOp::Sub, input("n"), constant(2)))),
            "1 + n - 2");
}

// A divisor made of inputs is zero or not for each input: 512 / min(512,
// n) is followed, though the engine knows min(512, n) only as a range that
// holds 0 (at most 512, the type's least at the other end).
TEST(SymbolicValuesTest, ADivisorOfInputsIsFollowed) {
  ResolvedValue AtMost512 = withExpressionOf(
      ResolvedValue::range(INT64_MIN, 512),
      op(IntegerOp::Min, constant(512), input("n", Int64), Int64));
  ResolvedValue Threads = op(IntegerOp::Div, constant(512), AtMost512, Int64);
  ASSERT_TRUE(Threads.isSymbolic());
  EXPECT_TRUE(inputsBelow(Threads, 1).empty());
  EXPECT_EQ(firstAbove(Threads, 256), 1);
}

TEST(SymbolicValuesTest, TheInputsTypeWithItsArticle) {
  auto Details = [](const IntegerBounds &T) {
    return inputDetails(*symbolicInputs(input("n", T)).front());
  };
  EXPECT_EQ(Details(Int), "the result of 'atoi', an int");
  EXPECT_EQ(Details({0, UINT32_MAX, "uint32_t"}),
            "the result of 'atoi', a uint32_t");
  EXPECT_EQ(Details({0, UINT32_MAX, "unsigned int"}),
            "the result of 'atoi', an unsigned int");
  EXPECT_EQ(Details(Size), "the result of 'atoi', a size_t");
}

TEST(SymbolicValuesTest, RenamingKeepsTheInputsParameter) {
  ResolvedValue N = input("n");
  N.Symbolic[0].Parameter = ParameterRef{"_Z1fi", "f", "n", 0, ""};
  ResolvedValue Sum = op(IntegerOp::Add, N, constant(1));
  ASSERT_EQ(symbolicInputs(Sum).size(), 1u);
  EXPECT_TRUE(symbolicInputs(Sum)[0]->Parameter);
  EXPECT_TRUE(growsWithInputs(Sum));
  EXPECT_FALSE(growsWithInputs(op(IntegerOp::Rem, N, constant(7))));
}

} // namespace
