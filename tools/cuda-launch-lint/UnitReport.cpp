//===- UnitReport.cpp - What the compiler launcher leaves per unit --------===//

#include "UnitReport.h"

#include "cudalint/Device/DeviceFacts.h"
#include "cudalint/Facts/FactsJSON.h"
#include "cudalint/Report/DiagnosticsReport.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cudalint {

namespace {

json::Value deviceToJSON(const DeviceResourceTable &D) {
  json::Array Kernels, Notes;
  for (const auto &[Key, R] : D.Resources) {
    json::Object O = resourcesToJSON(R);
    // The table's key is the front end's name, which may differ from the
    // device compiler's (internal linkage).
    O["key"] = Key.first;
    Kernels.push_back(std::move(O));
  }
  for (const std::string &N : D.Notes)
    Notes.push_back(N);
  json::Object Archs, Compiled, Gaps;
  for (const auto &[File, Names] : D.ArchsByFile)
    Archs[File] = json::Array(Names);
  for (const auto &[File, Names] : D.CompiledArchsByFile)
    Compiled[File] = json::Array(Names);
  for (const auto &[File, FileGaps] : D.GapsByFile) {
    json::Array A;
    for (const DeviceGap &G : FileGaps)
      A.push_back(json::Object{{"arch", G.Arch},
                               {"kind", deviceGapKindName(G.K)},
                               {"detail", G.Detail},
                               {"required_arch", G.RequiredArch},
                               {"message", G.Message}});
    Gaps[File] = std::move(A);
  }
  return json::Object{{"enabled", D.Enabled},
                      {"mode", D.Mode},
                      {"notes", std::move(Notes)},
                      {"archs_by_file", std::move(Archs)},
                      {"compiled_archs_by_file", std::move(Compiled)},
                      {"gaps_by_file", std::move(Gaps)},
                      {"kernels", std::move(Kernels)}};
}

/// "timed_out" -> DeviceGap::Kind::TimedOut; false for a name no kind has.
bool gapKindFromName(StringRef Name, DeviceGap::Kind &K) {
  for (DeviceGap::Kind Each :
       {DeviceGap::Kind::NotATarget, DeviceGap::Kind::CompileFailed,
        DeviceGap::Kind::TimedOut, DeviceGap::Kind::Cancelled,
        DeviceGap::Kind::NoReport})
    if (deviceGapKindName(Each) == Name) {
      K = Each;
      return true;
    }
  return false;
}

/// The per-file device outcomes, absent from reports of an older version.
bool deviceOutcomesFromJSON(const json::Object &O, DeviceResourceTable &D) {
  if (const json::Object *Compiled = O.getObject("compiled_archs_by_file"))
    for (const auto &[File, Names] : *Compiled)
      if (const json::Array *A = Names.getAsArray())
        for (const json::Value &N : *A)
          if (std::optional<StringRef> S = N.getAsString())
            D.CompiledArchsByFile[File.str()].push_back(S->str());
  const json::Object *Gaps = O.getObject("gaps_by_file");
  if (!Gaps)
    return true;
  for (const auto &[File, List] : *Gaps) {
    const json::Array *A = List.getAsArray();
    if (!A)
      return false;
    for (const json::Value &V : *A) {
      const json::Object *G = V.getAsObject();
      if (!G)
        return false;
      DeviceGap Gap;
      std::optional<StringRef> Arch = G->getString("arch"),
                               Kind = G->getString("kind"),
                               Detail = G->getString("detail"),
                               Required = G->getString("required_arch"),
                               Message = G->getString("message");
      if (!Arch || !Kind || !Detail || !Required || !Message ||
          !gapKindFromName(*Kind, Gap.K))
        return false;
      Gap.Arch = Arch->str();
      Gap.Detail = Detail->str();
      Gap.RequiredArch = Required->str();
      Gap.Message = Message->str();
      D.GapsByFile[File.str()].push_back(std::move(Gap));
    }
  }
  return true;
}

bool deviceFromJSON(const json::Object &O, DeviceResourceTable &D) {
  std::optional<bool> Enabled = O.getBoolean("enabled");
  std::optional<StringRef> Mode = O.getString("mode");
  const json::Array *Notes = O.getArray("notes");
  const json::Object *Archs = O.getObject("archs_by_file");
  const json::Array *Kernels = O.getArray("kernels");
  if (!Enabled || !Mode || !Notes || !Archs || !Kernels)
    return false;
  D.Enabled = *Enabled;
  D.Mode = Mode->str();
  for (const json::Value &N : *Notes)
    if (std::optional<StringRef> S = N.getAsString())
      D.Notes.push_back(S->str());
  for (const auto &[File, Names] : *Archs) {
    const json::Array *A = Names.getAsArray();
    if (!A)
      return false;
    std::vector<std::string> &Out = D.ArchsByFile[File.str()];
    for (const json::Value &N : *A)
      if (std::optional<StringRef> S = N.getAsString())
        Out.push_back(S->str());
  }
  for (const json::Value &K : *Kernels) {
    const json::Object *KO = K.getAsObject();
    std::optional<StringRef> Key = KO ? KO->getString("key") : std::nullopt;
    KernelResources R;
    if (!Key || !resourcesFromJSON(*KO, R))
      return false;
    D.Resources[{Key->str(), R.Arch}] = std::move(R);
  }
  return deviceOutcomesFromJSON(O, D);
}

Error bad(StringRef Path, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Path + ": " + Why);
}

} // namespace

