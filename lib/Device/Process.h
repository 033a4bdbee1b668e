//===- Process.h - Run a compiler with argv, a working directory, a timeout
//===//

#ifndef CUDALINT_LIB_DEVICE_PROCESS_H
#define CUDALINT_LIB_DEVICE_PROCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <atomic>
#include <string>

namespace cudalint {

struct ProcessResult {
  bool Started = false;   // false: could not be spawned (Error says why)
  bool TimedOut = false;  // killed (with its whole process group)
  bool Cancelled = false; // killed (with its group) when Cancel was set
  int ExitCode = -1;      // valid when it exited
  int Signal = 0;         // non-zero when a signal ended it
  std::string Error;
  bool succeeded() const {
    return Started && !TimedOut && !Cancelled && Signal == 0 && ExitCode == 0;
  }
  /// "exit code 1", "killed by signal 11", "timed out after 5 s", ...
  std::string describe(unsigned TimeoutSeconds) const;
};

/// Runs Argv[0] (a path; no PATH search, no shell) with Argv, in
/// WorkingDir (empty: the current one), stdin from /dev/null, stdout and
/// stderr into the given files (created or truncated). The child gets its
/// own process group; on timeout the whole group is killed, so that nvcc's
/// own children (cicc, ptxas) do not outlive it. The same happens as soon
/// as *Cancel is set (when Cancel is not null).
ProcessResult runProcess(llvm::ArrayRef<std::string> Argv,
                         llvm::StringRef WorkingDir, llvm::StringRef StdoutPath,
                         llvm::StringRef StderrPath, unsigned TimeoutSeconds,
                         const std::atomic<bool> *Cancel = nullptr);

/// Looks a program up on PATH (a name with a '/' is returned as is if it
/// is executable). Empty when not found.
std::string findExecutable(llvm::StringRef Name);

/// Runs Argv and returns its stdout ("" on failure).
std::string captureOutput(llvm::ArrayRef<std::string> Argv, unsigned Timeout);

/// The text of a file a compiler wrote; "" when it cannot be read.
std::string readFile(llvm::StringRef Path);

} // namespace cudalint

#endif
