//===- LaunchCoverageTest.cpp - Which launches were not fully checked -----===//
//
// uncheckedLaunches, the summary line and SARIF's notifications on
// synthetic facts: no front end, no device compiler. Also that an arch a
// file is not built for is judged neither by the checks nor here.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Lint/LaunchCoverage.h"
#include "cudalint/Checks/Checks.h"
#include "cudalint/Report/SarifReport.h"

#include "gtest/gtest.h"

using namespace cudalint;

namespace {

using Kind = UncheckedReason::Kind;

constexpr const char *File = "/p/a.cu";

LaunchSite launch(unsigned Line, ResolvedValue BlockX) {
  LaunchSite L;
  L.Loc = {File, Line, 3};
  L.Api = "<<<>>>";
  L.Kernel = "k";
  L.Mangled = "_Z1kv";
  L.Grid = {ResolvedValue::constant(4), ResolvedValue::constant(1),
            ResolvedValue::constant(1)};
  L.ThreadsPerBlock = BlockX;
  L.Block = {std::move(BlockX), ResolvedValue::constant(1),
             ResolvedValue::constant(1)};
  L.DynamicSharedMem = ResolvedValue::constant(0);
  return L;
}

TranslationUnitFacts unit(std::vector<LaunchSite> Launches) {
  TranslationUnitFacts U;
  U.MainFile = File;
  KernelInfo K;
  K.Name = "k";
  K.Mangled = "_Z1kv";
  K.Loc = {File, 1, 17};
  K.DefinitionEnd = {File, 1, 40};
  U.Kernels.push_back(K);
  U.Launches = std::move(Launches);
  return U;
}

KernelResources resources(const char *Arch) {
  KernelResources R;
  R.Mangled = "_Z1kv";
  R.Arch = Arch;
  R.Source = "nvcc";
  R.HasUsage = true;
  R.Registers = 16;
  return R;
}

/// A table for File with archs sm_80 and sm_90, facts on Compiled.
DeviceResourceTable table(std::vector<std::string> Compiled) {
  DeviceResourceTable T;
  T.Enabled = true;
  T.Mode = "nvcc";
  T.ArchsByFile[File] = {"sm_80", "sm_90"};
  T.CompiledArchsByFile[File] = Compiled;
  for (const std::string &A : Compiled)
    T.Resources[{"_Z1kv", A}] = resources(A.c_str());
  return T;
}

/// A device compile that left Arch without facts, and why.
DeviceGap gap(const char *Arch, DeviceGap::Kind K, std::string Detail = "") {
  DeviceGap G;
  G.Arch = Arch;
  G.K = K;
  G.Detail = std::move(Detail);
  return G;
}

/// One unit with one launch at line 5 of BlockX threads.
std::vector<TranslationUnitFacts> oneLaunch(ResolvedValue BlockX) {
  return {unit({launch(5, std::move(BlockX))})};
}

CheckRun runOf(const std::vector<TranslationUnitFacts> &Units,
               const DeviceResourceTable *T) {
  CheckRun Run;
  Run.Units = Units;
  Run.Resources = T;
  Run.DefaultArchs = {"sm_80"};
  return Run;
}

/// Why the one launch of oneLaunch(256) is not fully checked with T; none,
/// and a failure, unless it is the one launch listed.
std::vector<UncheckedReason> reasonsOfOneLaunch(const DeviceResourceTable &T) {
  std::vector<TranslationUnitFacts> Units =
      oneLaunch(ResolvedValue::constant(256));
  std::vector<UncheckedLaunch> U = uncheckedLaunches(runOf(Units, &T));
  EXPECT_EQ(U.size(), 1u);
  return U.size() == 1 ? U[0].Reasons : std::vector<UncheckedReason>();
}

TEST(LaunchCoverage, FullyCheckedLaunchIsNotListed) {
  std::vector<TranslationUnitFacts> Units =
      oneLaunch(ResolvedValue::constant(256));
  DeviceResourceTable T = table({"sm_80", "sm_90"});
  EXPECT_TRUE(uncheckedLaunches(runOf(Units, &T)).empty());
  EXPECT_EQ(uncheckedSummary({}, 1), "");
}

TEST(LaunchCoverage, UnknownValuesAndKernel) {
  LaunchSite Unknown = launch(5, ResolvedValue::unknown("the result of 'f'"));
  Unknown.Grid.Y = ResolvedValue::unknown("a parameter");
  LaunchSite NoKernel = launch(6, ResolvedValue::constant(128));
  NoKernel.Kernel.clear();
  NoKernel.Mangled.clear();
  std::vector<TranslationUnitFacts> Units = {unit({Unknown, NoKernel})};
  DeviceResourceTable T = table({"sm_80", "sm_90"});
  std::vector<UncheckedLaunch> U = uncheckedLaunches(runOf(Units, &T));
  ASSERT_EQ(U.size(), 2u);
  ASSERT_EQ(U[0].Reasons.size(), 2u);
  EXPECT_EQ(U[0].Reasons[0].K, Kind::UnknownGrid);
  EXPECT_EQ(U[0].Reasons[0].Detail, "grid.y: a parameter");
  EXPECT_EQ(U[0].Reasons[1].K, Kind::UnknownBlock);
  EXPECT_EQ(describeUncheckedReason(U[0].Reasons[1]),
            "unknown block size (block.x: the result of 'f')");
  ASSERT_EQ(U[1].Reasons.size(), 1u);
  EXPECT_EQ(U[1].Reasons[0].K, Kind::UnknownKernel);
  EXPECT_EQ(uncheckedSummary(U, 2),
            "2 of 2 launches not fully checked: 1 unknown kernel, 1 unknown "
            "grid size, 1 unknown block size");
}

TEST(LaunchCoverage, NoDeviceFactsSaysWhyPerArch) {
  std::vector<TranslationUnitFacts> Units =
      oneLaunch(ResolvedValue::constant(256));
  // sm_80 compiled but without the kernel; sm_90 timed out.
  DeviceResourceTable T = table({"sm_80"});
  T.Resources.clear();
  T.GapsByFile[File] = {gap("sm_90", DeviceGap::Kind::TimedOut,
                            "nvcc timed out after 300 s (killed)")};
  std::vector<UncheckedLaunch> U = uncheckedLaunches(runOf(Units, &T));
  ASSERT_EQ(U.size(), 1u);
  ASSERT_EQ(U[0].Reasons.size(), 2u);
  EXPECT_EQ(U[0].Reasons[0].Arch, "sm_80");
  EXPECT_EQ(U[0].Reasons[0].Cause, "not_in_device_output");
  EXPECT_EQ(U[0].Reasons[1].Arch, "sm_90");
  EXPECT_EQ(U[0].Reasons[1].Cause, "timed_out");
  EXPECT_EQ(describeUncheckedReason(U[0].Reasons[1]),
            "no device facts on sm_90 (nvcc timed out after 300 s (killed))");
  EXPECT_EQ(uncheckedSummary(U, 3),
            "1 of 3 launches not fully checked: 1 no device facts (sm_80: the "
            "kernel is not in the device compiler's output; sm_90: nvcc timed "
            "out after 300 s (killed))");
}

TEST(LaunchCoverage, DeviceFactsOff) {
  DeviceResourceTable Off; // --resource-usage=none, no toolkit
  std::vector<UncheckedReason> R = reasonsOfOneLaunch(Off);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Cause, "device_facts_off");
  EXPECT_EQ(R[0].Arch, "");
}

