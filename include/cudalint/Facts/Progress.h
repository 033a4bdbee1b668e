//===- Progress.h - How far a run has got -----------------------*- C++ -*-===//
//
// Counters the front end and the device stage advance as they go (from
// their worker threads), for the driver's progress line on a terminal.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PROGRESS_H
#define CUDALINT_PROGRESS_H

#include <atomic>

namespace cudalint {

struct RunProgress {
  /// FilesParsed counts the files whose facts came from the facts cache
  /// too; FactsCacheHits, those alone.
  std::atomic<unsigned> FilesTotal{0}, FilesParsed{0}, FactsCacheHits{0};
  std::atomic<unsigned> DeviceJobsTotal{0}, DeviceJobsDone{0}, CacheHits{0};
};

} // namespace cudalint

#endif // CUDALINT_PROGRESS_H