Error writeUnitReport(StringRef Path, const UnitReport &R) {
  return writeToOutput(Path, [&](raw_ostream &OS) {
    json::OStream J(OS, 2);
    J.object([&] {
      J.attribute("cuda-launch-lint-findings", 2);
      J.attribute("source", R.Source);
      J.attributeArray("diagnostics",
                       [&] { writeDiagnosticsJSON(J, R.Findings); });
      J.attributeArray("units", [&] {
        for (const TranslationUnitFacts &U : R.Units)
          J.value(toJSON(U));
      });
      J.attribute("device", deviceToJSON(R.Device));
      J.attributeArray("default_archs", [&] {
        for (const std::string &A : R.DefaultArchs)
          J.value(A);
      });
      J.attribute("gpu", R.Gpu);
    });
    OS << "\n";
    return Error::success();
  });
}

Expected<UnitReport> readUnitReport(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return bad(Path, Buffer.getError().message());
  Expected<json::Value> Doc = json::parse((*Buffer)->getBuffer());
  if (!Doc)
    return bad(Path, toString(Doc.takeError()));
  const json::Object *O = Doc->getAsObject();
  std::optional<int64_t> Version =
      O ? O->getInteger("cuda-launch-lint-findings") : std::nullopt;
  const json::Array *Diags = O ? O->getArray("diagnostics") : nullptr;
  if (!Version || (*Version != 1 && *Version != 2) || !Diags)
    return bad(Path, "not a findings file");
  UnitReport R;
  R.Version = unsigned(*Version);
  if (std::optional<StringRef> Source = O->getString("source"))
    R.Source = Source->str();
  Expected<std::vector<Diagnostic>> Findings = readDiagnosticsJSON(*Diags);
  if (!Findings)
    return bad(Path, toString(Findings.takeError()));
  R.Findings = std::move(*Findings);
  if (R.Version == 1)
    return R;
  const json::Array *Units = O->getArray("units");
  const json::Object *Device = O->getObject("device");
  const json::Array *Archs = O->getArray("default_archs");
  std::optional<StringRef> Gpu = O->getString("gpu");
  if (!Units || !Device || !Archs || !Gpu)
    return bad(Path, "a version 2 findings file without its facts");
  for (const json::Value &U : *Units) {
    TranslationUnitFacts Facts;
    json::Path::Root Root;
    if (!fromJSON(U, Facts, Root))
      return bad(Path, "unreadable facts: " + toString(Root.getError()));
    R.Units.push_back(std::move(Facts));
  }
  if (!deviceFromJSON(*Device, R.Device))
    return bad(Path, "unreadable device facts");
  for (const json::Value &A : *Archs)
    if (std::optional<StringRef> S = A.getAsString())
      R.DefaultArchs.push_back(S->str());
  R.Gpu = Gpu->str();
  return R;
}

} // namespace cudalint
