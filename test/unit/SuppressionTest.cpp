//===- SuppressionTest.cpp - NOLINT forms ---------------------------------===//

#include "cudalint/Lint/Suppression.h"
#include "cudalint/Lint/GlobList.h"
#include "cudalint/Lint/LintPolicy.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "ScratchDirTest.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace llvm;

namespace {

constexpr StringLiteral Bounds = "cuda-launch-bounds-exceeded";
constexpr StringLiteral Warp = "cuda-block-size-not-warp-multiple";
constexpr StringLiteral Occ = "cuda-occupancy-limited";

TEST(GlobListTest, ClangTidySemantics) {
  GlobList G("-*, cuda-occupancy-* ,\n cuda-tail-effect");
  EXPECT_TRUE(G.contains("cuda-occupancy-limited"));
  EXPECT_TRUE(G.contains("cuda-tail-effect"));
  EXPECT_FALSE(G.contains("cuda-block-size-invalid"));
  GlobList Last("cuda-*,-cuda-tail-effect");
  EXPECT_TRUE(Last.contains("cuda-grid-size-invalid"));
  EXPECT_FALSE(Last.contains("cuda-tail-effect"));
  EXPECT_FALSE(GlobList("").contains("cuda-tail-effect"));
  EXPECT_TRUE(GlobList("").empty());
  EXPECT_FALSE(GlobList("cuda-*", /*KeepNegativeGlobs=*/false).empty());
  // Negative items dropped: "-x" alone holds nothing positive.
  EXPECT_FALSE(GlobList("-*", false).contains("cuda-tail-effect"));
  EXPECT_TRUE(
      GlobList("cuda-*,-cuda-tail-effect", false).contains("cuda-tail-effect"));
  // Only '*' is special; the match is anchored at both ends.
  EXPECT_FALSE(GlobList("cuda-block").contains("cuda-block-size-invalid"));
  EXPECT_TRUE(GlobList("*invalid").contains("cuda-block-size-invalid"));
  EXPECT_TRUE(GlobList("cuda-*-size-*").contains("cuda-grid-size-invalid"));
  EXPECT_FALSE(
      GlobList("cuda-?rid-size-invalid").contains("cuda-grid-size-invalid"));
  EXPECT_TRUE(GlobList("cuda-.rid*").contains("cuda-.rid"));
  EXPECT_FALSE(GlobList("cuda-.rid*").contains("cuda-grid"));
}

TEST(NoLintTest, BareNoLintSuppressesEveryCheckOnItsLineOnly) {
  NoLintMap M("f.cu", "k<<<1, 33>>>(); // NOLINT\nk<<<1, 33>>>();\n");
  EXPECT_TRUE(M.suppresses(Warp, 1, 1));
  EXPECT_TRUE(M.suppresses(Bounds, 1, 5));
  EXPECT_FALSE(M.suppresses(Warp, 2, 1));
  EXPECT_TRUE(M.unmatchedDirectives().empty());
}

TEST(NoLintTest, CheckListsAndGlobs) {
  NoLintMap M("f.cu", "a(); // NOLINT(cuda-block-size-not-warp-multiple)\n"
                      "b(); // NOLINT( cuda-occupancy-limited ,  "
                      "cuda-launch-bounds-exceeded )\n"
                      "c(); // NOLINT(cuda-occupancy-*)\n"
                      "d(); // NOLINT(*)\n"
                      "e(); // NOLINT(some-other-check)\n");
  EXPECT_TRUE(M.suppresses(Warp, 1, 1));
  EXPECT_FALSE(M.suppresses(Bounds, 1, 1));
  EXPECT_TRUE(M.suppresses(Occ, 2, 1));
  EXPECT_TRUE(M.suppresses(Bounds, 2, 1));
  EXPECT_FALSE(M.suppresses(Warp, 2, 1));
  EXPECT_TRUE(M.suppresses(Occ, 3, 1));
  EXPECT_FALSE(M.suppresses(Bounds, 3, 1));
  EXPECT_TRUE(M.suppresses(Bounds, 4, 1));
  EXPECT_FALSE(M.suppresses(Bounds, 5, 1));
}

TEST(NoLintTest, EmptyListNegativeGlobsAndUnclosedList) {
  NoLintMap M("f.cu", "a(); // NOLINT()\n"
                      "b(); // NOLINT(-cuda-launch-bounds-exceeded)\n"
                      "c(); // NOLINT(cuda-*,-cuda-launch-bounds-exceeded)\n"
                      "d(); // NOLINT(cuda-occupancy-limited\n"
                      "e(); // NOLINT without-brackets, another-check\n");
  EXPECT_FALSE(M.suppresses(Bounds, 1, 1)); // NOLINT() suppresses nothing
  EXPECT_FALSE(M.suppresses(Bounds, 2, 1)); // negative items are ignored
  EXPECT_TRUE(M.suppresses(Bounds, 3, 1));  // ... even after a positive one
  EXPECT_TRUE(M.suppresses(Bounds, 4, 1));  // unclosed list: every check
  EXPECT_TRUE(M.suppresses(Bounds, 5, 1));  // text after a space: every check
}

TEST(NoLintTest, DirectiveSpellings) {
  NoLintMap M("f.cu", "a(); // nolint\n"
                      "b(); // NOLINTFOO\n"
                      "c(); // NOLINT (cuda-occupancy-limited)\n"
                      "d(); /* NOLINT(cuda-launch-bounds-exceeded) */\n"
                      "e(); // NOLINT2\n");
  EXPECT_FALSE(M.suppresses(Bounds, 1, 1)); // case matters
  EXPECT_FALSE(M.suppresses(Bounds, 2, 1)); // not a directive
  // A blank before '(' ends the directive: it is a bare NOLINT.
  EXPECT_TRUE(M.suppresses(Bounds, 3, 1));
  EXPECT_TRUE(M.suppresses(Bounds, 4, 1)); // block comments too
  EXPECT_FALSE(M.suppresses(Occ, 4, 1));
  EXPECT_TRUE(M.suppresses(Bounds, 5, 1)); // a digit ends the word
}

TEST(NoLintTest, NextLine) {
  NoLintMap M("f.cu", "// NOLINTNEXTLINE\n"
                      "a();\n"
                      "b();\n"
                      "// NOLINTNEXTLINE(cuda-occupancy-*, cuda-tail-effect)\n"
                      "c(); // the line with the launch\n"
                      "d(); // NOLINTNEXTLINE\n");
  EXPECT_FALSE(M.suppresses(Bounds, 1, 1)); // not its own line
  EXPECT_TRUE(M.suppresses(Bounds, 2, 1));
  EXPECT_FALSE(M.suppresses(Bounds, 3, 1)); // one line only
  EXPECT_TRUE(M.suppresses(Occ, 5, 1));
  EXPECT_TRUE(M.suppresses("cuda-tail-effect", 5, 1));
  EXPECT_FALSE(M.suppresses(Bounds, 5, 1));
  EXPECT_FALSE(M.suppresses(Bounds, 6, 1)); // NOLINTNEXTLINE is not NOLINT
  EXPECT_TRUE(M.suppresses(Bounds, 7, 1));  // the (empty) line after it
  EXPECT_FALSE(M.suppresses(Bounds, 8, 1)); // past the end of the text
  EXPECT_FALSE(M.suppresses(Bounds, 0, 1));
}

TEST(NoLintTest, BeginEndBlocks) {
  NoLintMap M("f.cu", "a();\n"                                   // 1
                      "// NOLINTBEGIN(cuda-occupancy-limited)\n" // 2
                      "b();\n"                                   // 3
                      "// NOLINTBEGIN\n"                         // 4
                      "c();\n"                                   // 5
                      "// NOLINTEND\n"                           // 6
                      "d();\n"                                   // 7
                      "// NOLINTEND(cuda-occupancy-limited)\n"   // 8
                      "e();\n");                                 // 9
  EXPECT_FALSE(M.suppresses(Occ, 1, 1));
  EXPECT_TRUE(M.suppresses(Occ, 3, 1));
  EXPECT_FALSE(M.suppresses(Bounds, 3, 1));
  EXPECT_TRUE(M.suppresses(Bounds, 5, 1)); // the inner, bare block
  EXPECT_TRUE(M.suppresses(Occ, 7, 1));
  EXPECT_FALSE(M.suppresses(Bounds, 7, 1));
  EXPECT_FALSE(M.suppresses(Occ, 9, 1));
  EXPECT_TRUE(M.unmatchedDirectives().empty());
}

TEST(NoLintTest, BlockBoundariesAreByteOffsets) {
  // Text before the BEGIN on its line is outside the block, text after it
  // inside; the same for END.
  NoLintMap M("f.cu", "a(); /* NOLINTBEGIN */ b();\n"
                      "c(); /* NOLINTEND */ d();\n");
  EXPECT_FALSE(M.suppresses(Bounds, 1, 1));
  EXPECT_TRUE(M.suppresses(Bounds, 1, 24));
  EXPECT_TRUE(M.suppresses(Bounds, 2, 1));
  EXPECT_FALSE(M.suppresses(Bounds, 2, 22));
}

TEST(NoLintTest, CheckListsOfBeginAndEndMustAgree) {
  // Blanks do not matter; order and content do.
  NoLintMap Same("f.cu",
                 "// NOLINTBEGIN(cuda-tail-effect, cuda-occupancy-limited)\n"
                 "a();\n"
                 "// NOLINTEND( cuda-tail-effect,cuda-occupancy-limited )\n");
  EXPECT_TRUE(Same.suppresses(Occ, 2, 1));
  EXPECT_TRUE(Same.unmatchedDirectives().empty());

  NoLintMap Other("f.cu", "// NOLINTBEGIN(cuda-occupancy-limited)\n"
                          "a();\n"
                          "// NOLINTEND(cuda-tail-effect)\n");
  EXPECT_FALSE(Other.suppresses(Occ, 2, 1));
  ASSERT_EQ(Other.unmatchedDirectives().size(), 2u);
  const Diagnostic &Begin = Other.unmatchedDirectives()[0];
  EXPECT_EQ(Begin.Check, NoLintDiagnosticName);
  EXPECT_EQ(Begin.Sev, Severity::Error);
  EXPECT_EQ(Begin.Loc.File, "f.cu");
  EXPECT_EQ(Begin.Loc.Line, 1u);
  EXPECT_EQ(Begin.Loc.Column, 4u);
  EXPECT_EQ(Begin.Message, "unmatched 'NOLINTBEGIN' comment without a "
                           "subsequent 'NOLINTEND' comment");
  const Diagnostic &End = Other.unmatchedDirectives()[1];
  EXPECT_EQ(End.Loc.Line, 3u);
  EXPECT_EQ(End.Message, "unmatched 'NOLINTEND' comment without a previous "
                         "'NOLINTBEGIN' comment");
}

TEST(NoLintTest, UnmatchedBeginOrEndSuppressesNothing) {
  NoLintMap Begin("f.cu", "a();\n// NOLINTBEGIN\nb();\n");
  EXPECT_FALSE(Begin.suppresses(Bounds, 3, 1));
  ASSERT_EQ(Begin.unmatchedDirectives().size(), 1u);
  EXPECT_EQ(Begin.unmatchedDirectives()[0].Loc.Line, 2u);

  NoLintMap End("f.cu", "a();\n// NOLINTEND\nb();\n");
  EXPECT_FALSE(End.suppresses(Bounds, 1, 1));
  ASSERT_EQ(End.unmatchedDirectives().size(), 1u);
  EXPECT_EQ(End.unmatchedDirectives()[0].Loc.Line, 2u);

  // A stray END does not break a later, well-formed block.
  NoLintMap Later("f.cu", "// NOLINTEND\n// NOLINTBEGIN\na();\n// NOLINTEND\n");
  EXPECT_TRUE(Later.suppresses(Bounds, 3, 1));
  EXPECT_EQ(Later.unmatchedDirectives().size(), 1u);
}

TEST(NoLintTest, WindowsLineEndings) {
  NoLintMap M("f.cu", "// NOLINTNEXTLINE(cuda-occupancy-limited)\r\n"
                      "a();\r\n"
                      "b(); // NOLINT(cuda-launch-bounds-exceeded)\r\n");
  EXPECT_TRUE(M.suppresses(Occ, 2, 1));
  EXPECT_TRUE(M.suppresses(Bounds, 3, 1));
  EXPECT_FALSE(M.suppresses(Occ, 3, 1));
}

Diagnostic diag(StringRef Check, StringRef File, unsigned Line,
                unsigned Column = 1) {
  Diagnostic D;
  D.Check = Check.str();
  D.Loc.File = File.str();
  D.Loc.Line = Line;
  D.Loc.Column = Column;
  D.Message = "m";
  return D;
}

class NoLintFilterTest : public test::ScratchDirTest {};

TEST_F(NoLintFilterTest, ReadsFilesAndRemovesSuppressed) {
  std::string A = write("a.cu", "k<<<1, 33>>>(); // NOLINT(cuda-block-size-*)\n"
                                "k<<<1, 33>>>();\n"
                                "// NOLINTBEGIN\n");
  std::string B = write("b.cu", "// NOLINTEND\n");
  std::vector<Diagnostic> Diags = {diag(Warp, A, 1),
                                   diag(Bounds, A, 1),
                                   diag(Warp, A, 2),
                                   diag(Warp, B, 1),
                                   diag(Warp, (Dir + "/missing.cu").str(), 1),
                                   diag(Warp, "", 0)};
  NoLintFilter F;
  EXPECT_EQ(F.removeSuppressed(Diags), 1u);
  ASSERT_EQ(Diags.size(), 5u);
  EXPECT_EQ(Diags[0].Check, Bounds);
  EXPECT_EQ(Diags[1].Loc.Line, 2u);
  std::vector<Diagnostic> Unmatched = F.unmatchedDirectives();
  ASSERT_EQ(Unmatched.size(), 2u);
  EXPECT_EQ(Unmatched[0].Loc.File, A);
  EXPECT_EQ(Unmatched[0].Loc.Line, 3u);
  EXPECT_EQ(Unmatched[1].Loc.File, B);
}

TEST_F(NoLintFilterTest, UnreadableFileSuppressesNothing) {
  NoLintFilter F;
  EXPECT_FALSE(F.isSuppressed(diag(Warp, (Dir + "/none.cu").str(), 1)));
  EXPECT_FALSE(F.isSuppressed(diag(Warp, Dir.str(), 1))); // a directory
  EXPECT_TRUE(F.unmatchedDirectives().empty());
}

TEST_F(NoLintFilterTest, FileIsReadOnceAndContentsCanBeGiven) {
  std::string A = write("a.cu", "k(); // NOLINT\n");
  NoLintFilter F;
  EXPECT_TRUE(F.isSuppressed(diag(Warp, A, 1)));
  write("a.cu", "k();\n"); // the cached directives stay
  EXPECT_TRUE(F.isSuppressed(diag(Warp, A, 1)));
  F.setFileContents(A, "k();\n");
  EXPECT_FALSE(F.isSuppressed(diag(Warp, A, 1)));
  F.setFileContents("/virtual.cu",
                    "\n// NOLINTNEXTLINE(cuda-occupancy-limited)\nk();\n");
  EXPECT_TRUE(F.isSuppressed(diag(Occ, "/virtual.cu", 3)));
  EXPECT_FALSE(F.isSuppressed(diag(Warp, "/virtual.cu", 3)));
}

// The language server's unsaved buffer: its NOLINT counts, the file on
// disk's does not.
TEST_F(NoLintFilterTest, PolicyReadsUnsavedBuffers) {
  std::string A = write("a.cu", "k(); // NOLINT\n");
  std::vector<Diagnostic> Diags = {diag(Warp, A, 1)};
  LintPolicy P;
  applyLintPolicy(P, {}, Diags, {{A, "k();\n"}});
  EXPECT_EQ(Diags.size(), 1u);
  applyLintPolicy(P, {}, Diags, {});
  EXPECT_TRUE(Diags.empty());
  Diags = {diag(Warp, "/unsaved.cu", 1)};
  applyLintPolicy(P, {}, Diags,
                  {{"/unsaved.cu", "k(); // NOLINT(cuda-block-size-*)\n"}});
  EXPECT_TRUE(Diags.empty());
}

} // namespace
