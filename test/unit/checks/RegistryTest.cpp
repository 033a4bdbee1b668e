//===- RegistryTest.cpp ---------------------------------------------------===//
//
// lib/Checks/Registry.cpp on synthetic facts (CheckTestSupport.h).
// Check declarations, options, and the coverage of every check.
//
//===----------------------------------------------------------------------===//

#include "CheckTestSupport.h"

using namespace llvm;

namespace cudalint::checktest {
namespace {

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
} // namespace cudalint::checktest
