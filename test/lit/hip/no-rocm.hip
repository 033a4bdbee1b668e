// Without the ROCm HIP headers (--rocm-path names an empty directory), a
// HIP file parses with built-in declarations of the HIP launch API: one
// note says so, and the launches are still listed. hipLaunchKernelExC
// (HIP 6, not in the installed 5.2 headers) is read like cudaLaunchKernelExC.
// RUN: rm -rf %t.empty && mkdir -p %t.empty
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --rocm-path %t.empty %s -- 2> %t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=NOTE %s < %t.err
// NOTE: cuda-launch-lint: note: no ROCm HIP headers (include/hip/hip_runtime.h) in {{.*}}.empty; parsing HIP files with built-in HIP declarations
// NOTE-NOT: front-end error
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) scale(float *x) { x[threadIdx.x] = 0; }

void run(float *x, void **args, hipStream_t s) {
  scale<<<10, dim3(32, 4)>>>(x);
  // CHECK: no-rocm.hip:[[@LINE-1]]:3: <<<>>> scale grid 10x1x1 block 32x4x1 (128 threads) smem 0
  hipLaunchKernelGGL(scale, dim3(6), dim3(512), 0, s, x);
  // CHECK: no-rocm.hip:[[@LINE-1]]:3: hipLaunchKernelGGL scale grid 6x1x1 block 512x1x1 (512 threads) smem 0
  hipLaunchConfig_t config = {};
  config.gridDim = dim3(7);
  config.blockDim = dim3(192);
  config.dynamicSmemBytes = 1024;
  hipLaunchKernelExC(&config, (const void *)scale, args);
  // CHECK: no-rocm.hip:[[@LINE-1]]:3: hipLaunchKernelExC scale grid 7x1x1 block 192x1x1 (192 threads) smem 1024
}
