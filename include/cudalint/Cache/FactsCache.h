//===- FactsCache.h - The front end's facts, kept between runs --*- C++ -*-===//
//
// ccache's direct mode for the Clang parse: a manifest per (main file,
// compile command, tool build) lists the dependency sets seen (every file
// the parse read, with its content hash) and the facts each gave. A lookup
// checks each recorded file (its size and modification time first, its
// content hash when those moved) and returns the facts of the first set
// that is unchanged; any difference is a miss. No Clang types: the front
// end computes the key and the dependency records (lib/Frontend).
// docs/facts-cache.md says what goes into the key and why.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_FACTSCACHE_H
#define CUDALINT_FACTSCACHE_H

#include "cudalint/Cache/FileStates.h"
#include "cudalint/Facts/Facts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// One file a parse read, as it was.
struct DependencyRecord {
  std::string Path; // absolute
  /// Its size and time when they can prove it unchanged; none when it was
  /// modified too recently to trust them (then its hash decides).
  std::optional<FileStat> Stat;
  std::string Hash; // BLAKE3 of the content the parse read
};

/// Modification times this close to the moment a file was recorded (or
/// later) do not prove a file unchanged: a write in the same clock tick can
/// keep both size and time (git calls such files "racy").
constexpr int64_t RacyWindowNs = 2'000'000'000;

/// Stat, if its times are old enough (before NowNs - RacyWindowNs) to be
/// trusted later.
std::optional<FileStat> trustedStat(std::optional<FileStat> Stat,
                                    int64_t NowNs);

/// The wall clock, in the file system's ns since the epoch.
int64_t nowNs();

class FactsCache {
public:
  /// Dir: this cache's folder (<cache dir>/facts); Root: the cache
  /// directory, as notes name it.
  FactsCache(std::string Dir, std::string Root, FileStates &Files)
      : Dir(std::move(Dir)), Root(std::move(Root)), Files(Files) {}

  struct Hit {
    TranslationUnitFacts Facts;
    /// Set when some file's size or time had moved but not its content, and
    /// its time is now old enough to be trusted: the records as they are
    /// now, worth storing so that the next lookup needs no hashing.
    std::optional<std::vector<DependencyRecord>> Refreshed;
  };

  /// The facts of the first recorded dependency set that is unchanged. A
  /// missing manifest is a plain miss; an unreadable or corrupt one is a
  /// miss with a note.
  std::optional<Hit> lookup(llvm::StringRef Key,
                            std::vector<std::string> &Notes);

  /// Adds (or replaces) the dependency set Deps and its facts in Key's
  /// manifest, keeping the most recent few; atomic, so concurrent runs
  /// never see a partial manifest (the last writer wins). False when the
  /// cache cannot be written (one run note says so).
  bool store(llvm::StringRef Key, llvm::ArrayRef<DependencyRecord> Deps,
             const TranslationUnitFacts &Facts);

  /// Notes about the cache as a whole (it cannot be written), each once.
  std::vector<std::string> runNotes() const;

  std::string manifestPath(llvm::StringRef Key) const;

  /// Dependency sets a manifest keeps (a header edited back and forth, two
  /// configurations of a generated header).
  static constexpr size_t MaxEntries = 4;

private:
  std::string Dir, Root;
  FileStates &Files;
  mutable std::mutex M;
  std::vector<std::string> RunNotes;
};

} // namespace cudalint

#endif // CUDALINT_FACTSCACHE_H
