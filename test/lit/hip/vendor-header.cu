// A CUDA source built as HIP (`-x hip` on a .cu file) through a vendor
// header that maps the cuda* names to hip*: the launches are HIP's, and the
// arch is the command's gfx --offload-arch.
// REQUIRES: hip-headers
// RUN: %cuda-launch-lint --list-launches --resource-usage=none %s -- -x hip --offload-arch=gfx942 -I%S/Inputs 2> %t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=ERR --allow-empty %s < %t.err
// ERR-NOT: front-end error
// hipcc builds a .cu file as HIP without `-x hip`:
// RUN: %cuda-launch-lint --list-launches --resource-usage=none %s -- hipcc --offload-arch=gfx942 -I%S/Inputs 2> %t.err2 | %FileCheck %s
// RUN: %FileCheck --check-prefix=ERR --allow-empty %s < %t.err2
#include "vendor-hip.h"

template <int BLOCK> __global__ void __launch_bounds__(BLOCK) rows(float *x) {
  x[blockIdx.x * BLOCK + threadIdx.x] = 0;
}

static void launch_rows(float *x, cudaStream_t stream, void **args) {
  constexpr int block = 256;
  rows<block><<<64, block, 0, stream>>>(x);
  // CHECK: vendor-header.cu:[[@LINE-1]]:3: <<<>>> rows<256> grid 64x1x1 block 256x1x1 (256 threads) smem 0
  cudaLaunchKernel((const void *)rows<128>, dim3(32), dim3(128), args, 0, stream);
  // CHECK: vendor-header.cu:[[@LINE-1]]:3: hipLaunchKernel rows<128> grid 32x1x1 block 128x1x1 (128 threads) smem 0
}

void entry(float *x, cudaStream_t s, void **args) { launch_rows(x, s, args); }
