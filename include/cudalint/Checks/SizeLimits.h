//===- SizeLimits.h - What a launch's run-time sizes must keep to -*- C++
//-*-===//
//
// Each limit the runtime checks at a launch, as a value of the launch and
// the most (and least) it may be: grid and block dimensions, threads per
// block (the hardware's, the kernel's __launch_bounds__, its registers),
// shared memory per block. cuda-launch-size-unbounded finds the inputs that
// break them; the launch coverage says what each launch whose sizes are
// read at run time needs ("safe while ne1 <= 65535"). No Clang.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_CHECKS_SIZELIMITS_H
#define CUDALINT_CHECKS_SIZELIMITS_H

#include "cudalint/Arch/Arch.h"
#include "cudalint/Facts/Facts.h"
#include "cudalint/Facts/SymbolicValues.h"

#include <string>
#include <vector>

namespace cudalint {

struct SizeLimit {
  enum class Kind { Grid, Block, SharedMemory };
  Kind K = Kind::Grid;
  /// "grid.y", "block.x", "threads", "smem".
  std::string Id;
  /// In prose: "grid y", "threads per block", "shared memory per block".
  std::string Name;
  ResolvedValue Value;
  /// The most that launches, and why: "the maximum of 65535 blocks in grid
  /// y", "its __launch_bounds__ maximum of 256 threads".
  int64_t Max = 0;
  std::string Why;
  /// Zero fails too (a grid or block dimension).
  bool AtLeastOne = false;
  /// Over Max, the runtime reports too many resources (registers), not an
  /// invalid value.
  bool OutOfResources = false;
};

/// The hardware's limits on L's sizes on A, for each value that is
/// symbolic: grid and block dimensions, threads per block, and dynamic
/// shared memory (with Static bytes of static shared memory) against
/// SmemLimit bytes (48 KiB without an opt-in).
std::vector<SizeLimit> hardwareSizeLimits(const LaunchSite &L,
                                          const ArchInfo &A, uint64_t Static,
                                          uint64_t SmemLimit,
                                          std::string SmemWhy);

/// One input's condition that keeps a launch within a limit: "ne1 <=
/// 65535", "n > 255"; or, where the value does not grow with the input
/// (`x | x >> 1`), the one value that was found to fail (FailsAt).
struct SafeCondition {
  std::string Input;
  enum class Kind { AtMost, Above, FailsAt } K;
  int64_t Value;
  std::string str() const;
};

/// The conditions on L's inputs that keep it within Limit, one per input
/// (the others at their smallest): at most a value under a maximum, above
/// one for a minimum; none when no input value breaks it.
std::vector<SafeCondition> safeConditions(const SizeLimit &Limit,
                                          InputDomain Domain = {});

/// Conditions of several limits as one phrase: the tightest of each
/// input's bounds, each other condition once. "safe while ne1 <= 65535 and
/// n > 255", "fails at n = 1025" (the smallest value found to fail), or
/// both with a semicolon; empty for none.
std::string describeSafeConditions(llvm::ArrayRef<SafeCondition> Conditions);

} // namespace cudalint

#endif
