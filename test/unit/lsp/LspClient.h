//===- LspClient.h - An editor for the language server's tests -*- C++ -*-===//
//
// Runs serveLsp in a thread of the test, on two pipes, and speaks to it as
// an editor does: Content-Length frames in, the server's frames read back
// one at a time. Both directions are real streams, so the server's own
// reading loop and its transport are what is tested.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_TEST_UNIT_LSP_LSPCLIENT_H
#define CUDALINT_TEST_UNIT_LSP_LSPCLIENT_H

#include "cudalint/Lsp/LspServer.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

namespace cudalint::test {

class LspClient {
public:
  explicit LspClient(LspOptions Options) {
    int ToServer[2], FromServer[2];
    if (::pipe(ToServer) != 0 || ::pipe(FromServer) != 0)
      std::abort();
    ServerIn = fdopen(ToServer[0], "r");
    Writer = ToServer[1];
    Reader = fdopen(FromServer[0], "r");
    int ServerOutFd = FromServer[1];
    Server = std::thread([this, Options = std::move(Options), ServerOutFd] {
      {
        llvm::raw_fd_ostream Out(ServerOutFd, /*shouldClose=*/true);
        Status = serveLsp(Options, ServerIn, Out);
      }
      std::fclose(ServerIn);
    });
  }
  ~LspClient() { finish(); }

  /// Sends one message as a Content-Length frame.
  void send(const llvm::json::Value &Message) {
    sendFrame(llvm::formatv("{0}", Message).str());
  }
  /// Sends Body framed as it is: it need not be JSON.
  void sendFrame(const std::string &Body) {
    sendRaw("Content-Length: " + std::to_string(Body.size()) + "\r\n\r\n" +
            Body);
  }
  void sendRaw(const std::string &Bytes) {
    size_t Done = 0;
    while (Done < Bytes.size()) {
      ssize_t N = ::write(Writer, Bytes.data() + Done, Bytes.size() - Done);
      if (N <= 0)
        return;
      Done += N;
    }
  }
  void request(int64_t Id, llvm::StringRef Method, llvm::json::Value Params) {
    send(llvm::json::Object{{"jsonrpc", "2.0"},
                            {"id", Id},
                            {"method", Method},
                            {"params", std::move(Params)}});
  }
  void notify(llvm::StringRef Method, llvm::json::Value Params) {
    send(llvm::json::Object{
        {"jsonrpc", "2.0"}, {"method", Method}, {"params", std::move(Params)}});
  }

  /// The server's next message; none once it has stopped writing.
  std::optional<llvm::json::Value> next() {
    std::string Line;
    size_t Length = 0;
    while (readLine(Line)) {
      llvm::StringRef L = llvm::StringRef(Line).trim();
      if (L.empty() && Length)
        break;
      if (L.consume_front("Content-Length:"))
        L.trim().getAsInteger(10, Length);
    }
    if (!Length)
      return std::nullopt;
    std::string Body(Length, '\0');
    if (std::fread(Body.data(), 1, Length, Reader) != Length)
      return std::nullopt;
    llvm::Expected<llvm::json::Value> V = llvm::json::parse(Body);
    if (!V) {
      llvm::consumeError(V.takeError());
      return llvm::json::Value("<not JSON: " + Body + ">");
    }
    Seen.push_back(*V);
    return std::move(*V);
  }
  /// Reads up to the first message Match accepts (the ones before it stay
  /// in Seen); none when the server stops first.
  std::optional<llvm::json::Value>
  waitFor(const std::function<bool(const llvm::json::Object &)> &Match) {
    while (std::optional<llvm::json::Value> V = next())
      if (const llvm::json::Object *O = V->getAsObject(); O && Match(*O))
        return V;
    return std::nullopt;
  }
  std::optional<llvm::json::Value> answerTo(int64_t Id) {
    return waitFor([Id](const llvm::json::Object &O) {
      return O.getInteger("id") == Id && !O.get("method");
    });
  }
  std::optional<llvm::json::Value> notification(llvm::StringRef Method) {
    return waitFor([Method](const llvm::json::Object &O) {
      return O.getString("method") == Method;
    });
  }

  /// Ends the input, waits for the server and returns its exit status.
  int finish() {
    if (Writer >= 0) {
      ::close(Writer);
      Writer = -1;
    }
    // Drained before the join: a server blocked on a full pipe would never
    // end.
    while (Reader && next()) {
    }
    if (Server.joinable())
      Server.join();
    if (Reader) {
      std::fclose(Reader);
      Reader = nullptr;
    }
    return Status;
  }

  /// Every message read so far.
  std::vector<llvm::json::Value> Seen;

private:
  bool readLine(std::string &Line) {
    Line.clear();
    for (int C; (C = std::fgetc(Reader)) != EOF;) {
      Line += char(C);
      if (C == '\n')
        return true;
    }
    return !Line.empty();
  }

  std::FILE *ServerIn = nullptr;
  std::FILE *Reader = nullptr;
  int Writer = -1;
  int Status = -1;
  std::thread Server;
};

} // namespace cudalint::test

#endif // CUDALINT_TEST_UNIT_LSP_LSPCLIENT_H
