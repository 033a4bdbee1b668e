// A __launch_bounds__ written under a test of the device arch holds per
// arch; the host parse sees only the host's branch. Without device facts
// the bound is unknown on every arch, and nothing is judged by it.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-launch-bounds-exceeded,cuda-launch-bounds-unsatisfiable --resource-usage=none --arch=sm_75,sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=LIST
#include <cuda_runtime.h>

__global__ void
#if __CUDA_ARCH__ >= 800
__launch_bounds__(512)
#else
__launch_bounds__(256)
#endif
wider_on_ampere(float *p) { p[threadIdx.x] = 0; }

// kaldi's online CMVN: two blocks of 1024 threads per SM except on sm_75,
// whose SMs hold 1024 threads.
__global__ void
#if __CUDA_ARCH__ == 750
__launch_bounds__(1024, 1)
#else
__launch_bounds__(1024, 2)
#endif
one_block_on_turing(float *p) { p[threadIdx.x] = 0; }

#ifdef __CUDA_ARCH__
#define THREADS 512
#else
#define THREADS 256
#endif
__global__ void __launch_bounds__(THREADS) through_a_macro(float *p) {
  p[threadIdx.x] = 0;
}

// A test of something else leaves the bound the same on every arch.
#ifndef SMALL_BLOCKS
__global__ void __launch_bounds__(256) project_flag(float *p) {
  p[threadIdx.x] = 0;
}
#endif

void run(float *p) {
  wider_on_ampere<<<1, 512>>>(p);
  one_block_on_turing<<<1, 1024>>>(p);
  through_a_macro<<<1, 512>>>(p);
  project_flag<<<1, 512>>>(p);
  // CHECK-MESSAGES: arch-conditional.cu:[[@LINE-1]]:3: error: launch of 'project_flag' with 512 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_75, sm_80
}

// LIST: arch-conditional.cu:[[@LINE-7]]:3: not fully checked: no device facts
