//===- LaunchWrappers.h - A launch wrapper's calls, one by one -*- C++ -*-===//

#ifndef CUDALINT_LIB_FRONTEND_LAUNCHWRAPPERS_H
#define CUDALINT_LIB_FRONTEND_LAUNCHWRAPPERS_H

#include "cudalint/Values/ValueResolver.h"

#include <vector>

namespace cudalint {

/// A launch wrapper's calls, one pin each, when the launched Kernel is a
/// parameter of Enclosing, the function around the launch
/// (`ggml_cuda_kernel_launch(kernel, params, args...)`): each call passes a
/// kernel and the values it is launched with together, and a kernel must
/// not be checked with another call's values. One empty pin otherwise (or
/// with more calls than are worth resolving one by one).
std::vector<CallPin> wrapperCalls(const clang::Expr *Kernel,
                                  const clang::FunctionDecl *Enclosing,
                                  const ValueResolver &Resolver);

} // namespace cudalint

#endif
