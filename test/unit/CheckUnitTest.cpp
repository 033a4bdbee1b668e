//===- CheckUnitTest.cpp - Every check on synthetic facts -----------------===//
//
// The checks are pure functions of facts (DESIGN.md): these tests build the
// facts by hand (kernels, launches, kernel settings, device resources per
// arch) and run them through runChecks, the same runner and precision rules
// every front door uses. No Clang front end, no device compiler, no CUDA
// toolkit: the whole check suite runs on any machine. The lit tests keep the
// end-to-end coverage.
//
// Every test of one check is declared with CHECK_TEST(Suite, Test,
// "<check>", Reports | Silent | Both). A test that declares Reports must see
// the check report at least once, one that declares Silent must see it stay
// silent at least once; CheckCoverage fails for a registered check without a
// test of each kind.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Arch/Arch.h"
#include "cudalint/Checks/Checks.h"
#include "cudalint/Device/DeviceFacts.h"
#include "cudalint/Facts/Facts.h"
#include "cudalint/Lint/LintPolicy.h"

#include "llvm/Support/Error.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <limits>
#include <map>
#include <ostream>
#include <set>

using namespace cudalint;
using namespace llvm;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Matcher;
using ::testing::Not;
using ::testing::SizeIs;

namespace cudalint {
void PrintTo(const DiagnosticNote &N, std::ostream *OS) {
  *OS << "note: " << N.Message;
}
void PrintTo(const Diagnostic &D, std::ostream *OS) {
  *OS << "\n  " << severityName(D.Sev).str() << " [" << D.Check << "] "
      << (D.Arch.empty() ? "(all archs)" : D.Arch) << " " << D.Loc.File << ":"
      << D.Loc.Line << ": " << D.Message;
  for (const DiagnosticNote &N : D.Notes)
    *OS << "\n    note: " << N.Message;
}
} // namespace cudalint

namespace {

const char *const File = "/src/app.cu";

//===-- Values ------------------------------------------------------------===//

ResolvedValue c(int64_t V) { return ResolvedValue::constant(V); }
/// (Built member by member: GCC 12 warns, wrongly, that a braced temporary's
/// string may be used uninitialised.)
ValueOrigin origin(std::string What, SourceLoc Loc) {
  ValueOrigin O;
  O.What = std::move(What);
  O.Loc = std::move(Loc);
  return O;
}
ResolvedValue oneOf(std::vector<int64_t> Vs) {
  ResolvedValue R = ResolvedValue::oneOf(std::move(Vs));
  EXPECT_EQ(R.K, ResolvedValue::Kind::Set) << "a test set needs 2+ values";
  return R;
}
ResolvedValue unknown() { return ResolvedValue::unknown(); }
ResolvedValue range(int64_t Min, int64_t Max) {
  return ResolvedValue::range(Min, Max);
}
Dim3Value dim3(ResolvedValue X, ResolvedValue Y = c(1),
               ResolvedValue Z = c(1)) {
  return {std::move(X), std::move(Y), std::move(Z)};
}

//===-- Fact builders -----------------------------------------------------===//

/// A place in File.
SourceLoc place(unsigned Line, unsigned Column) {
  SourceLoc L;
  L.File = File;
  L.Line = Line;
  L.Column = Column;
  return L;
}

/// A __global__ function as the front end sees it (the host view).
struct Kernel {
  KernelInfo Info;
  explicit Kernel(std::string Name, unsigned Line = 3) {
    Info.Name = Name;
    Info.Mangled = "_Z" + std::to_string(Name.size()) + Name + "Pf";
    Info.Loc = {File, Line, 1};
  }
  Kernel &launchBounds(int64_t MaxThreads,
                       std::optional<int64_t> MinBlocks = std::nullopt) {
    Info.Attrs.MaxThreadsPerBlock = MaxThreads;
    Info.Attrs.MinBlocksPerSM = MinBlocks;
    Info.Attrs.LaunchBoundsLoc = {File, Info.Loc.Line, 12};
    return *this;
  }
  Kernel &maxnreg(int64_t N) {
    Info.Attrs.MaxRegisters = N;
    Info.Attrs.MaxRegistersLoc = {File, Info.Loc.Line, 40};
    return *this;
  }
  Kernel &clusterDims(int64_t X, int64_t Y = 1, int64_t Z = 1) {
    Info.Attrs.ClusterDims = dim3(c(X), c(Y), c(Z));
    Info.Attrs.ClusterDimsLoc = {File, Info.Loc.Line, 60};
    return *this;
  }
  /// The kernel synchronizes the grid through the functions Through (none:
  /// itself), each calling the next on the following line; Guarded: a
  /// grid.is_valid() query on the way.
  Kernel &gridSync(std::vector<std::string> Through = {},
                   bool Guarded = false) {
    GridSyncFact G;
    G.Sync = "cooperative_groups::grid_group::sync";
    std::vector<std::string> Callers = {Info.Name};
    Callers.insert(Callers.end(), Through.begin(), Through.end());
    for (size_t I = 0; I < Callers.size(); ++I) {
      CallStep Step;
      Step.Loc = place(Info.Loc.Line + 1 + unsigned(I), 5);
      Step.Caller = Callers[I];
      Step.Callee = I + 1 < Callers.size() ? Callers[I + 1] : G.Sync;
      G.Chain.push_back(std::move(Step));
    }
    if (Guarded)
      G.GuardLoc = place(Info.Loc.Line + 1, 9);
    Info.GridSync = std::move(G);
    return *this;
  }
};

/// k<<<Grid, Block, DynamicSmem>>> at a line of File.
struct Launch {
  LaunchSite Site;
  Launch(const Kernel &K, ResolvedValue Grid, ResolvedValue Block,
         unsigned Line = 20) {
    Site.Loc = {File, Line, 3};
    Site.Api = "<<<>>>";
    Site.Kernel = K.Info.Name;
    Site.Mangled = K.Info.Mangled;
    Site.EnclosingFunction = "host";
    Site.Grid = dim3(std::move(Grid));
    Site.Block = dim3(std::move(Block));
    Site.DynamicSharedMem = c(0);
  }
  Launch &grid(ResolvedValue X, ResolvedValue Y, ResolvedValue Z = c(1)) {
    Site.Grid = dim3(std::move(X), std::move(Y), std::move(Z));
    return *this;
  }
  Launch &block(ResolvedValue X, ResolvedValue Y, ResolvedValue Z = c(1)) {
    Site.Block = dim3(std::move(X), std::move(Y), std::move(Z));
    return *this;
  }
  Launch &smem(ResolvedValue Bytes) {
    Site.DynamicSharedMem = std::move(Bytes);
    return *this;
  }
  /// The block size comes from cudaOccupancyMaxPotentialBlockSize.
  Launch &occupancyTuned() {
    Site.OccupancyTuned = true;
    return *this;
  }
  /// cudaLaunchKernelEx with cudaLaunchAttributeClusterDimension.
  Launch &cluster(ResolvedValue X, ResolvedValue Y = c(1),
                  ResolvedValue Z = c(1)) {
    Site.Api = "cudaLaunchKernelEx";
    Site.ClusterDims = dim3(std::move(X), std::move(Y), std::move(Z));
    return *this;
  }
  /// Another launch API; Cooperative as the front end saw it.
  Launch &api(std::string Api, std::optional<bool> Cooperative) {
    Site.Api = std::move(Api);
    Site.Cooperative = Cooperative;
    return *this;
  }
  Launch &cooperative() { return api("cudaLaunchCooperativeKernel", true); }
  /// A launch whose kernel the front end could not trace.
  Launch &untraced() {
    Site.Kernel.clear();
    Site.Mangled.clear();
    return *this;
  }
};

/// What the device compiler reported for a kernel on one arch: ptxas usage
/// (registers, static shared memory, spills, barriers) and, with ptx(), the
/// PTX directives (the device view of the annotations).
struct Resources {
  KernelResources R;
  Resources(const Kernel &K, StringRef Arch) {
    R.Mangled = K.Info.Mangled;
    R.Arch = Arch.str();
    R.Source = "nvcc";
    R.HasUsage = true;
    R.Barriers = 1;
  }
  Resources &regs(unsigned N) {
    R.Registers = N;
    return *this;
  }
  Resources &staticSmem(uint64_t Bytes) {
    R.StaticSmem = Bytes;
    return *this;
  }
  Resources &spills(uint64_t Stores, uint64_t Loads) {
    R.SpillStores = Stores;
    R.SpillLoads = Loads;
    return *this;
  }
  Resources &barriers(unsigned N) {
    R.Barriers = N;
    return *this;
  }
  /// The PTX of this arch was seen: from now on only its directives count.
  Resources &ptx() {
    R.HasPtx = true;
    return *this;
  }
  Resources &maxntid(unsigned X, unsigned Y = 1, unsigned Z = 1) {
    ptx().R.MaxNTid = {X, Y, Z};
    return *this;
  }
  Resources &minnctapersm(unsigned N) {
    ptx().R.MinNCtaPerSM = N;
    return *this;
  }
  Resources &maxnreg(unsigned N) {
    ptx().R.MaxNReg = N;
    return *this;
  }
  Resources &reqnctapercluster(unsigned X, unsigned Y = 1, unsigned Z = 1) {
    ptx().R.ReqNCtaPerCluster = {X, Y, Z};
    return *this;
  }
};

//===-- Which checks were seen reporting / staying silent -----------------===//

enum Polarity : unsigned { Reports = 1, Silent = 2, Both = 3 };

struct Declaration {
  std::string Check;
  unsigned P;
};
/// "Suite.Test" -> what the test promises to show.
std::map<std::string, Declaration> &declarations() {
  static std::map<std::string, Declaration> D;
  return D;
}
bool declareTest(const char *Test, const char *Check, unsigned P) {
  declarations()[Test] = {Check, P};
  return true;
}
/// What the running test saw: check -> Reports and/or Silent.
std::map<std::string, unsigned> &observed() {
  static std::map<std::string, unsigned> O;
  return O;
}

//===-- A scenario: facts, archs, options; runChecks ----------------------===//

class Scenario {
public:
  explicit Scenario(std::vector<std::string> Archs = {"sm_80"}) {
    Run.DefaultArchs = std::move(Archs);
    // The toolkit the runtime's error names were checked on.
    Run.Options.ToolkitVersion = "13.0";
    Unit.MainFile = File;
    Table.Enabled = true;
    Table.Mode = "nvcc";
  }
  Scenario &with(const Kernel &K) {
    Unit.Kernels.push_back(K.Info);
    return *this;
  }
  Scenario &with(const Launch &L) {
    Unit.Launches.push_back(L.Site);
    Unit.Launches.back().ThreadsPerBlock = threadsPerBlock(L.Site.Block);
    return *this;
  }
  Scenario &with(const Resources &R) {
    Table.Resources[{R.R.Mangled, R.R.Arch}] = R.R;
    return *this;
  }
  /// The CUDA toolkit the run builds with; "": none found.
  Scenario &toolkit(StringRef Version) {
    Run.Options.ToolkitVersion = Version.str();
    return *this;
  }
  /// cudaFuncSetAttribute(K, cudaFuncAttribute<Attribute>, Value), at Line
  /// (cudaFuncSetCacheConfig(K, Value) for Attribute "CacheConfig").
  Scenario &setting(const Kernel &K, StringRef Attribute, ResolvedValue V,
                    unsigned Line = 15) {
    KernelSetting S;
    S.Loc = {File, Line, 3};
    S.Api = Attribute == "CacheConfig" ? "cudaFuncSetCacheConfig"
                                       : "cudaFuncSetAttribute";
    S.Kernel = K.Info.Name;
    S.Mangled = K.Info.Mangled;
    S.Attribute = Attribute.str();
    S.Value = std::move(V);
    Unit.KernelSettings.push_back(std::move(S));
    return *this;
  }
  /// `--check-option Key=Value`; the value must be valid.
  Scenario &option(StringRef Key, StringRef Value) {
    if (Error E = validateCheckOption(Key, Value))
      ADD_FAILURE() << toString(std::move(E));
    Run.Options.Values[Key] = Value.str();
    return *this;
  }
  Scenario &gpu(StringRef Preset) {
    Run.Options.Gpu = findGpuPreset(Preset);
    EXPECT_NE(Run.Options.Gpu, nullptr) << Preset.str();
    return *this;
  }
  /// --resource-usage=none: the table is there but disabled.
  Scenario &noDeviceFacts() {
    Table.Enabled = false;
    return *this;
  }
  Scenario &checks(StringRef Globs) {
    Run.Enabled = enabledChecks(GlobList(Globs));
    return *this;
  }

  /// Every finding of every enabled check.
  std::vector<Diagnostic> all() const {
    CheckRun R = Run;
    std::vector<TranslationUnitFacts> Units = {Unit};
    R.Units = Units;
    R.Resources = &Table;
    return runChecks(R);
  }
  /// The findings of one check (after the precision rules, which see every
  /// enabled check); records whether it reported, for CheckCoverage.
  std::vector<Diagnostic> findings(StringRef Check) const {
    EXPECT_NE(findCheck(Check), nullptr) << Check.str();
    std::vector<Diagnostic> Out;
    for (Diagnostic &D : all())
      if (D.Check == Check)
        Out.push_back(std::move(D));
    observed()[Check.str()] |= Out.empty() ? Silent : Reports;
    return Out;
  }

private:
  TranslationUnitFacts Unit;
  DeviceResourceTable Table;
  CheckRun Run;
};

/// Every test of a check derives from this: at its end, what the test
/// declared it shows must have been seen.
class CheckTest : public ::testing::Test {
protected:
  void SetUp() override { observed().clear(); }
  void TearDown() override {
    const ::testing::TestInfo *T =
        ::testing::UnitTest::GetInstance()->current_test_info();
    auto It = declarations().find(std::string(T->test_suite_name()) + "." +
                                  T->name());
    if (It == declarations().end())
      return;
    unsigned Seen = observed()[It->second.Check];
    if (It->second.P & Reports) {
      EXPECT_TRUE(Seen & Reports)
          << "the test never saw " << It->second.Check << " report";
    }
    if (It->second.P & Silent) {
      EXPECT_TRUE(Seen & Silent)
          << "the test never saw " << It->second.Check << " stay silent";
    }
  }
};

#define CHECK_TEST(Suite, Name, CheckName, P)                                  \
  [[maybe_unused]] const bool Suite##_##Name##_declared =                      \
      declareTest(#Suite "." #Name, CheckName, P);                             \
  TEST_F(Suite, Name)

//===-- Matchers ----------------------------------------------------------===//

Matcher<const Diagnostic &> error(const std::string &Arch,
                                  Matcher<const std::string &> Message) {
  return AllOf(Field(&Diagnostic::Sev, Severity::Error),
               Field(&Diagnostic::Arch, Arch),
               Field(&Diagnostic::Message, Message));
}
Matcher<const Diagnostic &> warning(const std::string &Arch,
                                    Matcher<const std::string &> Message) {
  return AllOf(Field(&Diagnostic::Sev, Severity::Warning),
               Field(&Diagnostic::Arch, Arch),
               Field(&Diagnostic::Message, Message));
}
/// The message contains every one of Texts.
template <typename... T> Matcher<const std::string &> says(T... Texts) {
  return AllOf(HasSubstr(Texts)...);
}
/// Some note of the diagnostic says Text.
Matcher<const Diagnostic &> withNote(const std::string &Text) {
  return Field(
      &Diagnostic::Notes,
      ::testing::Contains(Field(&DiagnosticNote::Message, HasSubstr(Text))));
}
Matcher<const Diagnostic &> at(unsigned Line) {
  return Field(&Diagnostic::Loc, Field(&SourceLoc::Line, Line));
}

std::vector<std::string> checkNames(const std::vector<Diagnostic> &Ds) {
  std::vector<std::string> Out;
  for (const Diagnostic &D : Ds)
    Out.push_back(D.Check);
  return Out;
}

#define CHECK_SUITE(Name)                                                      \
  class Name : public CheckTest {}

} // namespace

namespace {

//===----------------------------------------------------------------------===//
// cuda-launch-bounds-exceeded
//===----------------------------------------------------------------------===//

CHECK_SUITE(LaunchBoundsExceeded);
const char *const BoundsExceeded = "cuda-launch-bounds-exceeded";

CHECK_TEST(LaunchBoundsExceeded, BlockOverTheBoundFails, BoundsExceeded,
           Reports) {
  Kernel K = Kernel("scale").launchBounds(256);
  auto D = Scenario()
               .with(K)
               .with(Launch(K, c(100), c(512)))
               .findings(BoundsExceeded);
  EXPECT_THAT(
      D, ElementsAre(AllOf(
             error("sm_80", says("launch of 'scale' with 512 threads per block "
                                 "exceeds its __launch_bounds__ maximum of 256 "
                                 "on sm_80; the launch fails")),
             at(20), withNote("kernel 'scale' declared here"),
             withNote("launch bound declared here"))));
}

CHECK_TEST(LaunchBoundsExceeded, BlockExactlyAtTheBoundLaunches, BoundsExceeded,
           Both) {
  Kernel K = Kernel("scale").launchBounds(256);
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(16)).block(c(16), c(16)))
                  .findings(BoundsExceeded),
              IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(16)).block(c(16), c(16), c(2)))
                  .findings(BoundsExceeded),
              ElementsAre(error("sm_80", says("with 512 threads per block"))));
}

