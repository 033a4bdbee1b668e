// Every HIP launch form, with the ROCm HIP headers: <<<>>>, the
// hipLaunchKernelGGL macro (found at its use, named as written), the runtime
// calls, the cooperative and extended launches, the module API and a graph
// kernel node. The values come from the same engine as CUDA's.
// REQUIRES: hip-headers
// RUN: %cuda-launch-lint --list-launches --resource-usage=none %s -- --offload-arch=gfx90a 2> %t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=ERR --allow-empty %s < %t.err
// ERR-NOT: front-end error
#include <hip/hip_runtime.h>
#include <hip/hip_ext.h>

__global__ void __launch_bounds__(256) scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}
__global__ void __launch_bounds__(128, 2) fill(float *x) { x[threadIdx.x] = 1; }

#define MY_LAUNCH(k, g, b, ...) hipLaunchKernelGGL(k, g, b, 0, 0, __VA_ARGS__)

void run(float *x, void **args, hipStream_t s, hipFunction_t f) {
  int n = 1 << 20;
  scale<<<(n + 511) / 512, 512>>>(x, n);
  // CHECK: launch-forms.hip:[[@LINE-1]]:3: <<<>>> scale grid 2048x1x1 block 512x1x1 (512 threads) smem 0
  hipLaunchKernelGGL(scale, dim3(n / 1024), dim3(1024), 0, 0, x, n);
  // CHECK: launch-forms.hip:[[@LINE-1]]:3: hipLaunchKernelGGL scale grid 1024x1x1 block 1024x1x1 (1024 threads) smem 0
  MY_LAUNCH(fill, dim3(2), dim3(32, 2), x);
  // CHECK: launch-forms.hip:[[@LINE-1]]:3: hipLaunchKernelGGL fill grid 2x1x1 block 32x2x1 (64 threads) smem 0
  hipLaunchKernel((const void *)scale, dim3(4), dim3(64), args, 0, s);
  // CHECK: launch-forms.hip:[[@LINE-1]]:3: hipLaunchKernel scale grid 4x1x1 block 64x1x1 (64 threads) smem 0
  hipLaunchCooperativeKernel((const void *)fill, dim3(4), dim3(128), args, 0, s);
  // CHECK: launch-forms.hip:[[@LINE-1]]:3: hipLaunchCooperativeKernel fill grid 4x1x1 block 128x1x1 (128 threads) smem 0
  hipLaunchCooperativeKernel(fill, dim3(5), dim3(64), args, 0, s);
  // CHECK: launch-forms.hip:[[@LINE-1]]:3: hipLaunchCooperativeKernel fill grid 5x1x1 block 64x1x1 (64 threads) smem 0
  hipExtLaunchKernel((const void *)fill, dim3(4), dim3(96), args, 16, s, nullptr, nullptr, 0);
  // CHECK: launch-forms.hip:[[@LINE-1]]:3: hipExtLaunchKernel fill grid 4x1x1 block 96x1x1 (96 threads) smem 16
  hipExtLaunchKernelGGL(fill, dim3(8), dim3(192), 32, s, nullptr, nullptr, 0, x);
  // CHECK: launch-forms.hip:[[@LINE-1]]:3: hipExtLaunchKernelGGL fill grid 8x1x1 block 192x1x1 (192 threads) smem 32
  hipModuleLaunchKernel(f, 2, 1, 1, 320, 1, 1, 0, s, args, nullptr);
  // CHECK: launch-forms.hip:[[@LINE-1]]:3: hipModuleLaunchKernel <unknown kernel> grid 2x1x1 block 320x1x1 (320 threads) smem 0
  hipKernelNodeParams p = {};
  p.func = (void *)scale;
  p.gridDim = dim3(3);
  p.blockDim = dim3(640);
  p.sharedMemBytes = 0;
  hipGraphNode_t node;
  hipGraph_t g = nullptr;
  hipGraphAddKernelNode(&node, g, nullptr, 0, &p);
  // CHECK: launch-forms.hip:[[@LINE-1]]:3: hipGraphAddKernelNode scale grid 3x1x1 block 640x1x1 (640 threads) smem 0
}
