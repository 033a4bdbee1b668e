//===- LspCommand.cpp - `cuda-launch-lint lsp`: a language server ---------===//
//
// The editor's door to the Pipeline, over stdio with MLIR's LSP support
// library (JSONTransport writes, MessageHandler dispatches and serialises
// every write; the messages it lacks are built with llvm::json here). The
// reading loop is ours: a malformed message is answered with an error and
// the server goes on (JSONTransport::run stops at the first one).
//
// Threads: the main thread reads and dispatches; one worker analyses the
// open buffers (debounced after edits), one refreshes device facts on open
// and save ($/progress, cancellable). Requests on a buffer whose analysis
// is pending wait for it. --lit-test runs everything in the main thread,
// in order (as clangd's -lit-test: delimited input, pretty output).
//
//===----------------------------------------------------------------------===//

#include "LspCommand.h"

#include "CommandSupport.h"
#include "LspFacts.h"
#include "LspProtocol.h"

#include "mlir/Tools/lsp-server-support/Logging.h"
#include "mlir/Tools/lsp-server-support/Protocol.h"
#include "mlir/Tools/lsp-server-support/Transport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <set>
#include <thread>

using namespace llvm;
namespace lsp = mlir::lsp;

namespace cudalint {

namespace {

//===-- Options
//------------------------------------------------------------===//

struct LspOptions {
  std::string CompileCommandsDir;
  LintSettings Settings;
  bool LitTest = false;
  bool InlayHints = false;
  unsigned DebounceMs = 300;
  /// Where the check pages are (codeDescription.href).
  std::string DocsDir;
};

constexpr StringLiteral LspHelp =
    R"(cuda-launch-lint lsp: a language server over stdio (docs/editors.md).

