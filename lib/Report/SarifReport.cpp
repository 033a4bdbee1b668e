//===- SarifReport.cpp - SARIF 2.1.0 output -------------------------------===//
//
// Follows the SARIF 2.1.0 schema and GitHub code scanning's documented
// subset: $schema, version, runs[].tool.driver.{name,version,rules},
// rules[].{id,name,shortDescription,fullDescription,help,
// defaultConfiguration}, results[].{ruleId,ruleIndex,level,message,
// locations[].physicalLocation.{artifactLocation.uri,region.startLine},
// relatedLocations,partialFingerprints,properties}.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Report/SarifReport.h"

#include "cudalint/Docs/CheckDocs.h"
#include "cudalint/Lint/Fingerprint.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

namespace {

StringRef levelOf(Severity S) {
  return S == Severity::Error ? "error" : "warning";
}

std::string percentEncode(StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' || C == '/')
      Out += C;
    else
      Out += formatv("%{0:X-2}", unsigned(C)).str();
  }
  return Out;
}

// "cuda-launch-bounds-exceeded" -> "CudaLaunchBoundsExceeded".
std::string ruleName(StringRef Id) {
  std::string Out;
  bool Upper = true;
  for (char C : Id) {
    if (!isAlnum(C)) {
      Upper = true;
      continue;
    }
    Out += Upper ? toUpper(C) : C;
    Upper = false;
  }
  return Out;
}

// json::Value borrows a StringRef's characters; every string put into the
// log is copied into a std::string first.
json::Object text(StringRef S) { return json::Object{{"text", S.str()}}; }

class Writer {
public:
  Writer(const SarifOptions &Options) : Options(Options) {
    if (!Options.SourceRoot.empty()) {
      SmallString<256> Root(Options.SourceRoot);
      sys::path::remove_dots(Root, /*remove_dot_dot=*/true);
      while (Root.size() > 1 && Root.back() == '/')
        Root.pop_back();
      this->Root = std::string(Root);
    }
  }

  json::Value run(ArrayRef<Diagnostic> Diags, ArrayRef<const Check *> Rules,
                  ArrayRef<SarifNotification> Notifications);

private:
  const SarifOptions &Options;
  std::string Root;

  json::Object artifactLocation(StringRef File) const {
    StringRef Rel = File;
    if (!Root.empty() && Rel.consume_front(Root) && Rel.consume_front("/"))
      return json::Object{{"uri", percentEncode(Rel)},
                          {"uriBaseId", std::string("SRCROOT")}};
    if (sys::path::is_absolute(File))
      return json::Object{{"uri", sarifFileUri(File)}};
    return json::Object{{"uri", percentEncode(File)}};
  }

  json::Object physicalLocation(const SourceLoc &L) const {
    // A whole file (a failed device compile) has no region.
    if (!L.valid())
      return json::Object{{"artifactLocation", artifactLocation(L.File)}};
    json::Object Region{{"startLine", L.Line}};
    if (L.Column)
      Region["startColumn"] = L.Column;
    return json::Object{{"artifactLocation", artifactLocation(L.File)},
                        {"region", std::move(Region)}};
  }

  json::Object notification(const SarifNotification &N) const {
    json::Object O{{"descriptor", json::Object{{"id", N.Id}}},
                   {"level", N.Level},
                   {"message", text(N.Message)}};
    if (!N.Loc.File.empty())
      O["locations"] = json::Array{
          json::Object{{"physicalLocation", physicalLocation(N.Loc)}}};
    if (!N.Properties.empty()) {
      json::Object P;
      for (const auto &[Key, Value] : N.Properties)
        P[Key] = Value;
      O["properties"] = std::move(P);
    }
    return O;
  }
};

json::Object ruleFor(StringRef Id, StringRef Summary, Severity Sev,
                     bool Known) {
  std::string Page = checkDocumentation(Id).str();
  std::string Full = checkDocSummary(Id);
  if (Full.empty())
    Full = Summary.str();
  std::string Help = Page.empty() ? Full : Page;
  json::Object Help_{{"text", Help}};
  if (!Page.empty())
    Help_["markdown"] = Page;
  json::Array Tags{"cuda"};
  Tags.push_back(Known
                     ? (Sev == Severity::Error ? "correctness" : "performance")
                     : "lint");
  return json::Object{
      {"id", Id.str()},
      {"name", ruleName(Id)},
      {"shortDescription", text(Summary)},
      {"fullDescription", text(Full)},
      {"help", std::move(Help_)},
      {"defaultConfiguration", json::Object{{"level", levelOf(Sev).str()}}},
      {"properties",
       json::Object{
           {"tags", std::move(Tags)},
           {"precision", Sev == Severity::Error ? "very-high" : "high"},
           {"problem.severity", levelOf(Sev).str()}}},
  };
}

