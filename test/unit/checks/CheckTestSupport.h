//===- CheckTestSupport.h - What the check tests share ----------*- C++ -*-===//
//
// The checks are pure functions of facts (DESIGN.md): their tests
// (test/unit/checks/<Check>Test.cpp, one file per lib/Checks/<Check>.cpp)
// build the facts by hand (kernels, launches, kernel settings, device
// resources per arch) and run them through runChecks, the same runner and
// precision rules every front door uses. No Clang front end, no device
// compiler, no CUDA toolkit: the whole check suite runs on any machine. The
// lit tests keep the end-to-end coverage.
//
// Every test of one check is declared with CHECK_TEST(Suite, Test,
// "<check>", Reports | Silent | Both). A test that declares Reports must see
// the check report at least once, one that declares Silent must see it stay
// silent at least once; CheckCoverage (RegistryTest.cpp) fails for a
// registered check without a test of each kind, across all the files.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_TEST_UNIT_CHECKS_CHECKTESTSUPPORT_H
#define CUDALINT_TEST_UNIT_CHECKS_CHECKTESTSUPPORT_H

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

namespace cudalint {
inline void PrintTo(const DiagnosticNote &N, std::ostream *OS) {
  *OS << "note: " << N.Message;
}
inline void PrintTo(const Diagnostic &D, std::ostream *OS) {
  *OS << "\n  " << severityName(D.Sev).str() << " [" << D.Check << "] "
      << (D.Arch.empty() ? "(all archs)" : D.Arch) << " " << D.Loc.File << ":"
      << D.Loc.Line << ": " << D.Message;
  for (const DiagnosticNote &N : D.Notes)
    *OS << "\n    note: " << N.Message;
}
} // namespace cudalint

