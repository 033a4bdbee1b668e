//===- PathConditions.h - Conditions on the way to a launch -----*- C++ -*-===//
//
// The conditions on the way to a launch: the branches a value passes, the
// constants they test a variable or expression against, the steady
// subjects whose one value must agree with every test on the way, and the
// truth of a condition where the launch's context decides it
// (docs/values.md, "Path conditions").
// Defined in PathConsistency.cpp, BranchValues.cpp and
// SteadyExpressions.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_PATHCONDITIONS_H
#define CUDALINT_LIB_VALUES_PATHCONDITIONS_H

#include "BranchTests.h"
#include "ResolverParts.h"

#include "cudalint/Values/BranchRoots.h"
#include "llvm/ADT/FoldingSet.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CFGBlock;
class CallExpr;
class Expr;
class FunctionDecl;
class Stmt;
class VarDecl;
} // namespace clang

namespace cudalint {

class ResolverEngine;
class FunctionFlow;
struct Definition;

class PathConditions {
public:
  explicit PathConditions(ResolverEngine &Engine);
  ~PathConditions();

  /// Of the definitions Reaching (indices into Defs, whose sites Kills
  /// holds) that reach Use in F, those a consistent choice of F's steady
  /// variables lets through to the launch (PathConsistency.cpp); all of
  /// them should that leave none.
  std::vector<size_t>
  consistentlyReaching(const clang::FunctionDecl *F, const FunctionFlow &Flow,
                       const std::vector<size_t> &Reaching,
                       llvm::ArrayRef<const Definition *> Defs,
                       llvm::ArrayRef<const clang::Stmt *> Kills,
                       const clang::Expr *Use, const ValueQuery &Q);

  /// The values of V (an integer, unknown from its definitions) for which
  /// the value from From (null: on entry) reaches Target along a path whose
  /// branches on V it satisfies: the constants of `case` labels and `==`
  /// tests, or a range between two tests; none when the tests bound
  /// nothing.
  /// Subject: the variable or expression Is recognises, the key its
  /// function's constants are collected under once.
  std::optional<ResolvedValue>
  allowedByBranches(clang::QualType T, TestedSubject Is, const void *Subject,
                    const clang::FunctionDecl *F, const FunctionFlow &Flow,
                    const clang::Stmt *From,
                    llvm::ArrayRef<const clang::Stmt *> Kills,
                    const clang::Stmt *Target, const std::string &What,
                    std::vector<int64_t> *Holes = nullptr);
  /// Why the subject (named What) is the program's to vouch for: a branch
  /// every path from From to Target passes bounds it from above by a limit
  /// that is not a constant (`if (shmem > deviceSmemSize) return;`); none
  /// when no such branch does. Subject and Is as allowedByBranches takes
  /// them.
  std::optional<std::string>
  runTimeLimit(TestedSubject Is, const void *Subject,
               const clang::FunctionDecl *F, const FunctionFlow &Flow,
               const clang::Stmt *From,
               llvm::ArrayRef<const clang::Stmt *> Kills,
               const clang::Stmt *Target, const std::string &What);
  /// E (`C / H`, of variables that keep their first value) when the
  /// branches on the way test E itself against constants
  /// (`if (C / H == 64)`); none otherwise. With ThroughReads, E may read
  /// parts through them too (`dst->ne[1]`, a run-time size whose function
  /// does not write it).
  std::optional<ResolvedValue> allowedByTestsOf(const clang::Expr *E,
                                                const ValueQuery &Q,
                                                bool ThroughReads = false);
  /// Whether Cond (a variable that keeps its first value, or its negation)
  /// is known true or false at the launch.
  std::optional<bool> knownTruth(const clang::Expr *Cond, const ValueQuery &Q);
  /// Cond's truth for every value its operands may take (`a % b != 0` in a
  /// helper entered with 4096 and 256); none when they disagree or are not
  /// known.
  std::optional<bool> truthByValues(const clang::Expr *Cond,
                                    const ValueQuery &Q);
  /// Cond's truth where the launch's context decides it: knownTruth, the
  /// branches on the way (decidedOnTheWay), or truthByValues.
  std::optional<bool> decidedTruth(const clang::Expr *Cond,
                                   const ValueQuery &Q);

  // Path conditions (PathConsistency.cpp). A value is carried along a way
  // (from the function's entry to where it is chosen, to its use, to the
  // launch); every variable of the function that keeps its first value has
  // that one value all along the way, so the branches that test it must
  // agree: `nwarps = 2` under `case 5:` of one `switch (ncols)` never
  // reaches a launch under `case 1:` of another.

