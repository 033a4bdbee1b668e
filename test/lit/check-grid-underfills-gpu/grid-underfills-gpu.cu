// Only with a GPU preset, and on its arch.
// RUN: %cuda-launch-lint --checks=-*,cuda-grid-underfills-gpu --gpu=H100-SXM --resource-usage=none --arch=sm_80,sm_90 --cuda-path %cuda-path %s -- nvcc 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --checks=-*,cuda-grid-underfills-gpu --resource-usage=none --arch=sm_90 --cuda-path %cuda-path %s -- nvcc 2>/dev/null | %FileCheck %s --check-prefix=NOGPU --allow-empty
// NOGPU-NOT: warning:
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void k(float *p) {}
void f(float *p, int n) {
  k<<<40, 256>>>(p);
  // CHECK-MESSAGES: grid-underfills-gpu.cu:[[@LINE-1]]:3: warning: grid of 40 blocks leaves 92 of the 132 SMs of H100-SXM idle [cuda-grid-underfills-gpu]
  k<<<dim3(4, 4), 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: grid of 16 blocks leaves 116 of the 132 SMs
  k<<<132, 256>>>(p);
  k<<<n, 256>>>(p);
}
