//===- LaunchApis.h - The runtime and driver calls that launch --*- C++ -*-===//

#ifndef CUDALINT_LIB_FRONTEND_LAUNCHAPIS_H
#define CUDALINT_LIB_FRONTEND_LAUNCHAPIS_H

#include "llvm/ADT/StringRef.h"

namespace cudalint {

/// The launch APIs that take a kernel pointer, with the positions of their
/// grid, block and dynamic shared memory arguments.
struct LaunchApi {
  const char *Name;
  unsigned Kernel, Grid, Block, SharedMem;
};
inline constexpr LaunchApi PointerLaunchApis[] = {
    {"cudaLaunchKernel", 0, 1, 2, 4},
    {"cudaLaunchCooperativeKernel", 0, 1, 2, 4},
};

/// The calls that give a CUDA graph a kernel node, or new parameters for
/// one, with the position of their parameters struct: the kernel runs with
/// its values whenever the graph does. The driver API's struct names its
/// fields gridDimX, ..., and its CUfunction rarely names a kernel.
struct KernelNodeApi {
  const char *Name;
  unsigned Params;
  bool Driver;
};
inline constexpr KernelNodeApi KernelNodeApis[] = {
    {"cudaGraphAddKernelNode", 4, false},
    {"cudaGraphKernelNodeSetParams", 1, false},
    {"cudaGraphExecKernelNodeSetParams", 2, false},
    {"cuGraphAddKernelNode", 4, true},
    {"cuGraphKernelNodeSetParams", 1, true},
    {"cuGraphExecKernelNodeSetParams", 2, true},
};

/// The launch forms whose blocks are co-resident (grid_group::sync works).
inline bool isCooperativeApi(llvm::StringRef Api) {
  return Api == "cudaLaunchCooperativeKernel" ||
         Api == "cuLaunchCooperativeKernel";
}

} // namespace cudalint

#endif
