//===- CallInterpreter.h - A function of the file run on known values -*- C++
//-*-===//
//
// `static int np2(int x) { int p = 1; while (p < x) p *= 2; return p; }`
// called with 1500 returns 2048: its loop is run, not read. The interpreter
// executes the body of a function defined in the file statement by
// statement, with each parameter holding its argument's value (a constant,
// a set or a range) and each local an integer value. A branch whose
// condition the values decide takes its one way; one they do not decide
// forks the state, each side narrowed by the comparison (`p < x` with x at
// most 1024: x > p on one side, x <= p on the other), so `np2(c)` under
// `if (c <= 1024)` returns one of 1, 2, ..., 1024. Everything runs within a
// step budget; over it, or at a statement it does not evaluate, the result
// is unknown with the reason.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_CALLINTERPRETER_H
#define CUDALINT_LIB_VALUES_CALLINTERPRETER_H

#include "ValueComparisons.h"

#include "cudalint/Facts/Facts.h"
#include "cudalint/Values/ValueQuery.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace cudalint {

/// How many statements one evaluation of a call may execute, over all
/// its states, and how many states may be alive at once.
inline constexpr unsigned MaxInterpretedSteps = 10000;
inline constexpr unsigned MaxInterpretedStates = 64;

/// Runs functions of one translation unit on known argument values,
/// remembering each answer.
class CallInterpreter {
public:
  CallInterpreter(clang::ASTContext &Ctx, const ConstantCache &Constants)
      : Ctx(Ctx), Constants(Constants) {}

  /// What F returns when its parameters hold Args (one per parameter):
  /// the values of every return a run reaches (none of a set's values
  /// proven once a branch was undecided); unknown, with the reason, when
  /// F uses what the interpreter does not evaluate or runs over budget.
  ResolvedValue run(const clang::FunctionDecl *F,
                    llvm::ArrayRef<ResolvedValue> Args);
  /// Whether the last run of F with Args stopped at the step or state
  /// budget (rather than at code it does not evaluate).
  bool overBudget(const ResolvedValue &R) const {
    return !R.isKnown() && R.Reason.find(BudgetMark) != std::string::npos;
  }
  /// The words every reason for a budget stop contains.
  static constexpr const char *BudgetMark = "more than";

private:
  clang::ASTContext &Ctx;
  const ConstantCache &Constants;
  /// The functions being run (a recursive call is not followed).
  llvm::DenseSet<const clang::FunctionDecl *> Active;
  std::map<std::pair<const clang::FunctionDecl *, std::string>, ResolvedValue>
      Answers;
};

} // namespace cudalint

#endif
