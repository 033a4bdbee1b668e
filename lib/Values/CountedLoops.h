//===- CountedLoops.h - Element-wise copies in counted loops ----*- C++ -*-===//
//
// `for (int i = 0; i < 4; i++) dims[i] = idims[i];` gives each of dims[0]
// to dims[3] a value on every path: the engine follows it as four
// assignments, each with i at its iteration, instead of one assignment to
// an element it cannot name.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_COUNTEDLOOPS_H
#define CUDALINT_LIB_VALUES_COUNTEDLOOPS_H

#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class BinaryOperator;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace cudalint {

/// The iterations of a counted loop at which an assignment `a[i] = E` runs.
struct CountedLoopCopy {
  const clang::VarDecl *Index;
  int64_t First, Last; // i takes every value of [First, Last]
};

/// Assign's iterations when each one runs on every path through F:
/// Assign is a statement of the body of `for (int i = L; i < U; ++i)` (or
/// `<=`, `i++`, `i += 1`) with constant L < U, at most 64 iterations, whose
/// body has no break, continue, return, goto or throw and does not change
/// i; Assign's left side is an element at index i; and the loop is a
/// statement of F's body with no return, goto or throw before it. None
/// otherwise.
std::optional<CountedLoopCopy>
countedLoopCopy(const clang::BinaryOperator *Assign,
                const clang::FunctionDecl *F, clang::ASTContext &Ctx);

} // namespace cudalint

#endif
