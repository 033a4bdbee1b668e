//===- SymbolicValues.h - Values of sizes read at run time ------*- C++ -*-===//
//
// A launch value made of sizes the program reads at run time (a tensor's
// dimension, atoi(argv[1]), v.size(), a parameter no analysed file calls):
// ResolvedValue::Kind::Symbolic. Its nodes (Facts.h, SymbolicNode) keep the
// expression in the C types it is computed in, and the branches on the way
// as Assume nodes, so that the value can be evaluated for any input: which
// input values make a launch fail, and the smallest of them. No Clang.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_SYMBOLICVALUES_H
#define CUDALINT_SYMBOLICVALUES_H

#include "cudalint/Facts/Facts.h"
#include "cudalint/Facts/ValueArithmetic.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// The most nodes a symbolic value keeps: a larger one is unknown.
constexpr size_t MaxSymbolicNodes = 96;

/// A run-time input: Name in messages, Provenance in the code's words,
/// Type its C type's name, and [Min, Max] the values the type holds.
ResolvedValue symbolicInput(std::string Name, std::string Provenance,
                            const IntegerBounds &Type, SourceLoc Loc,
                            SymbolicNode::Source From);

/// Old, the value as the engine knows it without run-time inputs, with
/// New's expression over them: a known Old (a range, whose bounds hold for
/// every input) keeps its kind and values and gains the nodes; an unknown
/// Old is New.
ResolvedValue withExpressionOf(ResolvedValue Old, const ResolvedValue &New);

/// V as the engine knows it without run-time inputs: unknown, for its
/// reason, when V is of kind Symbolic; V without its nodes otherwise.
ResolvedValue withoutInputs(const ResolvedValue &V);

/// A op B where one side at least is symbolic and neither is unknown, in a
/// result of type Bounds (applyIntegerOp's case for symbolic operands).
ResolvedValue symbolicOperation(IntegerOp Op, const ResolvedValue &A,
                                const ResolvedValue &B,
                                const IntegerBounds &Bounds);

/// V, the result of a call spelled Call (`nextPowerOfTwo(ext.z)`), shown
/// so where its own expression reads long; V itself where it reads short
/// or is not symbolic.
ResolvedValue symbolicCall(const ResolvedValue &V, std::string Call);

/// Any of Parts (none unknown, one symbolic at least).
ResolvedValue symbolicJoin(const std::vector<ResolvedValue> &Parts);

/// V on a path whose branches allow it only values in [Lo, Hi]; an input
/// itself is narrowed, anything else keeps the bounds as an Assume node.
/// None when no value of V is in [Lo, Hi].
std::optional<ResolvedValue> symbolicWithin(const ResolvedValue &V, int64_t Lo,
                                            int64_t Hi);

/// What a comparison with a constant allows of the value compared: [Lo,
/// Hi], or anything but Excluded (`!= C`).
struct ComparisonBounds {
  int64_t Lo = INT64_MIN, Hi = INT64_MAX;
  std::optional<int64_t> Excluded;
};

/// V on a path where Tested, a symbolic value, passes Test (a ternary's or
/// a branch's condition on run-time sizes: `(n % 32 != 0) ? n / 32 + 1 :
/// n / 32`). V itself when Tested is not symbolic; none when no path passes.
std::optional<ResolvedValue> symbolicWhen(const ResolvedValue &V,
                                          const ResolvedValue &Tested,
                                          const ComparisonBounds &Test);

/// Whether A and B read an input in common.
bool sharesInputs(const ResolvedValue &A, const ResolvedValue &B);
/// Whether A reads inputs, and only inputs that B reads too.
bool readsOnlyInputsOf(const ResolvedValue &A, const ResolvedValue &B);

/// V with each input that Replace gives a value for replaced by it (a
/// parameter by what its callers in other files pass), kept within the
/// values that input could take here. Unknown, for its reason, when a
/// replacement is unknown; a known value when no input is left.
ResolvedValue substituteInputs(
    const ResolvedValue &V,
    llvm::function_ref<std::optional<ResolvedValue>(const SymbolicNode &Input)>
        Replace);

/// The inputs of V, each once (the same name read at the same place),
/// in the order they are first read.
std::vector<const SymbolicNode *> symbolicInputs(const ResolvedValue &V);

/// V as an expression of its inputs: "(n + 255) / 256", "ne13 * ne12".
std::string describeSymbolic(const ResolvedValue &V);

/// "'n' (the result of 'atoi', an int)".
std::string describeInput(const SymbolicNode &Input);
/// "the result of 'atoi', an int": what describeInput puts in parentheses.
std::string inputDetails(const SymbolicNode &Input);

/// An input value at which a launch value fails a limit.
struct FailingInput {
  const SymbolicNode *Input = nullptr;
  int64_t Value = 0;
  /// The value is the limit's edge: the smallest value that fails (above
  /// a maximum) or the largest (below a minimum), every other input at its
  /// smallest. Otherwise it is one failing value found.
  bool Edge = false;
  /// The launch value there: its lowest (above) or highest (below) on the
  /// paths that fail.
  int64_t Result = 0;
  /// Not over the limit but an operation on the way leaves its signed type
  /// at this value (undefined in C; in practice it wraps): that operation.
  const SymbolicNode *OverflowAt = nullptr;
};

/// How inputs are taken: sizes count from SmallestSize (1: a size is at
/// least 1 unless the program says otherwise; 0 counts empty inputs). A
/// count the GPU computed (how many passed a filter or a cull) and the
/// length of an iterator range count from 0 either way: nothing makes the
/// first at least 1, and an algorithm over [first, last) takes an empty
/// range.
struct InputDomain {
  int64_t SmallestSize = 1;
  int64_t smallest(const SymbolicNode &N) const {
    bool MayBeEmpty = N.From == SymbolicNode::Source::DeviceResult ||
                      N.From == SymbolicNode::Source::RangeLength;
    return std::max(N.Lo, MayBeEmpty ? 0 : SmallestSize);
  }
};

/// For each input of V, the smallest value at which V certainly exceeds
/// Limit on some path, or an operation on the way overflows its signed
/// type, the other inputs at their smallest. Empty when no value of any
/// input does (the type's range or the branches stop it).
std::vector<FailingInput> inputsAbove(const ResolvedValue &V, int64_t Limit,
                                      InputDomain Domain = {});

/// For each input of V, a value at which V is certainly below Least on some
/// path (0 blocks), the largest such one when V grows with its inputs.
std::vector<FailingInput> inputsBelow(const ResolvedValue &V, int64_t Least,
                                      InputDomain Domain = {});

/// Whether V grows with every input (sums, products of sizes, divisions by
/// positive constants, shifts, min, max): its failing edges are thresholds.
bool growsWithInputs(const ResolvedValue &V);

/// The values V may take over its inputs' values (Min and Max of the
/// value): the hull over every path, the C type's bounds where the
/// arithmetic may overflow.
std::pair<int64_t, int64_t> symbolicBounds(const std::vector<SymbolicNode> &N,
                                           InputDomain Domain = {});

} // namespace cudalint

#endif