  --compile-commands-dir=DIR  the directory of compile_commands.json (default:
                              as clangd, the file's directory, its parents,
                              and a build/ beside each)
  --resource-usage=MODE       auto|nvcc|clang|none|objects|<file>, as lint
  --arch=sm_80,sm_90          target archs (default: config, else commands)
  --checks=GLOBS, --gpu=PRESET, --cuda-path=DIR, --cache-dir=DIR, --no-cache
  --inlay-hints               threads per block and occupancy at each launch
  --debounce-ms=N             wait after an edit before analysing (300)
  --docs-dir=DIR              the check pages linked from each finding
  --lit-test                  tests: delimited input ('---' lines, '#'
                              comments), pretty output, in order
)";

std::optional<LspOptions> parseLspOptions(ArrayRef<StringRef> Args) {
  LspOptions O;
  O.Settings.FindConfig = true;
  for (StringRef A : Args) {
    auto [Name, Value] = A.split('=');
    bool HasValue = A.contains('=');
    auto Need = [&]() {
      if (!HasValue || Value.empty())
        fail("lsp: " + Name + " needs a value (" + Name + "=...)");
      return HasValue && !Value.empty();
    };
    if (A == "--help" || A == "-h") {
      outs() << LspHelp;
      exit(0);
    } else if (A == "--lit-test") {
      O.LitTest = true;
    } else if (A == "--inlay-hints") {
      O.InlayHints = true;
    } else if (A == "--no-cache") {
      O.Settings.NoCache = true;
    } else if (Name == "--compile-commands-dir") {
      if (!Need())
        return std::nullopt;
      SmallString<256> D(Value);
      sys::fs::make_absolute(D);
      if (!sys::fs::is_directory(D))
        return fail("lsp: --compile-commands-dir " + Value +
                    ": not a directory"),
               std::nullopt;
      O.CompileCommandsDir = D.str().str();
    } else if (Name == "--resource-usage") {
      if (!Need())
        return std::nullopt;
      O.Settings.ResourceUsage = Value.str();
    } else if (Name == "--arch") {
      if (!Need())
        return std::nullopt;
      O.Settings.Archs = Value.str();
    } else if (Name == "--checks") {
      if (!Need())
        return std::nullopt;
      O.Settings.Checks = Value.str();
    } else if (Name == "--gpu") {
      if (!Need())
        return std::nullopt;
      O.Settings.Gpu = Value.str();
    } else if (Name == "--cuda-path") {
      if (!Need())
        return std::nullopt;
      O.Settings.CudaPath = Value.str();
    } else if (Name == "--cache-dir") {
      if (!Need())
        return std::nullopt;
      O.Settings.CacheDir = Value.str();
    } else if (Name == "--docs-dir") {
      if (!Need())
        return std::nullopt;
      O.DocsDir = Value.str();
    } else if (Name == "--debounce-ms") {
      if (!Need())
        return std::nullopt;
      if (Value.getAsInteger(10, O.DebounceMs))
        return fail("lsp: --debounce-ms: '" + Value + "' is not a number"),
               std::nullopt;
    } else {
      return fail("lsp: unknown option '" + A +
                  "' (see 'cuda-launch-lint lsp --help')"),
             std::nullopt;
    }
  }
  return O;
}

/// The check pages: --docs-dir, else the installed ones
/// (<prefix>/share/doc/cuda-launch-lint/checks), else the source tree's.
std::string findDocsDir(const LspOptions &O, const char *Argv0) {
  if (!O.DocsDir.empty())
    return O.DocsDir;
  std::string Exe =
      sys::fs::getMainExecutable(Argv0, reinterpret_cast<void *>(&findDocsDir));
  SmallString<256> Installed(
      sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "share", "doc", "cuda-launch-lint", "checks");
  if (sys::fs::is_directory(Installed))
    return Installed.str().str();
  return CUDALINT_SOURCE_DIR "/docs/checks";
}

//===-- The server
//---------------------------------------------------------===//

class Server {
public:
  Server(LspOptions Opts, lsp::MessageHandler &H)
      : Opts(std::move(Opts)), Commands(this->Opts.CompileCommandsDir),
        Handler(H), Publish(H.outgoingNotification<json::Value>(
                        "textDocument/publishDiagnostics")),
        ShowMessage(H.outgoingNotification<json::Value>("window/showMessage")),
        Progress(H.outgoingNotification<json::Value>("$/progress")),
        CreateProgress(H.outgoingRequest<json::Value, lsp::NoParams>(
            "window/workDoneProgress/create",
            [](json::Value, Expected<lsp::NoParams> R) {
              if (!R)
                consumeError(R.takeError());
            })) {
    H.method("initialize", this, &Server::onInitialize);
    H.method("shutdown", this, &Server::onShutdown);
    H.method("textDocument/hover", this, &Server::onHover);
    H.method("textDocument/codeAction", this, &Server::onCodeAction);
    H.method("textDocument/inlayHint", this, &Server::onInlayHint);
    H.method(InvalidMessageMethod, this, &Server::onInvalid);
    H.notification("initialized", this, &Server::onInitialized);
    H.notification("textDocument/didOpen", this, &Server::onDidOpen);
    H.notification("textDocument/didChange", this, &Server::onDidChange);
    H.notification("textDocument/didSave", this, &Server::onDidSave);
    H.notification("textDocument/didClose", this, &Server::onDidClose);
    H.notification("$/cancelRequest", this, &Server::onCancelRequest);
    H.notification("window/workDoneProgress/cancel", this,
                   &Server::onProgressCancel);
    if (!this->Opts.LitTest) {
      Analyser = std::thread([this] { analysisLoop(); });
      Refresher = std::thread([this] { refreshLoop(); });
    }
  }
  ~Server() {
    {
      std::lock_guard<std::mutex> Lock(M);
      Stopping = true;
      if (Refreshing)
        Refreshing->Cancel = true;
    }
    Wake.notify_all();
    if (Analyser.joinable())
      Analyser.join();
    if (Refresher.joinable())
      Refresher.join();
  }

  /// Reads and dispatches until `exit` or the end of input; the exit
  /// status (0 after shutdown, as the protocol asks).
  int serve(std::FILE *In);

private:
  struct Waiting {
    std::string Id;
    unique_function<void(const Snapshot &)> Answer;
    lsp::Callback<json::Value> Cancel;
  };
  struct Document {
    lsp::URIForFile Uri;
    std::string Text;
    int64_t Version = 0;
    std::shared_ptr<Snapshot> Last;
    std::shared_ptr<const DeviceFacts> Device;
    std::vector<Waiting> Waiters;
  };
  struct Refresh {
    std::string File;
    std::atomic<bool> Cancel{false};
    std::string Token;
  };

