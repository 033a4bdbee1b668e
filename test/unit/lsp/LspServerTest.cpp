//===- LspServerTest.cpp - The language server, driven in-process ---------===//
//
// An editor's session against serveLsp (LspClient.h): initialize, a small
// CUDA buffer opened and edited, the diagnostics published for it, hover,
// code actions, malformed messages answered while the server goes on, and
// shutdown/exit with the statuses the protocol asks for. Device facts are
// off (--resource-usage=none): no toolkit compile is needed.
//
//===----------------------------------------------------------------------===//

#include "LspClient.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using cudalint::test::LspClient;

namespace cudalint {
namespace {

// Line 10 (0-based) launches 2000 threads per block (an error on every
// arch), line 11 a block of 100 (not a warp multiple, a warning).
constexpr StringLiteral Kernels = R"(// A small buffer for the server's tests.
constexpr int Wide = 2000;

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2;
}

void run(float *x, int n) {
  scale<<<n / 256, Wide>>>(x, n);
  scale<<<(n + 99) / 100, 100>>>(x, n);
}
)";

class LspServerTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("cudalint-lsp", Dir));
    File = Dir;
    sys::path::append(File, "kernels.cu");
    std::error_code EC;
    raw_fd_ostream(File, EC) << Kernels;
    ASSERT_FALSE(EC);
    Uri = "file://" + File.str().str();
  }
  void TearDown() override { sys::fs::remove_directories(Dir); }

  LspOptions options(bool Synchronous = true) {
    LspOptions O;
    O.Settings.FindConfig = true;
    O.Settings.ResourceUsage = "none";
    O.Synchronous = Synchronous;
    O.DocsDir = "/docs/checks";
    return O;
  }
  /// initialize and initialized; the initialize answer.
  json::Value initialize(LspClient &C) {
    C.request(0, "initialize", json::Object{{"capabilities", json::Object{}}});
    std::optional<json::Value> A = C.answerTo(0);
    C.notify("initialized", json::Object{});
    return A ? *A : json::Value(nullptr);
  }
  void open(LspClient &C, StringRef Text = Kernels) {
    C.notify("textDocument/didOpen",
             json::Object{{"textDocument", json::Object{{"uri", Uri},
                                                        {"languageId", "cuda"},
                                                        {"version", 1},
                                                        {"text", Text}}}});
  }
  json::Object position(int Line, int Character) {
    return json::Object{
        {"textDocument", json::Object{{"uri", Uri}}},
        {"position", json::Object{{"line", Line}, {"character", Character}}}};
  }
  /// shutdown, then exit; the server's exit status.
  int shutdown(LspClient &C, int64_t Id) {
    C.request(Id, "shutdown", nullptr);
    std::optional<json::Value> A = C.answerTo(Id);
    EXPECT_TRUE(A && A->getAsObject()->get("result") &&
                *A->getAsObject()->get("result") == nullptr);
    C.notify("exit", nullptr);
    return C.finish();
  }

  SmallString<128> Dir, File;
  std::string Uri;
};

/// The diagnostics of a publishDiagnostics notification.
const json::Array &diagnosticsOf(const json::Value &Published) {
  return *Published.getAsObject()->getObject("params")->getArray("diagnostics");
}

/// The codes of a publishDiagnostics notification, in order.
std::vector<std::string> codesOf(const json::Value &Published) {
  std::vector<std::string> Codes;
  for (const json::Value &D : diagnosticsOf(Published))
    Codes.push_back(D.getAsObject()->getString("code").value_or("").str());
  return Codes;
}

/// The answer's error object, copied: the answer is often a temporary.
std::optional<json::Object> errorOf(const std::optional<json::Value> &Answer) {
  const json::Object *E =
      Answer ? Answer->getAsObject()->getObject("error") : nullptr;
  if (!E)
    return std::nullopt;
  return *E;
}

