// RUN: %not %cuda-launch-lint --checks=-*,cuda-shared-memory-exceeded --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// REQUIRES: nvcc
#include <cuda_runtime.h>

__global__ void dyn(float *p) {
  extern __shared__ float s[];
  s[threadIdx.x] = p[threadIdx.x];
  p[threadIdx.x] = s[threadIdx.x + 1];
}
// 16 KiB static shared memory.
__global__ void stat(float *p) {
  __shared__ float s[4096];
  s[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = s[4095 - threadIdx.x];
}
__global__ void opted(float *p) {
  extern __shared__ float s[];
  s[threadIdx.x] = 1;
  p[0] = s[1];
}

void f(float *p) {
  dyn<<<1, 128, 64 * 1024>>>(p);
  // CHECK-MESSAGES: shared-memory-exceeded.cu:[[@LINE-1]]:3: error: launch of 'dyn' asks for 64 KiB of shared memory per block (0 B static + 64 KiB dynamic) on sm_80, sm_90, over the 48 KiB default, and the kernel does not opt in; the launch fails with cudaErrorInvalidValue [cuda-shared-memory-exceeded]
  // CHECK-MESSAGES: note: opt in before launching: cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536);
  stat<<<1, 128, 40 * 1024>>>(p);
  // Static and dynamic add up.
  // CHECK-MESSAGES: :[[@LINE-2]]:3: error: launch of 'stat' asks for 56 KiB of shared memory per block (16 KiB static + 40 KiB dynamic)
  // CHECK-MESSAGES: note: sm_80: {{[0-9]+}} registers, 16 KiB static shared memory
  dyn<<<1, 128, 200 * 1024>>>(p);
  // Over the opt-in maximum: 163 KiB on sm_80, 227 KiB on sm_90.
  // CHECK-MESSAGES: :[[@LINE-2]]:3: error: launch of 'dyn' asks for 200 KiB of shared memory per block (0 B static + 200 KiB dynamic), more than the sm_80 maximum of 163 KiB; the launch fails
  // CHECK-MESSAGES: :[[@LINE-3]]:3: error: launch of 'dyn' asks for 200 KiB {{.*}} on sm_90, over the 48 KiB default, and the kernel does not opt in

  cudaFuncSetAttribute(opted, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
  opted<<<1, 128, 96 * 1024>>>(p); // opted in: fine
  opted<<<1, 128, 100 * 1024>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: launch of 'opted' asks for 100 KiB of dynamic shared memory, more than the 96 KiB the kernel opted in to; the launch fails
  // CHECK-MESSAGES: shared-memory-exceeded.cu:[[@LINE-4]]:3: note: opt-in set here
  dyn<<<1, 128, 48 * 1024>>>(p); // exactly the default: fine
}