json::Value Writer::run(ArrayRef<Diagnostic> Diags,
                        ArrayRef<const Check *> Rules,
                        ArrayRef<SarifNotification> Notifications) {
  json::Array RuleObjects;
  StringMap<unsigned> RuleIndex;
  for (const Check *C : Rules) {
    if (!RuleIndex.try_emplace(C->name(), RuleObjects.size()).second)
      continue;
    RuleObjects.push_back(
        ruleFor(C->name(), C->summary(), C->severity(), true));
  }
  for (const Diagnostic &D : Diags) {
    if (RuleIndex.try_emplace(D.Check, RuleObjects.size()).second)
      RuleObjects.push_back(ruleFor(
          D.Check,
          D.Check == "cuda-launch-lint-nolint"
              ? std::string("Unmatched NOLINTBEGIN or NOLINTEND comment")
              : "Findings of " + D.Check,
          D.Sev, false));
  }

  json::Array Results;
  auto UriOf = [&](const Diagnostic &D) -> std::string {
    if (!D.Loc.valid() || D.Loc.File.empty())
      return "";
    json::Object Phys = physicalLocation(D.Loc);
    return Phys.getObject("artifactLocation")->getString("uri")->str();
  };
  std::vector<std::string> Fingerprints = findingFingerprints(Diags, UriOf);
  for (const auto &[D, Fingerprint] : zip_equal(Diags, Fingerprints)) {
    std::string Message = D.Message;
    if (!D.Arch.empty() && !StringRef(Message).contains(D.Arch))
      Message += " [" + D.Arch + "]";
    json::Array Related;
    for (const DiagnosticNote &N : D.Notes) {
      if (!N.Loc.valid() || N.Loc.File.empty()) {
        Message += "\nnote: " + N.Message;
        continue;
      }
      Related.push_back(
          json::Object{{"id", int64_t(Related.size() + 1)},
                       {"physicalLocation", physicalLocation(N.Loc)},
                       {"message", text(N.Message)}});
    }
    json::Object Result{{"ruleId", D.Check},
                        {"ruleIndex", RuleIndex[D.Check]},
                        {"level", levelOf(D.Sev).str()},
                        {"message", text(Message)}};
    if (D.Loc.valid() && !D.Loc.File.empty()) {
      json::Object Phys = physicalLocation(D.Loc);
      Result["locations"] =
          json::Array{json::Object{{"physicalLocation", std::move(Phys)}}};
    }
    if (!Related.empty())
      Result["relatedLocations"] = std::move(Related);
    json::Object Properties;
    if (!D.Arch.empty())
      Properties["arch"] = D.Arch;
    if (!D.CudaError.empty())
      Properties["cudaError"] = D.CudaError;
    if (!Properties.empty())
      Result["properties"] = std::move(Properties);

    Result["partialFingerprints"] =
        json::Object{{"cudaLaunchLint/v1", Fingerprint}};
    Results.push_back(std::move(Result));
  }

  json::Object Driver{{"name", "cuda-launch-lint"},
                      {"rules", std::move(RuleObjects)}};
  if (!Options.ToolVersion.empty()) {
    Driver["version"] = Options.ToolVersion;
  }
  if (!Options.InformationUri.empty())
    Driver["informationUri"] = Options.InformationUri;
  json::Object Run{{"tool", json::Object{{"driver", std::move(Driver)}}},
                   {"results", std::move(Results)}};
  // The run's own messages: launches not fully checked, failed device
  // compiles. The analysis itself ran.
  if (!Notifications.empty()) {
    json::Array Objects;
    for (const SarifNotification &N : Notifications)
      Objects.push_back(notification(N));
    Run["invocations"] = json::Array{
        json::Object{{"executionSuccessful", true},
                     {"toolExecutionNotifications", std::move(Objects)}}};
  }
  if (!Root.empty())
    Run["originalUriBaseIds"] = json::Object{
        {"SRCROOT", json::Object{{"uri", sarifFileUri(Root) + "/"}}}};
  return json::Object{{"$schema", SarifSchemaUri.str()},
                      {"version", "2.1.0"},
                      {"runs", json::Array{std::move(Run)}}};
}

} // namespace

std::vector<SarifNotification>
runNotifications(ArrayRef<TranslationUnitFacts> Units,
                 const DeviceResourceTable &Device,
                 ArrayRef<UncheckedLaunch> Unchecked) {
  std::vector<SarifNotification> Out;
  for (const auto &[File, Gaps] : Device.GapsByFile)
    for (const DeviceGap &G : Gaps) {
      SarifNotification N;
      N.Id = G.isFailure() ? "device-compile-failed" : "not-a-target";
      N.Level = G.isFailure() ? "warning" : "note";
      N.Message = G.Message;
      N.Loc.File = File;
      N.Properties = {{"arch", G.Arch}, {"kind", deviceGapKindName(G.K).str()}};
      Out.push_back(std::move(N));
    }
  for (const UncheckedLaunch &U : Unchecked) {
    const LaunchSite &L = Units[U.Unit].Launches[U.Launch];
    SarifNotification N;
    N.Id = "unchecked-launch";
    N.Level = "warning";
    std::vector<std::string> Kinds;
    for (const UncheckedReason &R : U.Reasons)
      if (!is_contained(Kinds, uncheckedKindName(R.K)))
        Kinds.push_back(uncheckedKindName(R.K).str());
    N.Message = uncheckedLaunchMessage(L, U.Reasons);
    N.Loc = L.Loc;
    N.Properties = {{"reasons", join(Kinds, ",")}};
    Out.push_back(std::move(N));
  }
  return Out;
}

std::string sarifFileUri(StringRef AbsolutePath) {
  return "file://" + percentEncode(AbsolutePath);
}

void writeSarif(raw_ostream &OS, ArrayRef<Diagnostic> Diags,
                ArrayRef<const Check *> Rules, const SarifOptions &Options,
                ArrayRef<SarifNotification> Notifications) {
  OS << formatv("{0:2}", Writer(Options).run(Diags, Rules, Notifications))
     << "\n";
}

void writeSarif(raw_ostream &OS, ArrayRef<Diagnostic> Diags,
                ArrayRef<const Check *> Rules, StringRef ToolVersion) {
  SarifOptions Options;
  Options.ToolVersion = ToolVersion.str();
  writeSarif(OS, Diags, Rules, Options);
}

} // namespace cudalint
