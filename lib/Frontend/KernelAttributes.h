//===- KernelAttributes.h - Host view of kernel annotations ----*- C++ -*-===//

#ifndef CUDALINT_LIB_FRONTEND_KERNELATTRIBUTES_H
#define CUDALINT_LIB_FRONTEND_KERNELATTRIBUTES_H

#include "cudalint/Facts/Facts.h"
#include "cudalint/Values/LocationMapper.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace cudalint {

inline constexpr char LaunchBoundsAnnotation[] = "cudalint.launch_bounds";
inline constexpr char MaxNRegAnnotation[] = "cudalint.maxnreg";
inline constexpr char ClusterDimsAnnotation[] = "cudalint.cluster_dims";

class ArchConditionals;

/// Arch: where the source tests the device arch, for the bounds written
/// under such a test.
KernelAttributes readKernelAttributes(const clang::FunctionDecl &FD,
                                      const clang::ASTContext &Ctx,
                                      const LocationMapper &Locate,
                                      ArchConditionals &Arch);

} // namespace cudalint

#endif
