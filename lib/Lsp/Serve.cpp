//===- Serve.cpp - The server's life: handlers, the reading loop ----------===//

#include "Server.h"

#include "mlir/Tools/lsp-server-support/Logging.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

Server::Server(LspOptions Options, lsp::MessageHandler &H)
    : Opts(std::move(Options)), Commands(Opts.CompileCommandsDir), Handler(H),
      Publish(H.outgoingNotification<json::Value>(
          "textDocument/publishDiagnostics")),
      ShowMessage(H.outgoingNotification<json::Value>("window/showMessage")),
      Progress(H.outgoingNotification<json::Value>("$/progress")),
      CreateProgress(H.outgoingRequest<json::Value, lsp::NoParams>(
          "window/workDoneProgress/create",
          [](const json::Value &, Expected<lsp::NoParams> R) {
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
  if (!Opts.Synchronous) {
    Analyser = std::thread(
        [this] { workerLoop(&Server::nextAnalysis, &Server::analyse); });
    Refresher = std::thread(
        [this] { workerLoop(&Server::nextRefresh, &Server::refresh); });
  }
}

Server::~Server() {
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

std::string Server::docHref(StringRef Check) const {
  SmallString<256> P(Opts.DocsDir);
  sys::path::append(P, Check + ".md");
  Expected<lsp::URIForFile> U = lsp::URIForFile::fromFile(P);
  if (!U)
    return consumeError(U.takeError()), "";
  return U->uri().str();
}

int Server::serve(std::FILE *In) {
  std::string Text;
  while (readMessage(In, Opts.DelimitedInput, Text)) {
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

int serveLsp(LspOptions Options, std::FILE *In, raw_ostream &Out) {
  lsp::Logger::setLogLevel(lsp::Logger::Level::Error);
  lsp::JSONTransport Transport(In, Out, lsp::JSONStreamStyle::Standard,
                               Options.PrettyOutput);
  lsp::MessageHandler Handler(Transport);
  Server S(std::move(Options), Handler);
  return S.serve(In);
}

} // namespace cudalint
