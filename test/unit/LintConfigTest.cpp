//===- LintConfigTest.cpp - .cuda-launch-lint.yaml ------------------------===//

#include "cudalint/Lint/LintConfig.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "ScratchDirTest.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace llvm;

namespace {

// The error of parsing Text, which must fail; one line.
std::string errorOf(StringRef Text) {
  Expected<LintConfig> C = parseLintConfig(Text, "/p/.cuda-launch-lint.yaml");
  if (C) {
    ADD_FAILURE() << "parsed: " << Text.str();
    return "";
  }
  std::string Msg = toString(C.takeError());
  EXPECT_EQ(Msg.find('\n'), std::string::npos) << Msg;
  return Msg;
}

TEST(LintConfigTest, GoodFileWithEveryKey) {
  Expected<LintConfig> C =
      parseLintConfig("# project settings\n"
                      "Checks: '-*,cuda-*,-cuda-tail-effect'\n"
                      "WarningsAsErrors: cuda-occupancy-*\n"
                      "CheckOptions:\n"
                      "  cuda-occupancy-limited.MinOccupancy: 0.4\n"
                      "  cuda-launch-bounds-oversized.Ratio: '0.25'\n"
                      "Archs: [sm_80, sm_90a]\n"
                      "Gpu: h100-sxm\n"
                      "HeaderFilterRegex: '.*/include/.*'\n",
                      "/p/.cuda-launch-lint.yaml");
  ASSERT_TRUE(bool(C)) << toString(C.takeError());
  EXPECT_EQ(C->Path, "/p/.cuda-launch-lint.yaml");
  EXPECT_EQ(C->Checks, "-*,cuda-*,-cuda-tail-effect");
  EXPECT_EQ(C->WarningsAsErrors, "cuda-occupancy-*");
  ASSERT_EQ(C->CheckOptions.size(), 2u);
  EXPECT_EQ(C->CheckOptions["cuda-occupancy-limited.MinOccupancy"], "0.4");
  EXPECT_EQ(C->CheckOptions["cuda-launch-bounds-oversized.Ratio"], "0.25");
  EXPECT_EQ(C->Archs, (std::vector<std::string>{"sm_80", "sm_90a"}));
  ASSERT_NE(C->Gpu, nullptr);
  EXPECT_EQ(C->Gpu->Name, "H100-SXM");
  EXPECT_EQ(C->Gpu->SMCount, 132u);
  EXPECT_EQ(C->GpuName, "h100-sxm");
  EXPECT_EQ(C->HeaderFilterRegex, ".*/include/.*");
}

TEST(LintConfigTest, AlternativeForms) {
  Expected<LintConfig> C = parseLintConfig(
      "Checks:\n"
      "  - '-*'\n"
      "  - cuda-occupancy-*\n"
      "WarningsAsErrors: [cuda-block-size-invalid, cuda-grid-size-invalid]\n"
      "CheckOptions:\n"
      "  - key: cuda-tail-effect.MaxTailWaste\n"
      "    value: 0.3\n"
      "  - { key: cuda-block-size-occupancy-ceiling.MinOccupancy, value: '1' "
      "}\n"
      "Archs: 'sm_75, 8.6,compute_90'\n",
      "c.yaml");
  ASSERT_TRUE(bool(C)) << toString(C.takeError());
  EXPECT_EQ(C->Checks, "-*,cuda-occupancy-*");
  EXPECT_EQ(C->WarningsAsErrors,
            "cuda-block-size-invalid,cuda-grid-size-invalid");
  EXPECT_EQ(C->CheckOptions["cuda-tail-effect.MaxTailWaste"], "0.3");
  EXPECT_EQ(C->CheckOptions["cuda-block-size-occupancy-ceiling.MinOccupancy"],
            "1");
  EXPECT_EQ(C->Archs, (std::vector<std::string>{"sm_75", "8.6", "compute_90"}));
  EXPECT_EQ(C->Gpu, nullptr);
  EXPECT_FALSE(C->HeaderFilterRegex);
}

TEST(LintConfigTest, EmptyFilesAndEmptySections) {
  for (StringRef Text :
       {"", "# only a comment\n", "---\n", "CheckOptions:\n"}) {
    Expected<LintConfig> C = parseLintConfig(Text, "e.yaml");
    ASSERT_TRUE(bool(C)) << Text.str() << ": " << toString(C.takeError());
    EXPECT_FALSE(C->Checks);
    EXPECT_TRUE(C->CheckOptions.empty());
    EXPECT_TRUE(C->Archs.empty());
  }
}

TEST(LintConfigTest, MalformedYaml) {
  std::string E = errorOf("Checks: 'cuda-*\nArchs: [sm_80\n");
  EXPECT_EQ(E.rfind("/p/.cuda-launch-lint.yaml:", 0), 0u) << E;
  EXPECT_NE(E.find("invalid YAML"), std::string::npos) << E;
  E = errorOf("Archs: [sm_80, sm_90\n");
  EXPECT_NE(E.find("invalid YAML"), std::string::npos) << E;
  E = errorOf("Checks: a: b\n");
  EXPECT_NE(E.find("/p/.cuda-launch-lint.yaml:"), std::string::npos) << E;
}

TEST(LintConfigTest, UnknownAndDuplicateKeys) {
  EXPECT_EQ(errorOf("Checks: 'cuda-*'\nCheck: 'cuda-*'\n"),
            "/p/.cuda-launch-lint.yaml:2:1: unknown key 'Check' (known: "
            "Checks, WarningsAsErrors, CheckOptions, Archs, Gpu, SMCount, "
            "HeaderFilterRegex)");
  EXPECT_EQ(errorOf("Gpu: A100-SXM\nGpu: H100-SXM\n"),
            "/p/.cuda-launch-lint.yaml:2:1: duplicate key 'Gpu'");
  EXPECT_NE(errorOf("- Checks\n").find("must be a map"), std::string::npos);
  EXPECT_NE(errorOf("Checks: a\n---\nChecks: b\n").find("one YAML document"),
            std::string::npos);
}

TEST(LintConfigTest, BadArchAndPreset) {
  std::string E = errorOf("Archs: [sm_80, sm_31]\n");
  EXPECT_EQ(E.rfind("/p/.cuda-launch-lint.yaml:1:16: unknown GPU architecture "
                    "'sm_31' (known: sm_70",
                    0),
            0u)
      << E;
  E = errorOf("Archs: sm_80,bogus\n");
  EXPECT_NE(E.find("'bogus'"), std::string::npos) << E;
  E = errorOf("Gpu: H900\n");
  EXPECT_EQ(E.rfind("/p/.cuda-launch-lint.yaml:1:6: ", 0), 0u) << E;
  EXPECT_NE(E.find("H900"), std::string::npos) << E;
  EXPECT_NE(E.find("H100-SXM"), std::string::npos) << E; // lists the known
  EXPECT_NE(errorOf("Gpu:\n").find("Gpu has no value"), std::string::npos);
  EXPECT_NE(errorOf("Gpu: [A100-SXM]\n").find("Gpu must be a single value"),
            std::string::npos);
  EXPECT_NE(errorOf("Archs: {sm: 80}\n").find("Archs must be a single value"),
            std::string::npos);
}

TEST(LintConfigTest, SMCount) {
  Expected<LintConfig> C =
      parseLintConfig("Archs: [sm_90]\nSMCount: ' 78 '\n", "/p/c.yaml");
  ASSERT_TRUE(static_cast<bool>(C)) << toString(C.takeError());
  EXPECT_EQ(C->SMCount, std::optional<std::string>("78"));
  EXPECT_EQ(C->Gpu, nullptr);
  EXPECT_EQ(errorOf("SMCount: 0\n"), "/p/.cuda-launch-lint.yaml:1:10: "
                                     "SMCount: '0' is not a number of SMs "
                                     "from 1 to 1024");
  EXPECT_NE(errorOf("SMCount: many\n").find("'many' is not a number of SMs"),
            std::string::npos);
  EXPECT_NE(errorOf("SMCount: 1025\n").find("from 1 to 1024"),
            std::string::npos);
  EXPECT_NE(errorOf("Gpu: H100-SXM\nSMCount: 78\n")
                .find("give Gpu (a preset) or SMCount, not both"),
            std::string::npos);
}

TEST(LintConfigTest, BadRegex) {
  EXPECT_EQ(errorOf("HeaderFilterRegex: 'src/(unclosed'\n")
                .rfind("/p/.cuda-launch-lint.yaml:1:20: HeaderFilterRegex "
                       "'src/(unclosed' is not a valid regular expression: ",
                       0),
            0u);
}

TEST(LintConfigTest, BadCheckOptions) {
  // One line each, at the key, naming the option and the accepted values.
  const std::string At = "/p/.cuda-launch-lint.yaml:2:3: CheckOptions: ";
  EXPECT_EQ(errorOf("CheckOptions:\n  MinOccupancy: 0.5\n"),
            At + "'MinOccupancy' is not of the form '<check>.<Option>'");
  EXPECT_EQ(
      errorOf("CheckOptions:\n  cuda-occupancy-limted.MinOccupancy: 0.5\n"),
      At + "'cuda-occupancy-limted.MinOccupancy' names an unknown check "
           "'cuda-occupancy-limted' (see --list-checks)");
  EXPECT_EQ(errorOf("CheckOptions:\n  cuda-occupancy-limited.MinOcc: 0.5\n"),
            At + "unknown option 'MinOcc' for check 'cuda-occupancy-limited' "
                 "(known: MinOccupancy, IgnoreTinyLaunches, IgnoreSmallGrids, "
                 "IgnoreStatedIntent)");
  EXPECT_EQ(errorOf("CheckOptions:\n  cuda-grid-underfills-gpu.Ratio: 0.5\n"),
            At + "unknown option 'Ratio' for check 'cuda-grid-underfills-gpu' "
                 "(it has no options)");
  EXPECT_EQ(
      errorOf("CheckOptions:\n  cuda-occupancy-limited.MinOccupancy: half\n"),
      At + "cuda-occupancy-limited.MinOccupancy must be a number in [0, 1], "
           "not 'half'");
  EXPECT_EQ(
      errorOf("CheckOptions:\n  cuda-occupancy-limited.MinOccupancy: 50\n"),
      At + "cuda-occupancy-limited.MinOccupancy must be a number in [0, 1], "
           "not '50'");
  EXPECT_EQ(errorOf("CheckOptions:\n  cuda-launch-bounds-oversized.Ratio: 0\n"),
            At + "cuda-launch-bounds-oversized.Ratio must be a number in "
                 "(0, 1], not '0'");
  EXPECT_EQ(
      errorOf("CheckOptions:\n  cuda-occupancy-limited.IgnoreSmallGrids: "
              "maybe\n"),
      At + "cuda-occupancy-limited.IgnoreSmallGrids must be true or false, "
           "not 'maybe'");
  EXPECT_NE(errorOf("CheckOptions:\n  - key: cuda-tail-effect.MaxTailWaste\n")
                .find("needs both 'key' and 'value'"),
            std::string::npos);
  EXPECT_NE(errorOf("CheckOptions:\n  - cuda-tail-effect.MaxTailWaste\n")
                .find("CheckOptions list entries must be"),
            std::string::npos);
  EXPECT_NE(errorOf("CheckOptions:\n  - {key: a.B, value: 1, extra: 2}\n")
                .find("unexpected 'extra'"),
            std::string::npos);
  EXPECT_NE(errorOf("CheckOptions: 0.5\n").find("CheckOptions must be a map"),
            std::string::npos);
  EXPECT_NE(errorOf("CheckOptions:\n  cuda-tail-effect.MaxTailWaste: [1]\n")
                .find("must be a single value"),
            std::string::npos);
  EXPECT_NE(errorOf("CheckOptions:\n  cuda-tail-effect.MaxTailWaste: 0.1\n"
                    "  cuda-tail-effect.MaxTailWaste: 0.2\n")
                .find("duplicate CheckOptions key"),
            std::string::npos);
}

TEST(LintConfigTest, ApplyKeepsCommandLineValues) {
  Expected<LintConfig> C = parseLintConfig(
      "CheckOptions:\n  cuda-occupancy-limited.MinOccupancy: 0.4\n"
      "  cuda-tail-effect.MaxTailWaste: 0.1\nGpu: A100-SXM\n",
      "c.yaml");
  ASSERT_TRUE(bool(C));
  CheckOptions Options;
  Options.Values["cuda-tail-effect.MaxTailWaste"] =
      "0.5"; // from the command line
  C->applyCheckOptions(Options);
  EXPECT_EQ(Options.Values["cuda-tail-effect.MaxTailWaste"], "0.5");
  EXPECT_EQ(Options.Values["cuda-occupancy-limited.MinOccupancy"], "0.4");
  ASSERT_NE(Options.Gpu, nullptr);
  EXPECT_EQ(Options.Gpu->SMCount, 108u);
  CheckOptions Pinned;
  Pinned.Gpu = findGpuPreset("T4");
  C->applyCheckOptions(Pinned);
  EXPECT_EQ(Pinned.Gpu->SMCount, 40u);
}

class LintConfigFileTest : public test::ScratchDirTest {};

TEST_F(LintConfigFileTest, LoadsAFile) {
  write(".cuda-launch-lint.yaml", "Archs: sm_90\n");
  Expected<LintConfig> C = loadLintConfig(path(".cuda-launch-lint.yaml"));
  ASSERT_TRUE(bool(C)) << toString(C.takeError());
  EXPECT_EQ(C->Archs, std::vector<std::string>{"sm_90"});
  write("bad.yaml", "Archs: sm_90\nColors: true\n");
  Expected<LintConfig> Bad = loadLintConfig(path("bad.yaml"));
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(toString(Bad.takeError())
                .rfind(path("bad.yaml") + ":2:1: unknown key 'Colors'", 0),
            0u);
}

TEST_F(LintConfigFileTest, UnreadableFile) {
  Expected<LintConfig> C = loadLintConfig(path("none.yaml"));
  ASSERT_FALSE(bool(C));
  std::string Msg = toString(C.takeError());
  EXPECT_EQ(Msg.rfind(path("none.yaml") + ": cannot read: ", 0), 0u) << Msg;
  EXPECT_EQ(Msg.find('\n'), std::string::npos);
}

TEST_F(LintConfigFileTest, FindsTheNearestConfig) {
  write("proj/.cuda-launch-lint.yaml", "Archs: sm_80\n");
  write("proj/src/kernels/.cuda-launch-lint.yaml", "Archs: sm_90\n");
  write("proj/src/kernels/a.cu", "");
  write("proj/src/b.cu", "");
  write("other/c.cu", "");
  EXPECT_EQ(findLintConfig(path("proj/src/kernels/a.cu")),
            path("proj/src/kernels/.cuda-launch-lint.yaml"));
  EXPECT_EQ(findLintConfig(path("proj/src/b.cu")),
            path("proj/.cuda-launch-lint.yaml"));
  EXPECT_EQ(findLintConfig(path("proj/src/kernels/../b.cu")),
            path("proj/.cuda-launch-lint.yaml"));
  // A directory of that name is not a config.
  sys::fs::create_directories(path("other/.cuda-launch-lint.yaml"));
  std::optional<std::string> Found = findLintConfig(path("other/c.cu"));
  EXPECT_TRUE(!Found || !StringRef(*Found).starts_with(Dir)) << *Found;
}

TEST_F(LintConfigFileTest, RelativeSourcePaths) {
  write("proj/.cuda-launch-lint.yaml", "");
  write("proj/src/a.cu", "");
  SmallString<128> Old;
  ASSERT_FALSE(sys::fs::current_path(Old));
  ASSERT_FALSE(sys::fs::set_current_path(path("proj")));
  std::optional<std::string> Found = findLintConfig("src/a.cu");
  sys::fs::set_current_path(Old);
  ASSERT_TRUE(Found);
  // current_path may resolve symlinks in the temp dir; compare the tail.
  EXPECT_TRUE(StringRef(*Found).ends_with("/proj/.cuda-launch-lint.yaml"))
      << *Found;
}

} // namespace