TEST_F(LspServerTest, InitializeDeclaresWhatTheServerAnswers) {
  LspClient C(options());
  json::Value A = initialize(C);
  const json::Object *Result = A.getAsObject()->getObject("result");
  ASSERT_TRUE(Result);
  const json::Object *Caps = Result->getObject("capabilities");
  ASSERT_TRUE(Caps);
  EXPECT_EQ(Caps->getBoolean("hoverProvider"), true);
  EXPECT_TRUE(Caps->getObject("codeActionProvider"));
  EXPECT_EQ(Caps->getObject("textDocumentSync")->getInteger("change"), 2);
  // Inlay hints are offered only when asked for.
  EXPECT_FALSE(Caps->get("inlayHintProvider"));
  EXPECT_EQ(Result->getObject("serverInfo")->getString("name"),
            "cuda-launch-lint");
  EXPECT_EQ(shutdown(C, 1), 0);
}

TEST_F(LspServerTest, OpenedBufferGetsItsFindingsPublished) {
  LspClient C(options());
  initialize(C);
  open(C);
  std::optional<json::Value> P =
      C.notification("textDocument/publishDiagnostics");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->getAsObject()->getObject("params")->getString("uri"), Uri);
  EXPECT_EQ(P->getAsObject()->getObject("params")->getInteger("version"), 1);
  std::vector<std::string> Codes = codesOf(*P);
  ASSERT_GE(Codes.size(), 2u);
  EXPECT_EQ(Codes[0], "cuda-block-size-invalid");
  EXPECT_EQ(Codes[1], "cuda-block-size-not-warp-multiple");

  const json::Object &Invalid = *diagnosticsOf(*P)[0].getAsObject();
  EXPECT_EQ(Invalid.getInteger("severity"), 1); // an error
  EXPECT_EQ(Invalid.getString("source"), "cuda-launch-lint");
  const json::Object *Start = Invalid.getObject("range")->getObject("start");
  EXPECT_EQ(Start->getInteger("line"), 10);
  EXPECT_EQ(Start->getInteger("character"), 2);
  EXPECT_EQ(Invalid.getObject("codeDescription")->getString("href"),
            "file:///docs/checks/cuda-block-size-invalid.md");
  EXPECT_NE(Invalid.getString("message")->find("2000"), StringRef::npos);
  EXPECT_EQ(diagnosticsOf(*P)[1].getAsObject()->getInteger("severity"), 2);
  // No silent pass: the unknown grids are information at their launches.
  EXPECT_EQ(llvm::count(Codes, "cuda-launch-lint-unchecked"), 2);
  EXPECT_EQ(shutdown(C, 1), 0);
}

TEST_F(LspServerTest, HoverShowsTheLaunchValuesAndNothingElsewhere) {
  LspClient C(options());
  initialize(C);
  open(C);
  C.request(1, "textDocument/hover", position(10, 4));
  std::optional<json::Value> A = C.answerTo(1);
  ASSERT_TRUE(A);
  const json::Object *Contents =
      A->getAsObject()->getObject("result")->getObject("contents");
  ASSERT_TRUE(Contents);
  EXPECT_EQ(Contents->getString("kind"), "markdown");
  StringRef Text = *Contents->getString("value");
  EXPECT_TRUE(Text.starts_with("**launch of `scale`**")) << Text.str();
  EXPECT_NE(Text.find("block.x = 2000 from constant 'Wide'"), StringRef::npos)
      << Text.str();

  C.request(2, "textDocument/hover", position(2, 0)); // an empty line
  A = C.answerTo(2);
  ASSERT_TRUE(A);
  EXPECT_EQ(*A->getAsObject()->get("result"), nullptr);
  EXPECT_EQ(shutdown(C, 3), 0);
}

