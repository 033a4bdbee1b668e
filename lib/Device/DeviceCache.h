//===- DeviceCache.h - Content-addressed cache of device compile results
//---===//

#ifndef CUDALINT_LIB_DEVICE_DEVICECACHE_H
#define CUDALINT_LIB_DEVICE_DEVICECACHE_H

#include "cudalint/Cache/CacheSupport.h"
#include "cudalint/Cache/FileStates.h"
#include "cudalint/Device/DeviceFacts.h"

#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cudalint {

/// One cache entry: the result of one (unit, arch) device compile, valid
/// while every file of the include closure still has the recorded hash.
struct CachedResult {
  std::vector<KernelResources> Kernels;
  std::vector<std::pair<std::string, std::string>> Deps; // path, hash
};

/// Entries live at <Dir>/device/v2/<2 hex>/<key>.json (Dir: the cache
/// directory, which the front-end facts cache shares). Readers never see a
/// partial entry: writers write a unique temporary file and rename it into
/// place. Nothing here is fatal: every problem is a note and a miss.
class DeviceCache {
public:
  explicit DeviceCache(std::string Dir) : Dir(std::move(Dir)) {}

  /// A hit: the entry exists, parses, and its include closure is unchanged.
  /// A corrupt or unreadable entry adds a note.
  std::optional<std::vector<KernelResources>>
  lookup(llvm::StringRef Key, std::vector<std::string> &Notes);

  /// Stores atomically; a note when the cache cannot be written.
  bool store(llvm::StringRef Key, const CachedResult &R,
             std::vector<std::string> &Notes);

  std::string entryPath(llvm::StringRef Key) const;

private:
  std::string Dir;
  /// Every unit of a run reads the same toolkit headers: each is hashed
  /// once per run, not once per lookup.
  FileStates Files;
  std::mutex M;
  bool ReportedUnwritable = false;
};

} // namespace cudalint

#endif
