// A driver API launch whose CUfunction the front end cannot trace may be of
// any kernel: an opt-in made for another kernel (on its symbol, or on a
// CUfunction) may be this one's, so a limit that opt-in lifts fails only
// maybe, with a note at each such opt-in. An H200 ran both shapes: the opt-in
// on the symbol reaches the CUfunction from cudaGetFuncBySymbol (bench/gpu
// forms family, h200-driver580-gen3). Without any opt-in in the run the
// launch fails for certain, and the driver API names its CUresult.
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --arch=sm_90 --resource-usage=none --cuda-path %cuda-path %s -- -std=c++17 -DWITH_OPT_INS > %t.opt-ins 2>&1
// RUN: %FileCheck --check-prefix=OPTINS %s < %t.opt-ins
// RUN: not %cuda-launch-lint --arch=sm_90 --resource-usage=none --cuda-path %cuda-path %s -- -std=c++17 > %t.none 2>&1
// RUN: %FileCheck --check-prefix=NONE %s < %t.none
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void wide(float *p) {}

void launch(CUfunction f, void **args) {
#ifdef WITH_OPT_INS
  cudaFuncSetAttribute(wide, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       65536);
  cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1);
#endif
  cuLaunchKernel(f, 2, 1, 1, 128, 1, 1, 65536, nullptr, args, nullptr);
  // OPTINS: driver-launch-opt-ins.cu:[[# @LINE - 1]]:3: warning: launch of the kernel asks for 64 KiB of shared memory per block (64 KiB dynamic) on sm_90, over the 48 KiB default, and the kernel is not known to opt in; the launch may fail with CUDA_ERROR_INVALID_VALUE [cuda-shared-memory-exceeded]
  // OPTINS: driver-launch-opt-ins.cu:20:3: note: an opt-in of 'wide' is set here; if it is the launched kernel, the launch may run
  // NONE: driver-launch-opt-ins.cu:[[# @LINE - 3]]:3: error: launch of the kernel asks for 64 KiB of shared memory per block (64 KiB dynamic) on sm_90, over the 48 KiB default, and the kernel is not known to opt in; the launch fails with CUDA_ERROR_INVALID_VALUE [cuda-shared-memory-exceeded]
  CUlaunchAttribute attr[1];
  attr[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attr[0].value.clusterDim.x = 16;
  attr[0].value.clusterDim.y = 1;
  attr[0].value.clusterDim.z = 1;
  CUlaunchConfig cfg = {64, 1, 1, 128, 1, 1, 0, nullptr, attr, 1};
  cuLaunchKernelEx(&cfg, f, args, nullptr);
  // OPTINS: driver-launch-opt-ins.cu:[[# @LINE - 1]]:3: warning: cluster of 16 blocks (16x1x1) exceeds the portable maximum of 8, and the launched kernel is not known: unless it allows non-portable sizes the launch fails; the launch may fail with CUDA_ERROR_INVALID_CLUSTER_SIZE [cuda-cluster-dims-mismatch]
  // OPTINS: driver-launch-opt-ins.cu:22:3: note: non-portable cluster sizes allowed of a kernel not known is set here; if it is the launched kernel, the launch may run
  // NONE: driver-launch-opt-ins.cu:[[# @LINE - 3]]:3: error: cluster of 16 blocks (16x1x1) exceeds the portable maximum of 8 and the kernel does not allow non-portable sizes {{.*}}; the launch fails with CUDA_ERROR_INVALID_CLUSTER_SIZE [cuda-cluster-dims-mismatch]
}
