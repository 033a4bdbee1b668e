// RUN: %not %cuda-launch-lint --checks=-*,cuda-block-size-invalid --resource-usage=none --cuda-path %cuda-path %s -- nvcc -arch=sm_80 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void k(float *p) {}
template <int X, int Y> void launch2d(float *p) { k<<<1, dim3(X, Y)>>>(p); }
// CHECK-MESSAGES: block-size-invalid.cu:[[@LINE-1]]:51: error: block of 2048 threads exceeds the maximum of 1024 threads per block on sm_80; the launch fails with cudaErrorInvalidValue [cuda-block-size-invalid]
// CHECK-MESSAGES: note: block x = 64 from template argument 'X'

void f(float *p, bool big) {
  k<<<1, 2048>>>(p);
  // CHECK-MESSAGES: block-size-invalid.cu:[[@LINE-1]]:3: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch fails with cudaErrorInvalidValue [cuda-block-size-invalid]
  k<<<1, dim3(1, 1, 65)>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: block dimension z = 65 exceeds the maximum of 64 on sm_80
  k<<<1, dim3(32, 0)>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: block dimension y is 0 on sm_80
  int threads = big ? 4096 : 256;
  k<<<1, threads>>>(p);
  // One possible value of a set fails: the launch may fail (a warning until
  // launch values are path-sensitive); say which and where it came from.
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: block dimension x = 4096 exceeds the maximum of 1024 on sm_80; the launch may fail
  // CHECK-MESSAGES: block-size-invalid.cu:[[@LINE-5]]:7: note: block x = {256, 4096} from variable 'threads'
  launch2d<64, 32>(p);
  // Valid: nothing fires.
  k<<<1, 1024>>>(p);
  k<<<1, dim3(32, 32)>>>(p);
  k<<<1, dim3(16, 1, 64)>>>(p);
  launch2d<32, 32>(p);
}

// One branch sets x and y together: x is 32 or 256 and y 8 or 1, but no
// path launches 256 x 8 = 2048 threads. Silent.
void flatten(float *p, int ndims) {
  dim3 threads(32, 8);
  if (ndims == 1) {
    threads.x *= threads.y;
    threads.y = 1;
  }
  k<<<1, threads>>>(p);
}
