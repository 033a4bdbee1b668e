//===- SaturatingArithmetic.h - Launch arithmetic that cannot overflow -*- C++
//-*-===//
//
// Launch values are whatever the source says, as int64_t: a valid grid of
// 2^31-1 x 65535 x 65535 blocks of 128 threads already has more threads than
// int64_t holds, and a constant 1 << 40 block is as easy to write. Signed
// overflow is undefined behaviour, so the checks and reports combine launch
// values with these: a result past the int64_t range sticks at the limit of
// its sign, which keeps every comparison with a hardware limit right (a
// saturated count is over any limit, as the true one is).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_SATURATINGARITHMETIC_H
#define CUDALINT_SATURATINGARITHMETIC_H

#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <limits>

namespace cudalint {

/// X * Y, or INT64_MAX / INT64_MIN (the sign of the true product) when it
/// does not fit.
inline int64_t saturatingMul(int64_t X, int64_t Y) {
  int64_t Product;
  if (!llvm::MulOverflow(X, Y, Product))
    return Product;
  return (X < 0) != (Y < 0) ? std::numeric_limits<int64_t>::min()
                            : std::numeric_limits<int64_t>::max();
}

/// X * Y * Z, saturated as saturatingMul.
inline int64_t saturatingMul(int64_t X, int64_t Y, int64_t Z) {
  // A zero factor makes the product 0 even after a saturated pair.
  if (X == 0 || Y == 0 || Z == 0)
    return 0;
  return saturatingMul(saturatingMul(X, Y), Z);
}

/// X + Y, or INT64_MAX / INT64_MIN when it does not fit.
inline int64_t saturatingAdd(int64_t X, int64_t Y) {
  int64_t Sum;
  if (!llvm::AddOverflow(X, Y, Sum))
    return Sum;
  return X < 0 ? std::numeric_limits<int64_t>::min()
               : std::numeric_limits<int64_t>::max();
}

/// ceil(X / Y) for X >= 0 and Y > 0, without the X + Y - 1 that overflows
/// near INT64_MAX.
inline int64_t divideRoundingUp(int64_t X, int64_t Y) {
  return X / Y + (X % Y != 0 ? 1 : 0);
}

} // namespace cudalint

#endif // CUDALINT_SATURATINGARITHMETIC_H