TEST_F(LspServerTest, CodeActionSuppressesAFindingWithNolint) {
  LspClient C(options());
  initialize(C);
  open(C);
  json::Object Range{{"start", json::Object{{"line", 10}, {"character", 0}}},
                     {"end", json::Object{{"line", 10}, {"character", 0}}}};
  C.request(
      1, "textDocument/codeAction",
      json::Object{{"textDocument", json::Object{{"uri", Uri}}},
                   {"range", std::move(Range)},
                   {"context", json::Object{{"diagnostics", json::Array{}}}}});
  std::optional<json::Value> A = C.answerTo(1);
  ASSERT_TRUE(A);
  const json::Array *Actions = A->getAsObject()->getArray("result");
  ASSERT_TRUE(Actions);
  ASSERT_EQ(Actions->size(), 1u);
  const json::Object &Fix = *(*Actions)[0].getAsObject();
  EXPECT_EQ(Fix.getString("kind"), "quickfix");
  EXPECT_EQ(Fix.getString("title"),
            "Suppress cuda-block-size-invalid on this line (NOLINT)");
  const json::Array *Edits =
      Fix.getObject("edit")->getObject("changes")->getArray(Uri);
  ASSERT_TRUE(Edits);
  ASSERT_EQ(Edits->size(), 1u);
  const json::Object &Edit = *(*Edits)[0].getAsObject();
  EXPECT_EQ(Edit.getString("newText"), " // NOLINT(cuda-block-size-invalid)");
  // At the end of the launch's line.
  const json::Object *At = Edit.getObject("range")->getObject("start");
  EXPECT_EQ(At->getInteger("line"), 10);
  EXPECT_EQ(At->getInteger("character"), 33);
  EXPECT_EQ(shutdown(C, 2), 0);
}

TEST_F(LspServerTest, AnEditIsAnalysedFromTheUnsavedBuffer) {
  LspClient C(options());
  initialize(C);
  open(C);
  ASSERT_TRUE(C.notification("textDocument/publishDiagnostics"));
  // Wide = 2000 becomes 1024 in the buffer only: the error goes.
  json::Object Range{{"start", json::Object{{"line", 1}, {"character", 21}}},
                     {"end", json::Object{{"line", 1}, {"character", 25}}}};
  C.notify(
      "textDocument/didChange",
      json::Object{{"textDocument", json::Object{{"uri", Uri}, {"version", 2}}},
                   {"contentChanges",
                    json::Array{json::Object{{"range", std::move(Range)},
                                             {"text", "1024"}}}}});
  std::optional<json::Value> P =
      C.notification("textDocument/publishDiagnostics");
  ASSERT_TRUE(P);
  EXPECT_EQ(P->getAsObject()->getObject("params")->getInteger("version"), 2);
  std::vector<std::string> Codes = codesOf(*P);
  EXPECT_EQ(llvm::count(Codes, "cuda-block-size-invalid"), 0);
  EXPECT_EQ(llvm::count(Codes, "cuda-block-size-not-warp-multiple"), 1);

  // Closing clears the document's diagnostics.
  C.notify("textDocument/didClose",
           json::Object{{"textDocument", json::Object{{"uri", Uri}}}});
  P = C.notification("textDocument/publishDiagnostics");
  ASSERT_TRUE(P);
  EXPECT_TRUE(diagnosticsOf(*P).empty());
  EXPECT_EQ(shutdown(C, 1), 0);
}

