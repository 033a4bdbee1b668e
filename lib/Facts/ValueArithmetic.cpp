//===- ValueArithmetic.cpp - Integer operations on resolved values --------===//

#include "cudalint/Facts/ValueArithmetic.h"
#include "cudalint/Facts/SymbolicValues.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdlib>
#include <variant>

namespace cudalint {

namespace {

using Kind = ResolvedValue::Kind;

/// Why a result is unknown: the operation is undefined or leaves int64_t.
struct Refusal {
  std::string Why;
};

/// X op Y on one pair of values, or why not.
std::variant<int64_t, Refusal> scalar(IntegerOp Op, int64_t X, int64_t Y) {
  int64_t R = 0;
  switch (Op) {
  case IntegerOp::Add:
    if (__builtin_add_overflow(X, Y, &R))
      return Refusal{"an addition that overflows"};
    return R;
  case IntegerOp::Sub:
    if (__builtin_sub_overflow(X, Y, &R))
      return Refusal{"a subtraction that overflows"};
    return R;
  case IntegerOp::Mul:
    if (__builtin_mul_overflow(X, Y, &R))
      return Refusal{"a multiplication that overflows"};
    return R;
  case IntegerOp::Div:
  case IntegerOp::Rem:
    if (Y == 0)
      return Refusal{"a division by zero"};
    if (X == INT64_MIN && Y == -1)
      return Refusal{"a division that overflows"};
    return Op == IntegerOp::Div ? X / Y : X % Y;
  case IntegerOp::Shl:
    if (Y < 0 || Y > 62)
      return Refusal{"a shift out of range"};
    // x << y is x * 2^y where it is defined.
    if (__builtin_mul_overflow(X, int64_t(1) << Y, &R))
      return Refusal{"a shift that overflows"};
    return R;
  case IntegerOp::Shr:
    if (Y < 0 || Y > 63)
      return Refusal{"a shift out of range"};
    return X >> Y;
  case IntegerOp::And:
    return X & Y;
  case IntegerOp::Or:
    return X | Y;
  case IntegerOp::Min:
    return std::min(X, Y);
  case IntegerOp::Max:
    return std::max(X, Y);
  case IntegerOp::Less:
    return int64_t(X < Y);
  case IntegerOp::LessEqual:
    return int64_t(X <= Y);
  case IntegerOp::Greater:
    return int64_t(X > Y);
  case IntegerOp::GreaterEqual:
    return int64_t(X >= Y);
  case IntegerOp::Equal:
    return int64_t(X == Y);
  case IntegerOp::NotEqual:
    return int64_t(X != Y);
  }
  return Refusal{"an operation that is not evaluated"};
}

/// Whether V is a negative power of two (`~31` is -32): `x & V` rounds x
/// down to a multiple of -V, which grows with x.
bool isAlignMask(int64_t V) {
  return V < 0 && V != INT64_MIN && ((-V) & (-V - 1)) == 0;
}

/// [Lo, Hi] of X op Y over the two ranges, or why not.
std::variant<std::pair<int64_t, int64_t>, Refusal>
interval(IntegerOp Op, int64_t ALo, int64_t AHi, int64_t BLo, int64_t BHi) {
  auto Corners = [&](IntegerOp CornerOp)
      -> std::variant<std::pair<int64_t, int64_t>, Refusal> {
    int64_t Lo = INT64_MAX, Hi = INT64_MIN;
    for (int64_t X : {ALo, AHi})
      for (int64_t Y : {BLo, BHi}) {
        auto R = scalar(CornerOp, X, Y);
        if (auto *Why = std::get_if<Refusal>(&R))
          return *Why;
        Lo = std::min(Lo, std::get<int64_t>(R));
        Hi = std::max(Hi, std::get<int64_t>(R));
      }
    return std::pair(Lo, Hi);
  };
  switch (Op) {
  case IntegerOp::Add:
  case IntegerOp::Sub:
  case IntegerOp::Mul:
  case IntegerOp::Min:
  case IntegerOp::Max:
    // Each is monotone in each argument on a range of one sign, and
    // multiplication's extremes over a box lie at its corners.
    return Corners(Op);
  case IntegerOp::Div:
    if (BLo <= 0 && BHi >= 0)
      return Refusal{"a division by a value that may be zero"};
    return Corners(Op);
  case IntegerOp::Shl:
  case IntegerOp::Shr:
    if (BLo < 0 || BHi > (Op == IntegerOp::Shl ? 62 : 63))
      return Refusal{"a shift out of range"};
    return Corners(Op);
  case IntegerOp::Rem: {
    if (BLo <= 0 && BHi >= 0)
      return Refusal{"a division by a value that may be zero"};
    // |x % y| < |y|, with the sign of x; and |x % y| <= |x|.
    int64_t Most = std::max(BLo == INT64_MIN ? INT64_MAX : std::abs(BLo),
                            BHi == INT64_MIN ? INT64_MAX : std::abs(BHi)) -
                   1;
    if (BLo == BHi && ALo >= 0 && AHi - ALo < BLo && ALo % BLo <= AHi % BLo)
      return std::pair(ALo % BLo, AHi % BLo); // one stretch without wrapping
    int64_t Lo = ALo >= 0 ? 0 : std::max(ALo, -Most);
    int64_t Hi = AHi <= 0 ? 0 : std::min(AHi, Most);
    return std::pair(Lo, Hi);
  }
  case IntegerOp::And:
    if (ALo >= 0 && BLo >= 0)
      return std::pair(int64_t(0), std::min(AHi, BHi));
    if (BLo == BHi && isAlignMask(BLo))
      return std::pair(ALo & BLo, AHi & BLo);
    if (ALo == AHi && isAlignMask(ALo))
      return std::pair(BLo & ALo, BHi & ALo);
    return Refusal{"operator '&' on a range of values"};
  case IntegerOp::Or:
    // x | y is at least the larger and sets no bit above the highest one
    // either has (`nextPowerOfTwo`'s `x |= x >> 1`).
    if (ALo >= 0 && BLo >= 0) {
      unsigned Bits = llvm::bit_width(static_cast<uint64_t>(AHi | BHi));
      return std::pair(std::max(ALo, BLo),
                       Bits == 0 ? 0 : int64_t(llvm::maxUIntN(Bits)));
    }
    return Refusal{"operator '|' on a range of values"};
  case IntegerOp::Less:
  case IntegerOp::LessEqual:
  case IntegerOp::Greater:
  case IntegerOp::GreaterEqual:
  case IntegerOp::Equal:
  case IntegerOp::NotEqual: {
    // 1 where it holds for every pair, 0 where for none, else either.
    bool Apart = AHi < BLo || BHi < ALo;
    bool OneValue = ALo == AHi && BLo == BHi && ALo == BLo;
    auto [Always, Never] = [&]() -> std::pair<bool, bool> {
      switch (Op) {
      case IntegerOp::Less:
        return {AHi < BLo, ALo >= BHi};
      case IntegerOp::LessEqual:
        return {AHi <= BLo, ALo > BHi};
      case IntegerOp::Greater:
        return {ALo > BHi, AHi <= BLo};
      case IntegerOp::GreaterEqual:
        return {ALo >= BHi, AHi < BLo};
      case IntegerOp::Equal:
        return {OneValue, Apart};
      default:
        return {Apart, OneValue};
      }
    }();
    return std::pair(int64_t(Always), int64_t(!Never));
  }
  }
  return Refusal{"an operation that is not evaluated"};
}

ResolvedValue withOrigins(ResolvedValue R, const ResolvedValue &A,
                          const ResolvedValue &B) {
  R.Origins = A.Origins;
  R.Origins.insert(R.Origins.end(), B.Origins.begin(), B.Origins.end());
  return R;
}

std::string overflowReason(const IntegerBounds &Bounds) {
  return llvm::formatv("a result that may not fit in '{0}'", Bounds.Name).str();
}

} // namespace

ResolvedValue applyIntegerOp(IntegerOp Op, const ResolvedValue &A,
                             const ResolvedValue &B,
                             const IntegerBounds &Bounds) {
  // Sizes read at run time: the expression, in this type.
  if ((A.isSymbolic() || B.isSymbolic()) && A.K != Kind::Unknown &&
      B.K != Kind::Unknown)
    return symbolicOperation(Op, A, B, Bounds);
  // Unknown for the operand's reason; a parameter in arithmetic is no
  // longer the parameter.
  if (!A.isKnown() || !B.isKnown()) {
    const ResolvedValue &Unknown = !A.isKnown() ? A : B;
    ResolvedValue R = ResolvedValue::unknown(Unknown.Reason);
    R.Origins = Unknown.Origins;
    return R;
  }
  auto Fits = [&](int64_t V) { return Bounds.Min <= V && V <= Bounds.Max; };
  if (A.K == Kind::Range || B.K == Kind::Range) {
    auto R = interval(Op, A.lowest(), A.highest(), B.lowest(), B.highest());
    if (auto *Why = std::get_if<Refusal>(&R))
      return ResolvedValue::unknown(Why->Why);
    auto [Lo, Hi] = std::get<std::pair<int64_t, int64_t>>(R);
    if (!Fits(Lo) || !Fits(Hi))
      return ResolvedValue::unknown(overflowReason(Bounds));
    return withOrigins(ResolvedValue::range(Lo, Hi), A, B);
  }
  std::vector<int64_t> Out;
  for (int64_t X : A.Values)
    for (int64_t Y : B.Values) {
      auto R = scalar(Op, X, Y);
      if (auto *Why = std::get_if<Refusal>(&R))
        return ResolvedValue::unknown(Why->Why);
      if (!Fits(std::get<int64_t>(R)))
        return ResolvedValue::unknown(overflowReason(Bounds));
      Out.push_back(std::get<int64_t>(R));
    }
  auto [Lo, Hi] = std::minmax_element(Out.begin(), Out.end());
  ResolvedValue R = ResolvedValue::oneOf(Out);
  // More results than a set holds: they lie between the extremes.
  if (!R.isKnown())
    return withOrigins(ResolvedValue::range(*Lo, *Hi), A, B);
  R = withOrigins(std::move(R), A, B);
  // A proven value combined with a constant is proven; two sets combine
  // values that may come from different paths.
  if (R.K == Kind::Set && (A.isConstant() || B.isConstant())) {
    std::vector<int64_t> Proven;
    for (int64_t X : A.Proven)
      for (int64_t Y : B.Proven)
        Proven.push_back(std::get<int64_t>(scalar(Op, X, Y)));
    R.keepProven(std::move(Proven));
  } else if (R.K == Kind::Set) {
    R.Proven.clear();
  }
  return R;
}

std::optional<ResolvedValue> boundByOneSide(IntegerOp Op,
                                            const ResolvedValue &Known,
                                            const IntegerBounds &Bounds) {
  if (!Known.isKnown())
    return std::nullopt;
  ResolvedValue R;
  if (Op == IntegerOp::Max)
    R = ResolvedValue::range(std::max(Known.lowest(), Bounds.Min), Bounds.Max);
  else if (Op == IntegerOp::Min)
    R = ResolvedValue::range(Bounds.Min, std::min(Known.highest(), Bounds.Max));
  else
    return std::nullopt;
  R.Origins = Known.Origins;
  // A constant's one value is not proven for the unknown side's values.
  R.Proven.clear();
  return R;
}

ResolvedValue clampValue(const ResolvedValue &V, const ResolvedValue &Lo,
                         const ResolvedValue &Hi, const IntegerBounds &Bounds) {
  if (!Lo.isKnown() || !Hi.isKnown())
    return !Lo.isKnown() ? Lo : Hi;
  // std::clamp with hi < lo is undefined.
  if (Lo.lowest() > Hi.highest())
    return ResolvedValue::unknown(
        "a clamp whose lower bound exceeds its upper");
  auto Clamped = [&] {
    return applyIntegerOp(IntegerOp::Min,
                          applyIntegerOp(IntegerOp::Max, V, Lo, Bounds), Hi,
                          Bounds);
  };
  if (V.isKnown())
    return Clamped();
  ResolvedValue R = ResolvedValue::range(Lo.lowest(), Hi.highest());
  R.Proven.clear();
  R = withOrigins(std::move(R), Lo, Hi);
  // Sizes read at run time: [lo, hi] still, and what the clamp makes of them.
  return V.isSymbolic() ? withExpressionOf(std::move(R), Clamped()) : R;
}

std::optional<int64_t> checkedProduct(std::initializer_list<int64_t> Factors) {
  int64_t P = 1;
  for (int64_t F : Factors)
    if (__builtin_mul_overflow(P, F, &P))
      return std::nullopt;
  return P;
}

} // namespace cudalint
