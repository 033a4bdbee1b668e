//===- LintOptions.h - The lint command line --------------------*- C++ -*-===//

#ifndef CUDALINT_TOOLS_LINTOPTIONS_H
#define CUDALINT_TOOLS_LINTOPTIONS_H

#include "cudalint/Pipeline/Pipeline.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <optional>
#include <string>

namespace cudalint {

/// The options the lint door reads itself; the others only become
/// LintSettings (settingsFromCommandLine).
namespace lintopt {
extern llvm::cl::list<std::string> Sources;
extern llvm::cl::opt<std::string> BuildDir, Explain, OutputFormat, OutputFile,
    ExportFixes, WriteBaseline;
extern llvm::cl::opt<bool> StrictParse, FailOnUnchecked, ListChecks, CheckIndex,
    ListLaunches, Verbose;
} // namespace lintopt

/// Parses Args (without the program name) with llvm::cl; a bad command line
/// is one line naming the option. Returns false on error.
bool parseLintCommandLine(llvm::ArrayRef<llvm::StringRef> Args);

/// The settings the Pipeline validates, from the command line; none after
/// a malformed --check-option, -j or --device-timeout (said).
std::optional<LintSettings> settingsFromCommandLine();

} // namespace cudalint

#endif // CUDALINT_TOOLS_LINTOPTIONS_H
