//===- LaunchSizeUnboundedTest.cpp - cuda-launch-size-unbounded -----------===//
//
// lib/Checks/LaunchSizeUnbounded.cpp on synthetic facts (CheckTestSupport.h):
// each limit with a size read at run time that breaks it, and a bounded twin.
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

#include "cudalint/Checks/SizeLimits.h"
#include "cudalint/Facts/SymbolicValues.h"

namespace cudalint::checktest {
namespace {

CHECK_SUITE(LaunchSizeUnbounded, Unbounded, "cuda-launch-size-unbounded");

const IntegerBounds Int{INT32_MIN, INT32_MAX, "int"};
const IntegerBounds Int64{INT64_MIN, INT64_MAX, "int64_t"};

ResolvedValue input(const std::string &Name, const IntegerBounds &T = Int,
                    unsigned Line = 10) {
  return symbolicInput(Name, "the result of 'atoi'", T, place(Line, 7),
                       SymbolicNode::Source::Parsed);
}
ResolvedValue within(const ResolvedValue &V, int64_t Lo, int64_t Hi) {
  std::optional<ResolvedValue> R = symbolicWithin(V, Lo, Hi);
  EXPECT_TRUE(R);
  return R.value_or(V);
}

CHECK_TEST(LaunchSizeUnbounded, GridYFromARunTimeSize, Unbounded, Both) {
  Kernel K("k");
  ResolvedValue Rows = input("ne1", Int64);
  EXPECT_THAT(
      Scenario()
          .with(K, Launch(K, c(1), c(256)).grid(c(4), Rows))
          .findings(Unbounded),
      ElementsAre(AllOf(
          warning("sm_80",
                  says("grid y of 'k' is 'ne1' (the result of 'atoi', an "
                       "int64_t), and nothing on this path bounds it; it "
                       "passes the maximum of 65535 blocks in grid y once "
                       "ne1 > 65535; the launch may fail with "
                       "cudaErrorInvalidValue")),
          withNote("'ne1' is read here"),
          withNote("to fix: move the large "
                   "dimension to grid x"))));
  // Bounded on the way: nothing.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(1), c(256))
                               .grid(c(4), within(Rows, INT64_MIN, 65535)))
                  .findings(Unbounded),
              IsEmpty());
}

CHECK_TEST(LaunchSizeUnbounded, TheTypeCannotReachTheLimit, Unbounded, Silent) {
  Kernel K("k");
  IntegerBounds UInt16{0, 65535, "uint16_t"};
  ResolvedValue Blocks = applyIntegerOp(
      IntegerOp::Div, applyIntegerOp(IntegerOp::Add, input("n"), c(255), Int),
      c(256), Int);
  EXPECT_THAT(
      Scenario()
          .with(K, Launch(K, Blocks, c(256)),
                Launch(K, c(1), c(256), 21).grid(c(1), input("h", UInt16)))
          .findings(Unbounded),
      IsEmpty());
}

CHECK_TEST(LaunchSizeUnbounded, ABlockOfTwoSizes, Unbounded, Reports) {
  Kernel K("k");
  Launch L = Launch(K, c(1), c(1))
                 .block(input("ne13", Int64, 10), input("ne12", Int64, 11));
  EXPECT_THAT(Scenario().with(K, L).findings(Unbounded),
              ElementsAre(warning(
                  "sm_80", says("threads per block of 'k' is 'ne13 * ne12'",
                                "the maximum of 1024 threads per block on "
                                "sm_80 once ne13 > 1024"))));
}

CHECK_TEST(LaunchSizeUnbounded, TheKernelsOwnLimits, Unbounded, Both) {
  Kernel K("k");
  K.launchBounds(256);
  Launch L = Launch(K, c(1), input("b"));
  EXPECT_THAT(Scenario().with(K, L).findings(Unbounded),
              ElementsAre(warning(
                  "sm_80", says("threads per block of 'k' is 'b'",
                                "the kernel's __launch_bounds__ maximum of "
                                "256 threads once b > 256"))));
  // Registers: 128 per thread let 512 threads launch on sm_80.
  Kernel Heavy("heavy");
  Launch H = Launch(Heavy, c(1), within(input("t"), 1, 1024));
  EXPECT_THAT(
      Scenario()
          .with(Heavy, H, Resources(Heavy, "sm_80").regs(128))
          .findings(Unbounded),
      ElementsAre(AllOf(
          warning("sm_80",
                  says("its 128 registers per thread", "once t > 512")),
          Field(&Diagnostic::CudaError, "cudaErrorLaunchOutOfResources"))));
  // The occupancy API chose the block: nothing.
  Launch Tuned = Launch(K, c(1), input("b")).occupancyTuned();
  EXPECT_THAT(Scenario().with(K, Tuned).findings(Unbounded), IsEmpty());
}

CHECK_TEST(LaunchSizeUnbounded, SharedMemoryAndItsOptIn, Unbounded, Both) {
  Kernel K("k");
  IntegerBounds Size{0, INT64_MAX, "size_t"};
  ResolvedValue Bytes =
      applyIntegerOp(IntegerOp::Mul, input("n", Size), c(4), Size);
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(1), c(32)).smem(Bytes))
                  .findings(Unbounded),
              ElementsAre(warning(
                  "sm_80", says("dynamic shared memory of 'k' is 'n * 4'",
                                "the 48 KiB a block may have without opting "
                                "in once n > 12288"))));
  // An opt-in of 96 KiB moves the limit.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(1), c(32)).smem(Bytes))
                  .setting(K, "MaxDynamicSharedMemorySize", c(98304))
                  .findings(Unbounded),
              ElementsAre(warning(
                  "sm_80", says("the opt-in of 96 KiB", "once n > 24576"))));
  // The threshold option: a failure only past it is not reported.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(1), c(32)).smem(Bytes))
                  .option("cuda-launch-size-unbounded.MaxFailingInput", "10000")
                  .findings(Unbounded),
              IsEmpty());
}

