//===- SarifReportTest.cpp - SARIF 2.1.0 structure ------------------------===//

#include "cudalint/Report/SarifReport.h"
#include "cudalint/Docs/CheckDocs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace llvm;

namespace {

class FakeCheck : public Check {
public:
  FakeCheck(StringRef Name, Severity Sev, StringRef Summary)
      : Check({Name, Sev, Summary, {}}) {}
};

Diagnostic diag(StringRef Check, Severity Sev, StringRef File, unsigned Line,
                unsigned Column, StringRef Arch, StringRef Message) {
  Diagnostic D;
  D.Check = Check.str();
  D.Sev = Sev;
  D.Loc = {File.str(), Line, Column};
  D.Arch = Arch.str();
  D.Message = Message.str();
  return D;
}

json::Value sarif(ArrayRef<Diagnostic> Diags, ArrayRef<const Check *> Rules,
                  const SarifOptions &Options) {
  std::string Out;
  raw_string_ostream OS(Out);
  writeSarif(OS, Diags, Rules, Options);
  Expected<json::Value> V = json::parse(Out);
  if (!V) {
    ADD_FAILURE() << toString(V.takeError()) << "\n" << Out;
    return nullptr;
  }
  return std::move(*V);
}

const json::Object &obj(const json::Value *V) {
  static const json::Object Empty;
  EXPECT_TRUE(V && V->getAsObject());
  return V && V->getAsObject() ? *V->getAsObject() : Empty;
}
const json::Array &arr(const json::Value *V) {
  static const json::Array Empty;
  EXPECT_TRUE(V && V->getAsArray());
  return V && V->getAsArray() ? *V->getAsArray() : Empty;
}
std::string str(const json::Value *V) {
  EXPECT_TRUE(V && V->getAsString());
  return V && V->getAsString() ? V->getAsString()->str() : "";
}
int64_t num(const json::Value *V) {
  EXPECT_TRUE(V && V->getAsInteger());
  return V && V->getAsInteger() ? *V->getAsInteger() : -1;
}

struct SarifReportTest : ::testing::Test {
  FakeCheck Bounds{"cuda-launch-bounds-exceeded", Severity::Error,
                   "threads per block exceed __launch_bounds__"};
  FakeCheck Warp{"cuda-block-size-not-warp-multiple", Severity::Warning,
                 "block size is not a multiple of the warp size"};
  std::vector<const Check *> Rules{&Bounds, &Warp};
};

/// A note built member by member: GCC 12 warns, wrongly, that a braced
/// DiagnosticNote temporary's string may be used uninitialised.
DiagnosticNote note(std::string Message, SourceLoc Loc = {}) {
  DiagnosticNote N;
  N.Loc = std::move(Loc);
  N.Message = std::move(Message);
  return N;
}

TEST_F(SarifReportTest, RequiredTopLevelAndDriver) {
  json::Value V = sarif({}, Rules, SarifOptions{"0.1.0", "", ""});
  const json::Object &Log = obj(&V);
  EXPECT_EQ(str(Log.get("version")), "2.1.0");
  EXPECT_EQ(str(Log.get("$schema")), SarifSchemaUri);
  const json::Array &Runs = arr(Log.get("runs"));
  ASSERT_EQ(Runs.size(), 1u);
  const json::Object &Driver =
      obj(obj(obj(&Runs[0]).get("tool")).get("driver"));
  EXPECT_EQ(str(Driver.get("name")), "cuda-launch-lint");
  EXPECT_EQ(str(Driver.get("version")), "0.1.0");
  EXPECT_EQ(Driver.get("informationUri"), nullptr); // none given
  // No results is an empty array, not a missing one (GitHub wants it).
  EXPECT_TRUE(arr(obj(&Runs[0]).get("results")).empty());

  const json::Array &RuleObjs = arr(Driver.get("rules"));
  ASSERT_EQ(RuleObjs.size(), 2u);
  const json::Object &R0 = obj(&RuleObjs[0]);
  EXPECT_EQ(str(R0.get("id")), "cuda-launch-bounds-exceeded");
  EXPECT_EQ(str(R0.get("name")), "CudaLaunchBoundsExceeded");
  EXPECT_EQ(str(obj(R0.get("shortDescription")).get("text")),
            "threads per block exceed __launch_bounds__");
  EXPECT_EQ(str(obj(R0.get("defaultConfiguration")).get("level")), "error");
  EXPECT_EQ(
      str(obj(&RuleObjs[1]).get("defaultConfiguration")
              ? obj(obj(&RuleObjs[1]).get("defaultConfiguration")).get("level")
              : nullptr),
      "warning");
  // Help is the check's page; the full description its summary line.
  StringRef Page = checkDocumentation("cuda-launch-bounds-exceeded");
  ASSERT_FALSE(Page.empty());
  EXPECT_EQ(str(obj(R0.get("help")).get("markdown")), Page.str());
  EXPECT_EQ(str(obj(R0.get("help")).get("text")), Page.str());
  EXPECT_EQ(str(obj(R0.get("fullDescription")).get("text")),
            checkDocSummary("cuda-launch-bounds-exceeded"));
  const json::Object &Props = obj(R0.get("properties"));
  EXPECT_EQ(str(Props.get("problem.severity")), "error");
  EXPECT_EQ(str(Props.get("precision")), "very-high");
}

TEST_F(SarifReportTest, ResultsLocationsNotesAndArch) {
  Diagnostic D = diag("cuda-block-size-not-warp-multiple", Severity::Warning,
                      "/src/dir with space/k.cu", 12, 3, "sm_80",
                      "block of 100 threads leaves 28 lanes idle");
  D.Notes.push_back(
      note("kernel declared here", {"/src/dir with space/k.cu", 3, 1}));
  D.Notes.push_back(note("sm_80: 32 registers (nvcc)"));
  Diagnostic E = diag("cuda-launch-bounds-exceeded", Severity::Error,
                      "/src/k.cu", 20, 5, "", "1024 threads > bound 256");
  json::Value V = sarif(
      {D, E}, Rules,
      SarifOptions{"0.1.0", "https://example.invalid/cuda-launch-lint", ""});
  const json::Object &Run = obj(&arr(obj(&V).get("runs"))[0]);
  EXPECT_EQ(str(obj(obj(Run.get("tool")).get("driver")).get("informationUri")),
            "https://example.invalid/cuda-launch-lint");
  const json::Array &Results = arr(Run.get("results"));
  ASSERT_EQ(Results.size(), 2u);

  const json::Object &R = obj(&Results[0]);
  EXPECT_EQ(str(R.get("ruleId")), "cuda-block-size-not-warp-multiple");
  EXPECT_EQ(num(R.get("ruleIndex")), 1);
  EXPECT_EQ(str(R.get("level")), "warning");
  EXPECT_EQ(str(obj(R.get("message")).get("text")),
            "block of 100 threads leaves 28 lanes idle [sm_80]\n"
            "note: sm_80: 32 registers (nvcc)");
  const json::Array &Locs = arr(R.get("locations"));
  ASSERT_EQ(Locs.size(), 1u);
  const json::Object &Phys = obj(obj(&Locs[0]).get("physicalLocation"));
  EXPECT_EQ(str(obj(Phys.get("artifactLocation")).get("uri")),
            "file:///src/dir%20with%20space/k.cu");
  EXPECT_EQ(num(obj(Phys.get("region")).get("startLine")), 12);
  EXPECT_EQ(num(obj(Phys.get("region")).get("startColumn")), 3);
  const json::Array &Related = arr(R.get("relatedLocations"));
  ASSERT_EQ(Related.size(), 1u);
  EXPECT_EQ(num(obj(&Related[0]).get("id")), 1);
  EXPECT_EQ(str(obj(obj(&Related[0]).get("message")).get("text")),
            "kernel declared here");
  EXPECT_EQ(num(obj(obj(obj(&Related[0]).get("physicalLocation")).get("region"))
                    .get("startLine")),
            3);
  EXPECT_EQ(str(obj(R.get("properties")).get("arch")), "sm_80");
  EXPECT_FALSE(
      str(obj(R.get("partialFingerprints")).get("cudaLaunchLint/v1")).empty());

  const json::Object &R2 = obj(&Results[1]);
  EXPECT_EQ(str(R2.get("ruleId")), "cuda-launch-bounds-exceeded");
  EXPECT_EQ(num(R2.get("ruleIndex")), 0);
  EXPECT_EQ(str(R2.get("level")), "error");
  EXPECT_EQ(str(obj(R2.get("message")).get("text")),
            "1024 threads > bound 256");
  EXPECT_EQ(R2.get("properties"), nullptr);
  EXPECT_EQ(R2.get("relatedLocations"), nullptr);
}

TEST_F(SarifReportTest, TheRuntimeErrorIsAProperty) {
  Diagnostic D = diag("cuda-launch-bounds-exceeded", Severity::Error,
                      "/src/k.cu", 20, 5, "",
                      "1024 threads > bound 256; the launch fails with "
                      "cudaErrorInvalidValue");
  D.CudaError = "cudaErrorInvalidValue";
  json::Value V = sarif({D}, Rules, SarifOptions{"0.1.0", "", ""});
  const json::Object &Run = obj(&arr(obj(&V).get("runs"))[0]);
  const json::Object &R = obj(&arr(Run.get("results"))[0]);
  const json::Object &Props = obj(R.get("properties"));
  EXPECT_EQ(str(Props.get("cudaError")), "cudaErrorInvalidValue");
  EXPECT_EQ(Props.get("arch"), nullptr);
}

TEST_F(SarifReportTest, SourceRootMakesRelativeUris) {
  Diagnostic In = diag("cuda-launch-bounds-exceeded", Severity::Error,
                       "/repo/src/a.cu", 1, 1, "sm_90", "m");
  Diagnostic Out = diag("cuda-launch-bounds-exceeded", Severity::Error,
                        "/repository/b.cu", 1, 1, "sm_90", "m");
  json::Value V = sarif({In, Out}, Rules, SarifOptions{"1", "", "/repo/"});
  const json::Object &Run = obj(&arr(obj(&V).get("runs"))[0]);
  EXPECT_EQ(
      str(obj(obj(Run.get("originalUriBaseIds")).get("SRCROOT")).get("uri")),
      "file:///repo/");
  const json::Array &Results = arr(Run.get("results"));
  auto Artifact = [&](size_t I) {
    return obj(obj(obj(&arr(obj(&Results[I]).get("locations"))[0])
                       .get("physicalLocation"))
                   .get("artifactLocation"));
  };
  EXPECT_EQ(str(Artifact(0).get("uri")), "src/a.cu");
  EXPECT_EQ(str(Artifact(0).get("uriBaseId")), "SRCROOT");
  EXPECT_EQ(str(Artifact(1).get("uri")), "file:///repository/b.cu");
  EXPECT_EQ(Artifact(1).get("uriBaseId"), nullptr);
}

TEST_F(SarifReportTest, UnknownChecksGetARuleAndFingerprintsCountRepeats) {
  Diagnostic N =
      diag("cuda-launch-lint-nolint", Severity::Error, "/a.cu", 4, 4, "",
           "unmatched 'NOLINTBEGIN' comment without a "
           "subsequent 'NOLINTEND' comment");
  Diagnostic W1 = diag("cuda-block-size-not-warp-multiple", Severity::Warning,
                       "/a.cu", 10, 1, "sm_80", "same");
  Diagnostic W2 = W1;
  W2.Loc.Line = 30; // the same finding elsewhere in the file
  Diagnostic W3 = W1;
  W3.Arch = "sm_90"; // ... or for another arch
  json::Value V = sarif({N, W1, W2, W3}, Rules, SarifOptions{"1", "", ""});
  const json::Object &Run = obj(&arr(obj(&V).get("runs"))[0]);
  const json::Array &RuleObjs =
      arr(obj(obj(Run.get("tool")).get("driver")).get("rules"));
  ASSERT_EQ(RuleObjs.size(), 3u);
  EXPECT_EQ(str(obj(&RuleObjs[2]).get("id")), "cuda-launch-lint-nolint");
  EXPECT_FALSE(str(obj(obj(&RuleObjs[2]).get("help")).get("text")).empty());
  const json::Array &Results = arr(Run.get("results"));
  EXPECT_EQ(num(obj(&Results[0]).get("ruleIndex")), 2);
  auto Print = [&](size_t I) {
    return str(obj(obj(&Results[I]).get("partialFingerprints"))
                   .get("cudaLaunchLint/v1"));
  };
  std::string F1 = Print(1), F2 = Print(2), F3 = Print(3);
  EXPECT_TRUE(StringRef(F1).ends_with(":1")) << F1;
  EXPECT_TRUE(StringRef(F2).ends_with(":2")) << F2;
  EXPECT_EQ(F1.substr(0, F1.size() - 2), F2.substr(0, F2.size() - 2));
  EXPECT_NE(F1.substr(0, F1.size() - 2), F3.substr(0, F3.size() - 2));
}

// The writer's output passes test/tools/validate_sarif.py: the SARIF 2.1.0
// schema's structure and GitHub code scanning's requirements.
TEST_F(SarifReportTest, OutputPassesTheValidator) {
#if defined(CUDALINT_PYTHON) && defined(CUDALINT_SARIF_VALIDATOR)
  Diagnostic D = diag("cuda-block-size-not-warp-multiple", Severity::Warning,
                      "/repo/src/dir with space/k.cu", 12, 3, "sm_80",
                      "block of 100 threads leaves 28 lanes idle");
  D.Notes.push_back(note("kernel declared here", {"/repo/src/k.cuh", 3, 1}));
  D.Notes.push_back(note("sm_80: 32 registers (nvcc)"));
  Diagnostic E = diag("cuda-launch-bounds-exceeded", Severity::Error,
                      "/elsewhere/k.cu", 20, 5, "", "1024 threads > bound 256");
  Diagnostic N =
      diag("cuda-launch-lint-nolint", Severity::Error, "/repo/src/a.cu", 4, 4,
           "", "unmatched 'NOLINTEND' comment");
  for (const char *Root : {"", "/repo"}) {
    SCOPED_TRACE(Root);
    SmallString<128> Path;
    ASSERT_FALSE(sys::fs::createTemporaryFile("cudalint", "sarif", Path));
    {
      std::error_code EC;
      raw_fd_ostream OS(Path, EC);
      ASSERT_FALSE(EC);
      writeSarif(OS, {D, E, N}, Rules,
                 SarifOptions{"0.1.0", "https://example.invalid/x", Root});
    }
    SmallString<128> Out;
    ASSERT_FALSE(sys::fs::createTemporaryFile("cudalint", "txt", Out));
    std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Out),
                                            StringRef(Out)};
    int RC = sys::ExecuteAndWait(
        CUDALINT_PYTHON, {CUDALINT_PYTHON, CUDALINT_SARIF_VALIDATOR, Path}, {},
        Redirects);
    auto Report = MemoryBuffer::getFile(Out);
    std::string Text = Report ? (*Report)->getBuffer().str() : "";
    EXPECT_EQ(RC, 0) << Text;
    EXPECT_EQ(Text, "ok: 1 run(s), 3 result(s), 3 rule(s)\n");
    sys::fs::remove(Path);
    sys::fs::remove(Out);
  }
#else
  GTEST_SKIP() << "no Python interpreter configured";
#endif
}

TEST(SarifUriTest, PercentEncoding) {
  EXPECT_EQ(sarifFileUri("/a/b-c_d.e~f/g.cu"), "file:///a/b-c_d.e~f/g.cu");
  EXPECT_EQ(sarifFileUri("/a b/c#d%e?.cu"), "file:///a%20b/c%23d%25e%3F.cu");
  EXPECT_EQ(sarifFileUri("/\xc3\xa9.cu"), "file:///%C3%A9.cu");
}

} // namespace
