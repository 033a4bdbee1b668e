// The ceiling of a block size is the finding only where it binds: when the
// kernel's own shared memory (or registers) hold fewer blocks than the block
// size would, that limit is cuda-occupancy-limited's (here silent: the code
// opted in to its dynamic shared memory).
// RUN: %cuda-launch-lint --checks=-*,cuda-block-size-occupancy-ceiling,cuda-occupancy-limited --arch=sm_86 --cuda-path %cuda-path %s -- nvcc 2>/dev/null | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void k(float *p) {
  extern __shared__ float s[];
  s[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[blockIdx.x * 32 + threadIdx.x] = s[threadIdx.x ^ 1];
}

void run(float *p) {
  cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 6144);
  // 6 KiB + 1 KiB reserved per block: 14 blocks of sm_86's 100 KiB, below
  // the 16 blocks of 32 threads an SM holds.
  k<<<100000, 32, 6144>>>(p);
  // 512 bytes: 16 blocks fit, so the block size binds.
  k<<<100000, 32, 512>>>(p);
  // CHECK: binding-resources.cu:[[@LINE-1]]:3: warning: blocks of 32 threads cap occupancy at 33% on sm_86: an SM holds at most 16 such blocks (16 of 48 warps), the limit of 16 blocks per SM [cuda-block-size-occupancy-ceiling]
}

// Without device facts the launch's dynamic shared memory alone is known,
// and it alone holds 14 blocks.
// RUN: %cuda-launch-lint --checks=-*,cuda-block-size-occupancy-ceiling --resource-usage=none --arch=sm_86 --cuda-path %cuda-path %s -- nvcc 2>/dev/null | %FileCheck %s --check-prefix=NOFACTS --implicit-check-not="{{error|warning}}:"
// NOFACTS: binding-resources.cu:22:3: warning: blocks of 32 threads cap occupancy at 33% on sm_86
