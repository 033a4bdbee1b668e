// RUN: %cuda-launch-lint --checks=-*,cuda-block-size-not-warp-multiple --resource-usage=none --cuda-path %cuda-path %s -- nvcc -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// Warnings alone exit 0; --warnings-as-errors makes them count.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-block-size-not-warp-multiple --warnings-as-errors='cuda-*' --resource-usage=none --cuda-path %cuda-path %s -- nvcc -arch=sm_80 > /dev/null 2>&1
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void k(float *p) {}
#define THREADS 100

void f(float *p, int n) {
  k<<<n, THREADS>>>(p);
  // One finding for both archs (the warp is 32 everywhere).
  // CHECK-MESSAGES: not-warp-multiple.cu:[[@LINE-2]]:3: warning: block of 100 threads is not a multiple of the warp size (32): its last warp idles 28 of 32 lanes (22% of the block's lanes) [cuda-block-size-not-warp-multiple]
  // CHECK-MESSAGES-NEXT: {{^}}  [[@LINE-3]] |   k<<<n, THREADS>>>(p);
  // CHECK-MESSAGES-NEXT: {{^}}     |   ^
  // CHECK-MESSAGES: note: the nearest warp multiples are 96 and 128
  // CHECK-MESSAGES: note: block x from macro 'THREADS'
  k<<<n, dim3(10, 10)>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: block of 100 threads is not a multiple of the warp size
  k<<<n, 20>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: block of 20 threads {{.*}} idles 12 of 32 lanes
  // CHECK-MESSAGES: note: the nearest warp multiple is 32
  // Warp multiples, unknown sizes: nothing.
  k<<<n, 128>>>(p);
  k<<<n, dim3(8, 4)>>>(p);
  k<<<n, n>>>(p);
}
