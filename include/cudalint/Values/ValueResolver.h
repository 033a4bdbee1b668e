//===- ValueResolver.h - Launch parameters as constants, sets, ranges -*- C++
//-*-===//
//
// The value engine's front: what the front end asks of it. The engine
// itself is lib/Values/ResolverEngine.h and its parts (docs/values.md).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_VALUERESOLVER_H
#define CUDALINT_VALUERESOLVER_H

#include "cudalint/Values/LocationMapper.h"
#include "cudalint/Values/ValueQuery.h"

#include "cudalint/Facts/Facts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FunctionDecl;
class NamedDecl;
class ParmVarDecl;
} // namespace clang

namespace cudalint {

class ResolverEngine;

/// A call that hands a function its parameters' values: a direct call, or
/// a call `fn(args...)` through a parameter `fn` of a function pointer type
/// (a benchmark harness `h(f, args...)`); then Via is the call of h that
/// passes f, the only call of h whose arguments reach f that way.
struct CallOf {
  const clang::CallExpr *Call = nullptr;
  const clang::CallExpr *Via = nullptr;
};

/// Every call of each function in the translation unit, to resolve a
/// parameter from what its callers pass. A function whose address goes
/// anywhere else may be called from anywhere: it is in AddressTaken and
/// has no callers listed. Both are keyed by each function's canonical
/// declaration: a call before the definition names the prototype.
struct CallerIndex {
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallVector<CallOf, 4>>
      Calls;
  llvm::DenseSet<const clang::FunctionDecl *> AddressTaken;
  /// The calls of F, by any of its declarations.
  llvm::ArrayRef<CallOf> callsOf(const clang::FunctionDecl *F) const;
  /// Whether F's address goes where its calls cannot be followed.
  bool addressTaken(const clang::FunctionDecl *F) const;
  /// Reference parameters the function only reads or forwards to by-value
  /// or read-only reference parameters: passing a variable to one does not
  /// change it.
  llvm::DenseSet<const clang::ParmVarDecl *> ReadOnlyReferences;
  /// `v` in `std::forward<T>(v)` or `std::move(v)` handed to a parameter
  /// that takes a copy, or to a read-only reference parameter: v is read
  /// there, not changed.
  llvm::DenseSet<const clang::Expr *> ForwardedToCopies;
};
CallerIndex indexCallers(clang::ASTContext &Ctx);

/// A function taken as entered through one call only: what its
/// parameters hold comes from that call. A launch wrapper's kernel and its
/// launch values are resolved call by call, so that they stay together.
struct CallPin {
  const clang::FunctionDecl *Function = nullptr;
  const clang::CallExpr *Call = nullptr;
  /// The kernel a launch through a pointer is checked for, and the
  /// launch's callee: the conditions that choose that kernel hold for its
  /// launch values too (KernelChoice.cpp).
  const clang::FunctionDecl *Kernel = nullptr;
  const clang::Expr *KernelCallee = nullptr;
};

/// Resolves integer and dim3 expressions of host code as a reader of the
/// file would: constant expressions, const/constexpr variables, enums,
/// sizeof, template arguments, dim3 construction and field assignments,
/// local variables with a few reaching definitions, ternaries, min/max,
/// and parameters whose every caller passes something resolvable. Anything
/// else is unknown.
class ValueResolver {
public:
  ValueResolver(clang::ASTContext &Ctx, const CallerIndex &Callers,
                LocationMapper Locate);
  ~ValueResolver();

  ResolvedValue resolveInt(const clang::Expr *E, CallPin Pin = {});
  /// Cond's truth for every value its operands may take (`smem > 46 * 1024`
  /// with smem known); none when the values do not decide it.
  std::optional<bool> truthOf(const clang::Expr *Cond, CallPin Pin = {});
  /// The kernels E (a launch's callee, a function pointer handed to
  /// cudaLaunchKernel) may hold, followed as any value is (variables,
  /// ternaries, tables, callers, path conditions), and where the choices
  /// came from; none with the reason when they are not all known kernels.
  struct Kernels {
    std::vector<const clang::FunctionDecl *> Possible;
    std::vector<ValueOrigin> Origins;
    std::string Reason;
  };
  Kernels resolveKernels(const clang::Expr *E, CallPin Pin = {});
  /// Pin, for the launch whose callee is Callee checked for the kernel
  /// named Mangled: its launch values are then resolved under the
  /// conditions that choose that kernel (`wide ? kw : kn` launching kn
  /// only where !wide).
  CallPin choosing(CallPin Pin, const clang::Expr *Callee,
                   llvm::StringRef Mangled);
  /// The kernels a resolved value holds (a struct's `func` field).
  Kernels kernelsIn(ResolvedValue R) const;
  /// A part of the struct E (cfg.blockDim.x, cfg.attrs[0].id) as it is
  /// when E is used.
  ResolvedValue resolveMember(const clang::Expr *E,
                              llvm::ArrayRef<std::string> Path);
  Dim3Value resolveDim3(const clang::Expr *E, CallPin Pin = {});
  /// The calls of F in this file, as the callers' index has them.
  llvm::ArrayRef<CallOf> callsOf(const clang::FunctionDecl *F) const;
  /// Whether the variable behind E gets its value from one of the
  /// cudaOccupancy* helpers (its address is passed to one).
  bool isOccupancyTuned(const clang::Expr *E);
  /// That Clang met an error it maps to fatal by default (a missing
  /// header), at Where when known: code it never read may write globals.
  void setParseStop(SourceLoc Where);
  /// This file's calls of functions it declares but does not define, with
  /// their integer arguments resolved (ExternalCalls.cpp).
  std::vector<ExternalCall> externalCalls();
  /// The functions with external linkage this file defines.
  std::vector<std::string> definedFunctions();
  /// The globals with external linkage this file writes or lets escape and
  /// does not define.
  std::vector<std::string> writtenGlobals();
  /// The name other files know a function or variable by (the host-side
  /// mangled name).
  std::string mangledName(const clang::NamedDecl *D);

private:
  std::unique_ptr<ResolverEngine> Engine;
};

} // namespace cudalint

#endif
