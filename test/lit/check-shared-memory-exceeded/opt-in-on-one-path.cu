// An opt-in to more dynamic shared memory counts only on the paths that
// make it before the launch: under `if (big)` it leaves the other path at
// the 48 KiB default, so that launch may fail; on every path, or in
// another function (set up once at start), it holds. Any opt-in of the
// kernel that holds on every path, or elsewhere, is enough.
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --implicit-check-not="{{error|warning}}:"
#include <cuda_runtime.h>

__global__ void k(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void k2(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void k3(float *p) { extern __shared__ float s[]; p[0] = s[0]; }

void on_one_path(float *p, bool big) {
  if (big)
    cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
  k<<<132, 256, 64 * 1024>>>(p);
// CHECK: opt-in-on-one-path.cu:[[@LINE-1]]:3: warning: launch of 'k' asks for 64 KiB of shared memory per block (64 KiB dynamic) on sm_80, over the 48 KiB default, and a path to it skips the kernel's opt-in; the launch may fail{{( with cudaErrorInvalidValue)?}} [cuda-shared-memory-exceeded]
// CHECK: opt-in-on-one-path.cu:[[@LINE-3]]:5: note: opt-in set here, on some of the paths to the launch only
}

void on_every_path(float *p, bool big) {
  cudaFuncSetAttribute(k2, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
  if (big)
    k2<<<132, 256, 64 * 1024>>>(p);
}

void set_up() {
  cudaFuncSetAttribute(k3, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
}
void elsewhere(float *p) { k3<<<132, 256, 64 * 1024>>>(p); }

// The opt-in's test is decided by the values: each instance that asks for
// more than 46 KiB makes it, so no path goes around it. A test that the
// values decide the other way leaves the launch without it.
__global__ void k4(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
template <unsigned Rank> void opt_in_when_needed(float *p) {
  unsigned smem = 8192 * (4 + Rank / 16);
  if (smem > 46 * 1024)
    cudaFuncSetAttribute(k4, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  k4<<<132, 256, smem>>>(p);
}
template void opt_in_when_needed<16>(float *);
template void opt_in_when_needed<64>(float *);

__global__ void k5(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
void opt_in_past_need(float *p) {
  unsigned smem = 64 * 1024;
  if (smem > 96 * 1024)
    cudaFuncSetAttribute(k5, cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  k5<<<132, 256, smem>>>(p);
// CHECK: opt-in-on-one-path.cu:[[@LINE-1]]:3: warning: launch of 'k5' asks for 64 KiB of shared memory per block (64 KiB dynamic) on sm_80, over the 48 KiB default, and a path to it skips the kernel's opt-in; the launch may fail{{( with cudaErrorInvalidValue)?}} [cuda-shared-memory-exceeded]
// CHECK: opt-in-on-one-path.cu:[[@LINE-3]]:5: note: opt-in set here, on some of the paths to the launch only
}
