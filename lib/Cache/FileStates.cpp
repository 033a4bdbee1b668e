//===- FileStates.cpp - Files' size, time and content hash, once a run ----===//

#include "cudalint/Cache/FileStates.h"

#include "cudalint/Cache/CacheSupport.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"

#ifdef LLVM_ON_UNIX
#include <sys/stat.h>
#endif

using namespace llvm;

namespace cudalint {

std::optional<FileStat> FileStates::stat(StringRef Path) {
#ifdef LLVM_ON_UNIX
  // stat(2) itself: llvm::sys::fs has no status change time.
  SmallString<256> P(Path);
  struct ::stat St;
  if (::stat(P.c_str(), &St) != 0 || !S_ISREG(St.st_mode))
    return std::nullopt;
  auto Ns = [](const struct timespec &T) {
    return int64_t(T.tv_sec) * 1'000'000'000 + T.tv_nsec;
  };
  return FileStat{uint64_t(St.st_size), Ns(St.st_mtim), Ns(St.st_ctim)};
#else
  sys::fs::file_status St;
  if (sys::fs::status(Path, St) || !sys::fs::is_regular_file(St))
    return std::nullopt;
  return FileStat{St.getSize(),
                  St.getLastModificationTime().time_since_epoch().count(), 0};
#endif
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
