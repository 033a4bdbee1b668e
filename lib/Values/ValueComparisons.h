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

#include "clang/AST/OperationKinds.h"

#include <optional>

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

} // namespace cudalint

#endif
