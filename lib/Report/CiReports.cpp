//===- CiReports.cpp - Findings in the formats CI systems read ------------===//

#include "cudalint/Report/CiReports.h"

#include "cudalint/Lint/Fingerprint.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

namespace {

/// The message with the notes that have no place of their own, and the
/// arch when the message does not name it.
std::string fullMessage(const Diagnostic &D) {
  std::string Message = D.Message;
  if (!D.Arch.empty() && !StringRef(Message).contains(D.Arch))
    Message += " [" + D.Arch + "]";
  for (const DiagnosticNote &N : D.Notes)
    Message += "\nnote: " + N.Message;
  return Message;
}

/// GitHub's workflow command escaping: data escapes %, CR and LF; property
/// values also ':' and ','.
std::string escapeWorkflow(StringRef Text, bool Property) {
  std::string Out;
  for (char C : Text) {
    switch (C) {
    case '%':
      Out += "%25";
      break;
    case '\r':
      Out += "%0D";
      break;
    case '\n':
      Out += "%0A";
      break;
    case ':':
      Out += Property ? "%3A" : ":";
      break;
    case ',':
      Out += Property ? "%2C" : ",";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

} // namespace

void writeGitHubAnnotations(raw_ostream &OS, ArrayRef<Diagnostic> Findings,
                            StringRef Root) {
  for (const Diagnostic &D : Findings) {
    OS << "::" << (D.Sev == Severity::Error ? "error" : "warning");
    if (D.Loc.valid())
      OS << " file=" << escapeWorkflow(pathRelativeTo(D.Loc.File, Root), true)
         << ",line=" << D.Loc.Line << ",col=" << D.Loc.Column << ",";
    else
      OS << " ";
    OS << "title=" << escapeWorkflow(D.Check, true)
       << "::" << escapeWorkflow(fullMessage(D), false) << "\n";
  }
}

void writeGitLabCodeQuality(raw_ostream &OS, ArrayRef<Diagnostic> Findings,
                            StringRef Root) {
  auto PathOf = [&](const Diagnostic &D) {
    return pathRelativeTo(D.Loc.File, Root);
  };
  std::vector<std::string> Fingerprints = findingFingerprints(Findings, PathOf);
  json::Array Issues;
  for (const auto &[D, Fingerprint] : zip_equal(Findings, Fingerprints))
    Issues.push_back(json::Object{
        {"type", "issue"},
        {"description", fullMessage(D)},
        {"check_name", D.Check},
        {"fingerprint", Fingerprint},
        // An error is a launch that fails; a warning wastes the GPU.
        {"severity", D.Sev == Severity::Error ? "critical" : "minor"},
        {"location",
         json::Object{
             {"path", PathOf(D)},
             {"lines",
              json::Object{{"begin", int64_t(std::max(1u, D.Loc.Line))}}}}}});
  OS << formatv("{0:2}", json::Value(std::move(Issues))) << "\n";
}

void writeRdjson(raw_ostream &OS, ArrayRef<Diagnostic> Findings,
                 StringRef Root) {
  auto Position = [](const SourceLoc &L) {
    return json::Object{{"line", int64_t(L.Line)},
                        {"column", int64_t(L.Column)}};
  };
  json::Array Diagnostics;
  for (const Diagnostic &D : Findings) {
    json::Object Location{{"path", pathRelativeTo(D.Loc.File, Root)}};
    if (D.Loc.valid())
      Location["range"] = json::Object{{"start", Position(D.Loc)}};
    json::Object Entry{
        {"message", fullMessage(D)},
        {"location", std::move(Location)},
        {"severity", D.Sev == Severity::Error ? "ERROR" : "WARNING"},
        {"code", json::Object{{"value", D.Check}}}};
    json::Array Suggestions;
    for (const FixIt &F : D.Fixes)
      if (F.Loc.valid() && F.Loc.File == D.Loc.File) {
        SourceLoc End = F.Loc;
        End.Column += F.Length;
        Suggestions.push_back(
            json::Object{{"range", json::Object{{"start", Position(F.Loc)},
                                                {"end", Position(End)}}},
                         {"text", F.Replacement}});
      }
    if (!Suggestions.empty())
      Entry["suggestions"] = std::move(Suggestions);
    Diagnostics.push_back(std::move(Entry));
  }
  json::Object Result{{"source", json::Object{{"name", "cuda-launch-lint"}}},
                      {"diagnostics", std::move(Diagnostics)}};
  OS << formatv("{0:2}", json::Value(std::move(Result))) << "\n";
}

std::string checkoutRoot() {
  SmallString<256> Root;
  sys::fs::current_path(Root);
  for (SmallString<256> Dir = Root; !Dir.empty();
       Dir.resize(sys::path::parent_path(Dir).size())) {
    SmallString<256> Git(Dir);
    sys::path::append(Git, ".git");
    if (sys::fs::exists(Git))
      return Dir.str().str();
    if (sys::path::parent_path(Dir) == Dir)
      break;
  }
  return Root.str().str();
}

} // namespace cudalint
