//===- CheckDocsTest.cpp - Every check has its page, embedded -------------===//

#include "cudalint/Docs/CheckDocs.h"
#include "cudalint/Checks/AmdChecks.h"
#include "cudalint/Checks/Checks.h"

#include "llvm/ADT/STLExtras.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace llvm;

namespace {

// DESIGN.md's check list (part of the contract).
const char *const DesignChecks[] = {
    "cuda-launch-bounds-exceeded",
    "cuda-block-size-invalid",
    "cuda-grid-size-invalid",
    "cuda-shared-memory-exceeded",
    "cuda-too-many-resources",
    "cuda-cluster-dims-mismatch",
    "cuda-grid-sync-needs-cooperative-launch",
    "cuda-cooperative-launch-too-large",
    "cuda-func-attribute-refused",
    "cuda-block-size-not-warp-multiple",
    "cuda-occupancy-limited",
    "cuda-block-size-occupancy-ceiling",
    "cuda-launch-bounds-unsatisfiable",
    "cuda-launch-bounds-not-warp-multiple",
    "cuda-register-spills",
    "cuda-launch-bounds-oversized",
    "cuda-grid-underfills-gpu",
    "cuda-tail-effect",
    "cuda-launch-size-unbounded",
};

TEST(CheckDocsTest, EveryCheckHasAPageAndNothingElseDoes) {
  std::vector<StringRef> Documented = documentedChecks();
  std::vector<StringRef> Expected(std::begin(DesignChecks),
                                  std::end(DesignChecks));
  llvm::sort(Expected);
  EXPECT_EQ(Documented, Expected);
}

TEST(CheckDocsTest, PagesHaveTitleSummaryAndSections) {
  for (const char *NameStr : DesignChecks) {
    SCOPED_TRACE(NameStr);
    StringRef Name = NameStr;
    StringRef Page = checkDocumentation(Name);
    ASSERT_FALSE(Page.empty());
    EXPECT_TRUE(Page.starts_with("# " + Name.str() + "\n\n"));
    std::string Summary = checkDocSummary(Name);
    EXPECT_GT(Summary.size(), 20u);
    EXPECT_EQ(Summary.find('#'), std::string::npos);
    for (StringRef Section :
         {"\n## What it reports\n", "\n## Why it matters\n", "\n## Example\n",
          "\n## How to fix\n", "\n## Options\n"})
      EXPECT_TRUE(Page.contains(Section)) << Section.str();
    EXPECT_TRUE(Page.contains("```cuda\n")); // a code example
  }
}

TEST(CheckDocsTest, OptionsAndDefaultsAreDocumented) {
  struct {
    const char *Check, *Option, *Default;
  } Options[] = {
      {"cuda-occupancy-limited", "MinOccupancy", "0.5"},
      {"cuda-block-size-occupancy-ceiling", "MinOccupancy", "0.5"},
      {"cuda-launch-bounds-oversized", "Ratio", "0.5"},
      {"cuda-tail-effect", "MaxTailWaste", "0.25"},
  };
  for (const auto &O : Options) {
    SCOPED_TRACE(O.Check);
    StringRef Page = checkDocumentation(O.Check);
    StringRef Section = Page.substr(Page.find("\n## Options\n"));
    EXPECT_TRUE(Section.contains((std::string("`") + O.Option + "`")));
    EXPECT_TRUE(Section.contains((std::string("default ") + O.Default)) ||
                Section.contains((std::string("default: ") + O.Default)));
    EXPECT_TRUE(Section.contains((std::string(O.Check) + "." + O.Option)));
  }
  EXPECT_TRUE(checkDocumentation("cuda-grid-underfills-gpu")
                  .contains("\n## Options\n\nNone"));
}

// Every check with an AMD body says on its page what it claims on HIP
// launches, and on what the claim rests.
TEST(CheckDocsTest, ChecksOnHipLaunchesHaveAHipSection) {
  unsigned WithBody = 0;
  for (const std::unique_ptr<Check> &C : allChecks()) {
    if (!C->judgesAmd())
      continue;
    ++WithBody;
    SCOPED_TRACE(C->name().str());
    StringRef Page = checkDocumentation(C->name());
    EXPECT_TRUE(Page.contains("\n## HIP\n"));
  }
  EXPECT_EQ(WithBody, 9u);
}

TEST(CheckDocsTest, UnknownNames) {
  EXPECT_TRUE(checkDocumentation("cuda-nonexistent").empty());
  EXPECT_TRUE(checkDocumentation("").empty());
  EXPECT_TRUE(checkDocumentation("README").empty());
  EXPECT_EQ(checkDocSummary("cuda-nonexistent"), "");
}

} // namespace

namespace {

// The registry and the pages agree, and each page states the check's
// severity and the options the check reads, with their defaults.
TEST(CheckDocsTest, RegisteredChecksAndPagesAgree) {
  std::vector<StringRef> Registered;
  for (const std::unique_ptr<Check> &C : allChecks()) {
    SCOPED_TRACE(C->name().str());
    Registered.push_back(C->name());
    StringRef Page = checkDocumentation(C->name());
    ASSERT_FALSE(Page.empty());
    EXPECT_TRUE(Page.contains(C->severity() == Severity::Error
                                  ? "Severity: **error**."
                                  : "Severity: **warning**."));
    StringRef Options = Page.substr(Page.find("\n## Options\n"));
    if (C->options().empty()) {
      EXPECT_TRUE(Options.starts_with("\n## Options\n\nNone."));
    }
    for (const CheckOptionSpec &O : C->options()) {
      // "- `MinOccupancy` (default 0.5)"
      std::string Line =
          ("- `" + O.Name + "` (default " + O.defaultText() + ")").str();
      EXPECT_TRUE(Options.contains(Line)) << Line;
    }
  }
  llvm::sort(Registered);
  EXPECT_EQ(documentedChecks(), Registered);
}

} // namespace
