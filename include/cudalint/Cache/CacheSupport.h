//===- CacheSupport.h - What the tool's caches share ------------*- C++ -*-===//
//
// One cache directory (--cache-dir, else the default below) holds a
// subfolder per cache: device/ (device compile results, lib/Device) and
// facts/ (front-end facts, FactsCache.h). Both hash with BLAKE3, write
// entries atomically, and treat every problem as a miss with a note.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_CACHESUPPORT_H
#define CUDALINT_CACHESUPPORT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <system_error>
#include <vector>

namespace cudalint {

/// $XDG_CACHE_HOME/cuda-launch-lint, else ~/.cache/cuda-launch-lint, else
/// one in the system's temporary directory.
std::string defaultCacheDir();

/// <Root>/<Name>: one cache's folder (Root empty: defaultCacheDir()).
std::string cacheSubdir(llvm::StringRef Root, llvm::StringRef Name);

/// BLAKE3 of the bytes, as lower-case hex.
std::string hashString(llvm::StringRef S);

/// BLAKE3 of a file's bytes, as hex; none when it cannot be read.
std::optional<std::string> hashFileContents(llvm::StringRef Path);

/// Writes Text to Path so that a reader sees the old file or the whole new
/// one, never a part: a unique temporary file next to it, then a rename
/// (two writers racing leave one complete file). Creates the parent
/// directories.
std::error_code writeFileAtomically(llvm::StringRef Path, llvm::StringRef Text);

/// What identifies this build of the tool in a cache key: the version and
/// the executable's path, size and modification time, so that a rebuilt
/// tool (whose facts may differ at the same version) never reads entries an
/// older build wrote.
std::string toolIdentity();

/// One cache entry read for a lookup, where every problem is a miss with
/// one note: "<What> <Path> unreadable (<why>); ignored", or "<What> <Path>
/// is corrupt (<why>); ignored, <Instead>" (what the run does instead).
class CacheEntryReader {
public:
  CacheEntryReader(std::string Path, llvm::StringRef What,
                   llvm::StringRef Instead, std::vector<std::string> &Notes)
      : Path(std::move(Path)), What(What), Instead(Instead), Notes(Notes) {}

  /// The entry's JSON; none when there is no entry (never stored: no note),
  /// or it cannot be read or is not JSON.
  std::optional<llvm::json::Value> read();

  /// Notes that the entry is corrupt; none, to return from the lookup.
  std::nullopt_t corrupt(const llvm::Twine &Why);

private:
  std::string Path;
  llvm::StringRef What, Instead;
  std::vector<std::string> &Notes;
};

} // namespace cudalint

#endif // CUDALINT_CACHESUPPORT_H
