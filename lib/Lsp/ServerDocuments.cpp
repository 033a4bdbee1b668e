//===- ServerDocuments.cpp - Requests and notifications on documents ------===//

#include "Server.h"

using namespace llvm;

namespace cudalint {

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
  if (!Opts.Synchronous)
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
      if (!Due.count(Uri.file().str()) && !Opts.Synchronous)
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

} // namespace cudalint
