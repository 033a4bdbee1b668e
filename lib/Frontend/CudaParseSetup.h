//===- CudaParseSetup.h - Flags and files for a Clang 19 CUDA parse -*- C++
//-*-===//

#ifndef CUDALINT_LIB_FRONTEND_CUDAPARSESETUP_H
#define CUDALINT_LIB_FRONTEND_CUDAPARSESETUP_H

#include "cudalint/Frontend/Frontend.h"

#include <string>
#include <utility>
#include <vector>

namespace cudalint {

/// What every host-side parse adds to the user's flags, and the in-memory
/// headers those flags refer to.
struct CudaParseSetup {
  std::vector<std::string> Args;
  std::vector<std::pair<std::string, std::string>> VirtualFiles; // path, text
  /// Where the toolkit's and the system's headers are: the parse reads
  /// them as they are (spaced launch chevrons are joined in the user's own
  /// files only, SpacedChevrons.h).
  std::vector<std::string> SystemRoots;
};

CudaParseSetup cudaParseSetup(const std::optional<CudaToolkit> &Toolkit);

/// The same for a HIP unit: Clang's HIP mode, host side, with the ROCm
/// headers, or built-in declarations of the HIP launch API without them.
CudaParseSetup hipParseSetup(const std::optional<RocmInstall> &Rocm);

/// Registers the cudalint_launch_bounds / cudalint_maxnreg /
/// cudalint_cluster_dims attributes with Clang (once per process).
void registerKernelAttributes();

} // namespace cudalint

#endif
