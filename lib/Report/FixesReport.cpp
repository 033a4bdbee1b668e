//===- FixesReport.cpp - Fix-its for clang-apply-replacements -------------===//

#include "cudalint/Report/FixesReport.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>
#include <optional>

using namespace llvm;

namespace cudalint {

namespace {

/// Byte offsets of line starts, per file.
class Offsets {
public:
  std::optional<unsigned> of(const SourceLoc &L) {
    auto [It, New] = Files.try_emplace(L.File);
    if (New)
      if (auto Buffer = MemoryBuffer::getFile(L.File, /*IsText=*/false)) {
        StringRef Text = (*Buffer)->getBuffer();
        It->second.push_back(0);
        for (size_t I = 0; I < Text.size(); ++I)
          if (Text[I] == '\n')
            It->second.push_back(I + 1);
      }
    const std::vector<unsigned> &Lines = It->second;
    if (L.Line == 0 || L.Line > Lines.size() || L.Column == 0)
      return std::nullopt;
    return Lines[L.Line - 1] + L.Column - 1;
  }

private:
  StringMap<std::vector<unsigned>> Files;
};

std::string quote(StringRef S) {
  std::string Out = "'";
  for (char C : S) {
    if (C == '\'')
      Out += "''";
    else
      Out += C;
  }
  return Out + "'";
}

} // namespace

unsigned writeFixesYAML(raw_ostream &OS, ArrayRef<Diagnostic> Diagnostics) {
  Offsets Map;
  // (file, offset) -> the replacements proposed there.
  struct Proposal {
    const Diagnostic *D;
    const FixIt *Fix;
    unsigned Offset;
  };
  std::map<std::pair<std::string, unsigned>, std::vector<Proposal>> ByPlace;
  for (const Diagnostic &D : Diagnostics)
    for (const FixIt &F : D.Fixes)
      if (std::optional<unsigned> Offset = Map.of(F.Loc))
        ByPlace[{F.Loc.File, *Offset}].push_back({&D, &F, *Offset});

  std::string Entries;
  raw_string_ostream Out(Entries);
  unsigned Written = 0;
  for (const auto &[Place, Proposals] : ByPlace) {
    const Proposal &First = Proposals.front();
    bool Agree = llvm::all_of(Proposals, [&](const Proposal &P) {
      return P.Fix->Length == First.Fix->Length &&
             P.Fix->Replacement == First.Fix->Replacement;
    });
    if (!Agree)
      continue;
    const Diagnostic &D = *First.D;
    std::optional<unsigned> DiagOffset = Map.of(D.Loc);
    Out << "  - DiagnosticName: " << quote(D.Check) << "\n"
        << "    DiagnosticMessage:\n"
        << "      Message: " << quote(D.Message) << "\n"
        << "      FilePath: " << quote(D.Loc.File) << "\n"
        << "      FileOffset: " << DiagOffset.value_or(0) << "\n"
        << "      Replacements:\n"
        << "        - FilePath: " << quote(First.Fix->Loc.File) << "\n"
        << "          Offset: " << First.Offset << "\n"
        << "          Length: " << First.Fix->Length << "\n"
        << "          ReplacementText: " << quote(First.Fix->Replacement)
        << "\n"
        << "    Level: " << (D.Sev == Severity::Error ? "Error" : "Warning")
        << "\n";
    ++Written;
  }
  OS << "---\nMainSourceFile: "
     << quote(Diagnostics.empty() ? "" : Diagnostics.front().Loc.File)
     << "\nDiagnostics:" << (Written ? "\n" + Entries : " []\n") << "...\n";
  return Written;
}

} // namespace cudalint
