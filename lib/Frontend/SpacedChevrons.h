//===- SpacedChevrons.h - nvcc's `k<< <g, b>> >()` for Clang ----*- C++ -*-===//
//
// nvcc accepts a launch whose chevrons are spaced, `k<< <grid, block>> >(...)`
// (and `<< <g, b, smem, stream>> >`); Clang 19 lexes `<<` `<` and rejects it.
// The parse reads the user's files through a file system that joins such a
// pair into `<<<` (and its closing `>>` `>` into `>>>`) in memory, keeping
// every character at its line and column: the locations Clang reports are
// the file's own. Launch arguments written as braced lists,
// `k<<<grid, {bx, by, 1}>>>`, are read as the dim3 they make. Nothing is
// ever written back.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_FRONTEND_SPACEDCHEVRONS_H
#define CUDALINT_LIB_FRONTEND_SPACEDCHEVRONS_H

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// Text with each spaced launch's `<<` `<` joined into `<<<` and its
/// closing `>>` `>` into `>>>`, as tokens (Clang's raw lexer: strings,
/// comments and `operator<< <T>` are never touched), every other character
/// where it was. None when there is nothing to join. A launch whose
/// chevrons cannot be joined in place (a line break right between them
/// with no room beside) is left as written.
std::optional<std::string> joinSpacedChevrons(llvm::StringRef Text);

/// Text with each braced list that is a launch's grid or block
/// (`k<<<{gx, gy}, {bx, by, 1}>>>`, which nvcc accepts and Clang 19 rejects
/// with "expected expression") written as the dim3 it initialises,
/// `dim3(gx, gy)`. The four characters of `dim3` take the place of blanks
/// after the brace on its line, the nearest first: everything before the
/// brace (the launch itself) keeps its column, and what lies between the
/// brace and the blanks taken moves right by at most four. Short of blanks,
/// characters of a line comment in the file go instead, which moves nothing
/// else; short of those too, the list is left as written. The text keeps
/// its size (Clang checks it against the file's) and its lines. None when
/// there is no such list.
std::optional<std::string> bracedLaunchDims(llvm::StringRef Text);

/// joinSpacedChevrons, then bracedLaunchDims: the launch syntax nvcc
/// accepts and Clang 19 does not, as Clang reads it. None when neither
/// changes anything.
std::optional<std::string> nvccLaunchSyntax(llvm::StringRef Text);

/// Base, with the files outside SystemRoots read through nvccLaunchSyntax. What
/// it changed is recorded for the facts cache, which keys a file by the content
/// on disk: OriginalHashes maps the hash of each text it gave (hashString) to
/// the hash of the file's own.
class SpacedChevronFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  SpacedChevronFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base,
                          std::vector<std::string> SystemRoots);

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override;

  /// The hash of the file on disk whose joined text hashes to Hash, if
  /// this file system gave that text.
  std::optional<std::string> originalHash(llvm::StringRef Hash) const;

  /// Called by the files it opens (one parse, one thread).
  void recordJoined(llvm::StringRef Original, llvm::StringRef Joined);

private:
  std::vector<std::string> SystemRoots;
  llvm::StringMap<std::string> OriginalHashes;
};

} // namespace cudalint

#endif
