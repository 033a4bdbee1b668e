//===- GridSync.h - Kernels that synchronize the whole grid ----*- C++ -*-===//
//
// Whether a kernel calls cooperative_groups' grid_group::sync() (or
// barrier_arrive()), itself or through the device functions it calls in the
// translation unit, and through which calls: the fact behind
// cuda-grid-sync-needs-cooperative-launch.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_FRONTEND_GRIDSYNC_H
#define CUDALINT_LIB_FRONTEND_GRIDSYNC_H

#include "cudalint/Facts/Facts.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace cudalint {

class GridSyncFinder {
public:
  using Locator = std::function<SourceLoc(clang::SourceLocation)>;
  using Namer = std::function<std::string(const clang::FunctionDecl *)>;
  GridSyncFinder(clang::ASTContext &Ctx, Locator Locate, Namer Name);

  /// The chain from Kernel (a definition) to a grid-wide sync: the shortest
  /// one without a grid_group::is_valid() query on the way and without a
  /// call under a branch condition when there is one, else the shortest
  /// unguarded one, else the shortest guarded one; none when the kernel does
  /// not synchronize the grid as far as the translation unit shows.
  std::optional<GridSyncFact> find(const clang::FunctionDecl *Kernel);

  /// Whether FD is cooperative_groups' grid_group::sync or barrier_arrive.
  static bool isGridSync(const clang::FunctionDecl *FD);

private:
  struct Call {
    const clang::FunctionDecl *Callee; // the definition when there is one
    clang::SourceLocation Loc;
    /// The innermost branch condition the call runs under; invalid when
    /// it runs whenever its function does.
    clang::SourceLocation Condition;
  };
  struct Summary {
    std::vector<Call> Calls; // in source order, each callee once
    /// The first grid_group::is_valid() query, invalid when none.
    clang::SourceLocation IsValidQuery;
  };
  const Summary &summary(const clang::FunctionDecl *FD);
  /// The name notes show: qualified, without the toolkit's ABI namespace;
  /// a lambda by where it is written.
  std::string nameOf(const clang::FunctionDecl *FD);
  std::optional<GridSyncFact> search(const clang::FunctionDecl *Kernel,
                                     bool AllowGuarded, bool AllowConditional);

  clang::ASTContext &Ctx;
  Locator Locate;
  Namer Name;
  llvm::DenseMap<const clang::FunctionDecl *, Summary> Summaries;
};

} // namespace cudalint

#endif