CHECK_TEST(LaunchBoundsExceeded, NoBoundUntracedTunedOrUnknownIsSilent,
           BoundsExceeded, Silent) {
  Kernel Free("free");
  EXPECT_THAT(Scenario()
                  .with(Free)
                  .with(Launch(Free, c(100), c(1024)))
                  .findings(BoundsExceeded),
              IsEmpty());
  Kernel K = Kernel("scale").launchBounds(256);
  // The kernel cannot be traced: its bound is not known.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(512)).untraced())
                  .findings(BoundsExceeded),
              IsEmpty());
  // The occupancy API respects the bound.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(512)).occupancyTuned())
                  .findings(BoundsExceeded),
              IsEmpty());
  // Unknown and range block sizes are never guessed at.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), unknown()))
                  .with(Launch(K, c(100), range(1, 1024), 21))
                  .findings(BoundsExceeded),
              IsEmpty());
}

CHECK_TEST(LaunchBoundsExceeded, DeviceViewOfTheBoundWinsPerArch,
           BoundsExceeded, Both) {
  // The host parse saw __launch_bounds__(1024); `#if __CUDA_ARCH__` gave
  // sm_80 a bound of 128 and sm_90 none at all.
  Kernel K = Kernel("tiled").launchBounds(1024);
  auto D = Scenario({"sm_80", "sm_90"})
               .with(K)
               .with(Launch(K, c(100), c(256)))
               .with(Resources(K, "sm_80").regs(32).maxntid(128))
               .with(Resources(K, "sm_90").regs(32).ptx())
               .findings(BoundsExceeded);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     error("sm_80", says("256 threads per block exceeds its "
                                         "__launch_bounds__ maximum of 128 on "
                                         "sm_80")),
                     withNote("the device compile for sm_80 saw a maximum of "
                              "128 threads (.maxntid)"))));
  // .maxntid is x*y*z; without PTX the host view holds.
  EXPECT_THAT(Scenario({"sm_80", "sm_90"})
                  .with(K)
                  .with(Launch(K, c(100), c(512)))
                  .with(Resources(K, "sm_80").regs(32).maxntid(16, 16, 2))
                  .with(Resources(K, "sm_90").regs(32))
                  .findings(BoundsExceeded),
              IsEmpty());
}

CHECK_TEST(LaunchBoundsExceeded, SetOfBlockSizes, BoundsExceeded, Reports) {
  Kernel K = Kernel("scale").launchBounds(256);
  // Some values fail: the launch may fail.
  auto Some = Scenario()
                  .with(K)
                  .with(Launch(K, c(100), oneOf({128, 512})))
                  .findings(BoundsExceeded);
  EXPECT_THAT(Some, ElementsAre(AllOf(
                        warning("sm_80", says("with 512 threads per block",
                                              "the launch may fail")),
                        withNote("only some of the values that may reach "
                                 "this launch fail"))));
  // Every value fails: one error, naming the values.
  auto Every = Scenario()
                   .with(K)
                   .with(Launch(K, c(100), oneOf({512, 1024})))
                   .findings(BoundsExceeded);
  EXPECT_THAT(
      Every,
      ElementsAre(AllOf(error("sm_80", says("with 512 threads per block",
                                            "; the launch fails")),
                        withNote("every value that may reach this launch gives "
                                 "this finding (block x = 512, 1024)"))));
}

//===----------------------------------------------------------------------===//
// cuda-block-size-invalid
//===----------------------------------------------------------------------===//

CHECK_SUITE(BlockSizeInvalid);
const char *const BlockInvalid = "cuda-block-size-invalid";

CHECK_TEST(BlockSizeInvalid, LimitsAreInclusive, BlockInvalid, Silent) {
  Kernel K("k");
  for (Dim3Value B :
       {dim3(c(1024)), dim3(c(1), c(1024)), dim3(c(16), c(1), c(64)),
        dim3(c(32), c(32)), dim3(c(1))}) {
    SCOPED_TRACE(describeDim3(B));
    Launch L(K, c(100), c(1));
    L.Site.Block = B;
    EXPECT_THAT(Scenario({"sm_75", "sm_80", "sm_90", "sm_120"})
                    .with(K)
                    .with(L)
                    .findings(BlockInvalid),
                IsEmpty());
  }
}

CHECK_TEST(BlockSizeInvalid, DimensionOverItsMaximum, BlockInvalid, Reports) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario()
          .with(K)
          .with(Launch(K, c(100), c(1025)))
          .findings(BlockInvalid),
      ElementsAre(error("sm_80", says("block dimension x = 1025 exceeds the "
                                      "maximum of 1024 on sm_80; the launch "
                                      "fails with cudaErrorInvalidValue"))));
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(1)).block(c(1), c(1), c(65)))
                  .findings(BlockInvalid),
              ElementsAre(error("sm_80", says("block dimension z = 65 exceeds "
                                              "the maximum of 64"))));
}

CHECK_TEST(BlockSizeInvalid, ZeroOrNegativeDimension, BlockInvalid, Reports) {
  Kernel K("k");
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(1)).block(c(32), c(0)))
                  .findings(BlockInvalid),
              ElementsAre(error("sm_80", says("block dimension y is 0 on "
                                              "sm_80; the launch fails"))));
  EXPECT_THAT(
      Scenario().with(K).with(Launch(K, c(100), c(-1))).findings(BlockInvalid),
      ElementsAre(error("sm_80", says("block dimension x is -1"))));
}

CHECK_TEST(BlockSizeInvalid, ProductOverTheThreadLimit, BlockInvalid, Both) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario()
          .with(K)
          .with(Launch(K, c(100), c(1)).block(c(64), c(32)))
          .findings(BlockInvalid),
      ElementsAre(AllOf(error("sm_80", says("block of 2048 threads exceeds the "
                                            "maximum of 1024 threads per block "
                                            "on sm_80")))));
  // A dimension error says it all: no second error for the product.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(1)).block(c(2048), c(2)))
                  .findings(BlockInvalid),
              ElementsAre(error("sm_80", says("block dimension x = 2048"))));
  // An occupancy-tuned block (from the API) never exceeds the product
  // limit; its dimensions are still checked.
  EXPECT_THAT(
      Scenario()
          .with(K)
          .with(Launch(K, c(100), c(1)).block(c(64), c(32)).occupancyTuned())
          .findings(BlockInvalid),
      IsEmpty());
}

CHECK_TEST(BlockSizeInvalid, SameOnEveryArch, BlockInvalid, Reports) {
  Kernel K("k");
  auto D = Scenario({"sm_75", "sm_90"})
               .with(K)
               .with(Launch(K, c(100), c(2000)))
               .findings(BlockInvalid);
  EXPECT_THAT(D, ElementsAre(error("sm_75", says("on sm_75")),
                             error("sm_90", says("on sm_90"))));
}

CHECK_TEST(BlockSizeInvalid, SetWithOneBadValueMayFail, BlockInvalid, Reports) {
  Kernel K("k");
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), oneOf({256, 2048})))
                  .findings(BlockInvalid),
              ElementsAre(warning("sm_80", says("block dimension x = 2048",
                                                "the launch may fail"))));
}

//===----------------------------------------------------------------------===//
// cuda-grid-size-invalid
//===----------------------------------------------------------------------===//

CHECK_SUITE(GridSizeInvalid);
const char *const GridInvalid = "cuda-grid-size-invalid";

CHECK_TEST(GridSizeInvalid, LimitsAreInclusive, GridInvalid, Silent) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario({"sm_75", "sm_80", "sm_90"})
          .with(K)
          .with(Launch(K, c(1), c(128)).grid(c(2147483647), c(65535), c(65535)))
          .findings(GridInvalid),
      IsEmpty());
  // Unknown and range grids are never guessed at.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, unknown(), c(128)))
                  .with(Launch(K, range(0, 1LL << 40), c(128), 21))
                  .findings(GridInvalid),
              IsEmpty());
}

CHECK_TEST(GridSizeInvalid, OneOverTheLimit, GridInvalid, Reports) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario()
          .with(K)
          .with(
              Launch(K, c(1), c(128)).grid(c(2147483648LL), c(65536), c(65536)))
          .findings(GridInvalid),
      ElementsAre(
          error("sm_80", says("grid dimension x = 2147483648 exceeds the "
                              "maximum of 2147483647 on sm_80; the launch "
                              "fails with cudaErrorInvalidValue")),
          error("sm_80", says("grid dimension y = 65536 exceeds the maximum "
                              "of 65535")),
          error("sm_80", says("grid dimension z = 65536 exceeds the maximum "
                              "of 65535"))));
}

CHECK_TEST(GridSizeInvalid, EmptyGrid, GridInvalid, Reports) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario().with(K).with(Launch(K, c(0), c(128))).findings(GridInvalid),
      ElementsAre(error("sm_80", says("grid dimension x is 0 on sm_80"))));
}

CHECK_TEST(GridSizeInvalid, SetsAndTheirOrigins, GridInvalid, Reports) {
  Kernel K("k");
  Launch L = Launch(K, c(1), c(128)).grid(c(64), oneOf({1, 70000}));
  L.Site.Grid.Y.Origins.push_back(origin("variable 'rows'", {File, 18, 7}));
  auto D = Scenario().with(K).with(L).findings(GridInvalid);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     warning("sm_80", says("grid dimension y = 70000",
                                           "the launch may fail")),
                     withNote("grid y = {1, 70000} from variable 'rows'"))));
  // Every value of the set fails: errors.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(1), c(128)).grid(c(1), oneOf({0, 70000})))
                  .findings(GridInvalid),
              ElementsAre(AllOf(error("sm_80", says("grid dimension y is 0")),
                                withNote("(grid y = 0, 70000)"))));
}

//===----------------------------------------------------------------------===//
// cuda-too-many-resources
//===----------------------------------------------------------------------===//

CHECK_SUITE(TooManyResources);
const char *const TooMany = "cuda-too-many-resources";

CHECK_TEST(TooManyResources, RegistersExactlyFillTheFile, TooMany, Silent) {
  // 64 registers x 1024 threads = 65536, the whole register file.
  Kernel K("k");
  EXPECT_THAT(Scenario({"sm_75", "sm_80", "sm_90"})
                  .with(K)
                  .with(Launch(K, c(100), c(1024)))
                  .with(Resources(K, "sm_75").regs(64))
                  .with(Resources(K, "sm_80").regs(64))
                  .with(Resources(K, "sm_90").regs(64))
                  .findings(TooMany),
              IsEmpty());
}

CHECK_TEST(TooManyResources, OneRegisterMoreFails, TooMany, Reports) {
  // 65 registers: 2080 per warp, allocated as 2304; 32 warps need 73728.
  Kernel K("k");
  auto D = Scenario()
               .with(K)
               .with(Launch(K, c(100), c(1024)))
               .with(Resources(K, "sm_80").regs(65))
               .findings(TooMany);
  EXPECT_THAT(
      D, ElementsAre(AllOf(
             error("sm_80",
                   says("launch of 'k' with 1024 threads per block needs "
                        "73728 registers on sm_80 (65 per thread, allocated "
                        "per warp), more than the 65536 available to a block; "
                        "the launch fails with cudaErrorLaunchOutOfResources "
                        "('too many resources requested for launch')")),
             withNote("at 65 registers per thread, blocks of up to 896 "
                      "threads launch"),
             withNote("__launch_bounds__(1024) on the kernel makes the device "
                      "compiler limit its registers to fit 1024 threads"),
             withNote("sm_80: 65 registers, 0 B static shared memory, 0 B "
                      "spill stores, 0 B spill loads (nvcc)"))));
}

CHECK_TEST(TooManyResources, PerArchRegisterCounts, TooMany, Both) {
  // 255 registers (8192 per warp): 8 warps fit, 16 do not. The device
  // compiler's count differs per arch.
  Kernel K("k");
  auto Run = [&](unsigned Regs75, unsigned Regs80) {
    return Scenario({"sm_75", "sm_80"})
        .with(K)
        .with(Launch(K, c(100), c(512)))
        .with(Resources(K, "sm_75").regs(Regs75))
        .with(Resources(K, "sm_80").regs(Regs80))
        .findings(TooMany);
  };
  EXPECT_THAT(Run(128, 255),
              ElementsAre(AllOf(
                  error("sm_80", says("needs 131072 registers on sm_80 (255 "
                                      "per thread")),
                  withNote("blocks of up to 256 threads launch"))));
  EXPECT_THAT(Run(128, 128), IsEmpty());
}

CHECK_TEST(TooManyResources, WarpsCountInWholeRoundsOfTheWarpSchedulers,
           TooMany, Both) {
  // 136 registers (4352 per warp) x 15 warps = 65280 fit the file, but the
  // hardware counts 16 warps (4 schedulers): 69632, the launch fails. 12
  // warps fit.
  Kernel K("k");
  auto Run = [&](int64_t Threads) {
    return Scenario()
        .with(K)
        .with(Launch(K, c(100), c(Threads)))
        .with(Resources(K, "sm_80").regs(136))
        .findings(TooMany);
  };
  EXPECT_THAT(
      Run(480),
      ElementsAre(AllOf(
          error("sm_80", says("with 480 threads per block needs 69632 "
                              "registers on sm_80 (136 per thread, allocated "
                              "per warp, its 15 warps counted as 16 for the 4 "
                              "warp schedulers), more than the 65536 available "
                              "to a block")),
          withNote("blocks of up to 384 threads launch"))));
  EXPECT_THAT(Run(448),
              ElementsAre(error("sm_80", says("its 14 warps counted as 16"))));
  EXPECT_THAT(Run(384), IsEmpty());
}

CHECK_TEST(TooManyResources, RegistersPerThreadOverTheMaximum, TooMany,
           Reports) {
  // Only a hand-written log says so (ptxas stops at 255), but the message
  // must still be true.
  Kernel K("k");
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(32)))
                  .with(Resources(K, "sm_80").regs(300))
                  .findings(TooMany),
              ElementsAre(error("sm_80", says("launch of 'k' uses 300 "
                                              "registers per thread on sm_80, "
                                              "more than the maximum of 255; "
                                              "the launch fails with "
                                              "cudaErrorLaunchOutOfResources "
                                              "('too many resources"))));
}

CHECK_TEST(TooManyResources, NeedsTheDeviceCompilersRegisterCount, TooMany,
           Silent) {
  Kernel K("k");
  Launch L(K, c(100), c(1024));
  // No device facts at all, facts turned off, or PTX without a ptxas report.
  EXPECT_THAT(Scenario().with(K).with(L).findings(TooMany), IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(L)
                  .with(Resources(K, "sm_80").regs(255))
                  .noDeviceFacts()
                  .findings(TooMany),
              IsEmpty());
  Resources PtxOnly = Resources(K, "sm_80").regs(255).ptx();
  PtxOnly.R.HasUsage = false;
  EXPECT_THAT(Scenario().with(K).with(L).with(PtxOnly).findings(TooMany),
              IsEmpty());
  // Resources of another arch say nothing about this one.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(L)
                  .with(Resources(K, "sm_90").regs(255))
                  .findings(TooMany),
              IsEmpty());
}

CHECK_TEST(TooManyResources, BlocksOverTheThreadLimitAreNotItsBusiness, TooMany,
           Silent) {
  Kernel K("k");
  auto All = Scenario()
                 .with(K)
                 .with(Launch(K, c(100), c(2048)))
                 .with(Resources(K, "sm_80").regs(255))
                 .all();
  EXPECT_THAT(checkNames(All), ElementsAre("cuda-block-size-invalid"));
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(2048)))
                  .with(Resources(K, "sm_80").regs(255))
                  .findings(TooMany),
              IsEmpty());
}

CHECK_TEST(TooManyResources, SetWithOneBadValueMayFail, TooMany, Reports) {
  Kernel K("k");
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), oneOf({256, 512})))
                  .with(Resources(K, "sm_80").regs(255))
                  .findings(TooMany),
              ElementsAre(warning("sm_80", says("with 512 threads per block",
                                                "the launch may fail with "
                                                "cudaErrorLaunchOutOfResources "
                                                "('too many resources"))));
}

