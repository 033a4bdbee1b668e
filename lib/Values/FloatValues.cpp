//===- FloatValues.cpp - Floating-point values on the way to an integer ---===//

#include "cudalint/Values/FloatValues.h"

#include <algorithm>
#include <cmath>

namespace cudalint {

namespace {

double toWidth(double X, FloatWidth W) {
  return W == FloatWidth::Float ? double(float(X)) : X;
}

/// F, monotone (non-decreasing), applied to every value of a set, or to
/// the ends Lo and Hi of a range: of integers or of floating-point values.
template <typename T, typename Fn>
FloatValue monotoneImage(bool IsRange, T Lo, T Hi, const std::vector<T> &Values,
                         Fn F) {
  if (IsRange)
    return FloatValue::range(F(Lo), F(Hi));
  std::vector<double> Out;
  Out.reserve(Values.size());
  for (T X : Values)
    Out.push_back(F(X));
  return FloatValue::of(std::move(Out));
}

/// Applies a function monotone in each value (non-decreasing) to every
/// value, or to a range's ends.
template <typename Fn> FloatValue eachMonotone(const FloatValue &V, Fn F) {
  if (!V.isKnown())
    return V;
  FloatValue R =
      monotoneImage(V.K == FloatValue::Kind::Range, V.Lo, V.Hi, V.Values, F);
  if (R.isKnown())
    R.Origins = V.Origins;
  return R;
}

double apply(FloatOp Op, double A, double B) {
  switch (Op) {
  case FloatOp::Add:
    return A + B;
  case FloatOp::Sub:
    return A - B;
  case FloatOp::Mul:
    return A * B;
  case FloatOp::Div:
    return A / B;
  case FloatOp::Min:
    return std::min(A, B);
  case FloatOp::Max:
    return std::max(A, B);
  }
  return A;
}

} // namespace

FloatValue FloatValue::unknown(std::string Reason) {
  FloatValue R;
  R.Reason = std::move(Reason);
  return R;
}

FloatValue FloatValue::of(std::vector<double> Values) {
  if (Values.empty())
    return unknown("no value");
  for (double X : Values)
    if (!std::isfinite(X))
      return unknown("a floating-point value that may not be finite");
  std::sort(Values.begin(), Values.end());
  Values.erase(std::unique(Values.begin(), Values.end()), Values.end());
  if (Values.size() > MaxSetSize)
    return range(Values.front(), Values.back());
  FloatValue R;
  R.K = Kind::Values;
  R.Values = std::move(Values);
  return R;
}

FloatValue FloatValue::range(double Lo, double Hi) {
  if (!std::isfinite(Lo) || !std::isfinite(Hi))
    return unknown("a floating-point value that may not be finite");
  if (Lo == Hi)
    return of({Lo});
  FloatValue R;
  R.K = Kind::Range;
  R.Lo = Lo;
  R.Hi = Hi;
  return R;
}

FloatValue floatFromInteger(const ResolvedValue &V, FloatWidth W) {
  if (!V.isKnown())
    return FloatValue::unknown(V.Reason);
  // A conversion rounds to the nearest value of the width, once.
  auto Convert = [W](int64_t X) {
    return W == FloatWidth::Float ? double(float(X)) : double(X);
  };
  FloatValue R = monotoneImage(V.K == ResolvedValue::Kind::Range, V.Min, V.Max,
                               V.Values, Convert);
  R.Origins = V.Origins;
  return R;
}

FloatValue floatOfType(const IntegerBounds &Bounds, FloatWidth W) {
  auto Convert = [W](int64_t X) {
    return W == FloatWidth::Float ? double(float(X)) : double(X);
  };
  return FloatValue::range(Convert(Bounds.Min), Convert(Bounds.Max));
}

FloatValue floatToWidth(const FloatValue &V, FloatWidth W) {
  return eachMonotone(V, [W](double X) { return toWidth(X, W); });
}

FloatValue applyFloatOp(FloatOp Op, const FloatValue &A, const FloatValue &B,
                        FloatWidth W) {
  if (!A.isKnown())
    return A;
  if (!B.isKnown())
    return B;
  if (Op == FloatOp::Div && B.lowest() <= 0 && B.highest() >= 0)
    return FloatValue::unknown("a division by a value that may be 0");
  FloatValue R;
  if (A.K == FloatValue::Kind::Values && B.K == FloatValue::Kind::Values) {
    std::vector<double> Out;
    for (double X : A.Values)
      for (double Y : B.Values)
        Out.push_back(toWidth(apply(Op, X, Y), W));
    R = FloatValue::of(std::move(Out));
  } else {
    // Interval arithmetic: each operation is monotone in each operand on
    // either side of 0 (a divisor range holds no 0), so its extremes lie at
    // the corners; rounding to the width is monotone too.
    double Corners[] = {apply(Op, A.lowest(), B.lowest()),
                        apply(Op, A.lowest(), B.highest()),
                        apply(Op, A.highest(), B.lowest()),
                        apply(Op, A.highest(), B.highest())};
    R = FloatValue::range(toWidth(*std::min_element(Corners, Corners + 4), W),
                          toWidth(*std::max_element(Corners, Corners + 4), W));
  }
  if (R.isKnown()) {
    R.Origins = A.Origins;
    R.Origins.insert(R.Origins.end(), B.Origins.begin(), B.Origins.end());
  }
  return R;
}

FloatValue roundFloat(KnownMeaning Meaning, const FloatValue &V) {
  return eachMonotone(V, [Meaning](double X) {
    switch (Meaning) {
    case KnownMeaning::Ceil:
      return std::ceil(X);
    case KnownMeaning::Floor:
      return std::floor(X);
    case KnownMeaning::Round:
      return std::round(X);
    default:
      return std::trunc(X);
    }
  });
}

ResolvedValue floatToInteger(const FloatValue &V, const IntegerBounds &Bounds) {
  if (!V.isKnown())
    return ResolvedValue::unknown(V.Reason);
  // Truncation toward zero; a value whose integral part the type cannot
  // hold is undefined behaviour in C, so no value is claimed.
  auto Fits = [&](double X) {
    double T = std::trunc(X);
    return T >= double(Bounds.Min) && T <= double(Bounds.Max) && T > -9.2e18 &&
           T < 9.2e18;
  };
  if (!Fits(V.lowest()) || !Fits(V.highest()))
    return ResolvedValue::unknown(
        "a floating-point value that may not fit in '" + Bounds.Name + "'");
  ResolvedValue R;
  if (V.K == FloatValue::Kind::Range) {
    R = ResolvedValue::range(int64_t(std::trunc(V.Lo)),
                             int64_t(std::trunc(V.Hi)));
  } else {
    std::vector<int64_t> Out;
    Out.reserve(V.Values.size());
    for (double X : V.Values)
      Out.push_back(int64_t(std::trunc(X)));
    std::sort(Out.begin(), Out.end());
    Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
    R = Out.size() == 1 ? ResolvedValue::constant(Out.front())
                        : ResolvedValue::oneOf(std::move(Out));
  }
  if (R.isKnown())
    R.Origins = V.Origins;
  return R;
}

} // namespace cudalint
