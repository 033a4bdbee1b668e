//===- DiagnosticsReport.cpp - Diagnostics as a compiler prints them ------===//

#include "cudalint/DiagnosticsReport.h"

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

/// The arch's name in a message stands for "each of the group's archs".
std::string archNeutral(const Diagnostic &D) {
  if (D.Arch.empty())
    return D.Message;
  std::string Out;
  StringRef Rest = D.Message;
  while (true) {
    size_t At = Rest.find(D.Arch);
    if (At == StringRef::npos)
      break;
    // Whole words only: sm_80 in sm_80a stays.
    size_t End = At + D.Arch.size();
    bool Whole = End == Rest.size() || !isAlnum(Rest[End]);
    Out += Rest.take_front(At).str();
    Out += Whole ? "\x01" : D.Arch;
    Rest = Rest.drop_front(End);
  }
  return Out + Rest.str();
}

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

std::vector<Diagnostic> mergeArchs(ArrayRef<Diagnostic> Diagnostics) {
  // Group by everything but the arch, keeping the first one's position.
  struct Group {
    const Diagnostic *First;
    std::string Message; // with \x01 for the arch
    std::vector<std::string> Archs;
    std::vector<DiagnosticNote> Notes;
  };
  std::vector<Group> Groups;
  std::map<
      std::tuple<std::string, unsigned, unsigned, std::string, std::string>,
      size_t>
      Index;
  for (const Diagnostic &D : Diagnostics) {
    std::string Message = archNeutral(D);
    auto Key =
        std::make_tuple(D.Loc.File, D.Loc.Line, D.Loc.Column, D.Check, Message);
    auto [It, New] = Index.try_emplace(Key, Groups.size());
    if (New)
      Groups.push_back({&D, Message, {}, {}});
    Group &G = Groups[It->second];
    if (!D.Arch.empty())
      G.Archs.push_back(D.Arch);
    for (const DiagnosticNote &N : D.Notes)
      if (llvm::none_of(G.Notes, [&](const DiagnosticNote &O) {
            return O.Message == N.Message && O.Loc.File == N.Loc.File &&
                   O.Loc.Line == N.Loc.Line && O.Loc.Column == N.Loc.Column;
          }))
        G.Notes.push_back(N);
  }
  std::vector<Diagnostic> Out;
  for (const Group &G : Groups) {
    Diagnostic D = *G.First;
    D.Arch = join(G.Archs, ", ");
    D.Message = G.Message;
    for (size_t At; (At = D.Message.find('\x01')) != std::string::npos;)
      D.Message.replace(At, 1, D.Arch);
    D.Notes = G.Notes;
    Out.push_back(std::move(D));
  }
  return Out;
}

void printDiagnostics(raw_ostream &OS, ArrayRef<Diagnostic> Diagnostics,
                      bool Color) {
  SourceLines Sources;
  for (const Diagnostic &D : mergeArchs(Diagnostics)) {
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
      Loc(D.Loc);
      J.attribute("arch", D.Arch);
      J.attribute("message", D.Message);
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

} // namespace cudalint