//===----------------------------------------------------------------------===//
// cuda-shared-memory-exceeded
//===----------------------------------------------------------------------===//

CHECK_SUITE(SharedMemoryExceeded);
const char *const SmemExceeded = "cuda-shared-memory-exceeded";

CHECK_TEST(SharedMemoryExceeded, ExactlyTheDefault48KiB, SmemExceeded, Silent) {
  Kernel K("k");
  EXPECT_THAT(Scenario({"sm_75", "sm_80", "sm_90"})
                  .with(K)
                  .with(Launch(K, c(100), c(256)).smem(c(48 * 1024)))
                  .findings(SmemExceeded),
              IsEmpty());
  // Static + dynamic = 48 KiB.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(256)).smem(c(8 * 1024)))
                  .with(Resources(K, "sm_80").regs(32).staticSmem(40 * 1024))
                  .findings(SmemExceeded),
              IsEmpty());
  // Unknown and range sizes are never guessed at.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(256)).smem(unknown()))
                  .with(Launch(K, c(100), c(256), 21).smem(range(0, 1 << 20)))
                  .findings(SmemExceeded),
              IsEmpty());
}

CHECK_TEST(SharedMemoryExceeded, OneByteOverWithoutOptIn, SmemExceeded,
           Reports) {
  Kernel K("stencil");
  auto D = Scenario({"sm_75", "sm_90"})
               .with(K)
               .with(Launch(K, c(100), c(256)).smem(c(48 * 1024 + 1)))
               .findings(SmemExceeded);
  EXPECT_THAT(
      D,
      ElementsAre(
          AllOf(error("sm_75",
                      says("launch of 'stencil' asks for 49153 B of shared "
                           "memory per block (49153 B dynamic) on sm_75, over "
                           "the 48 KiB default, and the kernel does not opt "
                           "in; the launch fails")),
                withNote("opt in before launching: cudaFuncSetAttribute("
                         "stencil, cudaFuncAttributeMaxDynamicSharedMemory"
                         "Size, 49153);")),
          error("sm_90", says("on sm_90, over the 48 KiB default"))));
}

CHECK_TEST(SharedMemoryExceeded, StaticCountsTowardsTheDefault, SmemExceeded,
           Reports) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario()
          .with(K)
          .with(Launch(K, c(100), c(256)).smem(c(9 * 1024)))
          .with(Resources(K, "sm_80").regs(32).staticSmem(40 * 1024))
          .findings(SmemExceeded),
      ElementsAre(AllOf(
          error("sm_80", says("asks for 49 KiB of shared memory per block (40 "
                              "KiB static + 9 KiB dynamic) on sm_80")),
          withNote("sm_80: 32 registers, 40 KiB static shared memory"))));
}

CHECK_TEST(SharedMemoryExceeded, OptInIsTheNewLimit, SmemExceeded, Both) {
  Kernel K("k");
  auto WithOptIn = [&](int64_t Dynamic) {
    return Scenario()
        .with(K)
        .with(Launch(K, c(100), c(256)).smem(c(Dynamic)))
        .setting(K, "MaxDynamicSharedMemorySize", c(64 * 1024))
        .findings(SmemExceeded);
  };
  EXPECT_THAT(WithOptIn(64 * 1024), IsEmpty());
  EXPECT_THAT(WithOptIn(65 * 1024),
              ElementsAre(AllOf(
                  error("sm_80", says("asks for 65 KiB of dynamic shared "
                                      "memory, more than the 64 KiB the "
                                      "kernel opted in to; the launch fails")),
                  withNote("opt-in set here"))));
}

CHECK_TEST(SharedMemoryExceeded, OptInOfUnknownSizeIsTakenToBeEnough,
           SmemExceeded, Both) {
  // cudaFuncSetAttribute(k, ..MaxDynamicSharedMemorySize, bytes) with bytes
  // not known: the kernel opted in; only the arch's maximum is certain.
  Kernel K("k");
  auto WithOptIn = [&](int64_t Dynamic) {
    return Scenario()
        .with(K)
        .with(Launch(K, c(100), c(256)).smem(c(Dynamic)))
        .setting(K, "MaxDynamicSharedMemorySize", unknown())
        .findings(SmemExceeded);
  };
  EXPECT_THAT(WithOptIn(96 * 1024), IsEmpty());
  EXPECT_THAT(WithOptIn(200 * 1024),
              ElementsAre(AllOf(error("sm_80", says("more than the sm_80 "
                                                    "maximum of 163 KiB")),
                                withNote("opt-in set here"))));
}

CHECK_TEST(SharedMemoryExceeded, OptInMaximumPerArch, SmemExceeded, Both) {
  // 100 KiB, opted in: beyond sm_75's 64 KiB and sm_86's 99 KiB; within
  // sm_80's 163 KiB and sm_90's 227 KiB.
  Kernel K("k");
  auto D = Scenario({"sm_75", "sm_80", "sm_86", "sm_90"})
               .with(K)
               .with(Launch(K, c(100), c(256)).smem(c(100 * 1024)))
               .setting(K, "MaxDynamicSharedMemorySize", c(100 * 1024))
               .findings(SmemExceeded);
  EXPECT_THAT(
      D, ElementsAre(
             error("sm_75", says("asks for 100 KiB of shared memory per "
                                 "block (100 KiB dynamic), more than the "
                                 "sm_75 maximum of 64 KiB; the launch fails")),
             error("sm_86", says("more than the sm_86 maximum of 99 KiB"))));
  // Exactly the maximum, static included.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(256)).smem(c(131 * 1024)))
                  .with(Resources(K, "sm_80").regs(32).staticSmem(32 * 1024))
                  .setting(K, "MaxDynamicSharedMemorySize", c(131 * 1024))
                  .findings(SmemExceeded),
              IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(256)).smem(c(131 * 1024)))
                  .with(Resources(K, "sm_80").regs(32).staticSmem(33 * 1024))
                  .setting(K, "MaxDynamicSharedMemorySize", c(131 * 1024))
                  .findings(SmemExceeded),
              ElementsAre(error("sm_80", says("164 KiB of shared memory per "
                                              "block (33 KiB static + 131 KiB "
                                              "dynamic), more than the sm_80 "
                                              "maximum of 163 KiB"))));
}

CHECK_TEST(SharedMemoryExceeded, SetWithOneBadValueMayFail, SmemExceeded,
           Reports) {
  Kernel K("k");
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(100), c(256)).smem(oneOf({0, 64 * 1024})))
                  .findings(SmemExceeded),
              ElementsAre(AllOf(warning("sm_80", says("asks for 64 KiB",
                                                      "the launch may fail")),
                                withNote("only some of the values"))));
}

CHECK_SUITE(SharedMemoryExceededRefusedOptIn);

// Checked on an H100 with CUDA 13.0: an opt-in over the arch's maximum
// (static included) is refused and the kernel keeps its previous limit.
CHECK_TEST(SharedMemoryExceededRefusedOptIn, LaunchesCheckTheLimitThatHolds,
           SmemExceeded, Both) {
  Kernel K("k");
  // Refused once: the 48 KiB default holds.
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K)
          .with(Launch(K, c(132), c(256)).smem(c(100 * 1024)))
          .setting(K, "MaxDynamicSharedMemorySize", c(240000))
          .findings(SmemExceeded),
      ElementsAre(AllOf(
          error("sm_90", says("over the 48 KiB default, and the kernel has no "
                              "opt-in the runtime accepts; the launch fails "
                              "with cudaErrorInvalidValue")),
          Field(&Diagnostic::CudaError, "cudaErrorInvalidValue"),
          withNote("the opt-in to 240000 B here is refused on sm_90"))));
  // Accepted, then refused: the accepted one holds.
  Scenario AfterAccepted({"sm_90"});
  AfterAccepted.with(K)
      .setting(K, "MaxDynamicSharedMemorySize", c(100 * 1024), 14)
      .setting(K, "MaxDynamicSharedMemorySize", c(240000), 15);
  EXPECT_THAT(Scenario(AfterAccepted)
                  .with(Launch(K, c(132), c(256)).smem(c(100 * 1024)))
                  .findings(SmemExceeded),
              IsEmpty());
  EXPECT_THAT(
      Scenario(AfterAccepted)
          .with(Launch(K, c(132), c(256)).smem(c(150 * 1024)))
          .findings(SmemExceeded),
      ElementsAre(AllOf(error("sm_90", says("more than the 100 KiB the kernel "
                                            "opted in to")),
                        withNote("the limit stays 100 KiB from the earlier "
                                 "opt-in"))));
  // The static shared memory counts: 220 KiB fits alone, not with 16 KiB.
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K)
                  .with(Resources(K, "sm_90").regs(32).staticSmem(16 * 1024))
                  .with(Launch(K, c(132), c(256)).smem(c(64 * 1024)))
                  .setting(K, "MaxDynamicSharedMemorySize", c(220 * 1024))
                  .findings(SmemExceeded),
              ElementsAre(error("sm_90", says("80 KiB of shared memory per "
                                              "block (16 KiB static + 64 KiB "
                                              "dynamic)",
                                              "no opt-in the runtime "
                                              "accepts"))));
  // Per arch: 200 KiB is refused on sm_80 (163 KiB) but not on sm_90.
  EXPECT_THAT(Scenario({"sm_80", "sm_90"})
                  .with(K)
                  .with(Launch(K, c(132), c(256)).smem(c(100 * 1024)))
                  .setting(K, "MaxDynamicSharedMemorySize", c(200 * 1024))
                  .findings(SmemExceeded),
              ElementsAre(error("sm_80", says("over the 48 KiB default"))));
}

//===----------------------------------------------------------------------===//
// cuda-cluster-dims-mismatch
//===----------------------------------------------------------------------===//

CHECK_SUITE(ClusterDimsMismatch);
const char *const ClusterMismatch = "cuda-cluster-dims-mismatch";

CHECK_TEST(ClusterDimsMismatch, GridAWholeNumberOfClusters, ClusterMismatch,
           Silent) {
  Kernel K = Kernel("k").clusterDims(2, 2, 2);
  EXPECT_THAT(Scenario({"sm_90", "sm_100", "sm_120"})
                  .with(K)
                  .with(Launch(K, c(4), c(128)).grid(c(4), c(6), c(2)))
                  .findings(ClusterMismatch),
              IsEmpty());
  // No cluster anywhere; a launch cluster that is not a constant.
  Kernel Plain("plain");
  EXPECT_THAT(Scenario({"sm_80", "sm_90"})
                  .with(Plain)
                  .with(Launch(Plain, c(7), c(128)))
                  .with(Launch(Plain, c(7), c(128), 21).cluster(unknown()))
                  .findings(ClusterMismatch),
              IsEmpty());
}

CHECK_TEST(ClusterDimsMismatch, GridNotAMultipleOfTheCluster, ClusterMismatch,
           Reports) {
  Kernel K = Kernel("k").clusterDims(1, 2);
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K)
          .with(Launch(K, c(8), c(128)).grid(c(8), c(3)))
          .findings(ClusterMismatch),
      ElementsAre(AllOf(
          error("sm_90", says("grid y = 3 is not a multiple of the cluster's "
                              "y = 2; the launch fails with "
                              "cudaErrorInvalidClusterSize")),
          withNote("cluster shape 1x2x1 from __cluster_dims__"))));
}

CHECK_TEST(ClusterDimsMismatch, ClustersOnlyFromSm90, ClusterMismatch, Both) {
  Kernel K = Kernel("k").clusterDims(2);
  auto On = [&](std::vector<std::string> Archs) {
    return Scenario(std::move(Archs))
        .with(K)
        .with(Launch(K, c(8), c(128)))
        .findings(ClusterMismatch);
  };
  EXPECT_THAT(On({"sm_75", "sm_80", "sm_89"}),
              ElementsAre(
                  // No cluster launch was run on a GPU before sm_90: a
                  // warning until a hardware fact says it fails.
                  AllOf(warning("sm_75", says("uses thread block clusters "
                                              "(2x1x1), which sm_75 does not "
                                              "have (sm_90 and newer); no "
                                              "such launch was run on a GPU "
                                              "before sm_90; the launch may "
                                              "fail")),
                        Field(&Diagnostic::CudaError, "")),
                  warning("sm_80", says("which sm_80 does not have")),
                  warning("sm_89", says("which sm_89 does not have"))));
  EXPECT_THAT(On({"sm_90", "sm_100", "sm_120"}), IsEmpty());
}

CHECK_TEST(ClusterDimsMismatch, PortableAndNonPortableSizes, ClusterMismatch,
           Both) {
  Kernel K("k");
  auto Run = [&](std::vector<std::string> Archs, int64_t Size,
                 std::optional<ResolvedValue> Allowed) {
    Scenario S(std::move(Archs));
    S.with(K).with(Launch(K, c(64), c(128)).cluster(c(Size)));
    if (Allowed)
      S.setting(K, "NonPortableClusterSizeAllowed", *Allowed);
    return S.findings(ClusterMismatch);
  };
  EXPECT_THAT(Run({"sm_90"}, 8, std::nullopt), IsEmpty());
  EXPECT_THAT(Run({"sm_90"}, 16, std::nullopt),
              ElementsAre(error(
                  "sm_90", says("cluster of 16 blocks (16x1x1) exceeds the "
                                "portable maximum of 8 and 'k' does not allow "
                                "non-portable sizes"))));
  EXPECT_THAT(Run({"sm_90"}, 16, c(0)), SizeIs(1));
  EXPECT_THAT(Run({"sm_90", "sm_100"}, 16, c(1)), IsEmpty());
  EXPECT_THAT(Run({"sm_90"}, 16, unknown()), IsEmpty());
  // sm_120 allows no more than the portable 8 even when asked.
  EXPECT_THAT(Run({"sm_90", "sm_120"}, 16, c(1)),
              ElementsAre(error("sm_120", says("cluster of 16 blocks (16x1x1) "
                                               "exceeds the sm_120 maximum of "
                                               "8; the launch fails"))));
  EXPECT_THAT(Run({"sm_90"}, 32, c(1)),
              ElementsAre(error("sm_90", says("exceeds the sm_90 maximum of "
                                              "16"))));
}

CHECK_TEST(ClusterDimsMismatch, DeviceViewOfTheClusterShape, ClusterMismatch,
           Both) {
  // The host parse saw __cluster_dims__(2); the device compile says 4.
  Kernel K = Kernel("k").clusterDims(2);
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K)
          .with(Launch(K, c(6), c(128)))
          .with(Resources(K, "sm_90").regs(32).reqnctapercluster(4))
          .findings(ClusterMismatch),
      ElementsAre(AllOf(
          error("sm_90", says("grid x = 6 is not a multiple of the cluster's "
                              "x = 4")),
          withNote("cluster shape 4x1x1 from __cluster_dims__ "
                   "(.reqnctapercluster)"))));
  // The PTX has no cluster: the host annotation does not hold on this arch.
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K)
                  .with(Launch(K, c(7), c(128)))
                  .with(Resources(K, "sm_90").regs(32).ptx())
                  .findings(ClusterMismatch),
              IsEmpty());
}

CHECK_TEST(ClusterDimsMismatch, SetOfGridSizes, ClusterMismatch, Reports) {
  Kernel K = Kernel("k").clusterDims(2);
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K)
                  .with(Launch(K, oneOf({7, 8}), c(128)))
                  .findings(ClusterMismatch),
              ElementsAre(warning("sm_90", says("grid x = 7 is not a multiple",
                                                "the launch may fail"))));
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K)
                  .with(Launch(K, oneOf({5, 7}), c(128)))
                  .findings(ClusterMismatch),
              ElementsAre(error("sm_90", says("grid x = 5 is not a multiple",
                                              "the launch fails"))));
}

//===----------------------------------------------------------------------===//
// cuda-grid-sync-needs-cooperative-launch
//===----------------------------------------------------------------------===//

CHECK_SUITE(GridSyncNeedsCooperativeLaunch);
const char *const GridSync = "cuda-grid-sync-needs-cooperative-launch";

