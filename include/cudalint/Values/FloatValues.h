//===- FloatValues.h - Floating-point values on the way to an integer -*- C++
//-*-===//
//
// `int(std::ceil(n / 32.0)) * 64`: a launch value computed in floating
// point and converted back. The engine follows such a value as C computes
// it: each operation rounded to the expression's type (float or double),
// ceil/floor/round/trunc, and the conversion to an integer truncating toward
// zero (unknown when the result may not fit, which C leaves undefined). No
// Clang here: the resolver's FloatExpressions.cpp reads the expressions.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_FLOATVALUES_H
#define CUDALINT_FLOATVALUES_H

#include "cudalint/Values/KnownFunctions.h"

#include "cudalint/Facts/Facts.h"
#include "cudalint/Facts/ValueArithmetic.h"

#include <string>
#include <vector>

namespace cudalint {

/// A floating-point value: one or a few exact values, every value in a
/// range, or unknown with the reason. Never NaN or infinite (an operation
/// that may give one is unknown).
struct FloatValue {
  enum class Kind { Unknown, Values, Range };
  Kind K = Kind::Unknown;
  std::vector<double> Values; // Values: sorted, unique, at most MaxSetSize
  double Lo = 0, Hi = 0;      // Range, inclusive
  std::string Reason;
  std::vector<ValueOrigin> Origins;

  static FloatValue unknown(std::string Reason);
  /// The values (their range when there are more than MaxSetSize); unknown
  /// when one is not finite.
  static FloatValue of(std::vector<double> Values);
  static FloatValue range(double Lo, double Hi);
  bool isKnown() const { return K != Kind::Unknown; }
  double lowest() const { return K == Kind::Range ? Lo : Values.front(); }
  double highest() const { return K == Kind::Range ? Hi : Values.back(); }
};

/// The width results are rounded to: C's float or double.
enum class FloatWidth { Float, Double };

/// An integer value converted to floating point (rounded to the width).
FloatValue floatFromInteger(const ResolvedValue &V, FloatWidth W);
/// Every value of the integer type Bounds describes, as floating point: an
/// unknown integer in min/max still bounds the result on its side.
FloatValue floatOfType(const IntegerBounds &Bounds, FloatWidth W);
/// V rounded to the width (a double converted to float).
FloatValue floatToWidth(const FloatValue &V, FloatWidth W);

enum class FloatOp { Add, Sub, Mul, Div, Min, Max };
/// A op B for every value each may take, rounded to W.
FloatValue applyFloatOp(FloatOp Op, const FloatValue &A, const FloatValue &B,
                        FloatWidth W);
/// ceil, floor, round or trunc of V (Meaning is one of them).
FloatValue roundFloat(KnownMeaning Meaning, const FloatValue &V);
/// V converted to the integer type Bounds describes, truncated toward zero;
/// unknown when a value may not fit.
ResolvedValue floatToInteger(const FloatValue &V, const IntegerBounds &Bounds);

} // namespace cudalint

#endif
