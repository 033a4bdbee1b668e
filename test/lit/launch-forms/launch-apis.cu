// Every launch form the front end knows, with the user's location (a macro's
// use, not its definition).
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --list-launches --cuda-path %cuda-path %s -- -std=c++17 | %FileCheck %s
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void scale(float *p) {}
#define LAUNCH(k, n) k<<<1, n>>>(nullptr)

void launches(CUfunction f, void **args) {
  scale<<<4, 128>>>(nullptr);
  // CHECK: launch-apis.cu:[[@LINE-1]]:3: <<<>>> scale grid 4x1x1 block 128x1x1 (128 threads) smem 0
  scale<<<dim3(2, 2), dim3(16, 16), 1024, 0>>>(nullptr);
  // CHECK: launch-apis.cu:[[@LINE-1]]:3: <<<>>> scale grid 2x2x1 block 16x16x1 (256 threads) smem 1024
  LAUNCH(scale, 64);
  // CHECK: launch-apis.cu:[[@LINE-1]]:3: <<<>>> scale grid 1x1x1 block 64x1x1 (64 threads) smem 0
  cudaLaunchKernel((void *)scale, dim3(8), dim3(32), args, 0, 0);
  // CHECK: launch-apis.cu:[[@LINE-1]]:3: cudaLaunchKernel scale grid 8x1x1 block 32x1x1 (32 threads) smem 0
  cudaLaunchKernel(scale, dim3(8), dim3(96), args);
  // CHECK: launch-apis.cu:[[@LINE-1]]:3: cudaLaunchKernel scale grid 8x1x1 block 96x1x1 (96 threads) smem 0
  cudaLaunchCooperativeKernel((void *)scale, dim3(8), dim3(512), args, 2048, 0);
  // CHECK: launch-apis.cu:[[@LINE-1]]:3: cudaLaunchCooperativeKernel scale grid 8x1x1 block 512x1x1 (512 threads) smem 2048
  cuLaunchKernel(f, 10, 1, 1, 256, 1, 1, 0, 0, args, nullptr);
  // CHECK: launch-apis.cu:[[@LINE-1]]:3: cuLaunchKernel <unknown kernel> grid 10x1x1 block 256x1x1 (256 threads) smem 0
  cuLaunchCooperativeKernel(f, 12, 1, 1, 64, 1, 1, 512, 0, args);
  // CHECK: launch-apis.cu:[[@LINE-1]]:3: cuLaunchCooperativeKernel <unknown kernel> grid 12x1x1 block 64x1x1 (64 threads) smem 512
  auto lambda = [] { scale<<<1, 32>>>(nullptr); };
  // CHECK: launch-apis.cu:[[@LINE-1]]:22: <<<>>> scale grid 1x1x1 block 32x1x1 (32 threads) smem 0
  lambda();
}

template <typename T, int Threads> void templated(T *p) {
  scale<<<1, Threads>>>(p);
}
void instantiate(float *p) { templated<float, 64>(p); templated<float, 1024>(p); }
// One launch per instantiation, at the template's line.
// CHECK-DAG: launch-apis.cu:34:3: <<<>>> scale grid 1x1x1 block 64x1x1 (64 threads) smem 0
// CHECK-DAG: launch-apis.cu:34:3: <<<>>> scale grid 1x1x1 block 1024x1x1 (1024 threads) smem 0
