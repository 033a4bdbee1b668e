//===- LspProtocolTest.cpp - Positions, edits and frames ------------------===//
//
// What the server adds to the LSP support library (LspProtocol.h): LSP
// positions count UTF-16 code units, incremental edits, and the reading of
// frames.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Lsp/LspProtocol.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstring>

using namespace llvm;

namespace cudalint {
namespace {

lsp::TextDocumentContentChangeEvent change(int L0, int C0, int L1, int C1,
                                           std::string Text) {
  lsp::TextDocumentContentChangeEvent E;
  E.range = lsp::Range(lsp::Position(L0, C0), lsp::Position(L1, C1));
  E.text = std::move(Text);
  return E;
}

TEST(LspProtocolTest, PositionsCountUtf16CodeUnits) {
  // "é" is 2 bytes and 1 unit; "😀" (U+1F600) 4 bytes and 2 units.
  std::string Text = "a\xC3\xA9"
                     "b\n\xF0\x9F\x98\x80x = 1;\n";
  TextIndex Index(Text);
  EXPECT_EQ(Index.offset(lsp::Position(0, 2)), 3u); // after "é"
  EXPECT_EQ(Index.offset(lsp::Position(1, 2)), 5u + 4u);
  lsp::Position P = Index.position(5 + 4); // the 'x'
  EXPECT_EQ(P.line, 1);
  EXPECT_EQ(P.character, 2);
  // Past the last line: none; past a line's end: clamped to it.
  EXPECT_FALSE(Index.offset(lsp::Position(3, 0)));
  EXPECT_EQ(Index.offset(lsp::Position(0, 40)), 4u);
  // A finding's range is the identifier at its 1-based byte column.
  lsp::Range R = Index.tokenAt(2, 5);
  EXPECT_EQ(R.start.character, 2);
  EXPECT_EQ(R.end.character, 3);
}

TEST(LspProtocolTest, IncrementalChangesApplyInOrder) {
  std::string Text = "int a = 1;\nint b = 2;\n";
  EXPECT_TRUE(applyChange(Text, change(1, 8, 1, 9, "2048")));
  EXPECT_EQ(Text, "int a = 1;\nint b = 2048;\n");
  // An insertion at the end of the text, on the line after the last '\n'.
  EXPECT_TRUE(applyChange(Text, change(2, 0, 2, 0, "// end\n")));
  EXPECT_EQ(Text, "int a = 1;\nint b = 2048;\n// end\n");
  // A range outside the text changes nothing.
  EXPECT_FALSE(applyChange(Text, change(9, 0, 9, 1, "x")));
  EXPECT_FALSE(applyChange(Text, change(1, 4, 0, 0, "x"))); // reversed
  EXPECT_EQ(Text, "int a = 1;\nint b = 2048;\n// end\n");
  // Without a range, the whole text.
  lsp::TextDocumentContentChangeEvent Whole;
  Whole.text = "new";
  EXPECT_TRUE(applyChange(Text, Whole));
  EXPECT_EQ(Text, "new");
}

bool isJson(StringRef Text) {
  Expected<json::Value> V = json::parse(Text);
  if (!V) {
    consumeError(V.takeError());
    return false;
  }
  return true;
}

/// The messages readMessage finds in Input, in order.
std::vector<std::string> framesOf(const std::string &Input, bool Delimited) {
  std::FILE *In = std::tmpfile();
  std::fwrite(Input.data(), 1, Input.size(), In);
  std::rewind(In);
  std::vector<std::string> Messages;
  for (std::string M; readMessage(In, Delimited, M);)
    Messages.push_back(M);
  std::fclose(In);
  return Messages;
}

TEST(LspProtocolTest, FramesAreReadAndABadOneIsNotJson) {
  std::vector<std::string> M = framesOf("Content-Length: 2\r\n\r\n{}"
                                        "Content-Type: x\r\n\r\n"
                                        "content-length: 4\r\n\r\nnull",
                                        /*Delimited=*/false);
  ASSERT_EQ(M.size(), 3u);
  EXPECT_EQ(M[0], "{}");
  EXPECT_FALSE(isJson(M[1])) << M[1];
  EXPECT_EQ(M[2], "null");

  M = framesOf("# a comment\n{\"a\":\n1}\n---\n[]\n", /*Delimited=*/true);
  ASSERT_EQ(M.size(), 2u);
  EXPECT_EQ(M[0], "{\"a\":\n1}\n");
  EXPECT_EQ(M[1], "[]\n");
}

} // namespace
} // namespace cudalint
