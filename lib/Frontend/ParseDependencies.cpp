//===- ParseDependencies.cpp - Every file a parse read --------------------===//
//
// The FileManager knows every file the parse looked up and found (included
// headers, system and toolkit headers, the main file, __has_include hits);
// the SourceManager holds the content it read of each. The content's hash
// is taken from that very buffer, not from the disk afterwards: a header
// edited while the unit was being parsed is then recorded as what was
// parsed, and the next lookup sees the difference.
//
// Not recorded (as in ccache's direct mode): files that were looked for and
// not found. A header created later earlier on the include path, shadowing
// one that was read, is not noticed.
//
//===----------------------------------------------------------------------===//

#include "FrontendCache.h"

#include "cudalint/Cache/CacheSupport.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace llvm;

namespace cudalint {

bool recordParseDependencies(
    const CompilerInstance &CI, ArrayRef<std::string> VirtualPaths,
    int64_t ParseStartNs, FileStates &Files,
    function_ref<std::optional<std::string>(StringRef)> OriginalHash,
    std::vector<DependencyRecord> &Out, std::string &Why) {
  FileManager &FM = CI.getFileManager();
  SourceManager &SM = CI.getSourceManager();
  DenseMap<const FileEntry *, StringRef> Parsed;
  for (auto I = SM.fileinfo_begin(), E = SM.fileinfo_end(); I != E; ++I)
    if (std::optional<MemoryBufferRef> B = I->second->getBufferIfLoaded())
      Parsed[&I->first.getFileEntry()] = B->getBuffer();

  SmallVector<OptionalFileEntryRef, 0> Seen;
  FM.GetUniqueIDMapping(Seen);
  std::vector<DependencyRecord> Deps;
  for (OptionalFileEntryRef F : Seen) {
    if (!F)
      continue;
    // Absolute against the command's directory (the file manager's working
    // directory while the unit is parsed), as a lookup will stat it. ".."
    // stays: after a symbolic link (GCC's include directories) it is not
    // the parent of what precedes it.
    SmallString<256> Path(F->getName());
    FM.makeAbsolutePath(Path);
    sys::path::remove_dots(Path, /*remove_dot_dot=*/false);
    if (is_contained(VirtualPaths, Path))
      continue;
    std::optional<FileStat> Stat = FileStates::stat(Path);
    if (!Stat) {
      Why = (Path + " cannot be read again").str();
      return false;
    }
    DependencyRecord R;
    R.Path = Path.str().str();
    // A time from before the parse began proves that what is on disk is
    // what was parsed (then the run's memo of disk hashes serves: the
    // toolkit headers every unit reads are hashed once); a later one, or
    // one too close, proves nothing, and the buffer the parse read is
    // hashed.
    R.Stat = trustedStat(Stat, ParseStartNs);
    std::optional<HashedFile> OnDisk;
    if (R.Stat)
      OnDisk = Files.hash(Path);
    auto It = Parsed.find(&F->getFileEntry());
    if (OnDisk && R.Stat && OnDisk->Stat == *R.Stat) {
      R.Hash = OnDisk->Hash;
    } else if (It != Parsed.end()) {
      R.Hash = hashString(It->second);
      if (std::optional<std::string> Disk = OriginalHash(R.Hash))
        R.Hash = std::move(*Disk);
      R.Stat.reset();
    } else {
      // Found but never read (__has_include), and just changed: only its
      // presence mattered; its content now stands for it.
      OnDisk = Files.hash(Path);
      if (!OnDisk) {
        Why = (Path + " cannot be read again").str();
        return false;
      }
      R.Hash = OnDisk->Hash;
      R.Stat.reset();
    }
    Deps.push_back(std::move(R));
  }
  llvm::sort(Deps, [](const DependencyRecord &A, const DependencyRecord &B) {
    return A.Path < B.Path;
  });
  Deps.erase(
      std::unique(Deps.begin(), Deps.end(),
                  [](const DependencyRecord &A, const DependencyRecord &B) {
                    return A.Path == B.Path;
                  }),
      Deps.end());
  Out = std::move(Deps);
  return true;
}

} // namespace cudalint
