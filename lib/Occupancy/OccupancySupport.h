//===- OccupancySupport.h - What both occupancy models share ---*- C++ -*-===//
//
// The CUDA and AMD occupancy calculators refuse the same kinds of input (a
// zero or huge thread count, more registers or shared memory than any GPU
// has) with the same "field: why" messages, find the limit that binds and
// search shared memory (LDS) sizes the same way; both live here once.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_OCCUPANCY_OCCUPANCYSUPPORT_H
#define CUDALINT_LIB_OCCUPANCY_OCCUPANCYSUPPORT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

namespace cudalint {

/// One row of a model's limit table: the limit, its report name and the
/// result field holding what it allows.
template <typename LimitT, typename ResultT> struct LimitRow {
  LimitT Which;
  llvm::StringLiteral Name;
  unsigned ResultT::*Allowed;
};

/// L's row (every limit has one: the unit tests name them all).
template <typename Row, std::size_t N, typename LimitT>
const Row &rowOf(const Row (&Rows)[N], LimitT L) {
  return *llvm::find_if(Rows, [L](const Row &R) { return R.Which == L; });
}

/// The answer of a model whose limits each allow so many (blocks, waves):
/// the least any of All allows, with the limits that allow only that much
/// marked in R.BindingMask.
template <typename LimitT, std::size_t N, typename ResultT>
unsigned tightestLimit(const LimitT (&All)[N], ResultT &R,
                       unsigned (ResultT::*AllowedBy)(LimitT) const) {
  unsigned Least = std::numeric_limits<unsigned>::max();
  for (LimitT L : All)
    Least = std::min(Least, (R.*AllowedBy)(L));
  for (LimitT L : All)
    if ((R.*AllowedBy)(L) == Least)
      R.BindingMask |= unsigned(L);
  return Least;
}

/// "Field: Why", the one shape of every refused input.
inline llvm::Error invalidInput(llvm::StringRef Field, const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 llvm::Twine(Field) + ": " + Why);
}

/// One input and the largest value a calculator accepts for it; Refusal
/// follows the value in the message ("N<Refusal> (at most M accepted)").
struct InputBound {
  llvm::StringRef Field;
  uint64_t Value;
  uint64_t MostAccepted;
  llvm::StringRef Refusal;
};

/// The first input over its bound, in the order given.
inline llvm::Error firstOverBound(llvm::ArrayRef<InputBound> Bounds) {
  const InputBound *Over = llvm::find_if(
      Bounds, [](const InputBound &B) { return B.Value > B.MostAccepted; });
  if (Over == Bounds.end())
    return llvm::Error::success();
  return invalidInput(Over->Field,
                      llvm::Twine(Over->Value) + Over->Refusal + " (at most " +
                          llvm::Twine(Over->MostAccepted) + " accepted)");
}

/// The thread count both calculators check first: at least one, and no more
/// than MostAccepted (Unit names what holds the threads: block, work-group).
inline llvm::Error checkThreadCount(uint64_t Threads, uint64_t MostAccepted,
                                    llvm::StringRef Unit) {
  if (Threads == 0)
    return invalidInput("threads", "must be at least 1");
  std::string Refusal = (" is not a plausible " + Unit + " size").str();
  return firstOverBound({{"threads", Threads, MostAccepted, Refusal}});
}

/// The largest shared memory (LDS) total below Total that Admits, given that
/// Admits holds up to some size and not above it (residency never grows with
/// more shared memory); nullopt when Total is 0 or not even 0 bytes admits.
inline std::optional<uint64_t>
largestAdmittedTotal(uint64_t Total,
                     llvm::function_ref<bool(uint64_t)> Admits) {
  if (Total == 0 || !Admits(0))
    return std::nullopt;
  uint64_t Lo = 0, Hi = Total - 1; // Admits(Lo) holds.
  while (Lo < Hi) {
    uint64_t Mid = Lo + (Hi - Lo + 1) / 2;
    if (Admits(Mid))
      Lo = Mid;
    else
      Hi = Mid - 1;
  }
  return Lo;
}

} // namespace cudalint

#endif