CHECK_TEST(GridSyncNeedsCooperativeLaunch, PlainLaunchesTrap, GridSync,
           Reports) {
  Kernel K = Kernel("persistent").gridSync({"stage", "barrier"});
  auto D =
      Scenario({"sm_80", "sm_90"})
          .with(K)
          .with(Launch(K, c(108), c(256)))
          .with(Launch(K, c(108), c(256), 21).api("cudaLaunchKernel", false))
          .with(Launch(K, c(108), c(256), 22).api("cudaLaunchKernelEx", false))
          .findings(GridSync);
  // The same on every arch: one finding per launch, with no arch.
  ASSERT_THAT(
      D,
      ElementsAre(
          AllOf(error("", says("'persistent' synchronizes the whole grid "
                               "(cooperative_groups::grid_group::sync) but "
                               "is launched with <<<>>>, not "
                               "cooperatively",
                               "the launch fails")),
                at(20)),
          AllOf(error("", says("launched with cudaLaunchKernel, not")), at(21)),
          AllOf(error("", says("launched with cudaLaunchKernelEx without "
                               "the cudaLaunchAttributeCooperative "
                               "attribute")),
                at(22))));
  // The notes walk the chain from the kernel to the sync.
  std::vector<std::string> Notes;
  for (const DiagnosticNote &N : D.front().Notes)
    Notes.push_back(N.Message);
  EXPECT_THAT(Notes, ElementsAre("kernel 'persistent' declared here",
                                 "kernel 'persistent' calls 'stage' here",
                                 "'stage' calls 'barrier' here",
                                 "'barrier' synchronizes the grid here",
                                 HasSubstr("launch it with "
                                           "cudaLaunchCooperativeKernel")));
  EXPECT_EQ(D.front().Notes[1].Loc.Line, 4u);
  EXPECT_EQ(D.front().Notes[3].Loc.Line, 6u);
}

CHECK_TEST(GridSyncNeedsCooperativeLaunch, ChainEndsInTheToolkitsHelper,
           GridSync, Reports) {
  // cg::sync(grid): the front end stops at the call from the user's code.
  Kernel K("reduce");
  GridSyncFact G;
  G.Sync = "cooperative_groups::grid_group::sync";
  CallStep Step;
  Step.Loc = place(4, 3);
  Step.Caller = "reduce";
  Step.Callee = "cooperative_groups::sync<cooperative_groups::grid_group>";
  G.Chain.push_back(Step);
  K.Info.GridSync = G;
  EXPECT_THAT(
      Scenario().with(K).with(Launch(K, c(8), c(256))).findings(GridSync),
      ElementsAre(
          withNote("kernel 'reduce' calls "
                   "'cooperative_groups::sync<cooperative_groups::grid_group>' "
                   "here, which synchronizes the grid "
                   "(cooperative_groups::grid_group::sync)")));
}

CHECK_TEST(GridSyncNeedsCooperativeLaunch, ConditionalSyncMayFail, GridSync,
           Reports) {
  // `if (wide) grid.sync();`: the launch fails on the paths that sync.
  Kernel K = Kernel("sometimes").gridSync();
  K.Info.GridSync->ConditionLoc = place(4, 7);
  auto D = Scenario().with(K).with(Launch(K, c(8), c(256))).findings(GridSync);
  ASSERT_THAT(D, ElementsAre(warning("", says("'sometimes' synchronizes the "
                                              "whole grid",
                                              "the launch may fail"))));
  EXPECT_THAT(D.front(), withNote("the sync runs only when this condition "
                                  "holds"));
  EXPECT_THAT(D.front().Message, Not(HasSubstr("the launch fails")));
}

CHECK_TEST(GridSyncNeedsCooperativeLaunch, CooperativeGuardedOrUnknownIsSilent,
           GridSync, Silent) {
  Kernel K = Kernel("persistent").gridSync({"stage"});
  for (Launch L :
       {Launch(K, c(108), c(256)).cooperative(),
        Launch(K, c(108), c(256)).api("cuLaunchCooperativeKernel", true),
        Launch(K, c(108), c(256)).api("cudaLaunchKernelEx", true),
        // A config whose attributes cannot be followed.
        Launch(K, c(108), c(256)).api("cudaLaunchKernelEx", std::nullopt),
        // The kernel cannot be traced.
        Launch(K, c(108), c(256)).untraced()}) {
    SCOPED_TRACE(L.Site.Api);
    EXPECT_THAT(Scenario().with(K).with(L).findings(GridSync), IsEmpty());
  }
  // A kernel that asks grid.is_valid() runs without a cooperative launch.
  Kernel Guarded = Kernel("adaptive").gridSync({}, /*Guarded=*/true);
  EXPECT_THAT(Scenario()
                  .with(Guarded)
                  .with(Launch(Guarded, c(108), c(256)))
                  .findings(GridSync),
              IsEmpty());
  // No grid sync at all.
  Kernel Plain("plain");
  EXPECT_THAT(Scenario()
                  .with(Plain)
                  .with(Launch(Plain, c(8), c(256)))
                  .findings(GridSync),
              IsEmpty());
}

CHECK_TEST(GridSyncNeedsCooperativeLaunch, DefinitionInAnotherFile, GridSync,
           Reports) {
  // b.cu launches a kernel it only declares; a.cu defines it, with the sync.
  Kernel K = Kernel("persistent").gridSync();
  K.Info.DefinitionEnd = {File, 9, 1};
  KernelInfo Declaration = Kernel("persistent").Info;
  Declaration.Loc.File = "/src/b.cu";
  TranslationUnitFacts A, B;
  A.MainFile = File;
  A.Kernels = {K.Info};
  B.MainFile = "/src/b.cu";
  B.Kernels = {Declaration};
  Launch L(K, c(8), c(256));
  L.Site.Loc.File = B.MainFile;
  L.Site.ThreadsPerBlock = threadsPerBlock(L.Site.Block);
  B.Launches = {L.Site};
  for (std::vector<TranslationUnitFacts> Units :
       {std::vector<TranslationUnitFacts>{A, B},
        std::vector<TranslationUnitFacts>{B, A}}) {
    SCOPED_TRACE(Units.front().MainFile + " first");
    CheckRun Run;
    Run.Units = Units;
    Run.DefaultArchs = {"sm_80"};
    Run.Enabled = enabledChecks(GlobList(std::string("-*,") + GridSync));
    std::vector<Diagnostic> D = runChecks(Run);
    observed()[GridSync] |= D.empty() ? Silent : Reports;
    EXPECT_THAT(D, ElementsAre(error("", says("'persistent' synchronizes"))));
  }
}

//===----------------------------------------------------------------------===//
// cuda-cooperative-launch-too-large
//===----------------------------------------------------------------------===//

CHECK_SUITE(CooperativeLaunchTooLarge);
const char *const CoopTooLarge = "cuda-cooperative-launch-too-large";

CHECK_TEST(CooperativeLaunchTooLarge, OverTheLargestGpuOfTheArch, CoopTooLarge,
           Both) {
  // sm_80, 256 threads, 32 registers: 8 blocks per SM (warps and registers);
  // the largest sm_80 GPU, the A100, has 108 SMs: 864 blocks.
  Kernel K("persistent");
  auto Run = [&](ResolvedValue Grid) {
    return Scenario()
        .with(K)
        .with(Launch(K, std::move(Grid), c(256)).cooperative())
        .with(Resources(K, "sm_80").regs(32))
        .findings(CoopTooLarge);
  };
  EXPECT_THAT(Run(c(864)), IsEmpty());
  EXPECT_THAT(
      Run(c(865)),
      ElementsAre(AllOf(
          error("sm_80",
                says("cooperative launch of 'persistent' with a grid of 865 "
                     "blocks exceeds the 864 blocks that can be co-resident "
                     "on sm_80 (8 blocks of 256 threads per SM x 108 SMs, "
                     "the most of any known sm_80 GPU: A100-SXM); the launch "
                     "fails with cudaErrorCooperativeLaunchTooLarge")),
          withNote("8 blocks per SM: limited by warps 8 and registers 8; the "
                   "other limits allow: blocks 32, shared memory 164"),
          withNote("sm_80: 32 registers"),
          withNote("cudaOccupancyMaxActiveBlocksPerMultiprocessor"))));
  // x*y*z blocks.
  EXPECT_THAT(
      Scenario()
          .with(K)
          .with(Launch(K, c(0), c(256)).grid(c(30), c(30)).cooperative())
          .with(Resources(K, "sm_80").regs(32))
          .findings(CoopTooLarge),
      ElementsAre(error("sm_80", says("a grid of 900 blocks"))));
}

CHECK_TEST(CooperativeLaunchTooLarge, GpuPresetPinsTheSmCount, CoopTooLarge,
           Both) {
  // 64 registers: 4 blocks of 256 threads per SM. A30: 56 SMs, 224 blocks.
  Kernel K("persistent");
  auto Run = [&](int64_t Grid) {
    return Scenario()
        .gpu("A30")
        .with(K)
        .with(Launch(K, c(Grid), c(256)).cooperative())
        .with(Resources(K, "sm_80").regs(64))
        .findings(CoopTooLarge);
  };
  EXPECT_THAT(Run(224), IsEmpty());
  EXPECT_THAT(Run(225), ElementsAre(error(
                            "sm_80", says("exceeds the 224 blocks that can be "
                                          "co-resident on sm_80 (4 blocks of "
                                          "256 threads per SM x 56 SMs of "
                                          "A30)"))));
}

CHECK_TEST(CooperativeLaunchTooLarge, WithoutDeviceFactsTheArchBoundsIt,
           CoopTooLarge, Both) {
  // No registers counted: 1024 threads leave room for 2 blocks per SM on
  // sm_90 (warps); the largest sm_90 GPU has 132 SMs.
  Kernel K("persistent");
  auto Run = [&](int64_t Grid) {
    return Scenario({"sm_90"})
        .noDeviceFacts()
        .with(K)
        .with(Launch(K, c(Grid), c(1024)).cooperative())
        .findings(CoopTooLarge);
  };
  EXPECT_THAT(Run(264), IsEmpty());
  EXPECT_THAT(
      Run(265),
      ElementsAre(AllOf(
          error("sm_90", says("exceeds the 264 blocks", "(2 blocks of 1024 "
                                                        "threads per SM x 132 "
                                                        "SMs")),
          withNote("without device facts for sm_90 the bound counts no "
                   "registers and no static shared memory"))));
  // Dynamic shared memory lowers the bound; unknown counts as none.
  EXPECT_THAT(
      Scenario({"sm_90"})
          .noDeviceFacts()
          .with(K)
          .with(Launch(K, c(300), c(1024)).smem(unknown()).cooperative())
          .findings(CoopTooLarge),
      ElementsAre(withNote("the dynamic shared memory is not known "
                           "and is counted as 0")));
  // 100 KiB per block (opted in): 2 blocks per SM by shared memory.
  EXPECT_THAT(
      Scenario({"sm_90"})
          .noDeviceFacts()
          .with(K)
          .setting(K, "MaxDynamicSharedMemorySize", c(100 * 1024))
          .with(Launch(K, c(265), c(128)).smem(c(100 * 1024)).cooperative())
          .findings(CoopTooLarge),
      ElementsAre(error("sm_90", says("exceeds the 264 blocks",
                                      "(2 blocks of 128 threads"))));
}

CHECK_TEST(CooperativeLaunchTooLarge, SilentWhereNothingIsPromised,
           CoopTooLarge, Silent) {
  Kernel K("persistent");
  auto Findings = [&](Launch L, std::vector<std::string> Archs = {"sm_80"}) {
    return Scenario(std::move(Archs))
        .with(K)
        .with(L)
        .with(Resources(K, "sm_80").regs(32))
        .findings(CoopTooLarge);
  };
  // Not cooperative (cuda-grid-sync-needs-cooperative-launch's business),
  // or not known to be.
  EXPECT_THAT(Findings(Launch(K, c(100000), c(256))), IsEmpty());
  EXPECT_THAT(
      Findings(
          Launch(K, c(100000), c(256)).api("cudaLaunchKernelEx", std::nullopt)),
      IsEmpty());
  // Unknown or range grids, unknown blocks.
  EXPECT_THAT(Findings(Launch(K, unknown(), c(256)).cooperative()), IsEmpty());
  EXPECT_THAT(Findings(Launch(K, range(1, 100000), c(256)).cooperative()),
              IsEmpty());
  EXPECT_THAT(Findings(Launch(K, c(100000), unknown()).cooperative()),
              IsEmpty());
  // No known GPU of sm_103: no bound to promise.
  EXPECT_THAT(Findings(Launch(K, c(100000), c(256)).cooperative(), {"sm_103"}),
              IsEmpty());
  // A block that cannot launch at all is another check's.
  EXPECT_THAT(Findings(Launch(K, c(100000), c(2048)).cooperative()), IsEmpty());
}

CHECK_TEST(CooperativeLaunchTooLarge, SetOfGridSizesMayFail, CoopTooLarge,
           Reports) {
  Kernel K("persistent");
  auto D = Scenario()
               .with(K)
               .with(Launch(K, oneOf({108, 1000}), c(256))
                         .api("cudaLaunchKernelEx", true))
               .with(Resources(K, "sm_80").regs(32))
               .findings(CoopTooLarge);
  EXPECT_THAT(D, ElementsAre(warning(
                     "sm_80", says("a grid of 1000 blocks exceeds the 864",
                                   "the launch may fail"))));
  // Every value over the bound: one error.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, oneOf({900, 1000}), c(256)).cooperative())
                  .with(Resources(K, "sm_80").regs(32))
                  .findings(CoopTooLarge),
              ElementsAre(AllOf(error("sm_80", says("a grid of 900 blocks")),
                                withNote("(grid x = 900, 1000)"))));
}

//===----------------------------------------------------------------------===//
// cuda-block-size-not-warp-multiple
//===----------------------------------------------------------------------===//

CHECK_SUITE(BlockSizeNotWarpMultiple);
const char *const WarpMultiple = "cuda-block-size-not-warp-multiple";

CHECK_TEST(BlockSizeNotWarpMultiple, IdleLanesOnceForEveryArch, WarpMultiple,
           Reports) {
  Kernel K("k");
  Launch L = Launch(K, c(1000), c(100));
  L.Site.Block.X.Origins.push_back(origin("macro 'THREADS'", {File, 1, 9}));
  auto D = Scenario({"sm_75", "sm_80", "sm_90"})
               .with(K)
               .with(L)
               .findings(WarpMultiple);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     warning("", says("block of 100 threads is not a multiple "
                                      "of the warp size (32): its last warp "
                                      "idles 28 of 32 lanes (22% of the "
                                      "block's lanes)")),
                     withNote("the nearest warp multiples are 96 and 128"),
                     withNote("block x = 100 from macro 'THREADS'"))));
  // 2D blocks count x*y*z; below one warp there is one neighbour.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(1000), c(1)).block(c(4), c(4)))
                  .findings(WarpMultiple),
              ElementsAre(AllOf(warning("", says("block of 16 threads",
                                                 "idles 16 of 32 lanes (50%")),
                                withNote("the nearest warp multiple is 32"))));
}

CHECK_TEST(BlockSizeNotWarpMultiple, WarpMultiplesAndInvalidBlocksAreSilent,
           WarpMultiple, Silent) {
  Kernel K("k");
  for (Dim3Value B : {dim3(c(32)), dim3(c(1024)), dim3(c(8), c(4)), dim3(c(0)),
                      dim3(c(1100))}) {
    SCOPED_TRACE(describeDim3(B));
    Launch L(K, c(1000), c(1));
    L.Site.Block = B;
    EXPECT_THAT(Scenario().with(K).with(L).findings(WarpMultiple), IsEmpty());
  }
  // The occupancy API chose the block size.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(1000), c(100)).occupancyTuned())
                  .findings(WarpMultiple),
              IsEmpty());
}

CHECK_TEST(BlockSizeNotWarpMultiple, SingleThreadBlockIsDeliberate,
           WarpMultiple, Both) {
  Kernel K("flag");
  Launch L(K, c(1), c(1));
  EXPECT_THAT(Scenario().with(K).with(L).findings(WarpMultiple), IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(L)
                  .option("cuda-block-size-not-warp-multiple."
                          "IgnoreTinyLaunches",
                          "false")
                  .findings(WarpMultiple),
              ElementsAre(AllOf(warning("", says("block of 1 threads",
                                                 "idles 31 of 32 lanes")),
                                withNote("the nearest warp multiple is 32"))));
}

CHECK_TEST(BlockSizeNotWarpMultiple, EachValueOfASet, WarpMultiple, Reports) {
  Kernel K("k");
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(1000), oneOf({100, 128, 200})))
                  .findings(WarpMultiple),
              ElementsAre(AllOf(warning("", says("block of 100 threads")),
                                withNote("of the values that may reach this "
                                         "launch, block x = 100, 200 give "
                                         "this finding"))));
}

//===----------------------------------------------------------------------===//
// cuda-occupancy-limited
//===----------------------------------------------------------------------===//

CHECK_SUITE(OccupancyLimited);
const char *const OccLimited = "cuda-occupancy-limited";

