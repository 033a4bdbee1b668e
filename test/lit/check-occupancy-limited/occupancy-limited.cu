// RUN: %cuda-launch-lint --checks=-*,cuda-occupancy-limited --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -O3 -gencode arch=compute_80,code=sm_80 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// A lower MinOccupancy keeps only the worst.
// RUN: %cuda-launch-lint --checks=-*,cuda-occupancy-limited --check-option=cuda-occupancy-limited.MinOccupancy=0.2 --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -O3 -gencode arch=compute_80,code=sm_80 2>/dev/null | %FileCheck %s --check-prefix=LOW
// REQUIRES: nvcc
#include "../Inputs/heavy-kernels.cuh"

__global__ void smem_hungry(float *p) {
  extern __shared__ float s[];
  s[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

void f(const float *in, float *out, int n) {
  heavy<96><<<n, 256>>>(in, out, n);
  // CHECK-MESSAGES: occupancy-limited.cu:[[@LINE-1]]:3: warning: occupancy of 'heavy<96>' with 256 threads per block is 13% on sm_80 (8 of 64 warps): 200 registers per thread (51200 per block) limit it to 1 resident block per SM [cuda-occupancy-limited]
  // CHECK-MESSAGES: note: at most 128 registers per thread would allow 2 blocks (25%): __launch_bounds__(256, 2) asks the device compiler for that
  // CHECK-MESSAGES: note: sm_80: 200 registers
  // LOW: occupancy-limited.cu:[[@LINE-4]]:3: warning: occupancy of 'heavy<96>'
  // LOW-NOT: warning:
  heavy<32><<<n, 256>>>(in, out, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: occupancy of 'heavy<32>' with 256 threads per block is 38% on sm_80 (24 of 64 warps): 72 registers per thread (18432 per block) limit it to 3 resident blocks per SM
  // CHECK-MESSAGES: note: at most 64 registers per thread would allow 4 blocks (50%): __launch_bounds__(256, 4) asks the device compiler for that
  smem_hungry<<<n, 128, 40 * 1024>>>(out);
  // 41 KiB per block with the driver's reservation: 4 blocks in 164 KiB.
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: occupancy of 'smem_hungry' with 128 threads per block is 25% on sm_80 (16 of 64 warps): 41 KiB of shared memory per block limit it to 4 resident blocks per SM
  // CHECK-MESSAGES: note: at most 32512 B of shared memory per block (8448 B less) would allow 5 blocks
  // Enough occupancy, unknown block size or shared memory: nothing.
  smem_hungry<<<n, 256, 1024>>>(out);
  smem_hungry<<<n, n, 1024>>>(out);
  smem_hungry<<<n, 128, n * 4>>>(out);
}
