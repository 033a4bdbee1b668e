// An opt-in made through a variable that holds the kernel
// (`auto kernel = dispatch<float, 8>;`, `void (*kernel)(float *) = c ? k1 :
// k2;`) is each possible kernel's opt-in, as the launch through the same
// variable launches each: no error. Its value still counts (over it, the
// launch fails). An opt-in whose kernel cannot be followed (a parameter no
// call in the file passes) may be the launched kernel's: an over-default
// launch after it may fail, no more, and the note says which opt-in is not
// checked. Over the arch's maximum no opt-in helps: still an error.
// RUN: %expect-exit 1 %cuda-launch-lint --resource-usage=none --arch=sm_90 %s -- -std=c++17 2>&1 | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// RUN: %expect-exit 1 %cuda-launch-lint --resource-usage=none --arch=sm_90 --format=json %s -- -std=c++17 2>/dev/null | %FileCheck --check-prefix=JSON %s
#include <cuda_runtime.h>

template <typename T, int N> __global__ void dispatch(T *p) {
  extern __shared__ char bytes[];
  p[0] = bytes[N];
}
__global__ void k1(float *p) { extern __shared__ float s1[]; p[0] = s1[0]; }
__global__ void k2(float *p) { extern __shared__ float s2[]; p[0] = s2[1]; }
__global__ void k3(float *p) { extern __shared__ float s3[]; p[0] = s3[2]; }
__global__ void k4(float *p) { extern __shared__ float s4[]; p[0] = s4[3]; }
__global__ void k5(float *p) { extern __shared__ float s5[]; p[0] = s5[4]; }

void through_auto(float *p) {
  auto kernel = dispatch<float, 8>;
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 192 * 1024);
  kernel<<<132, 256, 192 * 1024>>>(p);
}

void through_choice(float *p, bool c) {
  void (*kernel)(float *) = c ? k1 : k2;
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 192 * 1024);
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = 132;
  cfg.blockDim = 256;
  cfg.dynamicSmemBytes = 192 * 1024;
  cudaLaunchKernelEx(&cfg, kernel, p);
}

// Cast to `void *` for the runtime's C launch API (punica's sgmv).
void through_void_pointer(float *p) {
  auto kernel = dispatch<float, 16>;
  void *args[] = {&p};
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
  cudaLaunchKernel((void *)kernel, dim3(132), dim3(256), args, 64 * 1024, nullptr);
}

// One setting per kernel the pointer may hold, with its kernel named.
// JSON: "kernel_settings": [
// JSON: "kernel": "dispatch<float, 8>"
// JSON: "kernel": "k1"
// JSON: "kernel": "k2"
// JSON: "kernel": "dispatch<float, 16>"

void too_little(float *p) {
  auto kernel = k3;
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024);
  kernel<<<132, 256, 192 * 1024>>>(p);
// CHECK: opt-in-through-pointer.cu:[[@LINE-1]]:3: error: launch of 'k3' asks for 192 KiB of dynamic shared memory, more than the 100 KiB the kernel opted in to; the launch fails
// CHECK: opt-in-through-pointer.cu:[[@LINE-3]]:3: note: opt-in set here
}

// Nothing in the file calls set_up: its kernel is not known.
void set_up(void (*kernel)(float *), float *p) {
  cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 192 * 1024);
  k4<<<132, 256, 192 * 1024>>>(p);
// CHECK: opt-in-through-pointer.cu:[[@LINE-1]]:3: warning: launch of 'k4' asks for 192 KiB of shared memory per block (192 KiB dynamic) on sm_90, over the 48 KiB default, and the kernel does not opt in; the launch may fail with cudaErrorInvalidValue [cuda-shared-memory-exceeded]
// CHECK: opt-in-through-pointer.cu:[[@LINE-3]]:3: note: an opt-in whose kernel is not known ({{.+}}) is set here, on a path to the launch: it is not checked, and if it is this kernel's the launch may run
  k5<<<132, 256, 240 * 1024>>>(p);
// CHECK: opt-in-through-pointer.cu:[[@LINE-1]]:3: error: launch of 'k5' asks for 240 KiB of shared memory per block (240 KiB dynamic), more than the sm_90 maximum of 227 KiB; the launch fails
}

// The unknown opt-in counts only in its function, before the launch.
void elsewhere(float *p) {
  k5<<<132, 256, 192 * 1024>>>(p);
// CHECK: opt-in-through-pointer.cu:[[@LINE-1]]:3: error: launch of 'k5' asks for 192 KiB of shared memory per block (192 KiB dynamic) on sm_90, over the 48 KiB default, and the kernel does not opt in; the launch fails
}