/// 256 threads x 128 registers: 2 blocks of 8 warps on a 64-warp SM (25%).
Scenario registerBound(const Kernel &K, ResolvedValue Grid = c(1000),
                       std::vector<std::string> Archs = {"sm_80"}) {
  Scenario S(Archs);
  S.with(K).with(Launch(K, std::move(Grid), c(256)));
  for (const std::string &A : Archs)
    S.with(Resources(K, A).regs(128));
  return S;
}

CHECK_TEST(OccupancyLimited, RegistersBind, OccLimited, Reports) {
  Kernel K("heavy");
  auto D = registerBound(K).findings(OccLimited);
  EXPECT_THAT(
      D, ElementsAre(AllOf(
             warning("sm_80",
                     says("occupancy of 'heavy' with 256 threads per block is "
                          "25% on sm_80 (16 of 64 warps): 128 registers per "
                          "thread (32768 per block) limit it to 2 resident "
                          "blocks per SM")),
             withNote("at most 80 registers per thread would allow 3 blocks "
                      "(38%): __launch_bounds__(256, 3) asks the device "
                      "compiler for that"),
             withNote("sm_80: 128 registers"))));
  // The kernel has no bound and every launch fits: a fix-it at the kernel.
  ASSERT_EQ(D.size(), 1u);
  ASSERT_EQ(D[0].Fixes.size(), 1u);
  EXPECT_EQ(D[0].Fixes[0].Replacement, "__launch_bounds__(256, 3) ");
  EXPECT_EQ(D[0].Fixes[0].Loc.Line, K.Info.Loc.Line);
  EXPECT_EQ(D[0].Fixes[0].Length, 0u);
}

CHECK_TEST(OccupancyLimited, NoFixItThatCouldBreakALaunch, OccLimited,
           Reports) {
  // Another launch of the kernel has an unknown block size: a bound of 256
  // could make it fail.
  Kernel K("heavy");
  auto D = registerBound(K)
               .with(Launch(K, c(1000), unknown(), 30))
               .findings(OccLimited);
  ASSERT_EQ(D.size(), 1u);
  EXPECT_THAT(D[0].Fixes, IsEmpty());
  EXPECT_THAT(D[0], withNote("__launch_bounds__(256, 3)"));
}

CHECK_TEST(OccupancyLimited, PerArchWarpSlots, OccLimited, Both) {
  // The same 16 warps are half of sm_75's 32 warp slots, a quarter of
  // sm_80's 64 and a third of sm_86's 48.
  Kernel K("heavy");
  auto D = registerBound(K, c(1000), {"sm_75", "sm_80", "sm_86"})
               .findings(OccLimited);
  EXPECT_THAT(D, ElementsAre(warning("sm_80", says("is 25% on sm_80 (16 of "
                                                   "64 warps)")),
                             warning("sm_86", says("is 33% on sm_86 (16 of "
                                                   "48 warps)"))));
  EXPECT_THAT(registerBound(K, c(1000), {"sm_75"}).findings(OccLimited),
              IsEmpty());
}

CHECK_TEST(OccupancyLimited, MinOccupancyIsTheThreshold, OccLimited, Both) {
  // 64 registers: 4 blocks, 32 of 64 warps, exactly 50%.
  Kernel K("k");
  auto At50 = [&]() {
    Scenario S;
    S.with(K)
        .with(Launch(K, c(1000), c(256)))
        .with(Resources(K, "sm_80").regs(64));
    return S;
  };
  EXPECT_THAT(At50().findings(OccLimited), IsEmpty());
  EXPECT_THAT(At50()
                  .option("cuda-occupancy-limited.MinOccupancy", "0.6")
                  .findings(OccLimited),
              ElementsAre(warning("sm_80", says("is 50% on sm_80 (32 of 64 "
                                                "warps): 64 registers per "
                                                "thread"))));
  EXPECT_THAT(registerBound(K)
                  .option("cuda-occupancy-limited.MinOccupancy", "0")
                  .findings(OccLimited),
              IsEmpty());
}

CHECK_TEST(OccupancyLimited, SharedMemoryBinds, OccLimited, Reports) {
  // 48 KiB + 1 KiB reserved per block: 3 blocks in 164 KiB.
  Kernel K("stencil");
  auto D = Scenario()
               .with(K)
               .with(Launch(K, c(1000), c(256)).smem(c(48 * 1024)))
               .with(Resources(K, "sm_80").regs(32))
               .findings(OccLimited);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     warning("sm_80", says("is 38% on sm_80 (24 of 64 warps): "
                                           "49 KiB of shared memory per block "
                                           "limit it to 3 resident blocks per "
                                           "SM")),
                     withNote("at most 40 KiB of shared memory per block (8 "
                              "KiB less) would allow 4 blocks"))));
  ASSERT_EQ(D.size(), 1u);
  EXPECT_THAT(D[0].Fixes, IsEmpty());
}

CHECK_TEST(OccupancyLimited, BarriersBindFromSm90, OccLimited, Both) {
  // 16 named barriers: sm_90 holds 32 x 2 / 16 = 4 blocks; sm_80 does not
  // count barriers.
  Kernel K("k");
  auto D = Scenario({"sm_80", "sm_90"})
               .with(K)
               .with(Launch(K, c(1000), c(64)))
               .with(Resources(K, "sm_80").regs(32).barriers(16))
               .with(Resources(K, "sm_90").regs(32).barriers(16))
               .findings(OccLimited);
  EXPECT_THAT(
      D, ElementsAre(warning("sm_90", says("is 13% on sm_90 (8 of 64 warps): "
                                           "16 barriers per block limit it to "
                                           "4 resident blocks per SM"))));
  EXPECT_THAT(Scenario({"sm_80"})
                  .with(K)
                  .with(Launch(K, c(1000), c(64)))
                  .with(Resources(K, "sm_80").regs(32).barriers(16))
                  .findings(OccLimited),
              IsEmpty());
}

CHECK_TEST(OccupancyLimited, NeedsRegistersAndAKnownLaunch, OccLimited,
           Silent) {
  Kernel K("heavy");
  // No device facts; device facts turned off.
  EXPECT_THAT(
      Scenario().with(K).with(Launch(K, c(1000), c(256))).findings(OccLimited),
      IsEmpty());
  EXPECT_THAT(registerBound(K).noDeviceFacts().findings(OccLimited), IsEmpty());
  // Unknown block size or dynamic shared memory.
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(1000), unknown()))
                  .with(Launch(K, c(1000), c(256), 21).smem(unknown()))
                  .with(Resources(K, "sm_80").regs(128))
                  .findings(OccLimited),
              IsEmpty());
  // The block size itself binds: the ceiling check's business.
  EXPECT_THAT(Scenario({"sm_86"})
                  .with(K)
                  .with(Launch(K, c(1000), c(32)))
                  .with(Resources(K, "sm_86").regs(32))
                  .findings(OccLimited),
              IsEmpty());
}

CHECK_TEST(OccupancyLimited, SmallGridsCannotFillTheGpu, OccLimited, Both) {
  // The smallest sm_80 preset (A30) has 56 SMs, the smallest sm_90 one
  // (H100 PCIe) 114.
  Kernel K("heavy");
  EXPECT_THAT(registerBound(K, c(55)).findings(OccLimited), IsEmpty());
  EXPECT_THAT(registerBound(K, c(56)).findings(OccLimited), SizeIs(1));
  EXPECT_THAT(registerBound(K, c(100), {"sm_80", "sm_90"}).findings(OccLimited),
              ElementsAre(warning("sm_80", says("is 25% on sm_80"))));
  // Every dimension counts; a set counts with its largest value; an unknown
  // grid may be large.
  Scenario TwoD = registerBound(K, c(1));
  TwoD.with(Launch(K, c(1), c(256), 21).grid(c(7), c(8)));
  EXPECT_THAT(TwoD.findings(OccLimited), ElementsAre(at(21)));
  EXPECT_THAT(registerBound(K, oneOf({1, 64})).findings(OccLimited), SizeIs(1));
  EXPECT_THAT(registerBound(K, unknown()).findings(OccLimited), SizeIs(1));
  // --gpu pins the SM count: an A100 has 108.
  EXPECT_THAT(registerBound(K, c(100)).gpu("A100-SXM").findings(OccLimited),
              IsEmpty());
  // IgnoreSmallGrids=false brings them back.
  EXPECT_THAT(registerBound(K, c(1))
                  .option("cuda-occupancy-limited.IgnoreSmallGrids", "false")
                  .findings(OccLimited),
              SizeIs(1));
}

CHECK_TEST(OccupancyLimited, SingleThreadBlockIsDeliberate, OccLimited, Both) {
  // 255 registers: 8 one-warp blocks, 8 of 64 warps.
  Kernel K("flag");
  auto Scalar = [&]() {
    Scenario S;
    S.with(K)
        .with(Launch(K, c(1000), c(1)))
        .with(Resources(K, "sm_80").regs(255));
    return S;
  };
  EXPECT_THAT(Scalar().findings(OccLimited), IsEmpty());
  EXPECT_THAT(Scalar()
                  .option("cuda-occupancy-limited.IgnoreTinyLaunches", "false")
                  .findings(OccLimited),
              ElementsAre(warning("sm_80", says("with 1 threads per block is "
                                                "13% on sm_80"))));
}

CHECK_TEST(OccupancyLimited, ReachedMinBlocksIsStatedIntent, OccLimited, Both) {
  Kernel Reached = Kernel("bounded").launchBounds(256, 2);
  EXPECT_THAT(registerBound(Reached).findings(OccLimited), IsEmpty());
  EXPECT_THAT(registerBound(Reached)
                  .option("cuda-occupancy-limited.IgnoreStatedIntent", "false")
                  .findings(OccLimited),
              ElementsAre(warning("sm_80", says("is 25% on sm_80"))));
  // A minBlocks the launch does not reach states nothing; a kernel with a
  // bound gets no fix-it.
  auto Missed = registerBound(Kernel("bounded").launchBounds(256, 3))
                    .findings(OccLimited);
  ASSERT_EQ(Missed.size(), 1u);
  EXPECT_THAT(Missed[0].Fixes, IsEmpty());
}

CHECK_TEST(OccupancyLimited, MinBlocksAsTheDeviceSawIt, OccLimited, Both) {
  // The host parse saw minBlocks 2; the device compile for sm_80 saw no
  // minBlocks (`#if __CUDA_ARCH__`), for sm_90 a minBlocks of 2.
  Kernel K = Kernel("bounded").launchBounds(256, 2);
  auto D =
      Scenario({"sm_80", "sm_90"})
          .with(K)
          .with(Launch(K, c(1000), c(256)))
          .with(Resources(K, "sm_80").regs(128).maxntid(256))
          .with(Resources(K, "sm_90").regs(128).maxntid(256).minnctapersm(2))
          .findings(OccLimited);
  EXPECT_THAT(D, ElementsAre(warning("sm_80", says("is 25% on sm_80"))));
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K)
          .with(Launch(K, c(1000), c(256)))
          .with(Resources(K, "sm_90").regs(128).maxntid(256).minnctapersm(2))
          .findings(OccLimited),
      IsEmpty());
}

CHECK_TEST(OccupancyLimited, MaxnregIsStatedIntentWhenRegistersBind, OccLimited,
           Both) {
  // Host view (__maxnreg__ kept from the source) and device view (.maxnreg).
  EXPECT_THAT(registerBound(Kernel("capped").maxnreg(128)).findings(OccLimited),
              IsEmpty());
  Kernel K("capped");
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(1000), c(256)))
                  .with(Resources(K, "sm_80").regs(128).maxnreg(128))
                  .findings(OccLimited),
              IsEmpty());
  EXPECT_THAT(registerBound(Kernel("capped").maxnreg(128))
                  .option("cuda-occupancy-limited.IgnoreStatedIntent", "false")
                  .findings(OccLimited),
              SizeIs(1));
  // A register cap says nothing about shared memory.
  Kernel S = Kernel("stencil").maxnreg(32);
  EXPECT_THAT(Scenario()
                  .with(S)
                  .with(Launch(S, c(1000), c(256)).smem(c(48 * 1024)))
                  .with(Resources(S, "sm_80").regs(32).maxnreg(32))
                  .findings(OccLimited),
              ElementsAre(warning("sm_80", says("of shared memory per block "
                                                "limit it to 3"))));
}

CHECK_TEST(OccupancyLimited, StatedLimitBindingWithAnotherIsIntent, OccLimited,
           Both) {
  // A tuned GEMM: 128 registers and 72 KiB of opted-in shared memory both
  // hold sm_80 at 2 blocks of 256 threads. Fewer registers would not admit a
  // third block; the author chose the shared memory.
  Kernel K("gemm");
  auto Tuned = [&]() {
    Scenario S;
    S.with(K)
        .with(Launch(K, c(1000), c(256)).smem(c(72 * 1024)))
        .with(Resources(K, "sm_80").regs(128))
        .setting(K, "MaxDynamicSharedMemorySize", c(72 * 1024));
    return S;
  };
  EXPECT_THAT(Tuned().findings(OccLimited), IsEmpty());
  EXPECT_THAT(Tuned()
                  .option("cuda-occupancy-limited.IgnoreStatedIntent", "false")
                  .findings(OccLimited),
              ElementsAre(warning("sm_80", says("is 25% on sm_80"))));
}

CHECK_TEST(OccupancyLimited, OptInThatCapsOccupancyAnywayIsIntent, OccLimited,
           Both) {
  // 164 registers hold sm_80 at 1 block; the opted-in 72 KiB would allow 2
  // (25%), still under MinOccupancy: the author designed for low occupancy.
  Kernel K("tensor_core_gemm");
  auto Tuned = [&](int64_t Smem) {
    Scenario S;
    S.with(K)
        .with(Launch(K, c(1000), c(256)).smem(c(Smem)))
        .with(Resources(K, "sm_80").regs(164))
        .setting(K, "MaxDynamicSharedMemorySize", c(96 * 1024));
    return S;
  };
  EXPECT_THAT(Tuned(72 * 1024).findings(OccLimited), IsEmpty());
  EXPECT_THAT(Tuned(72 * 1024)
                  .option("cuda-occupancy-limited.IgnoreStatedIntent", "false")
                  .findings(OccLimited),
              ElementsAre(warning("sm_80", says("is 13% on sm_80"))));
  // Shared memory that leaves room for MinOccupancy (32 KiB: 4 blocks, 50%)
  // explains nothing about the registers.
  EXPECT_THAT(Tuned(32 * 1024).findings(OccLimited),
              ElementsAre(warning("sm_80", says("is 13% on sm_80"))));
}

CHECK_TEST(OccupancyLimited, SharedMemoryOptInIsStatedIntent, OccLimited,
           Both) {
  Kernel K("stencil");
  auto OptedIn = [&]() {
    Scenario S;
    S.with(K)
        .with(Launch(K, c(1000), c(256)).smem(c(48 * 1024)))
        .with(Resources(K, "sm_80").regs(32))
        .setting(K, "MaxDynamicSharedMemorySize", c(96 * 1024));
    return S;
  };
  EXPECT_THAT(OptedIn().findings(OccLimited), IsEmpty());
  EXPECT_THAT(OptedIn()
                  .option("cuda-occupancy-limited.IgnoreStatedIntent", "false")
                  .findings(OccLimited),
              ElementsAre(warning("sm_80", says("of shared memory per block "
                                                "limit it to 3"))));
  // An opt-in says nothing about registers.
  Kernel H("heavy");
  EXPECT_THAT(registerBound(H)
                  .setting(H, "MaxDynamicSharedMemorySize", c(96 * 1024))
                  .findings(OccLimited),
              SizeIs(1));
}

CHECK_TEST(OccupancyLimited, OccupancyApiIsStatedIntent, OccLimited, Both) {
  Kernel K("heavy");
  auto Tuned = [&]() {
    Scenario S;
    S.with(K)
        .with(Launch(K, c(1000), c(256)).occupancyTuned())
        .with(Resources(K, "sm_80").regs(128));
    return S;
  };
  EXPECT_THAT(Tuned().findings(OccLimited), IsEmpty());
  EXPECT_THAT(Tuned()
                  .option("cuda-occupancy-limited.IgnoreStatedIntent", "false")
                  .findings(OccLimited),
              SizeIs(1));
}

CHECK_SUITE(OccupancyLimitedCarveout);

