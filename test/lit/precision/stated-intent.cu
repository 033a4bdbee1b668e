// The author's stated intent silences occupancy findings for that limit: a
// __launch_bounds__ minBlocks the launch reaches, __maxnreg__ when registers
// bind, an opt-in to more dynamic shared memory when shared memory binds, a
// block size from the occupancy API. IgnoreStatedIntent=false brings them back.
// REQUIRES: nvcc
// RUN: %cuda-launch-lint --checks=-*,cuda-occupancy-limited --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -O3 -gencode arch=compute_80,code=sm_80 2>/dev/null | %FileCheck %s --check-prefix=DEFAULT --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --checks=-*,cuda-occupancy-limited --check-option=cuda-occupancy-limited.IgnoreStatedIntent=false --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -O3 -gencode arch=compute_80,code=sm_80 2>/dev/null | %FileCheck %s --check-prefix=ALL --implicit-check-not="{{error|warning}}:"
#include "../Inputs/heavy-kernels.cuh"

// ~200 registers unbounded; __launch_bounds__(256, 2) caps them at 128 for
// the 2 resident blocks (25%) the author asked for.
__global__ void __launch_bounds__(256, 2) bounded(const float *in, float *out,
                                                  int n) {
  float acc[96];
#pragma unroll
  for (int i = 0; i < 96; ++i)
    acc[i] = in[threadIdx.x * 96 + i];
  for (int k = 0; k < n; ++k) {
#pragma unroll
    for (int i = 0; i < 96; ++i)
      acc[i] = acc[i] * acc[(i + 1) % 96] + in[k + i];
  }
  float s = 0;
#pragma unroll
  for (int i = 0; i < 96; ++i)
    s += acc[i];
  out[threadIdx.x] = s;
}

__global__ void smem_hungry(float *p) {
  extern __shared__ float s[];
  s[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

void f(const float *in, float *out, int n) {
  heavy<32><<<n, 256>>>(in, out, n);
  // DEFAULT: stated-intent.cu:[[@LINE-1]]:3: warning: occupancy of 'heavy<32>' {{.*}}[cuda-occupancy-limited]
  // ALL: stated-intent.cu:[[@LINE-2]]:3: warning: occupancy of 'heavy<32>'
  bounded<<<n, 256>>>(in, out, n);
  // ALL: stated-intent.cu:[[@LINE-1]]:3: warning: occupancy of 'bounded' with 256 threads per block is 25% on sm_80{{.*}}limit it to 2 resident blocks
  cudaFuncSetAttribute(smem_hungry, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       96 * 1024);
  smem_hungry<<<n, 128, 80 * 1024>>>(out);
  // ALL: stated-intent.cu:[[@LINE-1]]:3: warning: occupancy of 'smem_hungry' {{.*}} of shared memory per block limit it to 2 resident blocks
  int minGrid = 0, block = 0;
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, heavy<96>);
  heavy<96><<<n, block>>>(in, out, n);
}