namespace cudalint::checktest {

using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Matcher;
using ::testing::Not;
using ::testing::SizeIs;

inline constexpr const char *File = "/src/app.cu";

//===-- Values ------------------------------------------------------------===//

inline ResolvedValue c(int64_t V) { return ResolvedValue::constant(V); }
/// (Built member by member: GCC 12 warns, wrongly, that a braced temporary's
/// string may be used uninitialised.)
inline ValueOrigin origin(std::string What, SourceLoc Loc) {
  ValueOrigin O;
  O.What = std::move(What);
  O.Loc = std::move(Loc);
  return O;
}
inline ResolvedValue oneOf(std::vector<int64_t> Vs) {
  ResolvedValue R = ResolvedValue::oneOf(std::move(Vs));
  EXPECT_EQ(R.K, ResolvedValue::Kind::Set) << "a test set needs 2+ values";
  return R;
}
inline ResolvedValue unknown() { return ResolvedValue::unknown(); }
inline ResolvedValue range(int64_t Min, int64_t Max) {
  return ResolvedValue::range(Min, Max);
}
inline Dim3Value dim3(ResolvedValue X, ResolvedValue Y = c(1),
                      ResolvedValue Z = c(1)) {
  return {std::move(X), std::move(Y), std::move(Z)};
}

//===-- Fact builders -----------------------------------------------------===//

/// A place in File.
inline SourceLoc place(unsigned Line, unsigned Column) {
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
  Resources(const Kernel &K, llvm::StringRef Arch) {
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

//===-- Facts of several files --------------------------------------------===//

/// The facts of the file Path: its Kernels (definitions, or declarations
/// seen in a header) and its Launches, moved to Path.
inline TranslationUnitFacts unitFacts(std::string Path,
                                      std::vector<KernelInfo> Kernels,
                                      std::vector<Launch> Launches = {}) {
  TranslationUnitFacts U;
  U.MainFile = std::move(Path);
  U.Kernels = std::move(Kernels);
  for (Launch &L : Launches) {
    L.Site.Loc.File = U.MainFile;
    L.Site.ThreadsPerBlock = threadsPerBlock(L.Site.Block);
    U.Launches.push_back(std::move(L.Site));
  }
  return U;
}

/// Units as given and reversed: what the checks find must not depend on
/// which file comes first.
inline std::vector<std::vector<TranslationUnitFacts>>
inBothOrders(std::vector<TranslationUnitFacts> Units) {
  std::vector<TranslationUnitFacts> Reversed(Units.rbegin(), Units.rend());
  return {std::move(Units), std::move(Reversed)};
}

/// runChecks over Units (which must outlive the run) on sm_80.
inline CheckRun runOver(llvm::ArrayRef<TranslationUnitFacts> Units,
                        const DeviceResourceTable *Table = nullptr) {
  CheckRun Run;
  Run.Units = Units;
  Run.Resources = Table;
  Run.DefaultArchs = {"sm_80"};
  return Run;
}

//===-- Which checks were seen reporting / staying silent -----------------===//

enum Polarity : unsigned { Reports = 1, Silent = 2, Both = 3 };

struct Declaration {
  std::string Check;
  unsigned P;
};
/// "Suite.Test" -> what the test promises to show.
inline std::map<std::string, Declaration> &declarations() {
  static std::map<std::string, Declaration> D;
  return D;
}
inline bool declareTest(const char *Test, const char *Check, unsigned P) {
  declarations()[Test] = {Check, P};
  return true;
}
/// What the running test saw: check -> Reports and/or Silent.
inline std::map<std::string, unsigned> &observed() {
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
  /// Several facts at once: with() each, in order.
  template <typename First, typename Second, typename... Rest>
  Scenario &with(const First &F, const Second &S, const Rest &...More) {
    with(F);
    return with(S, More...);
  }
  /// The CUDA toolkit the run builds with; "": none found.
  Scenario &toolkit(llvm::StringRef Version) {
    Run.Options.ToolkitVersion = Version.str();
    return *this;
  }
  /// cudaFuncSetAttribute(K, cudaFuncAttribute<Attribute>, Value), at Line
  /// (cudaFuncSetCacheConfig(K, Value) for Attribute "CacheConfig").
  Scenario &setting(const Kernel &K, llvm::StringRef Attribute, ResolvedValue V,
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
  Scenario &option(llvm::StringRef Key, llvm::StringRef Value) {
    if (llvm::Error E = validateCheckOption(Key, Value))
      ADD_FAILURE() << llvm::toString(std::move(E));
    Run.Options.Values[Key] = Value.str();
    return *this;
  }
  Scenario &gpu(llvm::StringRef Preset) {
    Run.Options.Gpu = findGpuPreset(Preset);
    EXPECT_NE(Run.Options.Gpu, nullptr) << Preset.str();
    return *this;
  }
  /// --resource-usage=none: the table is there but disabled.
  Scenario &noDeviceFacts() {
    Table.Enabled = false;
    return *this;
  }
  Scenario &checks(llvm::StringRef Globs) {
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
  std::vector<Diagnostic> findings(llvm::StringRef Check) const {
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

inline Matcher<const Diagnostic &> error(const std::string &Arch,
                                         Matcher<const std::string &> Message) {
  return AllOf(Field(&Diagnostic::Sev, Severity::Error),
               Field(&Diagnostic::Arch, Arch),
               Field(&Diagnostic::Message, Message));
}
inline Matcher<const Diagnostic &>
warning(const std::string &Arch, Matcher<const std::string &> Message) {
  return AllOf(Field(&Diagnostic::Sev, Severity::Warning),
               Field(&Diagnostic::Arch, Arch),
               Field(&Diagnostic::Message, Message));
}
/// The message contains every one of Texts.
template <typename... T> Matcher<const std::string &> says(T... Texts) {
  return AllOf(HasSubstr(Texts)...);
}
/// Some note of the diagnostic says Text.
inline Matcher<const Diagnostic &> withNote(const std::string &Text) {
  return Field(
      &Diagnostic::Notes,
      ::testing::Contains(Field(&DiagnosticNote::Message, HasSubstr(Text))));
}
inline Matcher<const Diagnostic &> at(unsigned Line) {
  return Field(&Diagnostic::Loc, Field(&SourceLoc::Line, Line));
}

inline std::vector<std::string> checkNames(const std::vector<Diagnostic> &Ds) {
  std::vector<std::string> Out;
  for (const Diagnostic &D : Ds)
    Out.push_back(D.Check);
  return Out;
}

/// The fixture of one check's tests, and the name they give it:
/// CHECK_SUITE(BlockSizeInvalid, Invalid, "cuda-block-size-invalid").
#define CHECK_SUITE(Name, CheckVar, CheckName)                                 \
  CHECK_FIXTURE(Name);                                                         \
  [[maybe_unused]] const char *const CheckVar = CheckName
/// A further fixture of the same check's tests, in the same file.
#define CHECK_FIXTURE(Name)                                                    \
  class Name : public CheckTest {}

} // namespace cudalint::checktest

#endif // CUDALINT_TEST_UNIT_CHECKS_CHECKTESTSUPPORT_H
