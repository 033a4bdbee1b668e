//===- KernelAttributes.h - Host view of kernel annotations ----*- C++ -*-===//

#ifndef CUDALINT_LIB_FRONTEND_KERNELATTRIBUTES_H
#define CUDALINT_LIB_FRONTEND_KERNELATTRIBUTES_H

#include "cudalint/Facts/Facts.h"

#include "clang/Basic/SourceLocation.h"

#include <functional>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace cudalint {

inline constexpr char LaunchBoundsAnnotation[] = "cudalint.launch_bounds";
inline constexpr char MaxNRegAnnotation[] = "cudalint.maxnreg";
inline constexpr char ClusterDimsAnnotation[] = "cudalint.cluster_dims";

/// Turns a Clang location into the user-visible one (a macro's use site).
using LocationMapper = std::function<SourceLoc(clang::SourceLocation)>;

KernelAttributes readKernelAttributes(const clang::FunctionDecl &FD,
                                      const clang::ASTContext &Ctx,
                                      const LocationMapper &Locate);

} // namespace cudalint

#endif
