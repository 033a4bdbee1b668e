//===- SarifReport.h - SARIF 2.1.0 output ------------------------*- C++
//-*-===//
//
// `--format=sarif`: one SARIF 2.1.0 log with one run, shaped for GitHub code
// scanning: rules with the check pages as help, results with a physical
// location, notes as related locations, the arch as a result property and
// a partial fingerprint.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_SARIFREPORT_H
#define CUDALINT_SARIFREPORT_H

#include "cudalint/Checks/Checks.h"
#include "cudalint/Device/DeviceResources.h"
#include "cudalint/Lint/LaunchCoverage.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <utility>
#include <vector>

namespace cudalint {

inline constexpr llvm::StringLiteral SarifSchemaUri =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
    "sarif-schema-2.1.0.json";

/// A message about the run rather than about the code (SARIF's
/// invocations[0].toolExecutionNotifications): a launch that was not fully
/// checked, a device compile that failed, an arch a file is not built for.
struct SarifNotification {
  /// The notification's descriptor id: "unchecked-launch",
  /// "device-compile-failed", "not-a-target".
  std::string Id;
  /// "warning" or "note".
  std::string Level;
  std::string Message;
  /// Where it is about: a launch (Line set), or a whole file (Line 0);
  /// nowhere when File is empty.
  SourceLoc Loc;
  /// Extra properties (the arch, the reasons' kinds), as strings.
  std::vector<std::pair<std::string, std::string>> Properties;
};

struct SarifOptions {
  std::string ToolVersion;
  /// runs[0].tool.driver.informationUri; left out when empty.
  std::string InformationUri;
  /// When set (an absolute directory), files under it are written as paths
  /// relative to it with uriBaseId "SRCROOT", and the run records SRCROOT's
  /// file:// URI in originalUriBaseIds. Other files, and every file when
  /// unset, are absolute file:// URIs (GitHub's upload-sarif action makes
  /// them relative to the checkout).
  std::string SourceRoot;
};

/// The notifications of a run: each failed device compile (a warning at
/// its file), each arch a file is not built for (a note at the file), and
/// each launch that was not fully checked (a warning at the launch, its
/// reasons in the message and, by kind, in the "reasons" property).
std::vector<SarifNotification>
runNotifications(llvm::ArrayRef<TranslationUnitFacts> Units,
                 const DeviceResourceTable &Device,
                 llvm::ArrayRef<UncheckedLaunch> Unchecked);

/// Writes the SARIF log. Rules: the run's checks, in the order given (a
/// result's ruleIndex points into it); a diagnostic whose check is not
/// among them (e.g. NOLINT errors) gets a rule of its own appended. Levels
/// follow each Diagnostic's Sev (promote --warnings-as-errors first).
/// Notifications: the run's invocation carries them; no "invocations" when
/// there are none.
void writeSarif(llvm::raw_ostream &OS, llvm::ArrayRef<Diagnostic> Diags,
                llvm::ArrayRef<const Check *> Rules,
                const SarifOptions &Options,
                llvm::ArrayRef<SarifNotification> Notifications = {});

/// The same with only the tool version set.
void writeSarif(llvm::raw_ostream &OS, llvm::ArrayRef<Diagnostic> Diags,
                llvm::ArrayRef<const Check *> Rules,
                llvm::StringRef ToolVersion);

/// "file:///abs/dir/a%20b.cu" for an absolute path; percent-encodes every
/// byte outside RFC 3986's unreserved characters and '/'.
std::string sarifFileUri(llvm::StringRef AbsolutePath);

} // namespace cudalint

#endif // CUDALINT_SARIFREPORT_H
