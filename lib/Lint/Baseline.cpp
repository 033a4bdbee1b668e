//===- Baseline.cpp - Known findings, hidden until they change ------------===//

#include "cudalint/Lint/Baseline.h"

#include "cudalint/Lint/Fingerprint.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

namespace {

constexpr StringLiteral FormatKey = "cuda-launch-lint-baseline";

/// The absolute directory of Path.
std::string directoryOf(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return sys::path::parent_path(Abs).str();
}

std::vector<std::string> fingerprintsUnder(ArrayRef<Diagnostic> Findings,
                                           StringRef Root) {
  return findingFingerprints(Findings, [&](const Diagnostic &D) {
    return pathRelativeTo(D.Loc.File, Root);
  });
}

} // namespace

Expected<Baseline> Baseline::load(StringRef Path) {
  auto Fail = [&](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             "--baseline " + Path + ": " + Why);
  };
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return Fail(Buffer.getError().message());
  Expected<json::Value> Doc = json::parse((*Buffer)->getBuffer());
  if (!Doc)
    return Fail("not JSON (" + toString(Doc.takeError()) + ")");
  const json::Object *Root = Doc->getAsObject();
  if (!Root || Root->getInteger(FormatKey) != 1)
    return Fail("not a cuda-launch-lint baseline (no \"" + FormatKey +
                "\": 1)");
  const json::Array *Findings = Root->getArray("findings");
  if (!Findings)
    return Fail("no \"findings\" array");
  Baseline B;
  B.Path = Path.str();
  B.Root = directoryOf(Path);
  for (const json::Value &F : *Findings) {
    const json::Object *O = F.getAsObject();
    std::optional<StringRef> Fingerprint =
        O ? O->getString("fingerprint") : std::nullopt;
    if (!Fingerprint)
      return Fail("a finding without a \"fingerprint\"");
    B.Known.insert(*Fingerprint);
  }
  return B;
}

unsigned Baseline::hideKnown(std::vector<Diagnostic> &Findings) const {
  std::vector<std::string> Fingerprints = fingerprintsUnder(Findings, Root);
  std::vector<Diagnostic> Kept;
  for (auto [D, F] : zip_equal(Findings, Fingerprints))
    if (!Known.contains(F))
      Kept.push_back(std::move(D));
  unsigned Hidden = Findings.size() - Kept.size();
  Findings = std::move(Kept);
  return Hidden;
}

std::string baselineText(ArrayRef<Diagnostic> Findings, StringRef Path) {
  std::string Root = directoryOf(Path);
  std::vector<std::string> Fingerprints = fingerprintsUnder(Findings, Root);
  json::Array Entries;
  for (const auto &[D, F] : zip_equal(Findings, Fingerprints))
    Entries.push_back(json::Object{{"fingerprint", F},
                                   {"check", D.Check},
                                   {"file", pathRelativeTo(D.Loc.File, Root)},
                                   {"message", D.Message}});
  json::Object Doc{{FormatKey, 1}, {"findings", std::move(Entries)}};
  return formatv("{0:2}\n", json::Value(std::move(Doc))).str();
}

} // namespace cudalint
