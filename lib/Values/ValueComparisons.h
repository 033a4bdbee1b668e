//===- ValueComparisons.h - Comparisons of resolved values -------*- C++
//-*-===//
//
// What a comparison says about resolved values: whether `L op R` holds for
// every value, none, or depends on them; and the values of one side for
// which it may hold (a branch's test narrows a set or a range on each side).
// Shared by the resolver's decided conditions and the call interpreter.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_VALUECOMPARISONS_H
#define CUDALINT_LIB_VALUES_VALUECOMPARISONS_H

#include "cudalint/Facts/Facts.h"
#include "cudalint/Facts/SymbolicValues.h"
#include "cudalint/Values/KnownFunctions.h"

#include "clang/AST/OperationKinds.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace clang {
class ASTContext;
class ConditionalOperator;
class Expr;
} // namespace clang

namespace cudalint {

/// Whether `L op R` (a comparison) holds for every value L and R may
/// take (true), for none (false), or depends on them (none).
std::optional<bool> comparedValues(clang::BinaryOperatorKind Op,
                                   const ResolvedValue &L,
                                   const ResolvedValue &R);

/// The values of V for which `V op R` may have the truth Truth (R is
/// one of its values): a set filtered, a range narrowed; none when no
/// value of V can. An unknown V stays as it is.
std::optional<ResolvedValue> narrowedBy(const ResolvedValue &V,
                                        clang::BinaryOperatorKind Op,
                                        const ResolvedValue &R, bool Truth);

/// What a condition says of a value made of sizes read at run time:
/// Tested, the symbolic side of `X op C` (either side, under negations; a
/// bare X is `X != 0`), and what it allows of Tested when the condition
/// holds and when it does not. Value gives each side's value.
struct SymbolicTest {
  ResolvedValue Tested;
  ComparisonBounds IfTrue, IfFalse;
};
std::optional<SymbolicTest>
symbolicTest(const clang::Expr *Cond,
             llvm::function_ref<ResolvedValue(const clang::Expr *)> Value);

/// The value of `Cond ? IfTrue : IfFalse` where Test is what Cond says of
/// a run-time size: each side on the paths its truth allows.
ResolvedValue joinWhen(const SymbolicTest &Test, const ResolvedValue &IfTrue,
                       const ResolvedValue &IfFalse);

/// Min when C is `a < b ? a : b` (or `<=`, or `b > a`), max when it is
/// `a > b ? a : b` (and the like), both sides compared in C's own type, as
/// std::min and std::max compare them; none for any other ternary.
std::optional<KnownMeaning>
minOrMaxOfItsSides(const clang::ConditionalOperator *C,
                   const clang::ASTContext &Ctx);

} // namespace cudalint

#endif
