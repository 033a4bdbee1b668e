// Without device facts the host view of the bound is used, unless it was
// written under a test of the arch.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-launch-bounds-exceeded --resource-usage=none --cuda-path %cuda-path %s -- nvcc -arch=sm_80 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// With them, the bound each arch's device compile saw (__CUDA_ARCH__).
// RUN: %not %cuda-launch-lint --checks=-*,cuda-launch-bounds-exceeded --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 2>/dev/null | %FileCheck %s --check-prefixes=CHECK-MESSAGES,DEVICE --implicit-check-not="{{error|warning}}:"
// REQUIRES: nvcc
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) bounded(float *p) { p[threadIdx.x] = 0; }
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define PER_ARCH 1024
#else
#define PER_ARCH 512
#endif
__global__ void __launch_bounds__(PER_ARCH) per_arch(float *p) { p[threadIdx.x] = 0; }

template <int N> void run(float *p) { bounded<<<1, N>>>(p); }
// CHECK-MESSAGES: launch-bounds-exceeded.cu:[[@LINE-1]]:39: error: launch of 'bounded' with 512 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80{{.*}}; the launch fails with cudaErrorInvalidValue [cuda-launch-bounds-exceeded]
// CHECK-MESSAGES: note: kernel 'bounded' declared here
// CHECK-MESSAGES: note: block x = 512 from template argument 'N'

void f(float *p) {
  run<512>(p);
  run<256>(p); // fits
  // (The host view of PER_ARCH, defined under a test of the arch, holds on
  // no arch: arch-conditional.cu.)
  per_arch<<<1, 768>>>(p);
  // DEVICE: launch-bounds-exceeded.cu:[[@LINE-1]]:3: error: launch of 'per_arch' with 768 threads per block exceeds its __launch_bounds__ maximum of 512 on sm_80; the launch fails
  // DEVICE: note: the device compile for sm_80 saw a maximum of 512 threads (.maxntid)
  // An occupancy-tuned block size is the runtime's choice: nothing.
  int minGrid, block;
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, bounded);
  bounded<<<minGrid, block>>>(p);
}