TEST(LaunchCoverage, TheSummarySaysWhichLackOnlyDeviceFacts) {
  // With device facts off every launch lacks them; the summary says how
  // many lack nothing else.
  UncheckedReason NoFacts{Kind::NoDeviceFacts, "", "device_facts_off",
                          "device facts are off"};
  UncheckedReason Grid{Kind::UnknownGrid, "", "", "grid.x: a parameter"};
  std::vector<UncheckedLaunch> U = {
      {0, 0, {Grid, NoFacts}}, {0, 1, {NoFacts}}, {0, 2, {NoFacts}}};
  EXPECT_EQ(uncheckedSummary(U, 3),
            "3 of 3 launches not fully checked: 1 unknown grid size, 3 no "
            "device facts (device facts are off), 2 of them for that alone");
  U.erase(U.begin());
  EXPECT_EQ(uncheckedSummary(U, 2), "2 of 2 launches not fully checked: 2 no "
                                    "device facts (device facts are off)");
}

TEST(LaunchCoverage, EveryCompileFailed) {
  // No arch has facts (the table is off), but the compiles ran: each arch
  // says why, not "device facts are off".
  DeviceResourceTable T = table({});
  T.Enabled = false;
  T.ArchsByFile[File] = {"sm_80"};
  T.GapsByFile[File] = {gap("sm_80", DeviceGap::Kind::CompileFailed,
                            "nvcc failed (exit code 1): a.cu(6): error: ...")};
  std::vector<UncheckedReason> R = reasonsOfOneLaunch(T);
  ASSERT_EQ(R.size(), 1u);
  EXPECT_EQ(R[0].Arch, "sm_80");
  EXPECT_EQ(R[0].Cause, "compile_failed");
}

