// A cache preference or carveout that leaves the SM less shared memory than
// its blocks could use is what binds occupancy: the finding names it and the
// call that chose it. On an H100 (checked with the occupancy API, CUDA 13.0)
// cudaFuncCachePreferL1 allows 8 blocks per SM for a kernel without static
// shared memory (each block's 1 KiB is the driver's reservation; the SM
// keeps 8 KiB) and 1 for one with 8 KiB; cudaFuncCachePreferEqual, 14.
// RUN: %cuda-launch-lint --checks=-*,cuda-occupancy-limited --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -O3 -gencode arch=compute_90,code=sm_90 2>/dev/null | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// REQUIRES: nvcc
#include <cuda_runtime.h>

__global__ void plain(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] *= 2; }
__global__ void tiled(float *p) {
  __shared__ float tile[2048]; // 8 KiB
  tile[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = tile[2047 - threadIdx.x];
}
__global__ void equal(float *p) {
  __shared__ float tile[2048]; // 8 KiB
  tile[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = tile[2047 - threadIdx.x];
}
__global__ void untouched(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] *= 2; }

void f(float *p) {
  cudaFuncSetCacheConfig(plain, cudaFuncCachePreferL1);
  plain<<<1320, 64>>>(p);
  // CHECK: cache-preference.cu:[[@LINE-1]]:3: warning: occupancy of 'plain' with 64 threads per block is 25% on sm_90 (16 of 64 warps): the shared memory carveout that cudaFuncSetCacheConfig(plain, cudaFuncCachePreferL1) chose, 8 KiB per SM for blocks of 1 KiB, limits it to 8 resident blocks per SM [cuda-occupancy-limited]
  // CHECK: cache-preference.cu:[[@LINE-3]]:3: note: cache preference set here
  // CHECK: note: a block takes 1 KiB: 0 B static + 0 B dynamic + 1 KiB the driver reserves per block, rounded to 128 B
  // CHECK: note: with the default carveout (228 KiB of shared memory per SM) 32 blocks would be resident (100%): drop the preference, or choose one that leaves more shared memory

  cudaFuncSetCacheConfig(tiled, cudaFuncCachePreferL1);
  tiled<<<1320, 64>>>(p);
  // CHECK: cache-preference.cu:[[@LINE-1]]:3: warning: occupancy of 'tiled' with 64 threads per block is 3% on sm_90 (2 of 64 warps): the shared memory carveout that cudaFuncSetCacheConfig(tiled, cudaFuncCachePreferL1) chose, 16 KiB per SM for blocks of 9 KiB, limits it to 1 resident block per SM

  cudaFuncSetCacheConfig(equal, cudaFuncCachePreferEqual);
  equal<<<1320, 64>>>(p);
  // CHECK: cache-preference.cu:[[@LINE-1]]:3: warning: occupancy of 'equal' with 64 threads per block is 44% on sm_90 (28 of 64 warps): the shared memory carveout that cudaFuncSetCacheConfig(equal, cudaFuncCachePreferEqual) chose, 132 KiB per SM for blocks of 9 KiB, limits it to 14 resident blocks per SM

  untouched<<<1320, 64>>>(p); // the default carveout: 32 blocks, 100%
}
