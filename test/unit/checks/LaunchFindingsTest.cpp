//===- LaunchFindingsTest.cpp - the precision rules across checks ---------===//
//
// lib/Checks/LaunchFindings.cpp on synthetic facts (CheckTestSupport.h).
// The precision rules across checks.
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

using namespace llvm;

namespace cudalint::checktest {
namespace {

TEST(PrecisionRules, CertainFailureKeepsItsErrorsOnly) {
  // 100 threads, registers that cap occupancy: warnings of their own...
  Kernel Free("k");
  auto Warnings = Scenario()
                      .with(Free, Launch(Free, c(1000), c(100)),
                            Resources(Free, "sm_80").regs(255).spills(8, 8))
                      .all();
  EXPECT_THAT(checkNames(Warnings),
              ElementsAre("cuda-register-spills",
                          "cuda-block-size-not-warp-multiple",
                          "cuda-occupancy-limited"));
  // ...but a launch over its bound fails: only its error is reported. The
  // kernel's own findings (spills) do not depend on the launch and stay.
  Kernel K = Kernel("k").launchBounds(64);
  auto D = Scenario()
               .with(K, Launch(K, c(1000), c(100)),
                     Resources(K, "sm_80").regs(255).spills(8, 8))
               .all();
  EXPECT_THAT(checkNames(D), ElementsAre("cuda-register-spills",
                                         "cuda-launch-bounds-exceeded"));
  EXPECT_EQ(D[1].Sev, Severity::Error);
}

TEST(PrecisionRules, CertainFailureIsPerArch) {
  // 80 KiB of dynamic shared memory, opted in: beyond sm_75's 64 KiB, within
  // sm_86's 99 KiB. The warp-multiple warning survives on sm_86 only. (On
  // sm_75 the opt-in itself is refused.)
  Kernel K("k");
  auto D = Scenario({"sm_75", "sm_86"})
               .with(K, Launch(K, c(1000), c(100)).smem(c(80 * 1024)))
               .setting(K, "MaxDynamicSharedMemorySize", c(80 * 1024))
               .all();
  EXPECT_THAT(
      D,
      ElementsAre(
          AllOf(Field(&Diagnostic::Check, "cuda-func-attribute-refused"),
                error("sm_75", says("sm_75 maximum of 64 KiB per block"))),
          AllOf(Field(&Diagnostic::Check, "cuda-shared-memory-exceeded"),
                error("sm_75", says("sm_75 maximum"))),
          AllOf(Field(&Diagnostic::Check, "cuda-block-size-not-warp-multiple"),
                warning("", says("block of 100 threads")))));
}

TEST(PrecisionRules, MayFailWarningKeepsTheOtherWarnings) {
  // 2048 fails, 100 does not: no certain failure, so the warp-multiple
  // warning about 100 stays beside the "may fail" warning.
  Kernel K("k");
  auto D = Scenario().with(K, Launch(K, c(1000), oneOf({100, 2048}))).all();
  EXPECT_THAT(
      D, ElementsAre(AllOf(Field(&Diagnostic::Check, "cuda-block-size-invalid"),
                           warning("sm_80", says("may fail"))),
                     AllOf(Field(&Diagnostic::Check,
                                 "cuda-block-size-not-warp-multiple"),
                           warning("", says("block of 100 threads")))));
}

TEST(PrecisionRules, EveryValueFailsForADifferentReason) {
  // 129 registers: a block of 512 needs 69632 registers (too many); a block
  // of 2048 is over the thread limit. Whichever value reaches the launch, it
  // fails: errors, not "may fail" warnings.
  Kernel K("k");
  auto Run = [&](ResolvedValue Block) {
    return Scenario()
        .with(K, Launch(K, c(1000), std::move(Block)),
              Resources(K, "sm_80").regs(129))
        .all();
  };
  EXPECT_THAT(
      Run(oneOf({512, 2048})),
      ElementsAre(AllOf(Field(&Diagnostic::Check, "cuda-block-size-invalid"),
                        error("sm_80", says("block dimension x = 2048",
                                            "the launch fails"))),
                  AllOf(Field(&Diagnostic::Check, "cuda-too-many-resources"),
                        error("sm_80", says("with 512 threads per "
                                            "block needs 69632",
                                            "the launch fails")))));
  // 256 launches: both may fail, and how well 256 runs is worth saying.
  auto Some = Run(oneOf({256, 512, 2048}));
  // At one place, findings come in the order of Checks.def.
  EXPECT_THAT(checkNames(Some),
              ElementsAre("cuda-block-size-invalid", "cuda-too-many-resources",
                          "cuda-occupancy-limited"));
  EXPECT_THAT(Some,
              ::testing::Each(Field(&Diagnostic::Sev, Severity::Warning)));
  EXPECT_THAT(Some[0], warning("sm_80", says("the launch may fail")));
  EXPECT_THAT(Some[1], warning("sm_80", says("the launch may fail")));
}

TEST(PrecisionRules, OnlyEnabledChecksTakePart) {
  // With cuda-launch-bounds-exceeded filtered out, nothing fails for
  // certain and the warning is kept.
  Kernel K = Kernel("k").launchBounds(64);
  auto D = Scenario()
               .with(K, Launch(K, c(1000), c(100)))
               .checks("cuda-*,-cuda-launch-bounds-exceeded")
               .all();
  EXPECT_THAT(checkNames(D), ElementsAre("cuda-block-size-not-warp-multiple"));
}

/// A finding of C, at its severity, on the launch and arch of Ctx.
Diagnostic finding(const Check &C, Claim Promise, const LaunchContext &Ctx,
                   std::string Message) {
  Diagnostic D;
  D.Check = C.name().str();
  D.Sev = C.severity();
  D.Promise = Promise;
  D.Loc = Ctx.Launch.Loc;
  D.Arch = Ctx.Arch.Name.str();
  D.Message = std::move(Message);
  return D;
}

/// A check that fails blocks over 512 threads with a message that does not
/// say "the launch fails", and one that warns about every launch.
class BigBlockFails : public Check {
public:
  BigBlockFails() : Check({"test-big-block", Severity::Error, "test", {}}) {}
  void checkLaunch(const LaunchContext &Ctx,
                   std::vector<Diagnostic> &Out) const override {
    for (int64_t T : Ctx.Launch.ThreadsPerBlock.Values)
      if (T > 512)
        Out.push_back(finding(*this, Claim::Fails, Ctx, "block too big"));
  }
};
class AlwaysWarns : public Check {
public:
  AlwaysWarns() : Check({"test-always-warns", Severity::Warning, "test", {}}) {}
  void checkLaunch(const LaunchContext &Ctx,
                   std::vector<Diagnostic> &Out) const override {
    Out.push_back(finding(*this, Claim::Advice, Ctx, "slow"));
  }
};

std::vector<Diagnostic> settle(ResolvedValue Block) {
  static const BigBlockFails Big;
  static const AlwaysWarns Warns;
  Kernel K("k");
  LaunchSite L = Launch(K, c(1000), std::move(Block)).Site;
  L.ThreadsPerBlock = threadsPerBlock(L.Block);
  CheckOptions Options;
  LaunchContext Ctx{L,  nullptr, *findArch("sm_80"), nullptr, {}, {},
                    {}, Options};
  std::vector<std::vector<Diagnostic>> Found(1);
  Big.checkLaunch(Ctx, Found[0]);
  Warns.checkLaunch(Ctx, Found[0]);
  std::vector<const Check *> Checks = {&Big, &Warns};
  settleLaunchFindings(Checks, {Ctx}, Found);
  return Found[0];
}

TEST(PrecisionRules, SettleLaunchFindingsDirectly) {
  EXPECT_THAT(settle(c(256)), ElementsAre(warning("sm_80", says("slow"))));
  EXPECT_THAT(settle(c(1024)), ElementsAre(error("sm_80", says("too big"))));
  // One finding per check for a set, naming the values that give it.
  EXPECT_THAT(settle(oneOf({600, 1024})),
              ElementsAre(AllOf(error("sm_80", says("block too big; the "
                                                    "launch fails")),
                                withNote("(block x = 600, 1024)"))));
  EXPECT_THAT(settle(oneOf({600, 700, 1024})),
              ElementsAre(AllOf(error("sm_80", says("too big")),
                                withNote("every value that may reach"))));
  // A message without "the launch fails" gets the caveat appended.
  EXPECT_THAT(settle(oneOf({256, 1024})),
              ElementsAre(AllOf(warning("sm_80", says("block too big; the "
                                                      "launch may fail")),
                                withNote("only some of the values")),
                          warning("sm_80", says("slow"))));
}

} // namespace
} // namespace cudalint::checktest