// On an H100, cudaFuncSetCacheConfig(k, cudaFuncCachePreferL1) lets the
// occupancy API allow 8 blocks per SM for a kernel without static shared
// memory (its 1 KiB reserved per block fits the 8 KiB carveout 8 times) and
// 1 for one with 8 KiB; the finding names the carveout and the call.
CHECK_TEST(OccupancyLimitedCarveout, TheCacheConfigThatChoseItIsNamed,
           OccLimited, Both) {
  Kernel K("k");
  auto Base = [&](uint64_t Static) {
    Scenario S({"sm_90"});
    S.with(K)
        .with(Resources(K, "sm_90").regs(16).staticSmem(Static))
        .with(Launch(K, c(1320), c(64)));
    return S;
  };
  EXPECT_THAT(
      Base(0).setting(K, "CacheConfig", c(2), 12).findings(OccLimited),
      ElementsAre(AllOf(
          warning("sm_90",
                  says("occupancy of 'k' with 64 threads per block is 25% on "
                       "sm_90 (16 of 64 warps): the shared memory carveout "
                       "that cudaFuncSetCacheConfig(k, cudaFuncCachePreferL1) "
                       "chose, 8 KiB per SM for blocks of 1 KiB, limits it "
                       "to 8 resident blocks per SM")),
          at(20), withNote("cache preference set here"),
          withNote("1 KiB the driver reserves per block"),
          withNote("with the default carveout (228 KiB of shared memory per "
                   "SM) 32 blocks would be resident (100%)"))));
  EXPECT_THAT(
      Base(8 * 1024).setting(K, "CacheConfig", c(2), 12).findings(OccLimited),
      ElementsAre(warning("sm_90", says("16 KiB per SM for blocks of "
                                        "9 KiB, limits it to 1 "
                                        "resident block per SM"))));
  // PreferEqual: 14 blocks of 9 KiB, 28 of 64 warps (44%).
  EXPECT_THAT(
      Base(8 * 1024).setting(K, "CacheConfig", c(3), 12).findings(OccLimited),
      ElementsAre(warning("sm_90", says("cudaFuncCachePreferEqual",
                                        "limits it to 14 resident "
                                        "blocks per SM"))));
  // A carveout attribute wins over the cache preference.
  EXPECT_THAT(
      Base(0)
          .setting(K, "CacheConfig", c(1), 12)
          .setting(K, "PreferredSharedMemoryCarveout", c(0), 13)
          .findings(OccLimited),
      ElementsAre(AllOf(warning("sm_90", says("cudaFuncSetAttribute(k, "
                                              "cudaFuncAttributePreferredShared"
                                              "MemoryCarveout, 0) chose")),
                        withNote("shared memory carveout set here"))));
  // No preference: nothing binds below 50%.
  EXPECT_THAT(Base(0).findings(OccLimited), IsEmpty());
}
//===----------------------------------------------------------------------===//
// cuda-block-size-occupancy-ceiling
//===----------------------------------------------------------------------===//

CHECK_SUITE(BlockSizeOccupancyCeiling);
const char *const Ceiling = "cuda-block-size-occupancy-ceiling";

CHECK_TEST(BlockSizeOccupancyCeiling, BlocksPerSmLimitPerArch, Ceiling, Both) {
  // One-warp blocks: sm_86 holds 16 (16 of 48 warps); sm_75 16 of 32,
  // sm_80 32 of 64, sm_89 24 of 48: 50%, not below.
  Kernel K("tiny");
  auto D = Scenario({"sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_120"})
               .with(K)
               .with(Launch(K, c(1000), c(32)))
               .findings(Ceiling);
  EXPECT_THAT(
      D, ElementsAre(AllOf(
             warning("sm_86", says("blocks of 32 threads cap occupancy at 33% "
                                   "on sm_86: an SM holds at most 16 such "
                                   "blocks (16 of 48 warps), the limit of 16 "
                                   "blocks per SM")),
             withNote("block sizes 768, 512, 384, 256 reach 100%"))));
  EXPECT_THAT(Scenario({"sm_75", "sm_80", "sm_89", "sm_90", "sm_120"})
                  .with(K)
                  .with(Launch(K, c(1000), c(32)))
                  .findings(Ceiling),
              IsEmpty());
}

CHECK_TEST(BlockSizeOccupancyCeiling, ThreadsPerSmLimit, Ceiling, Both) {
  // 1024 threads: one block in sm_86's 1536 thread slots, 67%.
  Kernel K("wide");
  auto Wide = [&]() {
    Scenario S({"sm_80", "sm_86"});
    S.with(K).with(Launch(K, c(1000), c(1024)));
    return S;
  };
  EXPECT_THAT(Wide().findings(Ceiling), IsEmpty());
  EXPECT_THAT(
      Wide()
          .option("cuda-block-size-occupancy-ceiling.MinOccupancy", "0.7")
          .findings(Ceiling),
      ElementsAre(warning("sm_86", says("blocks of 1024 threads cap occupancy "
                                        "at 67% on sm_86: an SM holds at most "
                                        "1 such block (32 of 48 warps), the "
                                        "limit of 1536 threads per SM"))));
}

CHECK_TEST(BlockSizeOccupancyCeiling, SuggestsSizesForThisKernel, Ceiling,
           Reports) {
  // With the kernel's 64 registers (2048 per warp) an sm_86 holds 32 of its
  // 48 warps whatever the block size: the note says what can be reached.
  Kernel K("tiny");
  auto D = Scenario({"sm_86"})
               .with(K)
               .with(Launch(K, c(1000), c(32)))
               .with(Resources(K, "sm_86").regs(64))
               .findings(Ceiling);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     warning("sm_86", says("cap occupancy at 33%")),
                     withNote("reach 67% with this kernel's registers and "
                              "shared memory"))));
}

CHECK_TEST(BlockSizeOccupancyCeiling, SmallGridsAndScalarLaunches, Ceiling,
           Both) {
  // The smallest sm_86 preset (A10) has 72 SMs.
  Kernel K("tiny");
  auto Grid = [&](ResolvedValue G, ResolvedValue B = c(32)) {
    Scenario S({"sm_86"});
    S.with(K).with(Launch(K, std::move(G), std::move(B)));
    return S;
  };
  EXPECT_THAT(Grid(c(71)).findings(Ceiling), IsEmpty());
  EXPECT_THAT(Grid(c(72)).findings(Ceiling), SizeIs(1));
  EXPECT_THAT(
      Grid(c(71))
          .option("cuda-block-size-occupancy-ceiling.IgnoreSmallGrids", "false")
          .findings(Ceiling),
      SizeIs(1));
  EXPECT_THAT(Grid(c(1000), c(1)).findings(Ceiling), IsEmpty());
  EXPECT_THAT(
      Grid(c(1000), c(1))
          .option("cuda-block-size-occupancy-ceiling.IgnoreTinyLaunches",
                  "false")
          .findings(Ceiling),
      ElementsAre(warning("sm_86", says("blocks of 1 threads cap occupancy at "
                                        "33%"))));
}

CHECK_TEST(BlockSizeOccupancyCeiling, ReachedMinBlocksIsStatedIntent, Ceiling,
           Both) {
  auto Bounded = [](int64_t MinBlocks) {
    Kernel K = Kernel("tiny").launchBounds(32, MinBlocks);
    Scenario S({"sm_86"});
    S.with(K).with(Launch(K, c(1000), c(32)));
    return S;
  };
  EXPECT_THAT(Bounded(16).findings(Ceiling), IsEmpty());
  EXPECT_THAT(Bounded(16)
                  .option("cuda-block-size-occupancy-ceiling."
                          "IgnoreStatedIntent",
                          "false")
                  .findings(Ceiling),
              SizeIs(1));
  EXPECT_THAT(Bounded(17).findings(Ceiling), SizeIs(1));
}

CHECK_TEST(BlockSizeOccupancyCeiling, OccupancyTunedAndInvalidBlocksAreSilent,
           Ceiling, Silent) {
  Kernel K("tiny");
  EXPECT_THAT(Scenario({"sm_86"})
                  .with(K)
                  .with(Launch(K, c(1000), c(32)).occupancyTuned())
                  .option("cuda-block-size-occupancy-ceiling."
                          "IgnoreStatedIntent",
                          "false")
                  .findings(Ceiling),
              IsEmpty());
  EXPECT_THAT(Scenario({"sm_86"})
                  .with(K)
                  .with(Launch(K, c(1000), c(0)))
                  .with(Launch(K, c(1000), c(2048), 21))
                  .with(Launch(K, c(1000), unknown(), 22))
                  .findings(Ceiling),
              IsEmpty());
}

//===----------------------------------------------------------------------===//
// cuda-launch-bounds-unsatisfiable
//===----------------------------------------------------------------------===//

CHECK_SUITE(LaunchBoundsUnsatisfiable);
const char *const Unsatisfiable = "cuda-launch-bounds-unsatisfiable";

CHECK_TEST(LaunchBoundsUnsatisfiable, ThreadSlotsPerArch, Unsatisfiable, Both) {
  // 8 blocks of 256 threads: 2048 thread slots; sm_75 has 1024, sm_86 1536.
  Kernel K = Kernel("k").launchBounds(256, 8);
  auto D = Scenario({"sm_75", "sm_80", "sm_86", "sm_90"})
               .with(K)
               .findings(Unsatisfiable);
  EXPECT_THAT(
      D, ElementsAre(
             AllOf(warning("sm_75",
                           says("__launch_bounds__(256, 8) of 'k' cannot be "
                                "met on sm_75: 8 blocks of 256 threads need "
                                "2048 thread slots, and an SM has 1024; the "
                                "device compiler limits registers for "
                                "occupancy the kernel cannot reach")),
                   Field(&Diagnostic::Loc, Field(&SourceLoc::Column, 12u))),
             warning("sm_86", says("and an SM has 1536"))));
  EXPECT_THAT(Scenario({"sm_80", "sm_90"}).with(K).findings(Unsatisfiable),
              IsEmpty());
}

CHECK_TEST(LaunchBoundsUnsatisfiable, BlocksPerSm, Unsatisfiable, Both) {
  EXPECT_THAT(
      Scenario().with(Kernel("k").launchBounds(32, 32)).findings(Unsatisfiable),
      IsEmpty());
  EXPECT_THAT(
      Scenario().with(Kernel("k").launchBounds(32, 33)).findings(Unsatisfiable),
      ElementsAre(warning("sm_80", says("__launch_bounds__(32, 33)",
                                        "an SM holds at most 32 "
                                        "blocks"))));
}

CHECK_TEST(LaunchBoundsUnsatisfiable, PartialWarpsTakeWholeWarpSlots,
           Unsatisfiable, Both) {
  // 100 threads occupy 4 warps: 16 blocks fill 2048 slots, 17 do not fit.
  EXPECT_THAT(Scenario()
                  .with(Kernel("k").launchBounds(100, 16))
                  .findings(Unsatisfiable),
              IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(Kernel("k").launchBounds(100, 17))
                  .findings(Unsatisfiable),
              ElementsAre(warning("sm_80", says("17 blocks of 100 threads "
                                                "need 2176 thread slots"))));
}

CHECK_TEST(LaunchBoundsUnsatisfiable, StaticSharedMemoryPerArch, Unsatisfiable,
           Both) {
  // 48 KiB + 1 KiB reserved: 3 blocks in sm_80's 164 KiB, 4 in sm_90's 228.
  Kernel K = Kernel("k").launchBounds(256, 4);
  auto D = Scenario({"sm_80", "sm_90"})
               .with(K)
               .with(Resources(K, "sm_80").regs(32).staticSmem(48 * 1024))
               .with(Resources(K, "sm_90").regs(32).staticSmem(48 * 1024))
               .findings(Unsatisfiable);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     warning("sm_80", says("its 48 KiB of static shared memory "
                                           "per block allows 3 resident "
                                           "blocks")),
                     withNote("sm_80: 32 registers, 48 KiB static"))));
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K)
                  .with(Resources(K, "sm_90").regs(32).staticSmem(48 * 1024))
                  .findings(Unsatisfiable),
              IsEmpty());
}

CHECK_TEST(LaunchBoundsUnsatisfiable, MinBlocksAsTheDeviceSawIt, Unsatisfiable,
           Both) {
  // Without minBlocks there is nothing to satisfy.
  EXPECT_THAT(Scenario({"sm_75"})
                  .with(Kernel("k").launchBounds(1024))
                  .findings(Unsatisfiable),
              IsEmpty());
  // The device compile for sm_75 saw no minBlocks; for sm_86 it saw 8.
  Kernel K = Kernel("k").launchBounds(256, 8);
  EXPECT_THAT(Scenario({"sm_75"})
                  .with(K)
                  .with(Resources(K, "sm_75").regs(32).maxntid(256))
                  .findings(Unsatisfiable),
              IsEmpty());
  Kernel Host = Kernel("k").launchBounds(256);
  EXPECT_THAT(
      Scenario({"sm_86"})
          .with(Host)
          .with(Resources(Host, "sm_86").regs(32).maxntid(256).minnctapersm(8))
          .findings(Unsatisfiable),
      ElementsAre(warning("sm_86", says("__launch_bounds__(256, 8)"))));
}

//===----------------------------------------------------------------------===//
// cuda-launch-bounds-not-warp-multiple
//===----------------------------------------------------------------------===//

CHECK_SUITE(LaunchBoundsNotWarpMultiple);
const char *const BoundsWarp = "cuda-launch-bounds-not-warp-multiple";

CHECK_TEST(LaunchBoundsNotWarpMultiple, OnceForEveryArch, BoundsWarp, Reports) {
  auto D = Scenario({"sm_75", "sm_80", "sm_90"})
               .with(Kernel("k").launchBounds(100))
               .findings(BoundsWarp);
  EXPECT_THAT(
      D, ElementsAre(AllOf(
             warning("", says("__launch_bounds__ maximum of 100 threads is not "
                              "a multiple of the warp size (32); a block of "
                              "100 threads idles 28 lanes of its last warp")),
             Field(&Diagnostic::Loc, Field(&SourceLoc::Column, 12u)))));
}

CHECK_TEST(LaunchBoundsNotWarpMultiple, WarpMultipleOrNoBound, BoundsWarp,
           Silent) {
  EXPECT_THAT(Scenario({"sm_75", "sm_90"})
                  .with(Kernel("a").launchBounds(128, 2))
                  .with(Kernel("b", 5).launchBounds(32))
                  .with(Kernel("c", 7).launchBounds(1024))
                  .with(Kernel("d", 9))
                  .findings(BoundsWarp),
              IsEmpty());
}

CHECK_TEST(LaunchBoundsNotWarpMultiple, DeviceViewOfTheBound, BoundsWarp,
           Both) {
  Kernel K = Kernel("k").launchBounds(128);
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Resources(K, "sm_80").regs(32).maxntid(10, 10))
                  .findings(BoundsWarp),
              ElementsAre(warning("", says("maximum of 100 threads"))));
  Kernel Odd = Kernel("odd").launchBounds(100);
  EXPECT_THAT(Scenario()
                  .with(Odd)
                  .with(Resources(Odd, "sm_80").regs(32).maxntid(128))
                  .findings(BoundsWarp),
              IsEmpty());
}

//===----------------------------------------------------------------------===//
// cuda-register-spills
//===----------------------------------------------------------------------===//

CHECK_SUITE(RegisterSpills);
const char *const Spills = "cuda-register-spills";

CHECK_TEST(RegisterSpills, SpillsPerArch, Spills, Reports) {
  Kernel K("heavy");
  auto D = Scenario({"sm_75", "sm_80"})
               .with(K)
               .with(Resources(K, "sm_75").regs(255).spills(8, 16))
               .with(Resources(K, "sm_80").regs(168))
               .findings(Spills);
  EXPECT_THAT(D, ElementsAre(AllOf(
                     warning("sm_75", says("'heavy' spills registers on sm_75: "
                                           "8 B of spill stores and 16 B of "
                                           "spill loads per thread with 255 "
                                           "registers")),
                     at(K.Info.Loc.Line),
                     withNote("sm_75: 255 registers, 0 B static shared "
                              "memory, 8 B spill stores, 16 B spill loads "
                              "(nvcc)"))));
}

CHECK_TEST(RegisterSpills, NoSpillsOrNoReport, Spills, Silent) {
  Kernel K("heavy");
  Resources PtxOnly = Resources(K, "sm_80").ptx();
  PtxOnly.R.HasUsage = false;
  PtxOnly.R.SpillStores = 8;
  EXPECT_THAT(Scenario().with(K).with(PtxOnly).findings(Spills), IsEmpty());
  EXPECT_THAT(
      Scenario().with(K).with(Resources(K, "sm_80").regs(255)).findings(Spills),
      IsEmpty());
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Resources(K, "sm_80").regs(255).spills(8, 8))
                  .noDeviceFacts()
                  .findings(Spills),
              IsEmpty());
}