TEST_F(LspServerTest, MalformedMessagesAreAnsweredAndTheServerGoesOn) {
  LspClient C(options());
  // Before initialize, a request is refused.
  C.request(7, "textDocument/hover", position(0, 0));
  std::optional<json::Object> E = errorOf(C.answerTo(7));
  ASSERT_TRUE(E);
  EXPECT_EQ(E->getInteger("code"), -32002);

  initialize(C);
  // A frame that is not JSON: a parse error without an id.
  C.sendFrame(R"({"jsonrpc":"2.0","id":1,"method":)");
  std::optional<json::Value> A = C.waitFor(
      [](const json::Object &O) { return O.getObject("error") != nullptr; });
  ASSERT_TRUE(A);
  EXPECT_EQ(A->getAsObject()->getObject("error")->getInteger("code"), -32700);
  EXPECT_EQ(*A->getAsObject()->get("id"), nullptr);
  // A frame without a Content-Length: also a parse error.
  C.sendRaw("Content-Type: nothing\r\n\r\n");
  A = C.waitFor(
      [](const json::Object &O) { return O.getObject("error") != nullptr; });
  ASSERT_TRUE(A);
  EXPECT_EQ(A->getAsObject()->getObject("error")->getInteger("code"), -32700);
  // JSON, but not JSON-RPC 2.0.
  C.send(json::Object{{"id", 2}, {"method", "textDocument/hover"}});
  E = errorOf(C.answerTo(2));
  ASSERT_TRUE(E);
  EXPECT_EQ(E->getInteger("code"), -32600);
  // An unknown method, and parameters of the wrong shape.
  C.request(3, "textDocument/frobnicate", json::Object{});
  E = errorOf(C.answerTo(3));
  ASSERT_TRUE(E);
  EXPECT_EQ(E->getInteger("code"), -32601);
  C.request(4, "textDocument/hover",
            json::Object{{"textDocument", json::Object{{"uri", Uri}}},
                         {"position", "here"}});
  E = errorOf(C.answerTo(4));
  ASSERT_TRUE(E);
  EXPECT_EQ(E->getInteger("code"), -32602);
  // A document that is not open.
  C.request(5, "textDocument/hover", position(0, 0));
  E = errorOf(C.answerTo(5));
  ASSERT_TRUE(E);
  EXPECT_EQ(E->getInteger("code"), -32602);

  // Still serving: a buffer opened now is analysed.
  open(C);
  std::optional<json::Value> P =
      C.notification("textDocument/publishDiagnostics");
  ASSERT_TRUE(P);
  EXPECT_EQ(codesOf(*P).front(), "cuda-block-size-invalid");
  EXPECT_EQ(shutdown(C, 6), 0);
}

TEST_F(LspServerTest, ExitStatusFollowsTheProtocol) {
  {
    // exit without shutdown: 1.
    LspClient C(options());
    initialize(C);
    C.notify("exit", nullptr);
    EXPECT_EQ(C.finish(), 1);
  }
  {
    // The input ends without exit: 1.
    LspClient C(options());
    initialize(C);
    EXPECT_EQ(C.finish(), 1);
  }
  {
    // After shutdown, requests are refused; exit then gives 0.
    LspClient C(options());
    initialize(C);
    C.request(1, "shutdown", nullptr);
    ASSERT_TRUE(C.answerTo(1));
    C.request(2, "textDocument/hover", position(0, 0));
    std::optional<json::Object> E = errorOf(C.answerTo(2));
    ASSERT_TRUE(E);
    EXPECT_EQ(E->getInteger("code"), -32600);
    C.notify("exit", nullptr);
    EXPECT_EQ(C.finish(), 0);
  }
}

// The editor's mode: analyses in their own thread, debounced. A hover sent
// right after didOpen waits for the analysis of that text.
TEST_F(LspServerTest, WorkerThreadsPublishAndAnswerWhenTheAnalysisIsDone) {
  LspOptions O = options(/*Synchronous=*/false);
  O.DebounceMs = 0;
  LspClient C(std::move(O));
  initialize(C);
  open(C);
  C.request(1, "textDocument/hover", position(11, 4));
  std::optional<json::Value> A = C.answerTo(1);
  ASSERT_TRUE(A);
  StringRef Text = *A->getAsObject()
                        ->getObject("result")
                        ->getObject("contents")
                        ->getString("value");
  EXPECT_NE(Text.find("block 100x1x1"), StringRef::npos) << Text.str();
  // The buffer's findings were published before the answer.
  bool Published = llvm::any_of(C.Seen, [](const json::Value &V) {
    return V.getAsObject()->getString("method") ==
           "textDocument/publishDiagnostics";
  });
  EXPECT_TRUE(Published);
  EXPECT_EQ(shutdown(C, 2), 0);
}

