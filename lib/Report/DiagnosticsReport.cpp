//===- DiagnosticsReport.cpp - Diagnostics as a compiler prints them ------===//

#include "cudalint/Report/DiagnosticsReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

using namespace llvm;

namespace cudalint {

namespace {

/// The lines of the files diagnostics point into, read once.
class SourceLines {
public:
  StringRef line(const std::string &File, unsigned Line) {
    auto [It, New] = Files.try_emplace(File);
    if (New) {
      if (auto Buffer = MemoryBuffer::getFile(File, /*IsText=*/true)) {
        It->second.Text = (*Buffer)->getBuffer().str();
        StringRef(It->second.Text).split(It->second.Lines, '\n');
      }
    }
    const auto &Lines = It->second.Lines;
    if (Line == 0 || Line > Lines.size())
      return "";
    return Lines[Line - 1].rtrim("\r");
  }

private:
  struct FileText {
    std::string Text;
    SmallVector<StringRef, 0> Lines;
  };
  StringMap<FileText> Files;
};

void printLocation(raw_ostream &OS, const SourceLoc &L, bool Color) {
  if (!L.valid())
    return;
  if (Color)
    OS.changeColor(raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  OS << L.File << ":" << L.Line << ":" << L.Column << ": ";
  if (Color)
    OS.resetColor();
}

void printSnippet(raw_ostream &OS, SourceLines &Sources, const SourceLoc &L,
                  bool Color) {
  if (!L.valid())
    return;
  StringRef Text = Sources.line(L.File, L.Line);
  if (Text.empty())
    return;
  std::string Number = std::to_string(L.Line);
  OS << "  " << Number << " | " << Text << "\n";
  OS << "  " << std::string(Number.size(), ' ') << " | ";
  // Keep tabs so the caret lines up under the column.
  for (unsigned I = 1; I < L.Column && I <= Text.size(); ++I)
    OS << (Text[I - 1] == '\t' ? '\t' : ' ');
  if (Color)
    OS.changeColor(raw_ostream::GREEN, true);
  OS << "^";
  if (Color)
    OS.resetColor();
  OS << "\n";
}

} // namespace

void printDiagnostics(raw_ostream &OS, ArrayRef<Diagnostic> Diagnostics,
                      bool Color) {
  SourceLines Sources;
  for (const Diagnostic &D : Diagnostics) {
    const std::string &Message = D.Message;
    printLocation(OS, D.Loc, Color);
    if (Color)
      OS.changeColor(D.Sev == Severity::Error ? raw_ostream::RED
                                              : raw_ostream::MAGENTA,
                     true);
    OS << severityName(D.Sev) << ": ";
    if (Color)
      OS.changeColor(raw_ostream::SAVEDCOLOR, true);
    OS << Message << " [" << D.Check << "]";
    if (Color)
      OS.resetColor();
    OS << "\n";
    printSnippet(OS, Sources, D.Loc, Color);
    for (const DiagnosticNote &N : D.Notes) {
      printLocation(OS, N.Loc, Color);
      if (Color)
        OS.changeColor(raw_ostream::BLACK, true);
      OS << "note: ";
      if (Color)
        OS.resetColor();
      OS << N.Message << "\n";
    }
  }
}

void writeDiagnosticsJSON(json::OStream &J, ArrayRef<Diagnostic> Diagnostics) {
  auto Loc = [&](const SourceLoc &L) {
    J.attribute("file", L.File);
    J.attribute("line", L.Line);
    J.attribute("column", L.Column);
  };
  for (const Diagnostic &D : Diagnostics)
    J.object([&] {
      J.attribute("check", D.Check);
      J.attribute("severity", severityName(D.Sev));
      J.attribute("claim", claimName(D.Promise));
      Loc(D.Loc);
      J.attribute("arch", D.Arch);
      J.attribute("message", D.Message);
      if (!D.CudaError.empty())
        J.attribute("cuda_error", D.CudaError);
      J.attributeArray("notes", [&] {
        for (const DiagnosticNote &N : D.Notes)
          J.object([&] {
            if (N.Loc.valid())
              Loc(N.Loc);
            J.attribute("message", N.Message);
          });
      });
    });
}

Expected<std::vector<Diagnostic>>
readDiagnosticsJSON(const json::Array &Entries) {
  std::vector<Diagnostic> Out;
  auto ReadLoc = [](const json::Object &O) {
    SourceLoc L;
    if (std::optional<StringRef> F = O.getString("file"))
      L.File = F->str();
    L.Line = unsigned(O.getInteger("line").value_or(0));
    L.Column = unsigned(O.getInteger("column").value_or(0));
    return L;
  };
  for (size_t I = 0; I < Entries.size(); ++I) {
    const json::Object *O = Entries[I].getAsObject();
    std::optional<StringRef> Check = O ? O->getString("check") : std::nullopt;
    std::optional<StringRef> Sev = O ? O->getString("severity") : std::nullopt;
    std::optional<StringRef> Message =
        O ? O->getString("message") : std::nullopt;
    if (!Check || !Sev || !Message)
      return createStringError(inconvertibleErrorCode(),
                               "diagnostic " + Twine(I) +
                                   ": needs check, severity and message");
    Diagnostic D;
    D.Check = Check->str();
    D.Sev = *Sev == "error" ? Severity::Error : Severity::Warning;
    // Written before the claim was: an error fails, a warning advises.
    StringRef Claimed = O->getString("claim").value_or(
        D.Sev == Severity::Error ? "fails" : "advice");
    D.Promise = Claimed == "fails"      ? Claim::Fails
                : Claimed == "may-fail" ? Claim::MayFail
                                        : Claim::Advice;
    D.Loc = ReadLoc(*O);
    D.Arch = O->getString("arch").value_or("").str();
    D.Message = Message->str();
    D.CudaError = O->getString("cuda_error").value_or("").str();
    if (const json::Array *Notes = O->getArray("notes"))
      for (const json::Value &N : *Notes)
        if (const json::Object *NO = N.getAsObject())
          D.Notes.push_back(
              {ReadLoc(*NO), NO->getString("message").value_or("").str()});
    Out.push_back(std::move(D));
  }
  return Out;
}

} // namespace cudalint
