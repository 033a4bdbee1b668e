//===- RunTimeInputs.h - Sizes the program reads at run time ----*- C++ -*-===//

#ifndef CUDALINT_LIB_VALUES_RUNTIMEINPUTS_H
#define CUDALINT_LIB_VALUES_RUNTIMEINPUTS_H

#include "cudalint/Facts/Facts.h"
#include "cudalint/Facts/ValueArithmetic.h"
#include "cudalint/Values/LocationMapper.h"
#include "cudalint/Values/ValueQuery.h"

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace clang {
class ASTContext;
class CallExpr;
class CXXRecordDecl;
class Expr;
class VarDecl;
} // namespace clang

namespace cudalint {

/// E as written, on one line and as a macro's body spells it; none when
/// that is long (over 48 characters).
std::optional<std::string> spelledOnOneLine(const clang::Expr *E,
                                            const clang::ASTContext &Ctx);

/// E as written, on one line; "a run-time size" when it is long.
std::string spelled(const clang::Expr *E, const clang::ASTContext &Ctx);

/// E as the code would write it without macros (`src1->ne[1]`), or as
/// written.
std::string readName(const clang::Expr *E, const clang::ASTContext &Ctx);

/// E as a symbol when it is an integer the program reads at run time and
/// the engine does not follow: a number parsed from text (atoi), a
/// container's size, a field or element read through a parameter or a
/// global that the function does not write. None otherwise. An index that
/// Indices binds (a counted loop's, at one iteration) is named by its value.
std::optional<ResolvedValue>
runTimeInput(const clang::Expr *E, clang::ASTContext &Ctx,
             const LocationMapper &Locate,
             const IndexBindings *Indices = nullptr);

/// Path, a part of the object E reads through a pointer (`*e` with Path
/// `x`: `e->x`), as a symbol when it is an integer the function does not
/// write; none otherwise.
std::optional<ResolvedValue> partReadThrough(const clang::Expr *E,
                                             llvm::ArrayRef<std::string> Path,
                                             clang::ASTContext &Ctx,
                                             const LocationMapper &Locate);

/// Path, a part of *this in a method of Record, as a symbol when it is an
/// integer reached through a pointer or reference member (`domain_->sz.z`,
/// `info_.n`): data the object does not own, as a field read through a
/// parameter is. None otherwise: a member held by value may be the
/// object's own setting (`int block_ = 256`), which other methods change.
std::optional<ResolvedValue>
memberReadThrough(const clang::CXXRecordDecl *Record,
                  llvm::ArrayRef<std::string> Path, clang::ASTContext &Ctx,
                  const LocationMapper &Locate);

/// E as a symbol bounded by what every GPU reports, when it is a field of
/// a device's properties (cudaDeviceProp, hipDeviceProp_t) that bounds a
/// launch: prop.maxThreadsPerBlock, prop.maxGridSize[1]. None otherwise.
std::optional<ResolvedValue> devicePropertyInput(const clang::Expr *E,
                                                 const clang::ASTContext &Ctx,
                                                 const LocationMapper &Locate);

/// The result of a const method, which the engine could not follow, on an
/// object the program reads at run time (a parameter, a global, what a
/// local pointer or reference reaches): `input.getSize(1)`. None otherwise.
std::optional<ResolvedValue> dataMethodResult(const clang::CallExpr *Call,
                                              clang::ASTContext &Ctx,
                                              const LocationMapper &Locate);

/// `in >> n` with `in` a std::basic_istream or a class derived from one:
/// n receives a number parsed from text, as from atoi.
bool readsFromAStream(const clang::CallExpr *Call);

/// The value a CUDA API call writes through the address of V (`cudaMemcpy(
/// &n, ...)`, `cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerBlock,
/// d)`): a size read at run time, bounded by what every GPU reports for a
/// device attribute that bounds a launch. Also what `in >> V` parses
/// (readsFromAStream).
ResolvedValue writtenByRuntime(const clang::CallExpr *Call,
                               const clang::VarDecl *V,
                               const clang::ASTContext &Ctx,
                               const LocationMapper &Locate);

/// V, a lone input, renamed for the variable Name of type Type it is stored
/// in (`const int64_t ne1 = dst->ne[1]` reads as 'ne1'); V itself otherwise.
ResolvedValue namedInput(ResolvedValue V, llvm::StringRef Name,
                         const IntegerBounds &Type);

} // namespace cudalint

#endif