  // Requests and notifications.
  void onInitialize(const InitializeArgs &A, lsp::Callback<json::Value> Reply);
  void onInitialized(const lsp::NoParams &) {}
  void onShutdown(const lsp::NoParams &, lsp::Callback<json::Value> Reply) {
    ShutdownRequested = true;
    Reply(nullptr);
  }
  void onInvalid(const InvalidArgs &A, lsp::Callback<json::Value> Reply) {
    Reply(make_error<lsp::LSPError>(A.Message, lsp::ErrorCode(A.Code)));
  }
  void onDidOpen(const lsp::DidOpenTextDocumentParams &P);
  void onDidChange(const lsp::DidChangeTextDocumentParams &P);
  void onDidSave(const DidSaveArgs &P);
  void onDidClose(const lsp::DidCloseTextDocumentParams &P);
  void onHover(const lsp::TextDocumentPositionParams &P,
               lsp::Callback<json::Value> Reply);
  void onCodeAction(const lsp::CodeActionParams &P,
                    lsp::Callback<json::Value> Reply);
  void onInlayHint(const lsp::InlayHintsParams &P,
                   lsp::Callback<json::Value> Reply);
  void onCancelRequest(const CancelArgs &A);
  void onProgressCancel(const CancelArgs &A);

  /// Answers with the analysis of the document's current text: now, or
  /// when the pending one is done.
  void whenCurrent(const lsp::URIForFile &Uri, lsp::Callback<json::Value> Reply,
                   unique_function<json::Value(const Snapshot &)> Answer);

  // Analysis and device refresh (in their threads, or in place with
  // --lit-test).
  void scheduleAnalysis(const std::string &File, bool Now);
  void analyse(const std::string &File);
  void scheduleRefresh(const std::string &File);
  void refresh(const std::string &File);
  void analysisLoop();
  void refreshLoop();

  void publish(const Snapshot &S, const lsp::URIForFile &Uri);
  json::Value diagnostic(const Diagnostic &D, const TextIndex &Index,
                         const lsp::URIForFile &Uri) const;
  void showMessage(int Type, const std::string &Message) {
    ShowMessage(json::Object{{"type", Type}, {"message", Message}});
  }
  std::string docHref(StringRef Check) const {
    SmallString<256> P(Opts.DocsDir);
    sys::path::append(P, Check + ".md");
    Expected<lsp::URIForFile> U = lsp::URIForFile::fromFile(P);
    if (!U)
      return consumeError(U.takeError()), "";
    return U->uri().str();
  }

  LspOptions Opts;
  CommandSource Commands;
  lsp::MessageHandler &Handler;
  lsp::OutgoingNotification<json::Value> Publish, ShowMessage, Progress;
  lsp::OutgoingRequest<json::Value> CreateProgress;

  bool Initialized = false, ShutdownRequested = false;
  bool ClientProgress = false;
  /// The id of the request being dispatched (main thread only).
  json::Value CurrentId = nullptr;

