//===- KnownFunctions.h - Library functions by meaning ---------*- C++ -*-===//
//
// What a call of a library function the engine knows means (min, max,
// clamp, ceil, ...), looked up in the table KnownFunctions.def declares.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_KNOWNFUNCTIONS_H
#define CUDALINT_KNOWNFUNCTIONS_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace cudalint {

enum class KnownMeaning { Min, Max, Clamp, Ceil, Floor, Round, Trunc };

/// Where a function of the table counts.
/// StdMember: a member function of a class in std.
enum class KnownScope { AnyScope, StdOrGlobal, StdOnly, StdMember };

/// What a function of the table does to a value on its way, besides the
/// arithmetic of KnownMeaning (KnownFunctions.def).
enum class KnownRole {
  Identity,
  MakeVector3,
  /// Stores the handle of the kernel its second argument names through its
  /// first (cudaGetFuncBySymbol(&f, k): f is k's CUfunction).
  KernelHandleOf,
  /// A number parsed from text at run time (atoi, strtol, std::stoi).
  ParsedNumber,
  /// The size of a standard container (v.size(), s.length()).
  ContainerSize,
  OccupancyApi,
  /// A launch API: it copies its arguments into the kernel's parameters,
  /// even those it takes by reference (cudaLaunchKernelEx's `Args &&...`).
  LaunchApi,
  CudaApi
};

/// The meaning of a function named Name in the table (a `__builtin_`
/// prefix dropped), regardless of where it is declared; none for another.
std::optional<std::pair<KnownMeaning, KnownScope>>
knownFunctionNamed(llvm::StringRef Name);

/// The meaning of F when it is a function of the table in a scope its
/// entry accepts; none otherwise.
std::optional<KnownMeaning> knownFunction(const clang::FunctionDecl *F);

/// The role of F when it is a function of the table's roles in a scope its
/// entry accepts, or its name starts with one of the table's prefixes;
/// none otherwise.
std::optional<KnownRole> knownRole(const clang::FunctionDecl *F);

/// Whether the meaning rounds a value to an integral one.
inline bool isRounding(KnownMeaning M) {
  return M == KnownMeaning::Ceil || M == KnownMeaning::Floor ||
         M == KnownMeaning::Round || M == KnownMeaning::Trunc;
}

} // namespace cudalint

#endif