CHECK_TEST(RegisterSpills, NamesWhatCappedTheRegisters, Spills, Reports) {
  Kernel Capped = Kernel("capped").maxnreg(64);
  EXPECT_THAT(Scenario()
                  .with(Capped)
                  .with(Resources(Capped, "sm_80").regs(64).spills(4, 4))
                  .findings(Spills),
              ElementsAre(withNote("__maxnreg__(64) caps the registers")));
  Kernel DeviceCapped("dcapped");
  EXPECT_THAT(Scenario()
                  .with(DeviceCapped)
                  .with(Resources(DeviceCapped, "sm_80")
                            .regs(40)
                            .maxnreg(40)
                            .spills(4, 4))
                  .findings(Spills),
              ElementsAre(withNote("__maxnreg__(40) caps the registers")));
  Kernel Bounded = Kernel("bounded").launchBounds(256, 2);
  EXPECT_THAT(Scenario()
                  .with(Bounded)
                  .with(Resources(Bounded, "sm_80").regs(128).spills(4, 4))
                  .findings(Spills),
              ElementsAre(withNote("__launch_bounds__(256, 2) caps the "
                                   "registers; a smaller block bound or fewer "
                                   "minimum blocks leaves more per thread")));
  // The device saw another bound on this arch.
  EXPECT_THAT(
      Scenario()
          .with(Bounded)
          .with(Resources(Bounded, "sm_80").regs(64).maxntid(1024).spills(4, 4))
          .findings(Spills),
      ElementsAre(withNote("__launch_bounds__(1024) caps the registers")));
}

//===----------------------------------------------------------------------===//
// cuda-launch-bounds-oversized
//===----------------------------------------------------------------------===//

CHECK_SUITE(LaunchBoundsOversized);
const char *const Oversized = "cuda-launch-bounds-oversized";

/// __launch_bounds__(1024), spilling on sm_80, launched with these sizes.
Scenario oversized(std::vector<ResolvedValue> Blocks, bool Spill = true) {
  Kernel K = Kernel("k").launchBounds(1024);
  Scenario S;
  S.with(K);
  unsigned Line = 20;
  for (ResolvedValue &B : Blocks)
    S.with(Launch(K, c(1000), std::move(B), Line++));
  Resources R = Resources(K, "sm_80").regs(64);
  if (Spill)
    R.spills(8, 12);
  return S.with(R);
}

CHECK_TEST(LaunchBoundsOversized, EveryLaunchFarBelowTheBound, Oversized,
           Reports) {
  auto D = oversized({c(128), c(256)}).findings(Oversized);
  EXPECT_THAT(
      D, ElementsAre(AllOf(
             warning("sm_80",
                     says("__launch_bounds__ of 'k' allows 1024 threads but "
                          "its 2 launches use at most 256; on sm_80 the "
                          "bound's register budget makes it spill (8 B "
                          "stores, 12 B loads)")),
             withNote("__launch_bounds__(256) matches the launches and "
                      "leaves more registers per thread"),
             withNote("launched with 128 threads here"),
             withNote("launched with 256 threads here"))));
}

CHECK_TEST(LaunchBoundsOversized, RatioIsInclusive, Oversized, Both) {
  EXPECT_THAT(oversized({c(512)}).findings(Oversized),
              ElementsAre(warning("sm_80", says("its 1 launch uses at most "
                                                "512"))));
  EXPECT_THAT(oversized({c(513)}).findings(Oversized), IsEmpty());
  EXPECT_THAT(oversized({c(512)})
                  .option("cuda-launch-bounds-oversized.Ratio", "0.25")
                  .findings(Oversized),
              IsEmpty());
  EXPECT_THAT(oversized({oneOf({64, 256})})
                  .option("cuda-launch-bounds-oversized.Ratio", "0.25")
                  .findings(Oversized),
              ElementsAre(warning("sm_80", says("uses at most 256"))));
}

CHECK_TEST(LaunchBoundsOversized, NeedsSpillsAndEveryLaunchKnown, Oversized,
           Silent) {
  EXPECT_THAT(oversized({c(128)}, /*Spill=*/false).findings(Oversized),
              IsEmpty());
  EXPECT_THAT(oversized({c(128), unknown()}).findings(Oversized), IsEmpty());
  EXPECT_THAT(oversized({c(128), range(1, 128)}).findings(Oversized),
              IsEmpty());
  EXPECT_THAT(oversized({}).findings(Oversized), IsEmpty());
  Kernel K = Kernel("k").launchBounds(1024);
  EXPECT_THAT(Scenario()
                  .with(K)
                  .with(Launch(K, c(1000), c(128)).occupancyTuned())
                  .with(Resources(K, "sm_80").regs(64).spills(8, 8))
                  .findings(Oversized),
              IsEmpty());
}

//===----------------------------------------------------------------------===//
// cuda-grid-underfills-gpu
//===----------------------------------------------------------------------===//

CHECK_SUITE(GridUnderfillsGpu);
const char *const Underfills = "cuda-grid-underfills-gpu";

CHECK_TEST(GridUnderfillsGpu, FewerBlocksThanSMs, Underfills, Reports) {
  Kernel K("k");
  EXPECT_THAT(
      Scenario({"sm_90"})
          .gpu("H100-SXM")
          .with(K)
          .with(Launch(K, c(1), c(256)).grid(c(10), c(10)))
          .with(Launch(K, c(1), c(256), 21))
          .findings(Underfills),
      ElementsAre(AllOf(warning("sm_90", says("grid of 100 blocks leaves 32 of "
                                              "the 132 SMs of H100-SXM idle")),
                        at(20)),
                  AllOf(warning("sm_90", says("grid of 1 block leaves "
                                              "131 of the 132 SMs")),
                        at(21))));
}

CHECK_TEST(GridUnderfillsGpu, OnlyWithAPresetOfTheArch, Underfills, Both) {
  Kernel K("k");
  auto Small = [&](std::vector<std::string> Archs) {
    Scenario S(std::move(Archs));
    S.with(K).with(Launch(K, c(100), c(256)));
    return S;
  };
  EXPECT_THAT(Small({"sm_80", "sm_90"}).findings(Underfills), IsEmpty());
  EXPECT_THAT(Small({"sm_80", "sm_90"}).gpu("A100-SXM").findings(Underfills),
              ElementsAre(warning("sm_80", says("leaves 8 of the 108 SMs of "
                                                "A100-SXM"))));
}

CHECK_TEST(GridUnderfillsGpu, FullOrUnknownGrids, Underfills, Silent) {
  Kernel K("k");
  EXPECT_THAT(Scenario({"sm_90"})
                  .gpu("H100-SXM")
                  .with(K)
                  .with(Launch(K, c(132), c(256)))
                  .with(Launch(K, unknown(), c(256), 21))
                  .with(Launch(K, oneOf({1, 2}), c(256), 22))
                  .with(Launch(K, range(1, 10), c(256), 23))
                  .findings(Underfills),
              IsEmpty());
}

//===----------------------------------------------------------------------===//
// cuda-tail-effect
//===----------------------------------------------------------------------===//

CHECK_SUITE(TailEffect);
const char *const Tail = "cuda-tail-effect";

/// 256 threads x 32 registers on an H100 SXM: 8 blocks per SM, waves of
/// 1056 blocks.
Scenario onH100(ResolvedValue Grid, ResolvedValue Block = c(256)) {
  Kernel K("k");
  Scenario S({"sm_90"});
  S.gpu("H100-SXM")
      .with(K)
      .with(Launch(K, std::move(Grid), std::move(Block)))
      .with(Resources(K, "sm_90").regs(32));
  return S;
}

CHECK_TEST(TailEffect, LastWaveNearlyEmpty, Tail, Reports) {
  // The hardware runs whole waves: one block past a wave doubles the time.
  EXPECT_THAT(
      onH100(c(1057)).findings(Tail),
      ElementsAre(AllOf(
          warning("sm_90",
                  says("grid of 1057 blocks runs in 2 waves of 1056 blocks "
                       "(8 per SM x 132 SMs of H100-SXM), the last holding 1 "
                       "block: about 2x the time of 1056 blocks (1 full "
                       "wave), as long as 2112 blocks take, for blocks of "
                       "equal duration; 50% of the run's block slots stay "
                       "empty")),
          withNote("1056 or 2112 blocks fill whole waves"),
          // The model's assumption, with what it was measured at.
          withNote("the wave count assumes blocks of equal duration, not "
                   "very short: one block past 1 full wave measured "
                   "x1.99-2.00 for blocks of 1 ms, x1.89-1.96 for 100 us, "
                   "x1.58-1.84 for 20 us (an H200 and an H100)"))));
  // Three waves against two full ones: 1.5x.
  EXPECT_THAT(onH100(c(2113)).findings(Tail),
              ElementsAre(warning(
                  "sm_90", says("runs in 3 waves of 1056 blocks",
                                "about 1.5x "
                                "the time of 2112 blocks (2 full waves), as "
                                "long as 3168 blocks take"))));
}

CHECK_TEST(TailEffect, MaxTailWasteIsInclusive, Tail, Both) {
  // 1584 blocks: the last wave holds 528, a quarter of two waves is empty.
  EXPECT_THAT(onH100(c(1584)).findings(Tail), IsEmpty());
  EXPECT_THAT(onH100(c(1583)).findings(Tail),
              ElementsAre(warning("sm_90", says("the last holding 527 "
                                                "blocks",
                                                "; 25% of the run's"))));
  EXPECT_THAT(onH100(c(1057))
                  .option("cuda-tail-effect.MaxTailWaste", "0.5")
                  .findings(Tail),
              IsEmpty());
}

CHECK_TEST(TailEffect, WholeWavesAndUnknownsAreSilent, Tail, Silent) {
  EXPECT_THAT(onH100(c(1056)).findings(Tail), IsEmpty());
  EXPECT_THAT(onH100(c(2112)).findings(Tail), IsEmpty());
  EXPECT_THAT(onH100(unknown()).findings(Tail), IsEmpty());
  EXPECT_THAT(onH100(c(1057), oneOf({128, 256})).findings(Tail), IsEmpty());
  // Without a preset or the kernel's registers the wave is not known.
  Kernel K("k");
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K)
                  .with(Launch(K, c(1057), c(256)))
                  .with(Resources(K, "sm_90").regs(32))
                  .findings(Tail),
              IsEmpty());
  EXPECT_THAT(Scenario({"sm_90"})
                  .gpu("H100-SXM")
                  .with(K)
                  .with(Launch(K, c(1057), c(256)))
                  .findings(Tail),
              IsEmpty());
}

//===----------------------------------------------------------------------===//
// The precision rules across checks (settleLaunchFindings, via runChecks)
//===----------------------------------------------------------------------===//

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
                 .with(K)
                 .with(Launch(K, c(1), c(Threads))
                           .grid(c(2147483647), c(65535), c(65535)))
                 .with(Resources(K, "sm_80").regs(32))
                 .with(Resources(K, "sm_90").regs(32))
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
      .with(K)
      .with(Resources(K, "sm_90").regs(32))
      .with(
          Launch(K, oneOf({2, Int64Max}), oneOf({128, Int64Max}))
              .grid(oneOf({2, Int64Max}), oneOf({1, Int64Max - 1}), c(Int64Max))
              .smem(oneOf({0, Int64Max})))
      .with(Launch(K, c(Int64Max), c(1), 21)
                .block(c(Int64Max), c(Int64Max), c(Int64Max))
                .smem(c(Int64Max)))
      .with(Launch(K, range(1, Int64Max), range(1, Int64Max), 22)
                .grid(range(1, Int64Max), c(Int64Max), c(-2))
                .block(range(1, Int64Max), c(Int64Max), c(2)))
      .with(Launch(K, c(Int64Max), c(256), 23).cooperative())
      .with(Launch(K, c(Int64Max), c(256), 24)
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
               .with(K)
               .with(Resources(K, "sm_80").regs(32).staticSmem(1024))
               .with(Launch(K, c(1000), c(256)))
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
               .with(K)
               .with(Resources(K, "sm_90").regs(32))
               .with(Launch(K, c(1057), c((int64_t(1) << 32) + 256)))
               .checks("-*,cuda-tail-effect,cuda-occupancy-*,cuda-block-size-"
                       "occupancy-ceiling")
               .all();
  EXPECT_THAT(D, IsEmpty());
  auto Carveout = Scenario({"sm_90"})
                      .with(K)
                      .with(Resources(K, "sm_90").regs(32).staticSmem(40000))
                      .with(Launch(K, c(1000), c(256)))
                      .setting(K, "PreferredSharedMemoryCarveout",
                               c((int64_t(1) << 32) + 50))
                      .checks("-*,cuda-occupancy-limited")
                      .all();
  EXPECT_THAT(Carveout, IsEmpty());
}

TEST(PrecisionRules, CertainFailureKeepsItsErrorsOnly) {
  // 100 threads, registers that cap occupancy: warnings of their own...
  Kernel Free("k");
  auto Warnings = Scenario()
                      .with(Free)
                      .with(Launch(Free, c(1000), c(100)))
                      .with(Resources(Free, "sm_80").regs(255).spills(8, 8))
                      .all();
  EXPECT_THAT(checkNames(Warnings),
              ElementsAre("cuda-register-spills",
                          "cuda-block-size-not-warp-multiple",
                          "cuda-occupancy-limited"));
  // ...but a launch over its bound fails: only its error is reported. The
  // kernel's own findings (spills) do not depend on the launch and stay.
  Kernel K = Kernel("k").launchBounds(64);
  auto D = Scenario()
               .with(K)
               .with(Launch(K, c(1000), c(100)))
               .with(Resources(K, "sm_80").regs(255).spills(8, 8))
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
               .with(K)
               .with(Launch(K, c(1000), c(100)).smem(c(80 * 1024)))
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
  auto D =
      Scenario().with(K).with(Launch(K, c(1000), oneOf({100, 2048}))).all();
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
        .with(K)
        .with(Launch(K, c(1000), std::move(Block)))
        .with(Resources(K, "sm_80").regs(129))
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
               .with(K)
               .with(Launch(K, c(1000), c(100)))
               .checks("cuda-*,-cuda-launch-bounds-exceeded")
               .all();
  EXPECT_THAT(checkNames(D), ElementsAre("cuda-block-size-not-warp-multiple"));
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
        Out.push_back({name().str(),
                       Severity::Error,
                       Claim::Fails,
                       Ctx.Launch.Loc,
                       Ctx.Arch.Name.str(),
                       "block too big",
                       {},
                       {},
                       {}});
  }
};
class AlwaysWarns : public Check {
public:
  AlwaysWarns() : Check({"test-always-warns", Severity::Warning, "test", {}}) {}
  void checkLaunch(const LaunchContext &Ctx,
                   std::vector<Diagnostic> &Out) const override {
    Out.push_back({name().str(),
                   Severity::Warning,
                   Claim::Advice,
                   Ctx.Launch.Loc,
                   Ctx.Arch.Name.str(),
                   "slow",
                   {},
                   {},
                   {}});
  }
};

