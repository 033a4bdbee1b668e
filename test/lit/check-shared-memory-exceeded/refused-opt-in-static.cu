// The kernel's static shared memory counts against the opt-in maximum: with
// 16 KiB static, an opt-in to 220 KiB (225280 B, which alone would fit the
// 232448 B of sm_90) is refused, and a launch over 48 KiB in all fails.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-shared-memory-exceeded,cuda-func-attribute-refused --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -gencode arch=compute_90,code=sm_90 2>/dev/null | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// REQUIRES: nvcc
#include <cuda_runtime.h>

__global__ void tiled(float *p) {
  __shared__ float tile[4096]; // 16 KiB
  extern __shared__ float rest[];
  tile[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = tile[4095 - threadIdx.x] + rest[threadIdx.x];
}

void f(float *p) {
  cudaFuncSetAttribute(tiled, cudaFuncAttributeMaxDynamicSharedMemorySize, 220 * 1024);
  // CHECK: refused-opt-in-static.cu:[[@LINE-1]]:3: error: cudaFuncSetAttribute(tiled, cudaFuncAttributeMaxDynamicSharedMemorySize, 225280) asks for up to 220 KiB of dynamic shared memory on top of 16 KiB static (236 KiB in all), more than the sm_90 maximum of 227 KiB per block; the call fails with cudaErrorInvalidValue and 'tiled' keeps the 48 KiB default [cuda-func-attribute-refused]
  // CHECK: note: sm_90: {{[0-9]+}} registers, 16 KiB static shared memory
  // CHECK: note: at most 216064 bytes are accepted on sm_90 (232448 - 16384 static)
  tiled<<<132, 256, 64 * 1024>>>(p);
  // CHECK: refused-opt-in-static.cu:[[@LINE-1]]:3: error: launch of 'tiled' asks for 80 KiB of shared memory per block (16 KiB static + 64 KiB dynamic) on sm_90, over the 48 KiB default, and the kernel has no opt-in the runtime accepts; the launch fails with cudaErrorInvalidValue [cuda-shared-memory-exceeded]
  // CHECK: refused-opt-in-static.cu:[[@LINE-6]]:3: note: the opt-in to 220 KiB here is refused on sm_90
}
