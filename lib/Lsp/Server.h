//===- Server.h - The language server's state and handlers -----*- C++ -*-===//
//
// The editor's door to the Pipeline, over MLIR's LSP support library
// (JSONTransport writes, MessageHandler dispatches and serialises every
// write; the messages it lacks are built with llvm::json). The reading loop
// is ours (Serve.cpp): a malformed message is answered with an error and the
// server goes on (JSONTransport::run stops at the first one).
//
// Threads: the reading thread dispatches; one worker analyses the open
// buffers (debounced after edits), one refreshes device facts on open and
// save ($/progress, cancellable). Requests on a buffer whose analysis is
// pending wait for it. With LspOptions::Synchronous everything runs in the
// reading thread, in order.
//
// ServerDocuments.cpp: the requests and notifications on documents;
// ServerAnalysis.cpp: analysis, publishing and device refreshes.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_LSP_SERVER_H
#define CUDALINT_LIB_LSP_SERVER_H

#include "cudalint/Lsp/LspFacts.h"
#include "cudalint/Lsp/LspProtocol.h"
#include "cudalint/Lsp/LspServer.h"

#include "mlir/Tools/lsp-server-support/Protocol.h"
#include "mlir/Tools/lsp-server-support/Transport.h"

#include "llvm/ADT/FunctionExtras.h"
#include "llvm/Support/JSON.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace cudalint {

class Server {
public:
  /// Registers the handlers on H and, unless Opts.Synchronous, starts the
  /// analysis and refresh threads.
  Server(LspOptions Opts, lsp::MessageHandler &H);
  /// Stops and joins the threads (a running device compile is cancelled).
  ~Server();

  /// Reads and dispatches until `exit` or the end of input; the exit
  /// status (0 after shutdown, as the protocol asks).
  int serve(std::FILE *In);

private:
  struct Waiting {
    std::string Id;
    llvm::unique_function<void(const Snapshot &)> Answer;
    lsp::Callback<llvm::json::Value> Cancel;
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
  void onInitialize(const InitializeArgs &A,
                    lsp::Callback<llvm::json::Value> Reply);
  void onInitialized(const lsp::NoParams &) {}
  void onShutdown(const lsp::NoParams &,
                  lsp::Callback<llvm::json::Value> Reply) {
    ShutdownRequested = true;
    Reply(nullptr);
  }
  void onInvalid(const InvalidArgs &A, lsp::Callback<llvm::json::Value> Reply) {
    Reply(llvm::make_error<lsp::LSPError>(A.Message, lsp::ErrorCode(A.Code)));
  }
  void onDidOpen(const lsp::DidOpenTextDocumentParams &P);
  void onDidChange(const lsp::DidChangeTextDocumentParams &P);
  void onDidSave(const DidSaveArgs &P);
  void onDidClose(const lsp::DidCloseTextDocumentParams &P);
  void onHover(const lsp::TextDocumentPositionParams &P,
               lsp::Callback<llvm::json::Value> Reply);
  void onCodeAction(const lsp::CodeActionParams &P,
                    lsp::Callback<llvm::json::Value> Reply);
  void onInlayHint(const lsp::InlayHintsParams &P,
                   lsp::Callback<llvm::json::Value> Reply);
  void onCancelRequest(const CancelArgs &A);
  void onProgressCancel(const CancelArgs &A);

  /// Answers with the analysis of the document's current text: now, or
  /// when the pending one is done.
  void whenCurrent(
      const lsp::URIForFile &Uri, lsp::Callback<llvm::json::Value> Reply,
      llvm::unique_function<llvm::json::Value(const Snapshot &)> Answer);

  // Analysis and device refresh (in their threads, or in place when
  // Synchronous).
  void scheduleAnalysis(const std::string &File, bool Now);
  void analyse(const std::string &File);
  void scheduleRefresh(const std::string &File);
  void refresh(const std::string &File);
  using Clock = std::chrono::steady_clock;
  /// With M held: the next file to work on, or none (then WakeAt, when
  /// set, is when one is due).
  using NextFile = std::optional<std::string> (Server::*)(
      std::optional<Clock::time_point> &WakeAt);
  std::optional<std::string> nextAnalysis(std::optional<Clock::time_point> &);
  std::optional<std::string> nextRefresh(std::optional<Clock::time_point> &);
  /// A worker thread: Work on each file Next gives, until Stopping.
  void workerLoop(NextFile Next, void (Server::*Work)(const std::string &));

  void publish(const Snapshot &S, const lsp::URIForFile &Uri);
  llvm::json::Value diagnostic(const Diagnostic &D, const TextIndex &Index,
                               const lsp::URIForFile &Uri) const;
  void showMessage(int Type, const std::string &Message) {
    ShowMessage(llvm::json::Object{{"type", Type}, {"message", Message}});
  }
  /// The check's page as a file URI; empty when it cannot be one.
  std::string docHref(llvm::StringRef Check) const;

  LspOptions Opts;
  CommandSource Commands;
  lsp::MessageHandler &Handler;
  lsp::OutgoingNotification<llvm::json::Value> Publish, ShowMessage, Progress;
  lsp::OutgoingRequest<llvm::json::Value> CreateProgress;

  bool Initialized = false, ShutdownRequested = false;
  bool ClientProgress = false;
  /// The id of the request being dispatched (reading thread only).
  llvm::json::Value CurrentId = nullptr;

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

} // namespace cudalint

#endif // CUDALINT_LIB_LSP_SERVER_H