namespace {

// The config file accepts exactly the options the registered checks
// declare, at their defaults, and rejects a value outside the declaration.
TEST(LintConfigTest, AcceptsTheRegisteredChecksOptions) {
  for (const std::unique_ptr<Check> &C : allChecks()) {
    SCOPED_TRACE(C->name().str());
    if (C->options().empty()) {
      Expected<LintConfig> Bad = parseLintConfig(
          ("CheckOptions:\n  " + C->name() + ".MinOccupancy: 0.5\n").str(),
          "c.yaml");
      ASSERT_FALSE(bool(Bad));
      EXPECT_NE(toString(Bad.takeError()).find("it has no options"),
                std::string::npos);
      continue;
    }
    for (const CheckOptionSpec &O : C->options()) {
      auto Config = [&](StringRef Value) {
        return parseLintConfig(("CheckOptions:\n  " + C->name() + "." + O.Name +
                                ": " + Value + "\n")
                                   .str(),
                               "c.yaml");
      };
      Expected<LintConfig> Good = Config(O.defaultText());
      EXPECT_TRUE(bool(Good))
          << O.Name.str() << ": " << toString(Good.takeError());
      Expected<LintConfig> Bad = Config("abc");
      ASSERT_FALSE(bool(Bad)) << O.Name.str();
      EXPECT_NE(toString(Bad.takeError()).find("must be " + O.acceptedText()),
                std::string::npos);
    }
  }
}

// Found by the config fuzzer (fuzz/LintConfigFuzzer.cpp): after a YAML
// syntax error the parser hands out null nodes and nodes without a location;
// each of these crashed. Now each is one line naming the syntax error.
TEST(LintConfigTest, BrokenYamlIsAnErrorNotACrash) {
  for (StringRef Text :
       {StringRef("CheckOptions:\n e: [M->"),
        StringRef("Checks:\n- {:*\n\0", 15), // with the NUL
        StringRef("Checks: -\n%"), StringRef("Checks: - [s\n\x7f"),
        StringRef("CheckOptions:\n  - key: a.b\n"
                  "    value: \x10.3\n")}) {
    std::string Msg = errorOf(Text);
    EXPECT_TRUE(StringRef(Msg).starts_with("/p/.cuda-launch-lint.yaml:"))
        << Msg;
  }
}

// A YAML value may hold line breaks; the message shows them escaped.
TEST(LintConfigTest, ControlCharactersInValuesAreEscaped) {
  std::string Msg = errorOf("\"Check\\r\\ns\": 1\n");
  EXPECT_NE(Msg.find("unknown key 'Check\\r\\ns'"), std::string::npos) << Msg;
}

} // namespace
