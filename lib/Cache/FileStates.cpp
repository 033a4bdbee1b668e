//===- FileStates.cpp - Files' size, time and content hash, once a run ----===//

#include "cudalint/FileStates.h"

#include "cudalint/CacheSupport.h"

#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace cudalint {

std::optional<FileStat> FileStates::stat(StringRef Path) {
  sys::fs::file_status St;
  if (sys::fs::status(Path, St) || !sys::fs::is_regular_file(St))
    return std::nullopt;
  return FileStat{St.getSize(),
                  St.getLastModificationTime().time_since_epoch().count()};
}

std::optional<HashedFile> FileStates::hash(StringRef Path) {
  std::optional<FileStat> Before = stat(Path);
  if (!Before)
    return std::nullopt;
  {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Hashes.find(Path);
    if (It != Hashes.end() && It->second.Stat == *Before)
      return It->second;
  }
  // Hashed outside the lock: other files are hashed meanwhile. A file
  // rewritten while it is read is not remembered (its time moved).
  std::optional<std::string> H = hashFileContents(Path);
  if (!H)
    return std::nullopt;
  std::optional<FileStat> After = stat(Path);
  if (!After || !(*After == *Before))
    return std::nullopt; // it changed as it was read: no telling which
  std::lock_guard<std::mutex> Lock(M);
  return Hashes[Path] = HashedFile{*Before, std::move(*H)};
}

} // namespace cudalint
