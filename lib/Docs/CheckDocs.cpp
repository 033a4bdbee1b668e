//===- CheckDocs.cpp - The check pages, built into the tool ---------------===//

#include "cudalint/Docs/CheckDocs.h"
#include "cudalint/Checks/Checks.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cudalint {

namespace {
struct Page {
  const char *Name;
  const char *Text;
};
const Page Pages[] = {
#include "CheckDocsData.inc"
    {nullptr, nullptr}, // keeps the array valid without pages
};
} // namespace

StringRef checkDocumentation(StringRef CheckName) {
  for (const Page &P : Pages)
    if (P.Name && CheckName == P.Name)
      return P.Text;
  return "";
}

std::string checkDocSummary(StringRef CheckName) {
  StringRef Text = checkDocumentation(CheckName);
  SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n');
  SmallVector<StringRef, 4> Summary;
  bool PastTitle = false;
  for (StringRef Line : Lines) {
    Line = Line.trim();
    if (!PastTitle) {
      PastTitle = Line.starts_with("# ");
      continue;
    }
    if (Line.empty()) {
      if (!Summary.empty())
        break;
      continue;
    }
    Summary.push_back(Line);
  }
  return join(Summary, " ");
}

std::vector<StringRef> documentedChecks() {
  std::vector<StringRef> Names;
  for (const Page &P : Pages)
    if (P.Name)
      Names.push_back(P.Name);
  llvm::sort(Names);
  return Names;
}

std::string checkIndexTable() {
  std::string Out = "| check | severity | summary | options (default) |\n"
                    "|---|---|---|---|\n";
  for (const std::unique_ptr<Check> &C : allChecks()) {
    SmallVector<std::string, 4> Options;
    for (const CheckOptionSpec &O : C->options())
      Options.push_back(("`" + O.Name + "` (" + O.defaultText() + ")").str());
    std::string Summary = checkDocSummary(C->name());
    for (size_t At = 0; (At = Summary.find('|', At)) != std::string::npos;
         At += 2)
      Summary.insert(At, "\\");
    Out += ("| [" + C->name() + "](" + C->name() + ".md) | " +
            severityName(C->severity()) + " | " + Summary + " | " +
            (Options.empty() ? "—" : join(Options, ", ")) + " |\n")
               .str();
  }
  return Out;
}

std::string checkListText() {
  std::string Text;
  raw_string_ostream OS(Text);
  for (const std::unique_ptr<Check> &C : allChecks()) {
    OS << C->name() << " (" << severityName(C->severity())
       << "): " << C->summary() << "\n";
    for (const CheckOptionSpec &O : C->options())
      OS << "    option " << O.Name << " (" << O.acceptedText() << ", default "
         << O.defaultText() << "): " << O.Doc << "\n";
  }
  return Text;
}

} // namespace cudalint
