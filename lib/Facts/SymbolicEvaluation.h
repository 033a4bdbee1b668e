//===- SymbolicEvaluation.h - Evaluating symbolic values --------*- C++ -*-===//
//
// Shared by SymbolicValues.cpp (building values, their bounds) and
// SymbolicSearch.cpp (the inputs that make a value fail a limit):
// evaluation is interval arithmetic over the nodes, one interval per path
// (an Assume keeps the paths its bounds allow, a Join adds the paths of
// both sides), each operation done by applyIntegerOp in the node's C type.
// On a path where an operation may overflow, divide by zero or shift out
// of range, it may give any value of its type, so that path never
// certainly fails a limit (it witnesses nothing) and bounds nothing; a
// signed overflow at single values is marked, since C leaves it undefined.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_FACTS_SYMBOLICEVALUATION_H
#define CUDALINT_LIB_FACTS_SYMBOLICEVALUATION_H

#include "cudalint/Facts/SymbolicValues.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint::symbolic {

using Op = SymbolicNode::Op;

/// The values one path gives a node: some value in [Lo, Hi].
struct PathValue {
  int64_t Lo, Hi;
  /// An operation on the way certainly left its signed type (undefined in
  /// C: the value may be anything): the node where it did, or -1.
  int Overflowed = -1;
};

struct NodeValues {
  llvm::SmallVector<PathValue, 2> Paths;
};

/// How a test of another value decides whether a path is taken: Certainly
/// (a witness of a failure needs every value the tested one may take on the
/// path to pass) or Possibly (the bounds of a value cover any path that may
/// be taken).
enum class Feasible { Certainly, Possibly };

/// The integer operation of an arithmetic node; none for the others.
std::optional<IntegerOp> integerOpOf(Op O);
/// The arithmetic node kind of an integer operation.
Op nodeOpOf(IntegerOp O);

/// Every node's values, with each input at the values InputRange gives it
/// (an empty range: no path carries that input value).
std::vector<NodeValues>
evaluate(const std::vector<SymbolicNode> &Nodes,
         llvm::function_ref<PathValue(unsigned Index)> InputRange,
         Feasible F = Feasible::Certainly);

/// What tells one input from another: its name and where it is read.
std::string inputKey(const SymbolicNode &N);

} // namespace cudalint::symbolic

#endif
