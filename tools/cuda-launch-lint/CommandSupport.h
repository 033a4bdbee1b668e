//===- CommandSupport.h - What the driver's commands share -------*- C++
//-*-===//

#ifndef CUDALINT_TOOLS_COMMANDSUPPORT_H
#define CUDALINT_TOOLS_COMMANDSUPPORT_H

#include "cudalint/Facts/Diagnostic.h"
#include "cudalint/Report/SarifReport.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace cudalint {

/// "cuda-launch-lint: error: <Message>" on stderr; returns 2, the exit status
/// of a run that could not do its job.
int fail(const llvm::Twine &Message);

/// Parses Argv (the program name first) with llvm::cl. A bad command line is
/// one error line naming the option (llvm::cl reports a bad value of a typed
/// option itself); returns false then.
bool parseOptions(llvm::ArrayRef<const char *> Argv, llvm::StringRef Overview);

/// What a run says about itself besides its findings: the launches it did
/// not fully check and the device compiles that failed.
struct RunCoverage {
  /// SARIF's toolExecutionNotifications (runNotifications).
  std::vector<SarifNotification> Notifications;
  /// The text output's last line (uncheckedSummary); empty: none.
  std::string Summary;
};

/// RunCoverage of a run's facts.
RunCoverage runCoverage(llvm::ArrayRef<TranslationUnitFacts> Units,
                        const DeviceResourceTable &Device,
                        llvm::ArrayRef<UncheckedLaunch> Unchecked);

/// Findings in a format that needs nothing but them: text, sarif, github,
/// gitlab, rdjson. The CI formats name files relative to Root. Text ends
/// with Coverage's summary line, SARIF carries its notifications.
void writeFindings(llvm::raw_ostream &OS, llvm::StringRef Format,
                   llvm::ArrayRef<Diagnostic> Findings, llvm::StringRef Root,
                   bool Color, const RunCoverage &Coverage = {});

} // namespace cudalint

#endif
