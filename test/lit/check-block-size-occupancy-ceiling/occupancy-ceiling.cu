// RUN: %cuda-launch-lint --checks=-*,cuda-block-size-occupancy-ceiling --resource-usage=none --arch=sm_80,sm_86 --cuda-path %cuda-path %s -- nvcc 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// A stricter MinOccupancy finds more.
// RUN: %cuda-launch-lint --checks=-*,cuda-block-size-occupancy-ceiling --check-option=cuda-block-size-occupancy-ceiling.MinOccupancy=0.8 --resource-usage=none --arch=sm_86 --cuda-path %cuda-path %s -- nvcc 2>/dev/null | %FileCheck %s --check-prefix=STRICT
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void k(float *p) {}

void f(float *p, int n) {
  k<<<n, 32>>>(p);
  // sm_86 holds 16 blocks and 48 warps per SM: 32-thread blocks reach 16/48.
  // CHECK-MESSAGES: occupancy-ceiling.cu:[[@LINE-2]]:3: warning: blocks of 32 threads cap occupancy at 33% on sm_86: an SM holds at most 16 such blocks (16 of 48 warps), the limit of 16 blocks per SM [cuda-block-size-occupancy-ceiling]
  // CHECK-MESSAGES: note: block sizes {{.*}} reach 100%
  k<<<n, 64>>>(p);
  k<<<n, 256>>>(p);
  k<<<n, 1024>>>(p);
  // STRICT: :[[@LINE-3]]:3: warning: blocks of 64 threads cap occupancy at 67% on sm_86
  // STRICT: :[[@LINE-2]]:3: warning: blocks of 1024 threads cap occupancy at 67% on sm_86: an SM holds at most 1 such block (32 of 48 warps), the limit of 1536 threads per SM
}
