// Without a CUDA toolkit the built-in declarations still parse plain kernels
// and launches; the tool says once that register-based checks are off.
// RUN: mkdir -p %t.empty
// RUN: %cuda-launch-lint --list-launches --cuda-path %t.empty %s -- 2> %t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=NOTE %s < %t.err
// NOTE: cuda-launch-lint: note: no CUDA toolkit (include/cuda_runtime.h) in {{.*}}.empty; parsing with built-in CUDA declarations, and register-based checks are off
// NOTE-NOT: error

__global__ void __launch_bounds__(128) k(float *p) { p[threadIdx.x] = 0; }
void f(float *p, void **args) {
  dim3 block(32, 4);
  k<<<10, block>>>(p);
  // CHECK: builtin-declarations.cu:[[@LINE-1]]:3: <<<>>> k grid 10x1x1 block 32x4x1 (128 threads) smem 0
  cudaLaunchKernel((const void *)k, dim3(1), dim3(64), args, 0, 0);
  // CHECK: builtin-declarations.cu:[[@LINE-1]]:3: cudaLaunchKernel k grid 1x1x1 block 64x1x1 (64 threads) smem 0
}
