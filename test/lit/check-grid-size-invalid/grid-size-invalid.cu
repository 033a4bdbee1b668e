// RUN: %not %cuda-launch-lint --checks=-*,cuda-grid-size-invalid --resource-usage=none --cuda-path %cuda-path %s -- nvcc -arch=sm_90 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void k(float *p) {}
constexpr long long Huge = 1ll << 31;

void f(float *p, int n) {
  k<<<0, 128>>>(p);
  // CHECK-MESSAGES: grid-size-invalid.cu:[[@LINE-1]]:3: error: grid dimension x is 0 on sm_90; the launch fails with cudaErrorInvalidValue [cuda-grid-size-invalid]
  k<<<dim3(1, 65536), 128>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: grid dimension y = 65536 exceeds the maximum of 65535 on sm_90
  k<<<dim3(Huge), 128>>>(p);
  // dim3 holds unsigned ints: 2^31 stays 2^31, one over the maximum.
  // CHECK-MESSAGES: :[[@LINE-2]]:3: error: grid dimension x = 2147483648 exceeds the maximum of 2147483647 on sm_90
  // Valid or unknown: nothing.
  k<<<dim3(Huge - 1, 65535, 65535), 128>>>(p);
  k<<<(n + 127) / 128, 128>>>(p);
}
