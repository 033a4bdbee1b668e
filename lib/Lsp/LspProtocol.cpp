//===- LspProtocol.cpp - What the LSP support library lacks ---------------===//

#include "cudalint/Lsp/LspProtocol.h"

using namespace llvm;

namespace cudalint {

/// A location in another file, whose text the server does not hold: its
/// byte columns stand for UTF-16 ones.
lsp::Range rangeIn(const SourceLoc &L, const TextIndex *Index) {
  if (Index)
    return Index->tokenAt(L.Line, L.Column);
  lsp::Position P(L.Line ? L.Line - 1 : 0, L.Column ? L.Column - 1 : 0);
  return lsp::Range(P, lsp::Position(P.line, P.character + 1));
}

//===-- Messages the support library lacks --------------------------------===//

bool fromJSON(const json::Value &V, InitializeArgs &R, json::Path) {
  if (const json::Object *O = V.getAsObject()) {
    if (const json::Object *C = O->getObject("capabilities"))
      if (const json::Object *W = C->getObject("window"))
        R.WorkDoneProgress = W->getBoolean("workDoneProgress").value_or(false);
    if (const json::Object *I = O->getObject("initializationOptions"))
      R.InlayHints = I->getBoolean("inlayHints");
  }
  return true;
}

bool fromJSON(const json::Value &V, DidSaveArgs &R, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("textDocument", R.textDocument) &&
         O.mapOptional("text", R.text);
}

bool fromJSON(const json::Value &V, CancelArgs &R, json::Path P) {
  const json::Object *O = V.getAsObject();
  if (!O)
    return P.report("expected an object"), false;
  const json::Value *Id = O->get("id");
  if (!Id)
    Id = O->get("token");
  if (!Id)
    return P.report("expected an id"), false;
  R.Id = *Id;
  return true;
}

bool fromJSON(const json::Value &V, InvalidArgs &R, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("message", R.Message) && O.map("code", R.Code);
}

std::string idText(const json::Value &Id) {
  std::string S;
  raw_string_ostream(S) << Id;
  return S;
}

/// Applies one incremental change; false when its range is not in Text.
bool applyChange(std::string &Text,
                 const lsp::TextDocumentContentChangeEvent &C) {
  if (!C.range) {
    Text = C.text;
    return true;
  }
  TextIndex Index(Text);
  std::optional<size_t> B = Index.offset(C.range->start),
                        E = Index.offset(C.range->end);
  // The end of the text is a position on the line after the last '\n'.
  if (!B || !E || *B > *E)
    return false;
  Text.replace(*B, *E - *B, C.text);
  return true;
}

//===-- Reading -----------------------------------------------------------===//

/// One line with its '\n'; false at the end of input.
static bool readLine(std::FILE *In, std::string &Line) {
  Line.clear();
  char Buf[1024];
  while (std::fgets(Buf, sizeof Buf, In)) {
    Line += Buf;
    if (!Line.empty() && Line.back() == '\n')
      return true;
  }
  return !Line.empty();
}

/// The next message: Content-Length framed, or (--lit-test) the lines up
/// to a '---' line, '#' lines skipped. False at the end of input; a frame
/// that is not one yields a non-JSON text, answered as a parse error.
bool readMessage(std::FILE *In, bool Delimited, std::string &Json) {
  Json.clear();
  std::string Line;
  if (Delimited) {
    bool Any = false;
    while (readLine(In, Line)) {
      StringRef L = StringRef(Line).trim();
      if (L == "---")
        break;
      if (L.starts_with("#"))
        continue;
      Any = true;
      Json += Line;
    }
    return Any || !feof(In);
  }
  unsigned long long Length = 0;
  bool SawHeader = false;
  while (true) {
    if (!readLine(In, Line))
      return false;
    StringRef L = StringRef(Line).trim();
    if (L.empty() && SawHeader)
      break;
    if (L.empty())
      continue;
    SawHeader = true;
    if (L.consume_front_insensitive("Content-Length:") &&
        getAsUnsignedInteger(L.trim(), 10, Length))
      Length = 0;
  }
  if (Length == 0 || Length > (1u << 30)) {
    Json = "<a message without a valid Content-Length>";
    return true;
  }
  Json.resize(Length);
  size_t Got = std::fread(Json.data(), 1, Length, In);
  Json.resize(Got);
  return Got > 0 || !feof(In);
}

} // namespace cudalint
