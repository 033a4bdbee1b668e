//===- CommandSupport.cpp - What the driver's commands share --------------===//

#include "CommandSupport.h"

#include "cudalint/Checks/Checks.h"
#include "cudalint/Report/CiReports.h"
#include "cudalint/Report/DiagnosticsReport.h"
#include "cudalint/Report/SarifReport.h"

#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace cudalint {

int fail(const Twine &Message) {
  errs() << "cuda-launch-lint: error: " << Message << "\n";
  return 2;
}

bool parseOptions(ArrayRef<const char *> Argv, StringRef Overview) {
  std::string Errors;
  raw_string_ostream ErrorStream(Errors);
  if (cl::ParseCommandLineOptions(Argv.size(), Argv.data(), Overview,
                                  &ErrorStream))
    return true;
  // "cuda-launch-lint: Unknown command line argument '--x'.  Try: ...".
  StringRef First = StringRef(Errors).split('\n').first;
  First.consume_front("cuda-launch-lint: ");
  if (!First.trim().empty())
    fail(First.split("  Try:").first.rtrim());
  return false;
}

RunCoverage runCoverage(ArrayRef<TranslationUnitFacts> Units,
                        const DeviceResourceTable &Device,
                        ArrayRef<UncheckedLaunch> Unchecked) {
  return {runNotifications(Units, Device, Unchecked),
          uncheckedSummary(Unchecked, launchesOfTheFiles(Units))};
}

void writeFindings(raw_ostream &OS, StringRef Format,
                   ArrayRef<Diagnostic> Findings, StringRef Root, bool Color,
                   const RunCoverage &Coverage) {
  if (Format == "sarif") {
    std::vector<const Check *> Rules;
    for (const std::unique_ptr<Check> &C : allChecks())
      Rules.push_back(C.get());
    SarifOptions Options;
    Options.ToolVersion = CUDALINT_VERSION;
    writeSarif(OS, Findings, Rules, Options, Coverage.Notifications);
  } else if (Format == "github") {
    writeGitHubAnnotations(OS, Findings, Root);
  } else if (Format == "gitlab") {
    writeGitLabCodeQuality(OS, Findings, Root);
  } else if (Format == "rdjson") {
    writeRdjson(OS, Findings, Root);
  } else {
    printDiagnostics(OS, Findings, Color);
    // No silent pass: a report without findings is clean only where every
    // launch was checked.
    if (!Coverage.Summary.empty())
      OS << "cuda-launch-lint: " << Coverage.Summary
         << "; see --list-launches\n";
  }
}

} // namespace cudalint
