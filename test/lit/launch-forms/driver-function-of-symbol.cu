// cudaGetFuncBySymbol(&f, k) gives the CUfunction of kernel k: a driver API
// launch of f launches k, with k's opt-ins, whether made on its symbol
// (cudaFuncSetAttribute) or on f (cuFuncSetAttribute); an H200 ran both
// (bench/gpu forms family, h200-driver580-gen3).
// REQUIRES: cuda-toolkit
// RUN: %expect-exit 1 %cuda-launch-lint --arch=sm_90 --resource-usage=none --cuda-path %cuda-path %s -- -std=c++17 > %t 2>&1
// RUN: %FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: < %t
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- -std=c++17 | %FileCheck --check-prefix=LIST %s
// LIST: driver-function-of-symbol.cu:20:3: cuLaunchKernel wide grid 2x1x1 block 128x1x1
// LIST: driver-function-of-symbol.cu:33:3: cuLaunchKernelEx wide grid 64x1x1 block 128x1x1
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void wide(float *p) {}

void opted_in_on_symbol(void **args) {
  CUfunction f = nullptr;
  cudaGetFuncBySymbol(&f, (const void *)wide);
  cudaFuncSetAttribute(wide, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  cuLaunchKernel(f, 2, 1, 1, 128, 1, 1, 65536, nullptr, args, nullptr);
}

void opted_in_on_function(void **args) {
  CUfunction f = nullptr;
  cudaGetFuncBySymbol(&f, (const void *)wide);
  cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1);
  CUlaunchAttribute attr[1];
  attr[0].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attr[0].value.clusterDim.x = 16;
  attr[0].value.clusterDim.y = 1;
  attr[0].value.clusterDim.z = 1;
  CUlaunchConfig cfg = {64, 1, 1, 128, 1, 1, 0, nullptr, attr, 1};
  cuLaunchKernelEx(&cfg, f, args, nullptr);
}

void too_wide(void **args) {
  CUfunction f = nullptr;
  cudaGetFuncBySymbol(&f, (const void *)wide);
  cuLaunchKernel(f, 2, 1, 1, 2048, 1, 1, 0, nullptr, args, nullptr);
  // CHECK: driver-function-of-symbol.cu:[[# @LINE - 1]]:3: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_90; the launch fails with CUDA_ERROR_INVALID_VALUE [cuda-block-size-invalid]
  // LIST: driver-function-of-symbol.cu:[[# @LINE - 2]]:3: cuLaunchKernel wide grid 2x1x1 block 2048x1x1
}
