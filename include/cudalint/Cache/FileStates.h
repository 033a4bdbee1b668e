//===- FileStates.h - File sizes, times and hashes, once a run -*- C++ -*-===//
//
// A cache lookup checks that every file a result depended on is unchanged.
// Many results share the same files (every CUDA unit reads the same toolkit
// headers), so a run remembers what it learned: each file is hashed at most
// once per content it had (a file whose size or modification time moved is
// hashed again). Thread-safe.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_FILESTATES_H
#define CUDALINT_FILESTATES_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace cudalint {

/// What a file looks like on disk now. The status change time is there
/// because no tool can set it: a file copied with its old modification time
/// (cp -p, tar, rsync -t) or replaced by a rename still shows as changed.
struct FileStat {
  uint64_t Size = 0;
  int64_t MTimeNs = 0; // modification time, ns since the epoch
  int64_t CTimeNs = 0; // status change time (0 where there is none)
  bool operator==(const FileStat &O) const {
    return Size == O.Size && MTimeNs == O.MTimeNs && CTimeNs == O.CTimeNs;
  }
};

/// A file's content hash and the size and time it had when hashed.
struct HashedFile {
  FileStat Stat;
  std::string Hash; // BLAKE3, hex
};

class FileStates {
public:
  /// Size and modification time; none when the file cannot be stat'ed.
  static std::optional<FileStat> stat(llvm::StringRef Path);

  /// The hash of the file's content; none when it cannot be read. Computed
  /// again only when the file's size or time moved since this object last
  /// hashed it.
  std::optional<HashedFile> hash(llvm::StringRef Path);

private:
  std::mutex M;
  llvm::StringMap<HashedFile> Hashes;
};

} // namespace cudalint

#endif // CUDALINT_FILESTATES_H
