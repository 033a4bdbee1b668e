// An opt-in the runtime refuses (the maximum plus the kernel's static shared
// memory over the arch's opt-in maximum: 227 KiB = 232448 B on sm_90) leaves
// the previous limit, the 48 KiB default or an earlier accepted opt-in; the
// launches after it are checked against the limit that holds. Checked on an
// H100 with CUDA 13.0: such launches fail with cudaErrorInvalidValue.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-shared-memory-exceeded --resource-usage=none --arch=sm_90 --cuda-path %cuda-path %s -- -std=c++17 2>/dev/null | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void once(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void twice(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void after(float *p) { extern __shared__ float s[]; p[0] = s[0]; }

void refused_once(float *p) {
  cudaFuncSetAttribute(once, cudaFuncAttributeMaxDynamicSharedMemorySize, 240000);
  once<<<132, 256, 100 * 1024>>>(p);
  // CHECK: refused-opt-in.cu:[[@LINE-1]]:3: error: launch of 'once' asks for 100 KiB of shared memory per block (100 KiB dynamic) on sm_90, over the 48 KiB default, and the kernel has no opt-in the runtime accepts; the launch fails with cudaErrorInvalidValue [cuda-shared-memory-exceeded]
  // CHECK: refused-opt-in.cu:[[@LINE-3]]:3: note: the opt-in to 240000 B here is refused on sm_90 (more than the 227 KiB maximum with the kernel's static shared memory; cuda-func-attribute-refused): the limit stays the 48 KiB default
  // CHECK: note: opt in before launching: cudaFuncSetAttribute(once, cudaFuncAttributeMaxDynamicSharedMemorySize, 102400);
  once<<<132, 256, 48 * 1024>>>(p); // within the default: fine
}

void refused_twice(float *p) {
  cudaFuncSetAttribute(twice, cudaFuncAttributeMaxDynamicSharedMemorySize, 240000);
  cudaFuncSetAttribute(twice, cudaFuncAttributeMaxDynamicSharedMemorySize, 250000);
  twice<<<132, 256, 64 * 1024>>>(p);
  // CHECK: refused-opt-in.cu:[[@LINE-1]]:3: error: launch of 'twice' asks for 64 KiB {{.*}} over the 48 KiB default, and the kernel has no opt-in the runtime accepts; the launch fails with cudaErrorInvalidValue
  // CHECK: refused-opt-in.cu:[[@LINE-3]]:3: note: the opt-in to 250000 B here is refused on sm_90
}

void refused_after_accepted(float *p) {
  cudaFuncSetAttribute(after, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024);
  cudaFuncSetAttribute(after, cudaFuncAttributeMaxDynamicSharedMemorySize, 240000);
  after<<<132, 256, 100 * 1024>>>(p); // the accepted 100 KiB holds: fine
  after<<<132, 256, 150 * 1024>>>(p);
  // CHECK: refused-opt-in.cu:[[@LINE-1]]:3: error: launch of 'after' asks for 150 KiB of dynamic shared memory, more than the 100 KiB the kernel opted in to; the launch fails with cudaErrorInvalidValue
  // CHECK: refused-opt-in.cu:[[@LINE-5]]:3: note: opt-in set here
  // CHECK: refused-opt-in.cu:[[@LINE-5]]:3: note: the opt-in to 240000 B here is refused on sm_90 {{.*}}: the limit stays 100 KiB from the earlier opt-in
}
