//===- ValueQuery.h - The state of one resolution, passed along -*- C++ -*-===//
//
// A launch's value is resolved by walking back from the launch: into
// variables, their definitions, callers, constructors. What that walk has
// fixed so far (where it entered each function, the branches on the way, the
// arguments bound to a constructor's parameters) belongs to the walk, not to
// the resolver: it travels in a ValueQuery. A step that learns something new
// passes on a changed copy of the scope; nothing is saved and restored.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_VALUEQUERY_H
#define CUDALINT_VALUEQUERY_H

#include "cudalint/Facts/Facts.h"
#include "cudalint/Values/BranchRoots.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CXXConstructExpr;
class CXXConstructorDecl;
class Expr;
class FunctionDecl;
class ParmVarDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace cudalint {

namespace resolver {
/// How many expressions, variables and callers deep to follow a value. Each
/// layer (dim3 conversion, variable, definition, array element, caller)
/// spends one; a value passed down a call spends about four, and a step of a
/// variable updated in place (`x |= x >> 1`) about five: 64 covers a size
/// handed through a benchmark harness and two launch helpers, and the six
/// steps of a next-power-of-two after them.
inline constexpr unsigned MaxDepth = 64;
/// How many variables one launch argument may visit in all: callers fan
/// out, and a helper called from many places must not make a file slow.
inline constexpr unsigned MaxVariableVisits = 2000;
/// Why a value is unknown when one of the two is reached.
inline constexpr const char *DepthReached =
    "the analysis follows values at most 64 variables, calls and parts deep";
inline constexpr const char *BudgetReached =
    "analysis budget reached (2000 variables visited for one launch value)";
} // namespace resolver

/// A stretch of a value's way through one function's CFG: from From (the
/// entry when null) to To, through none of Kills (the other definitions of
/// the variable carried).
struct WaySegment {
  const clang::Stmt *From;
  llvm::ArrayRef<const clang::Stmt *> Kills;
  const clang::Stmt *To;
};

/// A counted loop's index bound to one iteration (`dims[i] = idims[i]` for
/// element 1: i is 1).
using IndexBindings = llvm::DenseMap<const clang::VarDecl *, int64_t>;

/// What the walk back from one launch has fixed. Immutable once a query
/// refers to it: a step that changes something makes a copy.
struct QueryScope {
  /// The first use in each function on the way back from the launch (the
  /// launch itself, or the call that leads to it): every use of the
  /// function's variables followed from there is on the way to it.
  llvm::DenseMap<const clang::FunctionDecl *, const clang::Stmt *> Anchors;
  /// A constructor's parameters, bound to the arguments of the construction
  /// whose member is resolved (`Config c(512)`).
  llvm::DenseMap<const clang::ParmVarDecl *, const clang::Expr *>
      BoundParameters;
  /// A constructor whose body is followed for the construction that runs
  /// it: its members on entry are that construction's initialisers.
  llvm::DenseMap<const clang::CXXConstructorDecl *,
                 const clang::CXXConstructExpr *>
      Constructions;
  /// A function entered through one call only (a launch harness reached
  /// through the call that names the kernel).
  llvm::DenseMap<const clang::FunctionDecl *, const clang::CallExpr *>
      PinnedCalls;
  /// The counted loops' indices at the iteration whose assignment is
  /// followed, and the roots a launch value is resolved under, each at one
  /// of its values (RootValues.cpp).
  IndexBindings LoopIndices;
  /// Those of LoopIndices that are roots: their value holds only where
  /// they hold what they hold at the launch.
  llvm::SmallVector<const clang::VarDecl *, 2> PinnedRoots;
  /// Branches the way depends on: a value that must be independent of them
  /// to be proven to reach (ValueResolver::independent).
  std::vector<WayCondition> Pending;
  /// The `if` conditions the launch sits under, and on which side.
  llvm::SmallVector<std::pair<const clang::Expr *, bool>, 4> KnownConditions;
  /// The member expression the walk started from, for an array member read
  /// through it (resolveMember).
  const clang::Expr *MemberUse = nullptr;
  /// The way the value being resolved travels on, in the function of its
  /// definition: from the definition to its use and on to the launch. A
  /// ternary inside the definition is decided against it (decidedOnTheWay).
  llvm::SmallVector<WaySegment, 3> WayOn;
  const clang::FunctionDecl *WayOnFunction = nullptr;

  /// This scope in a new activation of F entered through Call (a callee
  /// whose result is asked for, a method whose effect on `*this` is): F is
  /// pinned to Call, and the caller's anchor, way and member use do not
  /// hold inside it.
  QueryScope enteringCall(const clang::FunctionDecl *F,
                          const clang::CallExpr *Call) const {
    QueryScope Inner = *this;
    Inner.PinnedCalls[F] = Call;
    Inner.Anchors.erase(F);
    Inner.WayOn.clear();
    Inner.WayOnFunction = nullptr;
    Inner.MemberUse = nullptr;
    return Inner;
  }
};

/// Integer constant expressions, each evaluated once while the resolver that
/// owns this lives: a switch's case labels are evaluated for every value and
/// every path tried. Owned by one resolver, it dies with its AST (whose
/// addresses the next file's may reuse) and is shared with no other thread.
class ConstantCache {
public:
  explicit ConstantCache(const clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// E's value as an integer constant expression; none otherwise.
  std::optional<int64_t> of(const clang::Expr *E) const;

private:
  const clang::ASTContext &Ctx;
  mutable llvm::DenseMap<const clang::Expr *, std::optional<int64_t>> Known;
};

/// What every step of one launch's resolution shares: the budget, and the
/// variables resolved so far, by variable, use, part and what the scope
/// fixed (DefinitionValues::resolveVariable): a value read twice on one way
/// (`x |= x >> 1`, whose two reads of x both reach the step before) is
/// followed once, not once per read.
struct QueryBudget {
  unsigned VariableVisits = 0;
  using ResolvedKey = std::pair<std::vector<uintptr_t>, std::string>;
  std::map<ResolvedKey, ResolvedValue> Resolved;
};

/// One step of the walk: how deep it is, the scope it is in, the budget it
/// spends. Small, copied freely.
class ValueQuery {
public:
  ValueQuery(const QueryScope &Scope, QueryBudget &Budget)
      : Scope(&Scope), Budget(&Budget) {}

  const QueryScope &scope() const { return *Scope; }
  /// Whether the walk has gone as deep as it may (MaxDepth).
  bool tooDeep() const { return Depth > resolver::MaxDepth; }
  QueryBudget &budget() const { return *Budget; }
  /// Spends one variable visit; false once the budget is spent.
  bool visitVariable() const {
    return ++Budget->VariableVisits <= resolver::MaxVariableVisits;
  }

  /// The next step in.
  ValueQuery deeper() const {
    ValueQuery Q = *this;
    ++Q.Depth;
    return Q;
  }
  /// This step within Inner (a changed copy of this scope, which must
  /// outlive every step made from it).
  ValueQuery within(const QueryScope &Inner) const {
    ValueQuery Q = *this;
    Q.Scope = &Inner;
    return Q;
  }

private:
  const QueryScope *Scope;
  QueryBudget *Budget;
  unsigned Depth = 0;
};

} // namespace cudalint

#endif
