//===- ValueArithmetic.h - Integer operations on resolved values -*- C++
//-*-===//
//
// The integer semantics of the value engine, kept apart from Clang: what
// `a + b`, `n / 32 * 32`, `x << s`, min/max/clamp give when each side is a
// constant, a set or a range. A set whose results would be more than
// MaxSetSize becomes their range; a range stays a range (exact bounds for
// the monotone operators, a sound cover for `%` and `&`). A result that may
// leave the bounds of the C type it has (signed overflow is undefined, an
// unsigned one wraps) is unknown and says so, as is a division by zero:
// nothing here overflows int64_t itself.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_VALUEARITHMETIC_H
#define CUDALINT_VALUEARITHMETIC_H

#include "cudalint/Facts/Facts.h"

#include <cstdint>
#include <optional>
#include <string>

namespace cudalint {

/// The comparisons give 1 or 0, as C's do.
enum class IntegerOp {
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Shl,
  Shr,
  And,
  Or,
  Min,
  Max,
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  Equal,
  NotEqual
};

/// The values a C integer type holds, within int64_t.
struct IntegerBounds {
  int64_t Min = INT64_MIN, Max = INT64_MAX;
  std::string Name = "int64_t";
};

/// A op B for every value A and B may take, in a result of type Bounds.
/// Unknown when either is (for its reason), and for an operation that may
/// overflow, divide by zero or shift out of range. Proven values follow a
/// set's proven values combined with a constant.
ResolvedValue applyIntegerOp(IntegerOp Op, const ResolvedValue &A,
                             const ResolvedValue &B,
                             const IntegerBounds &Bounds);

/// max(A, B) / min(A, B) with one side unknown: the known side bounds the
/// result on one end and the type on the other (`max(n, 2048)` is at least
/// 2048; `min(n, 256)` of an int is at most 256, an interval whose lower
/// end is the type's minimum). None when the known side is unknown too.
std::optional<ResolvedValue> boundByOneSide(IntegerOp Op,
                                            const ResolvedValue &Known,
                                            const IntegerBounds &Bounds);

/// Values the result of min/max/clamp keeps from V when V is unknown but
/// the bounds are known: clamp(v, lo, hi) lies in [lo, hi].
ResolvedValue clampValue(const ResolvedValue &V, const ResolvedValue &Lo,
                         const ResolvedValue &Hi, const IntegerBounds &Bounds);

/// The product of several values, saturating nowhere: none when it may
/// leave int64_t.
std::optional<int64_t> checkedProduct(std::initializer_list<int64_t> Factors);

} // namespace cudalint

#endif
