//===- ProgressLine.h - A run's progress on a terminal ----------*- C++ -*-===//
//
// For a run of several files on a terminal: one line on stderr, redrawn a
// few times a second from the run's counters (Facts/Progress.h) until the
// ProgressLine is destroyed, which clears it. Nothing when stderr is piped
// or in CI ($CI set, as CI systems do).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PROGRESSLINE_H
#define CUDALINT_PROGRESSLINE_H

#include "cudalint/Facts/Progress.h"

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <thread>

namespace cudalint {

class ProgressLine {
public:
  ProgressLine(const RunProgress &P, size_t Files);
  ~ProgressLine();
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;

private:
  /// Redraws the line when a counter moved.
  void paint();

  const RunProgress &P;
  std::string Painted;
  bool Shown;
  bool Finished = false;
  std::mutex M;
  std::condition_variable Done;
  std::thread Painter;
};

} // namespace cudalint

#endif // CUDALINT_PROGRESSLINE_H
