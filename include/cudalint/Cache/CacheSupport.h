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

#include <optional>
#include <string>
#include <system_error>

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

} // namespace cudalint

#endif // CUDALINT_CACHESUPPORT_H
