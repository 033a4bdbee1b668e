//===- FrontendCache.h - The Clang side of the facts cache ------*- C++ -*-===//
//
// What the facts cache (FactsCache.h, no Clang) needs from a parse: the key
// of a unit's parse (FactsCacheKey.cpp) and the files the parse read
// (ParseDependencies.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_FRONTEND_FRONTENDCACHE_H
#define CUDALINT_LIB_FRONTEND_FRONTENDCACHE_H

#include "cudalint/Cache/FactsCache.h"
#include "cudalint/Cache/FileStates.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class CompilerInstance;
namespace tooling {
class CompilationDatabase;
} // namespace tooling
} // namespace clang

namespace cudalint {

/// The manifest key of File's parse: everything that decides what the parse
/// sees apart from the files it reads (those are the dependency set).
std::string
factsCacheKey(const clang::tooling::CompilationDatabase &DB,
              llvm::StringRef File, llvm::ArrayRef<std::string> ExtraArgs,
              llvm::ArrayRef<std::pair<std::string, std::string>> VirtualFiles);

/// Every file the parse in CI read (or found: __has_include), as records:
/// the hash of the very content the parse read, and the size and time when
/// they are old enough to prove it unchanged later (see RacyWindowNs).
/// Virtual files (the tool's in-memory headers; their text is in the key)
/// are left out. A file the parse read as edited in memory (spaced
/// chevrons joined) is recorded by its content on disk: OriginalHash gives
/// the disk content's hash for the hash of a text the parse was given.
/// False, with Why, when a file cannot be recorded: the unit is then not
/// cached.
bool recordParseDependencies(
    const clang::CompilerInstance &CI, llvm::ArrayRef<std::string> VirtualPaths,
    int64_t ParseStartNs, FileStates &Files,
    llvm::function_ref<std::optional<std::string>(llvm::StringRef)>
        OriginalHash,
    std::vector<DependencyRecord> &Out, std::string &Why);

} // namespace cudalint

#endif // CUDALINT_LIB_FRONTEND_FRONTENDCACHE_H
