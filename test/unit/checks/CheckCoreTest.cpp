//===- CheckCoreTest.cpp --------------------------------------------------===//
//
// lib/Checks/CheckCore.cpp on synthetic facts (CheckTestSupport.h).
// The runner: archs, files, the runtime's error order, extreme values.
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

namespace cudalint::checktest {
namespace {

//===----------------------------------------------------------------------===//
// Launch values at the extremes: every product and sum of them in the checks
// is overflow-safe (the sanitizer build, scripts/sanitize.sh, aborts on
// signed overflow; these tests are where it would)
//===----------------------------------------------------------------------===//

constexpr int64_t Int64Max = std::numeric_limits<int64_t>::max();

TEST(ExtremeValues, LargestValidGridIsNotTiny) {
  // 2^31-1 x 65535 x 65535 blocks of 128 threads: more threads than int64_t
  // holds (scripts/fuzz.sh found isTinyLaunch's overflow here).
  Kernel K("k");
  for (int64_t Threads : {1, 100, 128, 1024}) {
    auto D = Scenario({"sm_80", "sm_90"})
                 .gpu("H100-SXM")
                 .with(K,
                       Launch(K, c(1), c(Threads))
                           .grid(c(2147483647), c(65535), c(65535)),
                       Resources(K, "sm_80").regs(32),
                       Resources(K, "sm_90").regs(32))
                 .all();
    EXPECT_THAT(
        D, Not(::testing::Contains(Field(&Diagnostic::Sev, Severity::Error))))
        << Threads;
    // A block of 100 threads on the largest grid is no deliberate scalar
    // launch: its idle lanes are reported.
    if (Threads == 100) {
      EXPECT_THAT(checkNames(D),
                  ::testing::Contains("cuda-block-size-not-warp-multiple"));
    }
  }
}

TEST(ExtremeValues, ValuesNearInt64MaxInSetsAndRanges) {
  Kernel K = Kernel("k").launchBounds(256, 2);
  Scenario S({"sm_90"});
  S.gpu("H100-SXM")
      .with(
          K, Resources(K, "sm_90").regs(32),
          Launch(K, oneOf({2, Int64Max}), oneOf({128, Int64Max}))
              .grid(oneOf({2, Int64Max}), oneOf({1, Int64Max - 1}), c(Int64Max))
              .smem(oneOf({0, Int64Max})),
          Launch(K, c(Int64Max), c(1), 21)
              .block(c(Int64Max), c(Int64Max), c(Int64Max))
              .smem(c(Int64Max)),
          Launch(K, range(1, Int64Max), range(1, Int64Max), 22)
              .grid(range(1, Int64Max), c(Int64Max), c(-2))
              .block(range(1, Int64Max), c(Int64Max), c(2)),
          Launch(K, c(Int64Max), c(256), 23).cooperative(),
          Launch(K, c(Int64Max), c(256), 24)
              .cluster(c(Int64Max), c(Int64Max), c(Int64Max)))
      .setting(K, "MaxDynamicSharedMemorySize", c(Int64Max))
      .setting(K, "PreferredSharedMemoryCarveout", c(Int64Max));
  std::vector<Diagnostic> D = S.all();
  // Every one of those launches fails, and says so in numbers that are
  // the saturated product, never a wrapped one.
  for (unsigned Line : {20u, 21u, 23u, 24u})
    EXPECT_THAT(D, ::testing::Contains(AllOf(
                       at(Line), Field(&Diagnostic::Sev, Severity::Error))))
        << Line;
  EXPECT_THAT(D, Not(::testing::Contains(Field(
                     &Diagnostic::Message, HasSubstr("-9223372036854775")))));
}

TEST(ExtremeValues, LaunchBoundsNearInt64Max) {
  Kernel K = Kernel("k").launchBounds(Int64Max, 2);
  auto D = Scenario()
               .with(K, Resources(K, "sm_80").regs(32).staticSmem(1024),
                     Launch(K, c(1000), c(256)))
               .all();
  // 2^63-1 is 31 past a warp multiple: one lane idles.
  EXPECT_THAT(D, ::testing::Contains(
                     warning("", says("__launch_bounds__ maximum of "
                                      "9223372036854775807 threads is not a "
                                      "multiple of the warp size (32); a "
                                      "block of 9223372036854775807 threads "
                                      "idles 1 lanes"))));
  EXPECT_THAT(D, ::testing::Contains(warning(
                     "sm_80", says("need 9223372036854775807 thread slots"))));
}

TEST(ExtremeValues, BlockSizesPastUnsignedAreNotWrapped) {
  // 2^32 + 256 threads is no block of 256: the calculator never sees it,
  // and a carveout of 2^32 + 50 is no 50%.
  Kernel K("k");
  auto D = Scenario({"sm_90"})
               .gpu("H100-SXM")
               .with(K, Resources(K, "sm_90").regs(32),
                     Launch(K, c(1057), c((int64_t(1) << 32) + 256)))
               .checks("-*,cuda-tail-effect,cuda-occupancy-*,cuda-block-size-"
                       "occupancy-ceiling")
               .all();
  EXPECT_THAT(D, IsEmpty());
  auto Carveout = Scenario({"sm_90"})
                      .with(K, Resources(K, "sm_90").regs(32).staticSmem(40000),
                            Launch(K, c(1000), c(256)))
                      .setting(K, "PreferredSharedMemoryCarveout",
                               c((int64_t(1) << 32) + 50))
                      .checks("-*,cuda-occupancy-limited")
                      .all();
  EXPECT_THAT(Carveout, IsEmpty());
}

//===----------------------------------------------------------------------===//
// The runner: archs, files, kernels defined elsewhere
//===----------------------------------------------------------------------===//

TEST(RunChecks, ArchsOfTheFileFromTheDeviceFacts) {
  // The device facts say which archs this file was compiled for; unknown
  // arch names are skipped.
  Kernel K("k");
  Launch L(K, c(1000), c(2000));
  TranslationUnitFacts U;
  U.MainFile = File;
  U.Kernels = {K.Info};
  U.Launches = {L.Site};
  U.Launches[0].ThreadsPerBlock = threadsPerBlock(L.Site.Block);
  DeviceResourceTable Table;
  Table.Enabled = true;
  Table.ArchsByFile[File] = {"sm_90", "sm_99"};
  CheckRun Run;
  Run.Units = U;
  Run.Resources = &Table;
  Run.DefaultArchs = {"sm_75"};
  EXPECT_THAT(
      runChecks(Run),
      ElementsAre(AllOf(Field(&Diagnostic::Check, "cuda-block-size-invalid"),
                        error("sm_90", says("on sm_90")))));
  Table.ArchsByFile.clear();
  EXPECT_THAT(runChecks(Run), ElementsAre(error("sm_75", says("on sm_75"))));
}

TEST(RunChecks, KernelInOneFileLaunchedFromAnother) {
  // a.cu defines the kernel (its bound, checked once); b.cu and c.cu launch
  // it. Findings come out sorted by file and line.
  Kernel K = Kernel("k").launchBounds(100);
  KernelInfo Declaration = K.Info; // a declaration seen in a header
  Declaration.Attrs = KernelAttributes();
  TranslationUnitFacts A = unitFacts("/src/a.cu", {K.Info}),
                       B = unitFacts("/src/b.cu", {Declaration},
                                     {Launch(K, c(1000), c(128), 7)}),
                       C = unitFacts("/src/c.cu", {Declaration},
                                     {Launch(K, c(1000), c(128), 7)});
  // Whatever the order of the files: the declaring files may come first.
  for (const std::vector<TranslationUnitFacts> &Units :
       inBothOrders({A, B, C})) {
    SCOPED_TRACE(Units.front().MainFile + " first");
    auto D = runChecks(runOver(Units));
    ASSERT_THAT(checkNames(D),
                ElementsAre("cuda-launch-bounds-not-warp-multiple",
                            "cuda-launch-bounds-exceeded",
                            "cuda-launch-bounds-exceeded"));
    EXPECT_EQ(D[0].Loc.File, File);
    EXPECT_EQ(D[0].Loc.Column, 12u);
    EXPECT_EQ(D[1].Loc.File, "/src/b.cu");
    EXPECT_EQ(D[2].Loc.File, "/src/c.cu");
    EXPECT_THAT(D[1], error("sm_80", says("maximum of 100")));
  }
}

TEST(RunChecks, MaxnregOfTheDefinitionSeenFromAnotherFile) {
  // b.cu sees only a declaration of the kernel that a.cu defines with
  // __maxnreg__(128): its launch's register-bound occupancy is stated.
  Kernel K = Kernel("capped").maxnreg(128);
  KernelInfo Declaration = K.Info;
  Declaration.Attrs = KernelAttributes();
  TranslationUnitFacts A = unitFacts(File, {K.Info}),
                       B = unitFacts("/src/b.cu", {Declaration},
                                     {Launch(K, c(1000), c(256), 7)});
  DeviceResourceTable Table;
  Table.Enabled = true;
  Table.Resources[{K.Info.Mangled, "sm_80"}] =
      Resources(K, "sm_80").regs(128).R;
  for (const std::vector<TranslationUnitFacts> &Units : inBothOrders({A, B})) {
    SCOPED_TRACE(Units.front().MainFile + " first");
    EXPECT_THAT(runChecks(runOver(Units, &Table)), IsEmpty());
  }
}

//===----------------------------------------------------------------------===//
// The error the runtime returns comes first
//===----------------------------------------------------------------------===//

TEST(RuntimeErrorOrder, BoundBeforeRegisters) {
  // Checked on an H100 (CUDA 13.0): a launch over its __launch_bounds__ and
  // the register file returns the bound's cudaErrorInvalidValue.
  Kernel K("k");
  K.launchBounds(256);
  std::vector<Diagnostic> Found =
      Scenario()
          .with(K, Resources(K, "sm_80").regs(128), Launch(K, c(100), c(1024)))
          .all();
  EXPECT_THAT(checkNames(Found), ElementsAre("cuda-launch-bounds-exceeded",
                                             "cuda-too-many-resources"));
  EXPECT_EQ(Found.front().CudaError, "cudaErrorInvalidValue");
  EXPECT_EQ(Found.back().CudaError, "cudaErrorLaunchOutOfResources");
}

TEST(RuntimeErrorOrder, SharedMemoryBeforeRegisters) {
  Kernel K("k");
  std::vector<Diagnostic> Found =
      Scenario()
          .with(K, Resources(K, "sm_80").regs(128),
                Launch(K, c(100), c(1024)).smem(c(64 * 1024)))
          .all();
  EXPECT_THAT(checkNames(Found), ElementsAre("cuda-shared-memory-exceeded",
                                             "cuda-too-many-resources"));
}

TEST(RuntimeErrorOrder, CooperativeBlocksThatCannotBeResident) {
  // Checked on an H200 (CUDA 13.0): a cooperative launch whose blocks cannot
  // be resident at all returns cudaErrorCooperativeLaunchTooLarge, whether
  // shared memory without an opt-in or the register file is the reason,
  // through cudaLaunchCooperativeKernel or cudaLaunchKernelEx with the
  // cooperative attribute; over __launch_bounds__ it is cudaErrorInvalidValue.
  Kernel K("k");
  auto Run = [&](Launch L, unsigned Regs) {
    return Scenario({"sm_90"})
        .with(K, Resources(K, "sm_90").regs(Regs), std::move(L))
        .all();
  };
  std::vector<Diagnostic> Smem =
      Run(Launch(K, c(132), c(128)).smem(c(64 * 1024)).cooperative(), 16);
  ASSERT_THAT(checkNames(Smem), ElementsAre("cuda-shared-memory-exceeded"));
  EXPECT_EQ(Smem.front().CudaError, "cudaErrorCooperativeLaunchTooLarge");
  EXPECT_THAT(Smem.front().Message,
              HasSubstr("does not opt in: no block can be resident on an SM, "
                        "and a cooperative launch needs every block resident "
                        "at once; the launch fails with "
                        "cudaErrorCooperativeLaunchTooLarge"));
  std::vector<Diagnostic> Regs =
      Run(Launch(K, c(132), c(1024)).api("cudaLaunchKernelEx", true), 128);
  ASSERT_THAT(checkNames(Regs), ElementsAre("cuda-too-many-resources"));
  EXPECT_EQ(Regs.front().CudaError, "cudaErrorCooperativeLaunchTooLarge");
  EXPECT_THAT(Regs.front().Message, HasSubstr("available to a block: no block "
                                              "can be resident on an SM"));
  // Not cooperative: the errors a plain launch returns.
  std::vector<Diagnostic> Plain =
      Run(Launch(K, c(132), c(1024)).smem(c(64 * 1024)), 128);
  ASSERT_THAT(checkNames(Plain), ElementsAre("cuda-shared-memory-exceeded",
                                             "cuda-too-many-resources"));
  EXPECT_EQ(Plain.front().CudaError, "cudaErrorInvalidValue");
  EXPECT_EQ(Plain.back().CudaError, "cudaErrorLaunchOutOfResources");
  EXPECT_THAT(Plain.front().Message, Not(HasSubstr("resident")));
  // Whether cudaLaunchKernelEx is cooperative is not known: no name.
  std::vector<Diagnostic> Unknown =
      Run(Launch(K, c(132), c(128))
              .smem(c(64 * 1024))
              .api("cudaLaunchKernelEx", std::nullopt),
          16);
  ASSERT_THAT(checkNames(Unknown), ElementsAre("cuda-shared-memory-exceeded"));
  EXPECT_EQ(Unknown.front().CudaError, "");
  // Over its bound as well: the bound's cudaErrorInvalidValue comes first.
  K.launchBounds(256);
  std::vector<Diagnostic> Bound =
      Run(Launch(K, c(132), c(512)).smem(c(64 * 1024)).cooperative(), 16);
  ASSERT_THAT(checkNames(Bound), ElementsAre("cuda-launch-bounds-exceeded",
                                             "cuda-shared-memory-exceeded"));
  EXPECT_EQ(Bound.front().CudaError, "cudaErrorInvalidValue");
}

TEST(RuntimeErrorOrder, EveryLaunchErrorNamesItsError) {
  Kernel K("k");
  K.launchBounds(128);
  std::vector<Diagnostic> Found =
      Scenario()
          .with(K, Launch(K, c(0), c(256)), Launch(K, c(1), c(2048), 21))
          .all();
  ASSERT_THAT(Found, Not(IsEmpty()));
  for (const Diagnostic &D : Found) {
    SCOPED_TRACE(D.Message);
    EXPECT_EQ(D.CudaError, "cudaErrorInvalidValue");
    EXPECT_THAT(D.Message, HasSubstr("with cudaErrorInvalidValue"));
    EXPECT_THAT(D.Message, Not(HasSubstr("InvalidConfiguration")));
  }
}

} // namespace
} // namespace cudalint::checktest