  std::mutex M; // guards what follows
  std::condition_variable Wake;
  bool Stopping = false;
  std::map<std::string, Document> Docs;
  /// File -> when its analysis is due.
  std::map<std::string, std::chrono::steady_clock::time_point> Due;
  std::deque<std::string> RefreshQueue;
  std::shared_ptr<Refresh> Refreshing;
  std::set<std::string> SetupErrorsShown, DeviceNotesShown;
  /// Files told that they are in no compile database (once per session).
  std::set<std::string> FallbackShown;
  unsigned ProgressTokens = 0;
  std::thread Analyser, Refresher;
};

void Server::onInitialize(const InitializeArgs &A,
                          lsp::Callback<json::Value> Reply) {
  Initialized = true;
  ClientProgress = A.WorkDoneProgress;
  if (A.InlayHints)
    Opts.InlayHints = *A.InlayHints;
  json::Object Caps{
      {"textDocumentSync",
       json::Object{{"openClose", true},
                    {"change", 2}, // incremental
                    {"save", json::Object{{"includeText", false}}}}},
      {"hoverProvider", true},
      {"codeActionProvider",
       json::Object{{"codeActionKinds", json::Array{"quickfix"}}}},
  };
  if (Opts.InlayHints)
    Caps["inlayHintProvider"] = true;
  Reply(json::Object{
      {"capabilities", std::move(Caps)},
      {"serverInfo", json::Object{{"name", "cuda-launch-lint"},
                                  {"version", CUDALINT_VERSION}}}});
}

void Server::onDidOpen(const lsp::DidOpenTextDocumentParams &P) {
  std::string File = P.textDocument.uri.file().str();
  {
    std::lock_guard<std::mutex> Lock(M);
    Document &D = Docs[File];
    D.Uri = P.textDocument.uri;
    D.Text = P.textDocument.text;
    D.Version = P.textDocument.version;
  }
  // Findings at once (without device facts the first time); the refresh
  // brings the device facts and analyses again.
  if (!Opts.LitTest)
    scheduleAnalysis(File, /*Now=*/true);
  scheduleRefresh(File);
}

void Server::onDidChange(const lsp::DidChangeTextDocumentParams &P) {
  std::string File = P.textDocument.uri.file().str();
  bool Applied = true;
  {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Docs.find(File);
    if (It == Docs.end())
      return;
    for (const lsp::TextDocumentContentChangeEvent &C : P.contentChanges)
      Applied = Applied && applyChange(It->second.Text, C);
    It->second.Version = P.textDocument.version;
  }
  if (!Applied)
    showMessage(1, "cuda-launch-lint: a change to " + File +
                       " is outside the document; reopen it to resync");
  scheduleAnalysis(File, /*Now=*/false);
}

void Server::onDidSave(const DidSaveArgs &P) {
  std::string File = P.textDocument.uri.file().str();
  {
    std::lock_guard<std::mutex> Lock(M);
    if (!Docs.count(File))
      return;
  }
  scheduleRefresh(File);
}

void Server::onDidClose(const lsp::DidCloseTextDocumentParams &P) {
  std::string File = P.textDocument.uri.file().str();
  std::vector<Waiting> Dropped;
  {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Docs.find(File);
    if (It == Docs.end())
      return;
    Dropped = std::move(It->second.Waiters);
    Docs.erase(It);
    Due.erase(File);
    if (Refreshing && Refreshing->File == File)
      Refreshing->Cancel = true;
  }
  for (Waiting &W : Dropped)
    W.Cancel(make_error<lsp::LSPError>("the document was closed",
                                       lsp::ErrorCode::ContentModified));
  Publish(json::Object{{"uri", P.textDocument.uri.uri().str()},
                       {"diagnostics", json::Array()}});
}

void Server::whenCurrent(
    const lsp::URIForFile &Uri, lsp::Callback<json::Value> Reply,
    unique_function<json::Value(const Snapshot &)> Answer) {
  std::shared_ptr<Snapshot> Ready;
  {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Docs.find(Uri.file().str());
    if (It == Docs.end())
      return Reply(
          make_error<lsp::LSPError>("not an open document: " + Uri.file().str(),
                                    lsp::ErrorCode::InvalidParams));
    Document &D = It->second;
    if (!D.Last || D.Last->Version != D.Version ||
        Due.count(Uri.file().str())) {
      // Shared between the answer and the cancel; one of them replies.
      auto Shared =
          std::make_shared<lsp::Callback<json::Value>>(std::move(Reply));
      D.Waiters.push_back(
          {idText(CurrentId),
           [Shared, Answer = std::move(Answer)](const Snapshot &S) mutable {
             (*Shared)(Answer(S));
           },
           [Shared](Expected<json::Value> E) { (*Shared)(std::move(E)); }});
      if (!Due.count(Uri.file().str()) && !Opts.LitTest)
        Due[Uri.file().str()] = std::chrono::steady_clock::now();
      Wake.notify_all();
      return;
    }
    Ready = D.Last;
  }
  Reply(Answer(*Ready));
}

void Server::onHover(const lsp::TextDocumentPositionParams &P,
                     lsp::Callback<json::Value> Reply) {
  lsp::Position Pos = P.position;
  whenCurrent(P.textDocument.uri, std::move(Reply),
              [Pos](const Snapshot &S) -> json::Value {
                TextIndex Index(S.Text);
                std::optional<size_t> Off = Index.offset(Pos);
                if (!Off)
                  return nullptr;
                std::string Text = hoverText(
                    S, Pos.line + 1, *Off - Index.lineStart(Pos.line) + 1);
                if (Text.empty())
                  return nullptr;
                return json::Object{
                    {"contents", json::Object{{"kind", "markdown"},
                                              {"value", std::move(Text)}}}};
              });
}

void Server::onCodeAction(const lsp::CodeActionParams &P,
                          lsp::Callback<json::Value> Reply) {
  lsp::URIForFile Uri = P.textDocument.uri;
  lsp::Range Range = P.range;
  whenCurrent(Uri, std::move(Reply), [this, Uri, Range](const Snapshot &S) {
    TextIndex Index(S.Text);
    json::Array Actions;
    for (const CodeFix &F :
         codeFixes(S, Range.start.line + 1, Range.end.line + 1)) {
      json::Object Changes;
      for (const TextChange &C : F.Changes) {
        lsp::Range R;
        if (C.Loc.File == S.File) {
          size_t B = Index.offset(C.Loc.Line, C.Loc.Column);
          R = lsp::Range(Index.position(B), Index.position(B + C.Length));
        } else {
          R = rangeIn(C.Loc, nullptr);
          R.end.character = R.start.character + C.Length;
        }
        Expected<lsp::URIForFile> U = lsp::URIForFile::fromFile(C.Loc.File);
        if (!U) {
          consumeError(U.takeError());
          continue;
        }
        json::Value Edit =
            json::Object{{"range", toJSON(R)}, {"newText", C.Replacement}};
        std::string Key = U->uri().str();
        if (json::Array *A = Changes.getArray(Key))
          A->push_back(std::move(Edit));
        else
          Changes[Key] = json::Array{std::move(Edit)};
      }
      Actions.push_back(json::Object{
          {"title", F.Title},
          {"kind", "quickfix"},
          {"isPreferred", F.Preferred},
          {"diagnostics", json::Array{diagnostic(*F.Finding, Index, Uri)}},
          {"edit", json::Object{{"changes", std::move(Changes)}}}});
    }
    return json::Value(std::move(Actions));
  });
}

void Server::onInlayHint(const lsp::InlayHintsParams &P,
                         lsp::Callback<json::Value> Reply) {
  if (!Opts.InlayHints)
    return Reply(json::Array());
  lsp::Range Range = P.range;
  whenCurrent(P.textDocument.uri, std::move(Reply), [Range](const Snapshot &S) {
    TextIndex Index(S.Text);
    json::Array Hints;
    for (const LaunchHint &H : launchHints(S)) {
      lsp::Position Pos = Index.position(Index.offset(H.Line, H.Column));
      if (Pos < Range.start || Range.end < Pos)
        continue;
      Hints.push_back(json::Object{{"position", toJSON(Pos)},
                                   {"label", H.Label},
                                   {"paddingRight", true}});
    }
    return json::Value(std::move(Hints));
  });
}

void Server::onCancelRequest(const CancelArgs &A) {
  std::string Id = idText(A.Id);
  std::vector<Waiting> Cancelled;
  {
    std::lock_guard<std::mutex> Lock(M);
    for (auto &[File, D] : Docs)
      for (auto It = D.Waiters.begin(); It != D.Waiters.end();)
        if (It->Id == Id) {
          Cancelled.push_back(std::move(*It));
          It = D.Waiters.erase(It);
        } else {
          ++It;
        }
  }
  for (Waiting &W : Cancelled)
    W.Cancel(make_error<lsp::LSPError>("cancelled",
                                       lsp::ErrorCode::RequestCancelled));
}

void Server::onProgressCancel(const CancelArgs &A) {
  std::string Token = A.Id.getAsString().value_or("").str();
  std::lock_guard<std::mutex> Lock(M);
  if (Refreshing && Refreshing->Token == Token)
    Refreshing->Cancel = true;
}

//===-- Analysis
//-----------------------------------------------------------===//

void Server::scheduleAnalysis(const std::string &File, bool Now) {
  if (Opts.LitTest)
    return analyse(File);
  std::lock_guard<std::mutex> Lock(M);
  Due[File] = std::chrono::steady_clock::now() +
              std::chrono::milliseconds(Now ? 0 : Opts.DebounceMs);
  Wake.notify_all();
}

void Server::analysisLoop() {
  std::unique_lock<std::mutex> Lock(M);
  while (!Stopping) {
    if (Due.empty()) {
      Wake.wait(Lock);
      continue;
    }
    auto Next = llvm::min_element(
        Due, [](const auto &A, const auto &B) { return A.second < B.second; });
    if (Next->second > std::chrono::steady_clock::now()) {
      Wake.wait_until(Lock, Next->second);
      continue;
    }
    std::string File = Next->first;
    Lock.unlock();
    analyse(File);
    Lock.lock();
  }
}

void Server::analyse(const std::string &File) {
  std::string Text;
  int64_t Version;
  std::shared_ptr<const DeviceFacts> Device;
  lsp::URIForFile Uri;
  bool ShowFallback;
  CommandSource::ForFile Cmds = Commands.commandsFor(File);
  {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Docs.find(File);
    Due.erase(File);
    if (It == Docs.end())
      return;
    Text = It->second.Text;
    Version = It->second.Version;
    Device = It->second.Device;
    Uri = It->second.Uri;
    ShowFallback =
        !Cmds.FallbackReason.empty() && FallbackShown.insert(File).second;
  }
  if (ShowFallback)
    showMessage(3, "cuda-launch-lint: " + File +
                       " is in no compile database (" + Cmds.FallbackReason +
                       "); analysing it with fallback flags (nvcc's defaults)");
  // The Pipeline recovers from a crash in a unit's parse; this boundary
  // catches one anywhere else in the run.
  std::shared_ptr<Snapshot> S;
  CrashRecoveryContext::Enable();
  CrashRecoveryContext Boundary;
  if (!Boundary.RunSafely([&] {
        S = analyseBuffer(Opts.Settings, Cmds, File, Text, Version, Device);
      })) {
    S = std::make_shared<Snapshot>();
    S->File = File;
    S->Text = Text;
    S->Version = Version;
    S->Result.InternalErrors.push_back(File + ": internal error while "
                                              "analysing it");
  }
  if (!S->SetupError.empty()) {
    bool New;
    {
      std::lock_guard<std::mutex> Lock(M);
      New = SetupErrorsShown.insert(S->SetupError).second;
    }
    if (New)
      showMessage(1, "cuda-launch-lint: " + S->SetupError);
  }
  // An internal error is a recovered crash, this boundary's or the
  // pipeline's.
  if (!S->Result.InternalErrors.empty())
    noteRecoveredCrash();
  for (const std::string &E : S->Result.InternalErrors)
    showMessage(1, "cuda-launch-lint: " + E +
                       "; the server goes on (please report it)");
  for (const std::string &N : S->Result.Notes)
    mlir::lsp::Logger::info("{0}", N);

  std::vector<Waiting> Answer;
  {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Docs.find(File);
    if (It == Docs.end() || It->second.Version != Version)
      return; // a newer version is on its way
    It->second.Last = S;
    if (!Due.count(File))
      Answer = std::move(It->second.Waiters);
  }
  publish(*S, Uri);
  for (Waiting &W : Answer)
    W.Answer(*S);
}

void Server::publish(const Snapshot &S, const lsp::URIForFile &Uri) {
  TextIndex Index(S.Text);
  json::Array Diags;
  for (const Diagnostic &D : S.Result.Findings)
    if (D.Loc.File == S.File)
      Diags.push_back(diagnostic(D, Index, Uri));
  // No silent pass: an information diagnostic at each unchecked launch.
  for (const LaunchNotice &N : uncheckedNotices(S))
    Diags.push_back(json::Object{{"range", toJSON(rangeIn(N.Loc, &Index))},
                                 {"severity", 3},
                                 {"code", "cuda-launch-lint-unchecked"},
                                 {"source", "cuda-launch-lint"},
                                 {"message", N.Message}});
  Publish(json::Object{{"uri", Uri.uri().str()},
                       {"version", S.Version},
                       {"diagnostics", std::move(Diags)}});
}

json::Value Server::diagnostic(const Diagnostic &D, const TextIndex &Index,
                               const lsp::URIForFile &Uri) const {
  lsp::Range Range = rangeIn(D.Loc, &Index);
  json::Array Related;
  for (const DiagnosticNote &N : D.Notes) {
    lsp::Location Where(Uri, Range);
    if (N.Loc.valid() && N.Loc.File != D.Loc.File) {
      Expected<lsp::URIForFile> U = lsp::URIForFile::fromFile(N.Loc.File);
      if (U)
        Where = lsp::Location(*U, rangeIn(N.Loc, nullptr));
      else
        consumeError(U.takeError());
    } else if (N.Loc.valid()) {
      Where.range = rangeIn(N.Loc, &Index);
    }
    Related.push_back(
        json::Object{{"location", json::Object{{"uri", Where.uri.uri().str()},
                                               {"range", toJSON(Where.range)}}},
                     {"message", N.Message}});
  }
  json::Object O{{"range", toJSON(Range)},
                 {"severity", D.Sev == Severity::Error ? 1 : 2},
                 {"code", D.Check},
                 {"source", "cuda-launch-lint"},
                 {"message", messageWithArch(D)},
                 {"relatedInformation", std::move(Related)}};
  if (std::string Href = docHref(D.Check); !Href.empty())
    O["codeDescription"] = json::Object{{"href", Href}};
  return O;
}

//===-- Device facts
//-------------------------------------------------------===//

void Server::scheduleRefresh(const std::string &File) {
  if (Opts.LitTest)
    return refresh(File);
  std::lock_guard<std::mutex> Lock(M);
  // A newer save wins over the refresh of the older one.
  if (Refreshing && Refreshing->File == File)
    Refreshing->Cancel = true;
  if (!is_contained(RefreshQueue, File))
    RefreshQueue.push_back(File);
  Wake.notify_all();
}

void Server::refreshLoop() {
  std::unique_lock<std::mutex> Lock(M);
  while (!Stopping) {
    if (RefreshQueue.empty()) {
      Wake.wait(Lock);
      continue;
    }
    std::string File = RefreshQueue.front();
    RefreshQueue.pop_front();
    Lock.unlock();
    refresh(File);
    Lock.lock();
  }
}

void Server::refresh(const std::string &File) {
  auto R = std::make_shared<Refresh>();
  R->File = File;
  {
    std::lock_guard<std::mutex> Lock(M);
    if (!Docs.count(File) || Stopping)
      return;
    R->Token = "cuda-launch-lint/device/" + std::to_string(++ProgressTokens);
    Refreshing = R;
  }
  if (ClientProgress) {
    CreateProgress(json::Object{{"token", R->Token}}, R->Token);
    Progress(json::Object{
        {"token", R->Token},
        {"value", json::Object{{"kind", "begin"},
                               {"title", "cuda-launch-lint: device facts"},
                               {"message", sys::path::filename(File).str()},
                               {"cancellable", true}}}});
  }
  CommandSource::ForFile Cmds = Commands.commandsFor(File);
  std::shared_ptr<const DeviceFacts> D;
  CrashRecoveryContext::Enable();
  CrashRecoveryContext Boundary;
  if (!Boundary.RunSafely([&] {
        D = refreshDeviceFacts(Opts.Settings, Cmds, File, &R->Cancel);
      })) {
    noteRecoveredCrash();
    showMessage(1, "cuda-launch-lint: internal error while compiling the "
                   "device side of " +
                       File + "; the server goes on");
  }
  bool Cancelled = R->Cancel.load() || !D;
  {
    std::lock_guard<std::mutex> Lock(M);
    if (Refreshing == R)
      Refreshing.reset();
    auto It = Docs.find(File);
    if (It != Docs.end() && !Cancelled)
      It->second.Device = D;
  }
  std::string Summary = "cancelled";
  if (!Cancelled) {
    // Why device facts are missing (a failed compile, a skipped arch): once
    // each, as the lint prints them.
    // A failed compile is a warning (type 2), an arch the file is not built
    // for only information (type 3).
    std::vector<std::pair<int, std::string>> Notes;
    for (const std::string &N : D->Notes)
      Notes.emplace_back(2, N);
    for (const TranslationUnitDeviceFacts &U : D->Units) {
      for (const std::string &N : U.Notes)
        Notes.emplace_back(2, N);
      for (const DeviceGap &G : U.Gaps)
        Notes.emplace_back(G.isFailure() ? 2 : 3, G.Message);
    }
    for (const auto &[Type, N] : Notes) {
      bool New;
      {
        std::lock_guard<std::mutex> Lock(M);
        New = DeviceNotesShown.insert(N).second;
      }
      if (New)
        showMessage(Type, "cuda-launch-lint: " + N);
    }
    size_t Kernels = 0;
    for (const TranslationUnitDeviceFacts &U : D->Units)
      Kernels += U.Kernels.size();
    Summary =
        formatv("{0} kernel entr{1} ({2} compile{3}, {4} from the cache)",
                Kernels, Kernels == 1 ? "y" : "ies", D->Stats.DeviceCompiles,
                D->Stats.DeviceCompiles == 1 ? "" : "s", D->Stats.CacheHits);
  }
  if (ClientProgress)
    Progress(json::Object{
        {"token", R->Token},
        {"value", json::Object{{"kind", "end"}, {"message", Summary}}}});
  if (!Cancelled)
    scheduleAnalysis(File, /*Now=*/true);
}

int Server::serve(std::FILE *In) {
  std::string Text;
  while (readMessage(In, Opts.LitTest, Text)) {
    if (StringRef(Text).trim().empty())
      continue;
    auto Invalid = [&](json::Value Id, const Twine &Why, lsp::ErrorCode Code) {
      Handler.onCall(
          InvalidMessageMethod,
          json::Object{{"message", Why.str()}, {"code", int64_t(Code)}},
          std::move(Id));
    };
    Expected<json::Value> Doc = json::parse(Text);
    if (!Doc) {
      Invalid(nullptr, "not JSON: " + toString(Doc.takeError()),
              lsp::ErrorCode::ParseError);
      continue;
    }
    json::Object *O = Doc->getAsObject();
    if (!O || O->getString("jsonrpc") != std::optional<StringRef>("2.0")) {
      json::Value *Id = O ? O->get("id") : nullptr;
      Invalid(Id ? *Id : nullptr, "not a JSON-RPC 2.0 message",
              lsp::ErrorCode::InvalidRequest);
      continue;
    }
    std::optional<StringRef> Method = O->getString("method");
    json::Value *Id = O->get("id");
    json::Value Params = nullptr;
    if (json::Value *P = O->get("params"))
      Params = std::move(*P);
    if (!Method) {
      // A reply to one of our requests (window/workDoneProgress/create).
      if (Id) {
        json::Value Result = nullptr;
        if (json::Value *R = O->get("result"))
          Result = std::move(*R);
        Handler.onReply(std::move(*Id), std::move(Result));
      }
      continue;
    }
    if (!Id) {
      if (*Method == "exit")
        return ShutdownRequested ? 0 : 1;
      if (Initialized || *Method == "initialized")
        Handler.onNotify(*Method, std::move(Params));
      continue;
    }
    if (!Initialized && *Method != "initialize") {
      Invalid(std::move(*Id), "the server is not initialized",
              lsp::ErrorCode::ServerNotInitialized);
      continue;
    }
    if (ShutdownRequested) {
      Invalid(std::move(*Id), "the server is shutting down",
              lsp::ErrorCode::InvalidRequest);
      continue;
    }
    CurrentId = *Id;
    Handler.onCall(*Method, std::move(Params), std::move(*Id));
  }
  return 1; // the input ended without `exit`
}

} // namespace

int runLspCommand(ArrayRef<StringRef> Args) {
  std::optional<LspOptions> Opts = parseLspOptions(Args);
  if (!Opts)
    return 2;
  Opts->DocsDir = findDocsDir(*Opts, "cuda-launch-lint");
  // Checked once, so that a bad setting is one line and exit status 2, as
  // for every door (a config file's errors come per file, as messages).
  {
    LintSettings S = Opts->Settings;
    S.FindConfig = false;
    S.RequireChecks = false;
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    sys::path::append(Cwd, "lsp.cu");
    if (Expected<Pipeline> P =
            Pipeline::create(S, SettingNames::CommandLine, Cwd);
        !P)
      return fail("lsp: " + toString(P.takeError()));
  }
  lsp::Logger::setLogLevel(lsp::Logger::Level::Error);
  lsp::JSONTransport Transport(stdin, outs(), lsp::JSONStreamStyle::Standard,
                               /*prettyOutput=*/Opts->LitTest);
  lsp::MessageHandler Handler(Transport);
  Server S(std::move(*Opts), Handler);
  return S.serve(stdin);
}

} // namespace cudalint
