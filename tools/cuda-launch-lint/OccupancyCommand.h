//===- OccupancyCommand.h - `cuda-launch-lint occupancy` --------*- C++ -*-===//

#ifndef CUDALINT_TOOLS_OCCUPANCYCOMMAND_H
#define CUDALINT_TOOLS_OCCUPANCYCOMMAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace cudalint {

/// Runs the occupancy calculator on the arguments after "occupancy".
/// Returns the process exit code: 0, or 2 for bad input (one line on stderr
/// saying why; in batch mode, per line on stdout, the other lines answered).
int runOccupancyCommand(llvm::ArrayRef<llvm::StringRef> Args);

} // namespace cudalint

#endif // CUDALINT_TOOLS_OCCUPANCYCOMMAND_H
