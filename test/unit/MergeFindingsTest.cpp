//===- MergeFindingsTest.cpp - One finding per source site ----------------===//
//
// mergeArchs (LintPolicy.h): findings that differ only in the arch are one
// finding naming every arch; findings of a template's instances at one
// launch that differ only in the kernel are one finding naming the others.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Lint/LintPolicy.h"

#include "gtest/gtest.h"

using namespace cudalint;

namespace {

Diagnostic finding(const std::string &Kernel, const std::string &Arch,
                   unsigned Line = 10, const std::string &Limit = "65535") {
  Diagnostic D;
  D.Check = "cuda-launch-size-unbounded";
  D.Loc.File = "a.cu";
  D.Loc.Line = Line;
  D.Loc.Column = 3;
  D.Arch = Arch;
  D.Kernel = Kernel;
  D.Message = "grid y of '" + Kernel + "' passes " + Limit + " on " + Arch;
  DiagnosticNote Declared;
  Declared.Loc.File = "a.cu";
  Declared.Loc.Line = 2;
  Declared.Message = "kernel '" + Kernel + "' declared here";
  D.Notes.push_back(std::move(Declared));
  return D;
}

TEST(MergeFindingsTest, ArchsThenInstancesOfOneLaunch) {
  std::vector<Diagnostic> Merged =
      mergeArchs({finding("k<float>", "sm_80"), finding("k<float>", "sm_90"),
                  finding("k<double>", "sm_80"), finding("k<double>", "sm_90"),
                  finding("k<int>", "sm_80"), finding("k<int>", "sm_90")});
  ASSERT_EQ(Merged.size(), 1u);
  const Diagnostic &D = Merged[0];
  EXPECT_EQ(D.Arch, "sm_80, sm_90");
  EXPECT_EQ(D.Message, "grid y of 'k<float>' passes 65535 on sm_80, sm_90");
  ASSERT_EQ(D.Notes.size(), 2u);
  EXPECT_EQ(D.Notes[0].Message, "kernel 'k<float>' declared here");
  EXPECT_EQ(D.Notes[1].Message, "the same for 2 other instances of this "
                                "launch: 'k<double>', 'k<int>'");
}

TEST(MergeFindingsTest, OnlyWhatDiffersInTheKernelMerges) {
  std::vector<Diagnostic> Merged = mergeArchs(
      {finding("k<float>", "sm_80"), finding("k<double>", "sm_80", 10, "48"),
       finding("k<int>", "sm_80", 11), finding("k<char>", "sm_90")});
  // Another message, another line, another arch: four findings.
  ASSERT_EQ(Merged.size(), 4u);
  for (const Diagnostic &D : Merged)
    EXPECT_EQ(D.Notes.size(), 1u);
}

TEST(MergeFindingsTest, ManyInstancesAreCounted) {
  std::vector<Diagnostic> All;
  for (const char *T : {"a", "b", "c", "d", "e", "f"})
    All.push_back(finding(std::string("k<") + T + ">", "sm_80"));
  std::vector<Diagnostic> Merged = mergeArchs(All);
  ASSERT_EQ(Merged.size(), 1u);
  EXPECT_EQ(Merged[0].Notes.back().Message,
            "the same for 5 other instances of this launch: 'k<b>', 'k<c>', "
            "'k<d>' and 2 more");
}

} // namespace