CHECK_TEST(LaunchSizeUnbounded, ZeroBlocks, Unbounded, Both) {
  Kernel K("k");
  ResolvedValue Truncated =
      applyIntegerOp(IntegerOp::Div, input("n"), c(256), Int);
  EXPECT_THAT(
      Scenario().with(K, Launch(K, Truncated, c(256))).findings(Unbounded),
      ElementsAre(warning("sm_80", says("grid x of 'k' is 'n / 256'",
                                        "it is 0 while n <= 255, and "
                                        "a launch needs at least one"))));
  // Rounded up: an empty input only, which is reported on request.
  ResolvedValue Rounded = applyIntegerOp(
      IntegerOp::Div, applyIntegerOp(IntegerOp::Add, input("n"), c(255), Int),
      c(256), Int);
  EXPECT_THAT(
      Scenario().with(K, Launch(K, Rounded, c(256))).findings(Unbounded),
      IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, Rounded, c(256)))
                  .option("cuda-launch-size-unbounded.CountEmptyInputs", "true")
                  .findings(Unbounded),
              ElementsAre(warning("sm_80", says("it is 0 at n = 0"))));
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, Truncated, c(256)))
                  .option("cuda-launch-size-unbounded.WatchZeroSizes", "false")
                  .findings(Unbounded),
              IsEmpty());
}

CHECK_TEST(LaunchSizeUnbounded, ParametersByWhoCallsThem, Unbounded, Both) {
  Kernel K("k");
  auto Parameter = [](SymbolicNode::Source From) {
    return symbolicInput("rows", "parameter 'rows' of 'f'", Int64, place(10, 7),
                         From);
  };
  ResolvedValue Uncalled = Parameter(SymbolicNode::Source::Parameter);
  ResolvedValue Indirect = Parameter(SymbolicNode::Source::IndirectParameter);
  // A function no analysed file calls: its callers elsewhere decide, so
  // only on request.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(1), c(256)).grid(c(1), Uncalled))
                  .findings(Unbounded),
              IsEmpty());
  // One called through pointers: no run sees all its callers.
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, c(1), c(256)).grid(c(1), Indirect))
                  .findings(Unbounded),
              ElementsAre(warning("sm_80", says("grid y of 'k' is 'rows'",
                                                "once rows > 65535"))));
  // Its block is still the caller's choice of configuration.
  EXPECT_THAT(Scenario().with(K, Launch(K, c(1), Indirect)).findings(Unbounded),
              IsEmpty());
}

CHECK_TEST(LaunchSizeUnbounded, ACountTheGpuComputedMayBeZero, Unbounded,
           Both) {
  Kernel K("k");
  auto Blocks = [](SymbolicNode::Source From) {
    ResolvedValue N =
        symbolicInput("n", "copied from the GPU", Int, place(10, 7), From);
    return applyIntegerOp(IntegerOp::Div,
                          applyIntegerOp(IntegerOp::Add, N, c(255), Int),
                          c(256), Int);
  };
  EXPECT_THAT(
      Scenario()
          .with(K,
                Launch(K, Blocks(SymbolicNode::Source::DeviceResult), c(256)))
          .findings(Unbounded),
      ElementsAre(warning("sm_80", says("grid x of 'k' is '(n + 255) / 256'",
                                        "it is 0 at n = 0"))));
  // A size read from the input counts from 1.
  EXPECT_THAT(
      Scenario()
          .with(K, Launch(K, Blocks(SymbolicNode::Source::Read), c(256)))
          .findings(Unbounded),
      IsEmpty());
}

CHECK_TEST(LaunchSizeUnbounded, KnownAndUnknownValuesAreOtherChecks, Unbounded,
           Silent) {
  Kernel K("k");
  EXPECT_THAT(Scenario()
                  .with(K, Launch(K, unknown(), c(4096)),
                        Launch(K, range(1, 1 << 20), unknown(), 21))
                  .findings(Unbounded),
              IsEmpty());
}

// The safe conditions of several limits read as one: each input's tightest
// bound, every other condition once.
TEST(SafeConditions, JoinKeepsTheTightestBoundOfEachInput) {
  using K = SafeCondition::Kind;
  EXPECT_EQ(describeSafeConditions({{"bl.x", K::AtMost, 1024},
                                    {"bl.z", K::AtMost, 64},
                                    {"bl.x", K::AtMost, 1024},
                                    {"bl.z", K::AtMost, 1024},
                                    {"n", K::Above, 0},
                                    {"n", K::Above, 255},
                                    {"num", K::FailsAt, 7},
                                    {"num", K::FailsAt, 7},
                                    {"num", K::FailsAt, 9}}),
            "safe while bl.x <= 1024 and bl.z <= 64 and n > 255; fails at "
            "num = 7");
  EXPECT_EQ(describeSafeConditions({{"n", K::FailsAt, 1025}}),
            "fails at n = 1025");
  EXPECT_EQ(describeSafeConditions({}), "");
}

} // namespace
} // namespace cudalint::checktest