std::vector<Diagnostic> settle(ResolvedValue Block) {
  static const BigBlockFails Big;
  static const AlwaysWarns Warns;
  Kernel K("k");
  LaunchSite L = Launch(K, c(1000), std::move(Block)).Site;
  L.ThreadsPerBlock = threadsPerBlock(L.Block);
  CheckOptions Options;
  LaunchContext Ctx{L, nullptr, *findArch("sm_80"), nullptr, {}, {}, Options};
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
  TranslationUnitFacts A, B, C;
  A.MainFile = "/src/a.cu";
  A.Kernels = {K.Info};
  B.MainFile = "/src/b.cu";
  C.MainFile = "/src/c.cu";
  KernelInfo Declaration = K.Info; // a declaration seen in a header
  Declaration.Attrs = KernelAttributes();
  B.Kernels = {Declaration};
  C.Kernels = {Declaration};
  for (TranslationUnitFacts *U : {&C, &B}) {
    Launch L(K, c(1000), c(128), 7);
    L.Site.Loc.File = U->MainFile;
    L.Site.ThreadsPerBlock = threadsPerBlock(L.Site.Block);
    U->Launches = {L.Site};
  }
  // Whatever the order of the files: the declaring files may come first.
  for (std::vector<TranslationUnitFacts> Units :
       {std::vector<TranslationUnitFacts>{A, B, C},
        std::vector<TranslationUnitFacts>{C, B, A}}) {
    SCOPED_TRACE(Units.front().MainFile + " first");
    CheckRun Run;
    Run.Units = Units;
    Run.DefaultArchs = {"sm_80"};
    auto D = runChecks(Run);
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
  TranslationUnitFacts A, B;
  A.MainFile = File;
  A.Kernels = {K.Info};
  B.MainFile = "/src/b.cu";
  B.Kernels = {Declaration};
  Launch L(K, c(1000), c(256), 7);
  L.Site.Loc.File = B.MainFile;
  L.Site.ThreadsPerBlock = threadsPerBlock(L.Site.Block);
  B.Launches = {L.Site};
  DeviceResourceTable Table;
  Table.Enabled = true;
  Table.Resources[{K.Info.Mangled, "sm_80"}] =
      Resources(K, "sm_80").regs(128).R;
  for (std::vector<TranslationUnitFacts> Units :
       {std::vector<TranslationUnitFacts>{A, B},
        std::vector<TranslationUnitFacts>{B, A}}) {
    SCOPED_TRACE(Units.front().MainFile + " first");
    CheckRun Run;
    Run.Units = Units;
    Run.Resources = &Table;
    Run.DefaultArchs = {"sm_80"};
    EXPECT_THAT(runChecks(Run), IsEmpty());
  }
}

//===----------------------------------------------------------------------===//
// cuda-func-attribute-refused
//===----------------------------------------------------------------------===//

const char *const Refused = "cuda-func-attribute-refused";
CHECK_SUITE(FuncAttributeRefused);

CHECK_TEST(FuncAttributeRefused, OptInOverTheArchMaximum, Refused, Both) {
  Kernel K("k");
  // 232448 B (227 KiB) is sm_90's maximum: accepted; one byte more is not.
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K)
                  .setting(K, "MaxDynamicSharedMemorySize", c(232448))
                  .findings(Refused),
              IsEmpty());
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K)
          .setting(K, "MaxDynamicSharedMemorySize", c(232449))
          .findings(Refused),
      ElementsAre(AllOf(
          error("sm_90",
                says("cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamic"
                     "SharedMemorySize, 232449) asks for up to 232449 B of "
                     "dynamic shared memory, more than the sm_90 maximum of "
                     "227 KiB per block; the call fails with "
                     "cudaErrorInvalidValue and 'k' keeps the 48 KiB "
                     "default")),
          Field(&Diagnostic::CudaError, "cudaErrorInvalidValue"), at(15),
          withNote("static shared memory is not known here"))));
  // With static shared memory, and after an accepted opt-in.
  EXPECT_THAT(
      Scenario({"sm_90"})
          .with(K)
          .with(Resources(K, "sm_90").regs(32).staticSmem(16 * 1024))
          .setting(K, "MaxDynamicSharedMemorySize", c(100 * 1024), 14)
          .setting(K, "MaxDynamicSharedMemorySize", c(220 * 1024), 15)
          .findings(Refused),
      ElementsAre(AllOf(error("sm_90", says("on top of 16 KiB static (236 KiB "
                                            "in all)",
                                            "keeps the 100 KiB it opted in to "
                                            "before")),
                        at(15), withNote("the opt-in that holds, set here"),
                        withNote("at most 216064 bytes are accepted on sm_90 "
                                 "(232448 - 16384 static)"))));
  // Unknown stays unknown.
  EXPECT_THAT(Scenario({"sm_90"})
                  .with(K)
                  .setting(K, "MaxDynamicSharedMemorySize", unknown())
                  .findings(Refused),
              IsEmpty());
}

CHECK_TEST(FuncAttributeRefused, NoNameForAToolkitItWasNotCheckedOn, Refused,
           Reports) {
  Kernel K("k");
  for (const char *Version : {"12.8", ""}) {
    SCOPED_TRACE(Version);
    std::vector<Diagnostic> D =
        Scenario({"sm_90"})
            .toolkit(Version)
            .with(K)
            .setting(K, "MaxDynamicSharedMemorySize", c(300000))
            .findings(Refused);
    ASSERT_THAT(D, SizeIs(1));
    EXPECT_THAT(D.front().Message,
                says("; the call fails and 'k' keeps the 48 KiB default"));
    EXPECT_EQ(D.front().CudaError, "");
  }
  EXPECT_THAT(
      Scenario({"sm_90"})
          .toolkit("13.1")
          .with(K)
          .setting(K, "MaxDynamicSharedMemorySize", c(300000))
          .findings(Refused),
      ElementsAre(Field(&Diagnostic::CudaError, "cudaErrorInvalidValue")));
}

CHECK_TEST(FuncAttributeRefused, CarveoutOutOfRange, Refused, Both) {
  Kernel K("k");
  for (int64_t Fine : {-1, 0, 50, 100})
    EXPECT_THAT(Scenario()
                    .with(K)
                    .setting(K, "PreferredSharedMemoryCarveout", c(Fine))
                    .findings(Refused),
                IsEmpty())
        << Fine;
  // The same on every arch: one finding, for no arch in particular.
  EXPECT_THAT(
      Scenario({"sm_80", "sm_90"})
          .with(K)
          .setting(K, "PreferredSharedMemoryCarveout", c(150))
          .findings(Refused),
      ElementsAre(AllOf(
          error("", says("asks for a shared memory carveout of 150%, outside "
                         "-1..100",
                         "the call fails and 'k' keeps its previous carveout")),
          Field(&Diagnostic::CudaError, ""))));
}

CHECK_TEST(FuncAttributeRefused, NonPortableClustersWithoutClusters, Refused,
           Both) {
  Kernel K("k");
  EXPECT_THAT(Scenario({"sm_80", "sm_90"})
                  .with(K)
                  .setting(K, "NonPortableClusterSizeAllowed", c(1))
                  .findings(Refused),
              ElementsAre(error("sm_80", says("sm_80 has no thread block "
                                              "clusters"))));
  EXPECT_THAT(Scenario({"sm_80"})
                  .with(K)
                  .setting(K, "NonPortableClusterSizeAllowed", c(0))
                  .findings(Refused),
              IsEmpty());
}

CHECK_TEST(FuncAttributeRefused, DriverApiCallOfAnUntracedKernel, Refused,
           Reports) {
  // cuFuncSetAttribute(f, ...) on a CUfunction: the kernel, and with it
  // its static shared memory, is not known; what fails alone still does.
  TranslationUnitFacts Unit;
  Unit.MainFile = File;
  KernelSetting Call;
  Call.Loc = place(30, 3);
  Call.Api = "cuFuncSetAttribute";
  Call.Attribute = "MaxDynamicSharedMemorySize";
  Call.Value = c(300000);
  Unit.KernelSettings.push_back(Call);
  CheckRun Run;
  Run.DefaultArchs = {"sm_90"};
  Run.Options.ToolkitVersion = "13.0";
  std::vector<TranslationUnitFacts> Units = {Unit};
  Run.Units = Units;
  std::vector<Diagnostic> Found = runChecks(Run);
  observed()[Refused] |= Found.empty() ? Silent : Reports;
  EXPECT_THAT(
      Found,
      ElementsAre(AllOf(
          error("sm_90", says("cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_"
                              "DYNAMIC_SHARED_SIZE_BYTES, 300000)",
                              "the kernel keeps the 48 KiB default")),
          at(30))));
}

//===----------------------------------------------------------------------===//
// The error the runtime returns comes first
//===----------------------------------------------------------------------===//

TEST(RuntimeErrorOrder, BoundBeforeRegisters) {
  // Checked on an H100 (CUDA 13.0): a launch over its __launch_bounds__ and
  // the register file returns the bound's cudaErrorInvalidValue.
  Kernel K("k");
  K.launchBounds(256);
  std::vector<Diagnostic> Found = Scenario()
                                      .with(K)
                                      .with(Resources(K, "sm_80").regs(128))
                                      .with(Launch(K, c(100), c(1024)))
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
          .with(K)
          .with(Resources(K, "sm_80").regs(128))
          .with(Launch(K, c(100), c(1024)).smem(c(64 * 1024)))
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
        .with(K)
        .with(Resources(K, "sm_90").regs(Regs))
        .with(std::move(L))
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
  std::vector<Diagnostic> Found = Scenario()
                                      .with(K)
                                      .with(Launch(K, c(0), c(256)))
                                      .with(Launch(K, c(1), c(2048), 21))
                                      .all();
  ASSERT_THAT(Found, Not(IsEmpty()));
  for (const Diagnostic &D : Found) {
    SCOPED_TRACE(D.Message);
    EXPECT_EQ(D.CudaError, "cudaErrorInvalidValue");
    EXPECT_THAT(D.Message, HasSubstr("with cudaErrorInvalidValue"));
    EXPECT_THAT(D.Message, Not(HasSubstr("InvalidConfiguration")));
  }
}

//===----------------------------------------------------------------------===//
// Check declarations and options
//===----------------------------------------------------------------------===//

TEST(CheckDeclarations, NamesSeveritiesAndSummaries) {
  const std::set<std::string> Errors = {
      "cuda-launch-bounds-exceeded",
      "cuda-block-size-invalid",
      "cuda-grid-size-invalid",
      "cuda-too-many-resources",
      "cuda-shared-memory-exceeded",
      "cuda-cluster-dims-mismatch",
      "cuda-grid-sync-needs-cooperative-launch",
      "cuda-cooperative-launch-too-large",
      "cuda-func-attribute-refused"};
  // The launch errors whose limit only gets harder to meet as sizes grow.
  const std::set<std::string> FailUpward = {
      "cuda-launch-bounds-exceeded", "cuda-block-size-invalid",
      "cuda-grid-size-invalid",      "cuda-too-many-resources",
      "cuda-shared-memory-exceeded", "cuda-cooperative-launch-too-large"};
  std::set<std::string> Seen;
  for (const std::unique_ptr<Check> &C : allChecks()) {
    SCOPED_TRACE(C->name().str());
    EXPECT_TRUE(C->name().starts_with("cuda-"));
    EXPECT_TRUE(Seen.insert(C->name().str()).second) << "registered twice";
    EXPECT_FALSE(C->summary().empty());
    EXPECT_EQ(C->severity() == Severity::Error, Errors.count(C->name().str()))
        << "errors are the checks of launches and calls that fail";
    EXPECT_EQ(C->failsUpward(), FailUpward.count(C->name().str()) == 1);
    EXPECT_EQ(findCheck(C->name()), C.get());
    EXPECT_TRUE(GlobList(defaultCheckGlobs()).contains(C->name()));
  }
  EXPECT_EQ(findCheck("cuda-no-such-check"), nullptr);
}

TEST(CheckOptionsTest, EveryDeclaredDefaultIsAcceptedAndRead) {
  CheckOptions None;
  for (const std::unique_ptr<Check> &C : allChecks())
    for (const CheckOptionSpec &O : C->options()) {
      std::string Key = (C->name() + "." + O.Name).str();
      SCOPED_TRACE(Key);
      EXPECT_FALSE(O.Doc.empty());
      EXPECT_EQ(C->option(O.Name), &O);
      EXPECT_FALSE(errorToBool(validateCheckOption(Key, O.defaultText())));
      EXPECT_EQ(None.number(*C, O), O.Default);
      if (O.T == CheckOptionSpec::Type::Bool) {
        EXPECT_EQ(O.acceptedText(), "true or false");
      }
    }
}

TEST(CheckOptionsTest, DefaultsOfThePrecisionRules) {
  CheckOptions None;
  const Check &Occ = *findCheck("cuda-occupancy-limited");
  EXPECT_EQ(None.number(Occ, *Occ.option("MinOccupancy")), 0.5);
  EXPECT_TRUE(None.flag(Occ, *Occ.option("IgnoreTinyLaunches")));
  EXPECT_TRUE(None.flag(Occ, *Occ.option("IgnoreSmallGrids")));
  EXPECT_TRUE(None.flag(Occ, *Occ.option("IgnoreStatedIntent")));
  const Check &Tail = *findCheck("cuda-tail-effect");
  EXPECT_EQ(None.number(Tail, *Tail.option("MaxTailWaste")), 0.25);
  const Check &Oversized = *findCheck("cuda-launch-bounds-oversized");
  EXPECT_EQ(None.number(Oversized, *Oversized.option("Ratio")), 0.5);
  EXPECT_EQ(Occ.option("NoSuchOption"), nullptr);
}

TEST(CheckOptionsTest, ValuesAreParsedAndABadStoredValueReadsAsTheDefault) {
  const Check &Occ = *findCheck("cuda-occupancy-limited");
  CheckOptions O;
  O.Values["cuda-occupancy-limited.MinOccupancy"] = " 0.25 ";
  O.Values["cuda-occupancy-limited.IgnoreTinyLaunches"] = "FALSE";
  O.Values["cuda-occupancy-limited.IgnoreSmallGrids"] = "0";
  O.Values["cuda-occupancy-limited.IgnoreStatedIntent"] = "yes";
  EXPECT_EQ(O.number(Occ, *Occ.option("MinOccupancy")), 0.25);
  EXPECT_FALSE(O.flag(Occ, *Occ.option("IgnoreTinyLaunches")));
  EXPECT_FALSE(O.flag(Occ, *Occ.option("IgnoreSmallGrids")));
  EXPECT_TRUE(O.flag(
      Occ, *Occ.option("IgnoreStatedIntent"))); // not a bool: the default
  O.Values["cuda-occupancy-limited.MinOccupancy"] = "2";
  EXPECT_EQ(O.number(Occ, *Occ.option("MinOccupancy")), 0.5);
  // Options are per check.
  const Check &Ceiling = *findCheck("cuda-block-size-occupancy-ceiling");
  EXPECT_TRUE(O.flag(Ceiling, *Ceiling.option("IgnoreTinyLaunches")));
}

std::string validationError(StringRef Key, StringRef Value) {
  Error E = validateCheckOption(Key, Value);
  if (!E)
    return "";
  return toString(std::move(E));
}

TEST(CheckOptionsTest, ValidateCheckOption) {
  EXPECT_EQ(validationError("cuda-occupancy-limited.MinOccupancy", "0"), "");
  EXPECT_EQ(validationError("cuda-occupancy-limited.MinOccupancy", "1"), "");
  EXPECT_EQ(validationError("cuda-occupancy-limited.IgnoreSmallGrids", "True"),
            "");
  EXPECT_EQ(validationError("cuda-launch-bounds-oversized.Ratio", "1"), "");
  EXPECT_EQ(validationError("cuda-occupancy-limited.MinOccupancy", "1.5"),
            "cuda-occupancy-limited.MinOccupancy must be a number in [0, 1], "
            "not '1.5'");
  EXPECT_EQ(validationError("cuda-occupancy-limited.MinOccupancy", "half"),
            "cuda-occupancy-limited.MinOccupancy must be a number in [0, 1], "
            "not 'half'");
  // Ratio's lower end is exclusive.
  EXPECT_EQ(validationError("cuda-launch-bounds-oversized.Ratio", "0"),
            "cuda-launch-bounds-oversized.Ratio must be a number in (0, 1], "
            "not '0'");
  EXPECT_EQ(validationError("cuda-block-size-not-warp-multiple."
                            "IgnoreTinyLaunches",
                            "yes"),
            "cuda-block-size-not-warp-multiple.IgnoreTinyLaunches must be "
            "true or false, not 'yes'");
  EXPECT_EQ(validationError("cuda-occupancy-limited.Threshold", "1"),
            "unknown option 'Threshold' for check 'cuda-occupancy-limited' "
            "(known: MinOccupancy, IgnoreTinyLaunches, IgnoreSmallGrids, "
            "IgnoreStatedIntent)");
  EXPECT_EQ(validationError("cuda-block-size-invalid.Max", "1"),
            "unknown option 'Max' for check 'cuda-block-size-invalid' (it has "
            "no options)");
  EXPECT_EQ(validationError("cuda-nope.MinOccupancy", "1"),
            "'cuda-nope.MinOccupancy' names an unknown check 'cuda-nope' (see "
            "--list-checks)");
  for (StringRef Bad : {"MinOccupancy", ".MinOccupancy", "cuda-tail-effect."})
    EXPECT_THAT(validationError(Bad, "1"),
                HasSubstr("is not of the form '<check>.<Option>'"))
        << Bad.str();
}

//===----------------------------------------------------------------------===//
// Every registered check has tests that see it report and stay silent
//===----------------------------------------------------------------------===//

TEST(CheckCoverage, EveryRegisteredCheckReportsAndStaysSilentInSomeTest) {
  std::map<std::string, unsigned> Declared;
  for (const auto &[Test, D] : declarations()) {
    EXPECT_NE(findCheck(D.Check), nullptr)
        << Test << " declares an unknown check " << D.Check;
    Declared[D.Check] |= D.P;
  }
  for (const std::unique_ptr<Check> &C : allChecks()) {
    unsigned P = Declared[C->name().str()];
    EXPECT_TRUE(P & Reports)
        << C->name().str() << " has no test in which it reports";
    EXPECT_TRUE(P & Silent)
        << C->name().str() << " has no test in which it stays silent";
  }
}

} // namespace