TEST(LaunchCoverage, NotATargetArchIsNotJudged) {
  std::vector<TranslationUnitFacts> Units =
      oneLaunch(ResolvedValue::constant(256));
  DeviceResourceTable T = table({"sm_90"});
  T.GapsByFile[File] = {gap("sm_80", DeviceGap::Kind::NotATarget)};
  EXPECT_EQ(T.archsToJudge(File, {}), std::vector<std::string>{"sm_90"});
  // sm_80's missing facts are no reason: the launch is not built for it.
  EXPECT_TRUE(uncheckedLaunches(runOf(Units, &T)).empty());

  // Built for none of the archs asked for: judged for none, and said.
  T.GapsByFile[File].push_back(gap("sm_90", DeviceGap::Kind::NotATarget));
  std::vector<UncheckedLaunch> U = uncheckedLaunches(runOf(Units, &T));
  ASSERT_EQ(U.size(), 1u);
  EXPECT_EQ(U[0].Reasons[0].K, Kind::NoTargetArch);
  EXPECT_EQ(U[0].Reasons[0].Detail,
            "its device code is not built for sm_80, sm_90");
}

TEST(LaunchCoverage, ChecksSkipArchsThatAreNotTargets) {
  // A block of 2048 threads fails on every arch; on an arch the file is not
  // built for it is not judged.
  std::vector<TranslationUnitFacts> Units =
      oneLaunch(ResolvedValue::constant(2048));
  DeviceResourceTable T = table({"sm_90"});
  T.GapsByFile[File] = {gap("sm_80", DeviceGap::Kind::NotATarget)};
  std::vector<Diagnostic> Found = runChecks(runOf(Units, &T));
  ASSERT_FALSE(Found.empty());
  for (const Diagnostic &D : Found)
    EXPECT_NE(D.Arch, "sm_80") << D.Check << ": " << D.Message;
}

TEST(LaunchCoverage, SarifNotifications) {
  std::vector<TranslationUnitFacts> Units =
      oneLaunch(ResolvedValue::unknown("a parameter"));
  DeviceResourceTable T = table({"sm_80", "sm_90"});
  T.GapsByFile[File] = {gap("sm_90", DeviceGap::Kind::CompileFailed)};
  T.GapsByFile[File].back().Message = "/p/a.cu [sm_90]: nvcc failed";
  std::vector<UncheckedLaunch> U = uncheckedLaunches(runOf(Units, &T));
  std::vector<SarifNotification> N = runNotifications(Units, T, U);
  ASSERT_EQ(N.size(), 2u);
  EXPECT_EQ(N[0].Id, "device-compile-failed");
  EXPECT_EQ(N[0].Level, "warning");
  EXPECT_EQ(N[0].Loc.File, File);
  EXPECT_EQ(N[0].Loc.Line, 0u);
  EXPECT_EQ(N[1].Id, "unchecked-launch");
  EXPECT_EQ(N[1].Loc.Line, 5u);
  EXPECT_EQ(N[1].Message, "launch of 'k' not fully checked: unknown block "
                          "size (block.x: a parameter)");
}

} // namespace