TEST(LspOptionsTest, ParsesTheCommandLine) {
  Expected<LspOptions> O = parseLspOptions(
      {"--lit-test", "--arch=sm_80", "--checks=cuda-*", "--debounce-ms=5"});
  ASSERT_TRUE(bool(O)) << toString(O.takeError());
  EXPECT_TRUE(O->Synchronous && O->DelimitedInput && O->PrettyOutput);
  EXPECT_EQ(O->Settings.Archs, "sm_80");
  EXPECT_EQ(O->Settings.Checks, "cuda-*");
  EXPECT_EQ(O->DebounceMs, 5u);
  EXPECT_TRUE(O->Settings.FindConfig);

  Expected<LspOptions> Bad = parseLspOptions({"--frobnicate"});
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(toString(Bad.takeError()),
            "lsp: unknown option '--frobnicate' (see 'cuda-launch-lint lsp "
            "--help')");
  Bad = parseLspOptions({"--arch"});
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(toString(Bad.takeError()),
            "lsp: --arch needs a value (--arch=...)");
  Bad = parseLspOptions({"--debounce-ms=soon"});
  ASSERT_FALSE(bool(Bad));
  EXPECT_EQ(toString(Bad.takeError()),
            "lsp: --debounce-ms: 'soon' is not a number");
}

// --config (the VS Code extension's "config file" setting): one file for
// every buffer instead of the nearest .cuda-launch-lint.yaml, given as an
// absolute path; a missing one is refused before serving.
TEST_F(LspServerTest, ConfigOptionAppliesOneFileToEveryBuffer) {
  SmallString<128> Config(Dir);
  sys::path::append(Config, "only-invalid.yaml");
  {
    std::error_code EC;
    raw_fd_ostream(Config, EC) << "Checks: '-*,cuda-block-size-invalid'\n";
    ASSERT_FALSE(EC);
  }
  std::string Arg = ("--config=" + Config).str();
  Expected<LspOptions> Parsed = parseLspOptions({Arg});
  ASSERT_TRUE(bool(Parsed)) << toString(Parsed.takeError());
  EXPECT_EQ(Parsed->Settings.ConfigFile, Config.str().str());
  EXPECT_FALSE(bool(checkLspSettings(*Parsed, Dir)));

  LspOptions O = options();
  O.Settings.ConfigFile = Parsed->Settings.ConfigFile;
  LspClient C(O);
  initialize(C);
  open(C);
  std::optional<json::Value> P =
      C.notification("textDocument/publishDiagnostics");
  ASSERT_TRUE(P);
  std::vector<std::string> Codes = codesOf(*P);
  EXPECT_EQ(llvm::count(Codes, "cuda-block-size-invalid"), 1);
  EXPECT_EQ(llvm::count(Codes, "cuda-block-size-not-warp-multiple"), 0);
  EXPECT_EQ(shutdown(C, 1), 0);

  SmallString<128> Missing(Dir);
  sys::path::append(Missing, "missing.yaml");
  Parsed = parseLspOptions({("--config=" + Missing).str()});
  ASSERT_TRUE(bool(Parsed));
  Error Refused = checkLspSettings(*Parsed, Dir);
  EXPECT_TRUE(bool(Refused));
  consumeError(std::move(Refused));
  Expected<LspOptions> Empty = parseLspOptions({"--config="});
  ASSERT_FALSE(bool(Empty));
  EXPECT_EQ(toString(Empty.takeError()),
            "lsp: --config needs a value (--config=...)");
}

TEST(LspOptionsTest, ABadSettingIsRefusedBeforeServing) {
  Expected<LspOptions> O = parseLspOptions({"--arch=sm_1"});
  ASSERT_TRUE(bool(O));
  Error E = checkLspSettings(*O, "/");
  ASSERT_TRUE(bool(E));
  EXPECT_TRUE(StringRef(toString(std::move(E))).starts_with("lsp: --arch"));
  O = parseLspOptions({"--arch=sm_80"});
  ASSERT_TRUE(bool(O));
  EXPECT_FALSE(bool(checkLspSettings(*O, "/")));
}

} // namespace
} // namespace cudalint
