//===- OccupancyCommand.h - `cuda-launch-lint occupancy` --------*- C++ -*-===//

#ifndef CUDALINT_TOOLS_OCCUPANCYCOMMAND_H
#define CUDALINT_TOOLS_OCCUPANCYCOMMAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

/// Runs the occupancy calculator on the arguments after "occupancy".
/// Returns the process exit code: 0, or 2 for bad input (one line on stderr
/// saying why; in batch mode, per line on stdout, the other lines answered).
int runOccupancyCommand(llvm::ArrayRef<llvm::StringRef> Args);

/// Answers every line of a --batch input (without command-line defaults):
/// one JSON object per non-empty line, an {"error": ...} one for a bad line.
/// Returns whether every line was valid. The batch fuzzer's entry point.
bool runOccupancyBatch(llvm::StringRef Input, llvm::raw_ostream &OS);

} // namespace cudalint

#endif // CUDALINT_TOOLS_OCCUPANCYCOMMAND_H