  /// What a function's branches test and that holds one value at each of
  /// its tests: a variable that keeps its first value, or an expression
  /// (`cuda_arch[dev]`, `opt.level`) nothing changes between two of its
  /// tests (steadyBetweenTests); with values that stand for every value it
  /// may take (each constant it is compared with, and one value on either
  /// side of each).
  struct SteadySubject {
    /// The variable, or null for an expression.
    const clang::VarDecl *V;
    /// The expression, compared structurally (Clang's profile).
    const clang::Expr *E;
    llvm::FoldingSetNodeID Id;
    std::vector<int64_t> Representatives;
  };
  /// Whether E, integer arithmetic on reads of variables, members and
  /// array elements tested by F's branches, reads one value at every place
  /// F reads it: no change to what it reads can run between two of them
  /// (SteadyExpressions.cpp).
  bool steadyBetweenTests(const clang::Expr *E, const clang::FunctionDecl *F,
                          const FunctionFlow &Flow);
  const std::vector<SteadySubject> &
  steadySubjects(const clang::FunctionDecl *F);
  /// Whether, for each steady subject of F, one of its values lets a path
  /// take every segment of Way in turn. With Cond, only the subjects Cond
  /// tests, and only their values for which Cond has the truth Truth. True
  /// when the CFG cannot place the way (nothing is excluded then).
  bool consistentWay(const clang::FunctionDecl *F, const FunctionFlow &Flow,
                     llvm::ArrayRef<WaySegment> Way,
                     const clang::Expr *Cond = nullptr, bool Truth = true);
  /// The truth Cond (of a ternary, say) must have on every consistent way
  /// from its function's entry through Cond, on along the way the value
  /// travels (QueryScope::WayOn) or else to the launch (or the call that
  /// leads to it); none when both truths may occur.
  std::optional<bool> decidedOnTheWay(const clang::Expr *Cond,
                                      const ValueQuery &Q);
  /// The way a value defined at Site (null: on entry) travels in its
  /// function: past the variable's other definitions (Kills) to Use, then
  /// on to the launch or the call that leads to it (the query's anchor).
  llvm::SmallVector<WaySegment, 3>
  wayOnward(const clang::FunctionDecl *F, const FunctionFlow &Flow,
            const clang::Stmt *Site, llvm::ArrayRef<const clang::Stmt *> Kills,
            const clang::Expr *Use, const ValueQuery &Q);
  /// The branches of F a value defined at From (null: on entry) takes to
  /// Target (passing no kill, along edges Allowed lets through): those it
  /// must take to reach From, and from there those it must take (with
  /// EveryBranch, all it passes but those that test DecidedBy, which each
  /// value decides for itself) to reach Target. One unreadable condition
  /// when there is no such way.
  std::vector<WayCondition> wayConditions(
      const clang::FunctionDecl *F, const FunctionFlow &Flow,
      const clang::Stmt *From, llvm::ArrayRef<const clang::Stmt *> Kills,
      const clang::Stmt *Target,
      llvm::function_ref<bool(const clang::CFGBlock &, unsigned)> Allowed,
      bool EveryBranch, TestedSubject DecidedBy = nullptr);
  /// Whether none of Way's conditions may depend on another or on the
  /// query's pending ones.
  bool independent(const std::vector<WayCondition> &Way,
                   const ValueQuery &Q) const;
  /// The query's pending conditions for the arguments of Call, which
  /// calls F.
  std::vector<WayCondition> pendingThrough(const clang::FunctionDecl *F,
                                           const clang::CallExpr *Call,
                                           const clang::FunctionDecl *Caller,
                                           const ValueQuery &Q);

private:
  ResolverEngine &Engine;
  /// Per function and subject, how its branches test the subject.
  std::map<std::pair<const clang::FunctionDecl *, const void *>,
           resolver::SubjectTests>
      TestedConstants;
  const resolver::SubjectTests &testsOf(const clang::FunctionDecl *F,
                                        const void *Subject, TestedSubject Is);
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<SteadySubject>>
      SteadySubjects;

  BranchRoots Roots;
  /// Per definition, the branches a path from its function's entry must
  /// take to reach it (wayConditions).
  llvm::DenseMap<const clang::Stmt *,
                 std::optional<std::vector<const clang::Expr *>>>
      WaysToDefinitions;
};

} // namespace cudalint

#endif
