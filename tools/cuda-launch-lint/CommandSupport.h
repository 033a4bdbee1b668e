//===- CommandSupport.h - What the driver's commands share -------*- C++
//-*-===//

#ifndef CUDALINT_TOOLS_COMMANDSUPPORT_H
#define CUDALINT_TOOLS_COMMANDSUPPORT_H

#include "cudalint/Diagnostic.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

/// "cuda-launch-lint: error: <Message>" on stderr; returns 2, the exit status
/// of a run that could not do its job.
int fail(const llvm::Twine &Message);

/// Parses Argv (the program name first) with llvm::cl. A bad command line is
/// one error line naming the option (llvm::cl reports a bad value of a typed
/// option itself); returns false then.
bool parseOptions(llvm::ArrayRef<const char *> Argv, llvm::StringRef Overview);

/// Findings in a format that needs nothing but them: text, sarif, github,
/// gitlab, rdjson. The CI formats name files relative to Root.
void writeFindings(llvm::raw_ostream &OS, llvm::StringRef Format,
                   llvm::ArrayRef<Diagnostic> Findings, llvm::StringRef Root,
                   bool Color);

} // namespace cudalint

#endif
