// HIP refuses more than 2^32 - 1 work-items (grid times block) in any
// dimension, with hipErrorInvalidConfiguration (ROCm clr, ihipLaunchKernel);
// hipModuleLaunchKernel checks x only. A grid at the limit is silent. A zero
// grid or block dimension is refused with hipErrorInvalidValue, and with
// hipErrorInvalidConfiguration by a cooperative launch (as hip-tests expect).
// REQUIRES: hip-headers
// RUN: %expect-exit 1 %cuda-launch-lint --resource-usage=none %s -- --offload-arch=gfx90a 2>&1 | %FileCheck %s --implicit-check-not="{{error|warning}}: {{.*}}cuda-{{grid|block}}-size-invalid"
#include <hip/hip_runtime.h>

__global__ void k(float *x) { x[threadIdx.x] = 0; }

void run(float *x, hipStream_t s, hipFunction_t f, void **args, bool big) {
  k<<<dim3(1, 0), 64>>>(x);
  // CHECK: work-items.hip:[[@LINE-1]]:3: error: grid.y is 0; the launch fails with hipErrorInvalidValue [cuda-grid-size-invalid]
  hipLaunchKernelGGL(k, dim3(4), dim3(64, 1, 0), 0, s, x);
  // CHECK: work-items.hip:[[@LINE-1]]:3: error: block.z is 0; the launch fails with hipErrorInvalidValue [cuda-block-size-invalid]
  hipLaunchCooperativeKernel((const void *)k, dim3(0), dim3(64), args, 0, s);
  // CHECK: work-items.hip:[[@LINE-1]]:3: error: grid.x is 0; the launch fails with hipErrorInvalidConfiguration [cuda-grid-size-invalid]
  hipLaunchKernelGGL(k, dim3(big ? 0 : 4), dim3(64), 0, s, x);
  // CHECK: work-items.hip:[[@LINE-1]]:3: warning: grid.x is 0; the launch may fail with hipErrorInvalidValue [cuda-grid-size-invalid]
  hipLaunchKernelGGL(k, dim3(1u << 23), dim3(1024), 0, s, x);
  // CHECK: work-items.hip:[[@LINE-1]]:3: error: grid x times block x is 8589934592 work-items, over the 4294967295 the HIP runtime accepts in one dimension{{.*}}hipErrorInvalidConfiguration [cuda-grid-size-invalid]
  hipLaunchKernelGGL(k, dim3((1u << 22) - 1), dim3(1024), 0, s, x);
  k<<<dim3(1, 1u << 23), dim3(1, 1024)>>>(x);
  // CHECK: work-items.hip:[[@LINE-1]]:3: error: grid y times block y is 8589934592 work-items{{.*}}hipErrorInvalidConfiguration [cuda-grid-size-invalid]
  unsigned blocks = big ? 1u << 23 : 1024;
  hipLaunchKernelGGL(k, dim3(blocks), dim3(1024), 0, s, x);
  // CHECK: work-items.hip:[[@LINE-1]]:3: warning: grid x times block x is 8589934592 work-items{{.*}}may fail{{.*}}hipErrorInvalidConfiguration [cuda-grid-size-invalid]
  hipModuleLaunchKernel(f, 1, 1u << 23, 1, 1, 1024, 1, 0, s, args, nullptr);
  hipModuleLaunchKernel(f, 1u << 23, 1, 1, 1024, 1, 1, 0, s, args, nullptr);
  // CHECK: work-items.hip:[[@LINE-1]]:3: error: grid x times block x is 8589934592 work-items{{.*}}hipErrorInvalidConfiguration [cuda-grid-size-invalid]
}
