// An opt-in made once and remembered in a flag of static storage: the path
// that skips it runs only when the flag is set, and the flag is set only
// right after the opt-in, so some earlier run opted in. No warning. A flag
// that is set without the opt-in, before a path that leaves it out, that
// another file may set (external linkage), or whose address is taken, proves
// nothing: those still warn.
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --implicit-check-not="{{error|warning}}:"
#include <cuda_runtime.h>
#include <mutex>

// One kernel per case: an opt-in in another function holds for its kernel.
__global__ void k_per_device(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void k_once_in_file(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void k_early_return(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void k_lambda_once(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void k_call_once(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void k_set_first(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void k_set_anyway(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void k_external_flag(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void k_escaped_flag(float *p) { extern __shared__ float s[]; p[0] = s[0]; }

void per_device(float *p, int dev, size_t bytes) {
  static bool configured[16] = {};
  if (!configured[dev]) {
    cudaFuncSetAttribute(k_per_device, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
    configured[dev] = true;
  }
  k_per_device<<<132, 256, 64 * 1024>>>(p);
}

static int done = 0;
void once_in_file(float *p) {
  if (done == 0) {
    if (cudaFuncSetAttribute(k_once_in_file, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024) != cudaSuccess)
      return;
    done = 1;
  }
  k_once_in_file<<<132, 256, 64 * 1024>>>(p);
}

void early_return(float *p) {
  static bool ready;
  if (ready)
    goto launch;
  cudaFuncSetAttribute(k_early_return, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
  ready = true;
launch:
  k_early_return<<<132, 256, 64 * 1024>>>(p);
}

void lambda_once(float *p) {
  static const bool once = [] {
    cudaFuncSetAttribute(k_lambda_once, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
    return true;
  }();
  (void)once;
  k_lambda_once<<<132, 256, 64 * 1024>>>(p);
}

void call_once(float *p) {
  static std::once_flag flag;
  std::call_once(flag, [] {
    cudaFuncSetAttribute(k_call_once, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
  });
  k_call_once<<<132, 256, 64 * 1024>>>(p);
}

// Set before the opt-in, on a path that may leave it out.
void set_first(float *p, bool big) {
  static bool set;
  if (!set) {
    set = true;
    if (big)
      cudaFuncSetAttribute(k_set_first, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
  }
  k_set_first<<<132, 256, 64 * 1024>>>(p);
// CHECK: opt-in-once.cu:[[@LINE-1]]:3: warning: {{.*}} a path to it skips the kernel's opt-in; the launch may fail
// CHECK: note: opt-in set here, on some of the paths to the launch only
}

// Set on a path without the opt-in.
void set_anyway(float *p, bool big) {
  static bool once;
  if (!once) {
    if (big)
      cudaFuncSetAttribute(k_set_anyway, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
    once = true;
  }
  k_set_anyway<<<132, 256, 64 * 1024>>>(p);
// CHECK: opt-in-once.cu:[[@LINE-1]]:3: warning: {{.*}} a path to it skips the kernel's opt-in; the launch may fail
// CHECK: note: opt-in set here, on some of the paths to the launch only
}

// Another file may set it.
bool shared_flag = false;
void external_flag(float *p) {
  if (!shared_flag) {
    cudaFuncSetAttribute(k_external_flag, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
    shared_flag = true;
  }
  k_external_flag<<<132, 256, 64 * 1024>>>(p);
// CHECK: opt-in-once.cu:[[@LINE-1]]:3: warning: {{.*}} a path to it skips the kernel's opt-in; the launch may fail
// CHECK: note: opt-in set here, on some of the paths to the launch only
}

// Its address is taken: anything may set it.
void mark(bool *flag) { *flag = true; }
void escaped_flag(float *p) {
  static bool marked;
  mark(&marked);
  if (!marked) {
    cudaFuncSetAttribute(k_escaped_flag, cudaFuncAttributeMaxDynamicSharedMemorySize, 96 * 1024);
    marked = true;
  }
  k_escaped_flag<<<132, 256, 64 * 1024>>>(p);
// CHECK: opt-in-once.cu:[[@LINE-1]]:3: warning: {{.*}} a path to it skips the kernel's opt-in; the launch may fail
// CHECK: note: opt-in set here, on some of the paths to the launch only
}
