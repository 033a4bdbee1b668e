//===- ArchConditionals.h - Source under a test of the arch -*- C++ -*-===//

#ifndef CUDALINT_LIB_FRONTEND_ARCHCONDITIONALS_H
#define CUDALINT_LIB_FRONTEND_ARCHCONDITIONALS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

#include <utility>
#include <vector>

namespace clang {
class LangOptions;
class SourceManager;
} // namespace clang

namespace cudalint {

/// The preprocessor conditionals that test the device arch (`#if
/// __CUDA_ARCH__ >= 800`, `#ifdef __HIP_DEVICE_COMPILE__`, `#elif
/// defined(__gfx90a__)`): the host parse reads one of their branches, each
/// arch's device compile its own. Each file is lexed once, raw, the first
/// time a location in it is asked about, so the answer does not depend on
/// how the parse was set up (a clang-tidy or plugin host included).
/// A test hidden behind a project's own macro (`#if MY_ARCH_OK`) is not
/// seen.
class ArchConditionals {
public:
  ArchConditionals(const clang::SourceManager &SM,
                   const clang::LangOptions &LangOpts)
      : SM(SM), LangOpts(LangOpts) {}

  /// Whether Loc, or a macro definition whose expansion it is part of,
  /// sits in such a conditional (any of its branches).
  bool contain(clang::SourceLocation Loc);

private:
  bool containFileLoc(clang::SourceLocation Loc);
  const clang::SourceManager &SM;
  const clang::LangOptions &LangOpts;
  /// Per file, the [#if, #endif] offsets of its conditionals on the arch.
  llvm::DenseMap<clang::FileID, std::vector<std::pair<unsigned, unsigned>>>
      Ranges;
};

} // namespace cudalint

#endif
