//===- ReachingDefinitions.h - Which assignments reach a use ----*- C++ -*-===//
//
// Flow-sensitive reaching definitions on Clang's CFG for one variable: a
// launch inside `case 1:` sees the assignment in that case only, a value
// assigned after the launch in a loop reaches it from the next iteration,
// and a definition on every path kills the earlier ones. Built once per
// function; the resolver falls back to its approximate rule when a
// definition or the use has no place in the CFG.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_REACHINGDEFINITIONS_H
#define CUDALINT_REACHINGDEFINITIONS_H

#include "clang/Analysis/CFG.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace cudalint {

class FunctionFlow {
public:
  /// Null when Clang cannot build the function's CFG.
  static std::unique_ptr<FunctionFlow> build(const clang::FunctionDecl *F,
                                             clang::ASTContext &Ctx);

  enum class Kind {
    Whole,   // gives the asked part its whole value: kills the others
    Partial, // writes inside the asked part
  };
  /// A definition: the statement that makes it, or null for the value a
  /// parameter has on entry to the function.
  struct Site {
    const clang::Stmt *S;
    Kind K;
  };
  /// The indices into Sites of the definitions that reach Use on some path;
  /// none when a site or the use is not in the CFG.
  std::optional<std::vector<size_t>> reaching(llvm::ArrayRef<Site> Sites,
                                              const clang::Stmt *Use) const;

  /// The indices into Sites of the definitions that reach the function's
  /// exit on some path; none when a site is not in the CFG.
  std::optional<std::vector<size_t>>
  reachingExit(llvm::ArrayRef<Site> Sites) const;

  /// Whether the value defined at From (null: on entry) can reach Use
  /// along a path that passes no statement of Kills and, at each branch,
  /// takes only edges that Allowed(block, successor index) lets through.
  /// Path-sensitivity for one value: `if (bs > 1024) bs = 1024;` stops
  /// 2048 from the entry, `assert(bs <= 256)` stops it (the failing branch
  /// never returns). False when From, a kill or Use is not in the CFG.
  bool reachesAlong(const clang::Stmt *From,
                    llvm::ArrayRef<const clang::Stmt *> Kills,
                    const clang::Stmt *Use,
                    llvm::function_ref<bool(const clang::CFGBlock &, unsigned)>
                        Allowed) const;

  /// Which of Targets the entry reaches along the edges Allowed lets
  /// through: reachesAlong from the entry for each, in one walk. A target
  /// not in the CFG is not reached.
  std::vector<bool>
  reachedFromEntry(llvm::ArrayRef<const clang::Stmt *> Targets,
                   llvm::function_ref<bool(const clang::CFGBlock &, unsigned)>
                       Allowed) const;

  /// The branches on the paths that carry the value defined at From (null:
  /// on entry) to Target, passing no statement of Kills and taking only
  /// edges Allowed lets through: with OnlyDecisive, those that must go one
  /// way (a successor from which Target cannot be reached), else every
  /// branch on such a path; never those Ignored. Each is its condition, null
  /// for a branch without one (an indirect goto). None when From, a kill or
  /// Target is not in the CFG or no such path exists.
  std::optional<std::vector<const clang::Expr *>> branchesOnTheWay(
      const clang::Stmt *From, llvm::ArrayRef<const clang::Stmt *> Kills,
      const clang::Stmt *Target,
      llvm::function_ref<bool(const clang::CFGBlock &, unsigned)> Allowed,
      bool OnlyDecisive,
      llvm::function_ref<bool(const clang::CFGBlock &)> Ignored =
          nullptr) const;

  /// The two-way branches every path that carries the value defined at
  /// From to Target passes, each with the one successor (0: its condition
  /// holds) the value goes on by: `if (s > limit) return;` before the
  /// launch. Only the branches Wanted picks are looked at. None when From,
  /// a kill or Target is not in the CFG.
  std::optional<std::vector<std::pair<const clang::CFGBlock *, unsigned>>>
  guardsOnTheWay(
      const clang::Stmt *From, llvm::ArrayRef<const clang::Stmt *> Kills,
      const clang::Stmt *Target,
      llvm::function_ref<bool(const clang::CFGBlock &)> Wanted) const;

  /// Whether S is an element of the CFG (a full expression: the
  /// expression under it).
  bool contains(const clang::Stmt *S) const { return at(S).has_value(); }

private:
  /// Per block, the definitions that reach its start, and each block's
  /// definitions in element order; none when a site is not in the CFG.
  struct Solution {
    std::vector<llvm::BitVector> In;
    std::vector<std::vector<std::pair<unsigned, size_t>>> InBlock;
  };
  std::optional<Solution> solve(llvm::ArrayRef<Site> Sites) const;
  /// solve, once per set of sites: a variable is followed again for each
  /// launch value and each use that leads to it.
  const std::optional<Solution> &solved(llvm::ArrayRef<Site> Sites) const;
  mutable std::map<std::vector<std::pair<const clang::Stmt *, Kind>>,
                   std::optional<Solution>>
      Solved;
  /// The definitions of the block that reach element End of block B.
  llvm::BitVector transfer(const Solution &S, llvm::ArrayRef<Site> Sites,
                           unsigned B, llvm::BitVector Set, unsigned End) const;

  /// (block id, element index) of S; none when it is not in the CFG.
  std::optional<std::pair<unsigned, unsigned>> at(const clang::Stmt *S) const;
  /// (block id, element index) of a site; the entry block for null.
  std::optional<std::pair<unsigned, unsigned>>
  position(const clang::Stmt *S) const;

  /// A value on its way from From to Target, killed by Kills: where they
  /// sit, block by block.
  struct Way {
    std::pair<unsigned, unsigned> Start, Target;
    bool FromDefinition; // else on entry: element Start.second counts
    std::vector<llvm::SmallVector<unsigned, 2>> KillsIn;
    /// From element Begin of block B: whether Target comes before any
    /// kill, and whether the value leaves B alive.
    std::pair<bool, bool> scan(unsigned B, unsigned Begin) const;
  };
  /// None when From, a kill or Target is not in the CFG.
  std::optional<Way> wayOf(const clang::Stmt *From,
                           llvm::ArrayRef<const clang::Stmt *> Kills,
                           const clang::Stmt *Target) const;
  /// Follows W forward along the edges Next gives (null: not taken),
  /// calling Leave on each block the value leaves alive; whether it reaches
  /// Target. With Exhaustive it goes on past the first time it does.
  bool walk(const Way &W,
            llvm::function_ref<const clang::CFGBlock *(const clang::CFGBlock &,
                                                       unsigned)>
                Next,
            llvm::function_ref<void(const clang::CFGBlock &)> Leave,
            bool Exhaustive) const;

  std::unique_ptr<clang::CFG> Graph;
  /// Statement -> (block id, element index).
  llvm::DenseMap<const clang::Stmt *, std::pair<unsigned, unsigned>> Where;
};

} // namespace cudalint

#endif
