//===- LspProtocol.h - What the LSP support library lacks -------*- C++ -*-===//
//
// On top of MLIR's LSP support library (Protocol.h, Transport.h): positions
// in UTF-16 code units as LSP counts them, incremental edits, the messages
// it has no type for, and a reading loop that survives malformed input.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LSP_LSPPROTOCOL_H
#define CUDALINT_LSP_LSPPROTOCOL_H

#include "cudalint/Facts/Diagnostic.h"

#include "mlir/Tools/lsp-server-support/Protocol.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/ConvertUTF.h"
#include "llvm/Support/JSON.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

namespace lsp = mlir::lsp;

/// Line starts of a text, and conversions between byte offsets, 1-based
/// byte columns and LSP positions.
class TextIndex {
public:
  explicit TextIndex(llvm::StringRef Text) : Text(Text) {
    Starts.push_back(0);
    for (size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n')
        Starts.push_back(I + 1);
  }
  size_t lineStart(size_t L0) const { return Starts[L0]; }
  llvm::StringRef line(size_t L0) const {
    if (L0 >= Starts.size())
      return "";
    size_t End = L0 + 1 < Starts.size() ? Starts[L0 + 1] - 1 : Text.size();
    return Text.slice(Starts[L0], End);
  }
  /// The byte offset of an LSP position (clamped to its line); none past
  /// the last line.
  std::optional<size_t> offset(const lsp::Position &P) const {
    if (P.line < 0 || size_t(P.line) >= Starts.size() || P.character < 0)
      return std::nullopt;
    llvm::StringRef L = line(P.line);
    size_t Bytes = 0;
    for (int Units = 0; Bytes < L.size() && Units < P.character;) {
      unsigned Len = llvm::getNumBytesForUTF8(L[Bytes]);
      Units += Len == 4 ? 2 : 1;
      Bytes += std::min<size_t>(Len, L.size() - Bytes);
    }
    return Starts[P.line] + Bytes;
  }
  lsp::Position position(size_t Offset) const {
    Offset = std::min(Offset, Text.size());
    size_t L0 = std::upper_bound(Starts.begin(), Starts.end(), Offset) -
                Starts.begin() - 1;
    llvm::StringRef Before = Text.slice(Starts[L0], Offset);
    int Units = 0;
    for (size_t I = 0; I < Before.size();) {
      unsigned Len = llvm::getNumBytesForUTF8(Before[I]);
      Units += Len == 4 ? 2 : 1;
      I += Len;
    }
    return lsp::Position(L0, Units);
  }
  /// A finding's 1-based line and byte column.
  size_t offset(unsigned Line, unsigned Column) const {
    if (Line == 0 || Line > Starts.size())
      return Text.size();
    return std::min(Starts[Line - 1] + (Column ? Column - 1 : 0),
                    size_t(line(Line - 1).end() - Text.begin()));
  }
  /// The range of the identifier (or the one character) at a location.
  lsp::Range tokenAt(unsigned Line, unsigned Column) const {
    size_t B = offset(Line, Column), E = B;
    while (E < Text.size() && (llvm::isAlnum(Text[E]) || Text[E] == '_'))
      ++E;
    if (E == B && E < Text.size() && Text[E] != '\n')
      ++E;
    return lsp::Range(position(B), position(E));
  }

private:
  llvm::StringRef Text;
  std::vector<size_t> Starts;
};

/// The range of a finding's location: the token there when Index holds the
/// file's text; else a location in another file, whose byte columns stand
/// for UTF-16 ones.
lsp::Range rangeIn(const SourceLoc &L, const TextIndex *Index);

/// Applies one change of didChange; false when its range is not in Text.
bool applyChange(std::string &Text,
                 const lsp::TextDocumentContentChangeEvent &C);

//===-- Messages the support library has no type for ----------------------===//

/// initialize: what the server uses of the client's capabilities and
/// initializationOptions.
struct InitializeArgs {
  bool WorkDoneProgress = false;
  std::optional<bool> InlayHints; // initializationOptions.inlayHints
};
bool fromJSON(const llvm::json::Value &V, InitializeArgs &R, llvm::json::Path);

struct DidSaveArgs {
  lsp::TextDocumentIdentifier textDocument;
  std::optional<std::string> text;
};
bool fromJSON(const llvm::json::Value &V, DidSaveArgs &R, llvm::json::Path P);

/// $/cancelRequest's id, or window/workDoneProgress/cancel's token.
struct CancelArgs {
  llvm::json::Value Id = nullptr;
};
bool fromJSON(const llvm::json::Value &V, CancelArgs &R, llvm::json::Path P);

/// The internal method a malformed message is answered through, so that
/// the answer goes through MessageHandler's serialised writes.
constexpr llvm::StringLiteral InvalidMessageMethod =
    "$/cuda-launch-lint/invalid";
struct InvalidArgs {
  std::string Message;
  int64_t Code = 0;
};
bool fromJSON(const llvm::json::Value &V, InvalidArgs &R, llvm::json::Path P);

/// A request id as text, to compare ids of any JSON type.
std::string idText(const llvm::json::Value &Id);

/// The next message: Content-Length framed, or (Delimited, --lit-test) the
/// lines up to a '---' line, '#' lines skipped. False at the end of input;
/// a frame that is not one yields a non-JSON text, answered as a parse
/// error.
bool readMessage(std::FILE *In, bool Delimited, std::string &Json);

} // namespace cudalint

#endif // CUDALINT_LSP_LSPPROTOCOL_H
