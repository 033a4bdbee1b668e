// RUN: %not %cuda-launch-lint --checks=-*,cuda-cluster-dims-mismatch --resource-usage=none --arch=sm_80,sm_90 --cuda-path %cuda-path %s -- nvcc -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void __cluster_dims__(2, 1, 1) pairs(float *p) {}
__global__ void plain(float *p) {}
__global__ void wide(float *p) {}

void f(float *p) {
  // Before sm_90 no cluster launch was run on a GPU: a warning, with no
  // error named (docs/checks/cuda-cluster-dims-mismatch.md).
  pairs<<<8, 128>>>(p);
  // CHECK-MESSAGES: cluster-dims-mismatch.cu:[[@LINE-1]]:3: warning: launch of 'pairs' uses thread block clusters (2x1x1), which sm_80 does not have (sm_90 and newer); no such launch was run on a GPU before sm_90; the launch may fail [cuda-cluster-dims-mismatch]
  // CHECK-MESSAGES: cluster-dims-mismatch.cu:5:17: note: cluster shape 2x1x1 from __cluster_dims__
  // A grid that is not a whole number of clusters: cudaErrorInvalidClusterSize
  // on an H200 (bench/gpu/recordings).
  pairs<<<9, 128>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: launch of 'pairs' uses thread block clusters (2x1x1), which sm_80
  // CHECK-MESSAGES: :[[@LINE-2]]:3: error: grid x = 9 is not a multiple of the cluster's x = 2; the launch fails with cudaErrorInvalidClusterSize [cuda-cluster-dims-mismatch]

  cudaLaunchConfig_t cfg = {dim3(32), dim3(128)};
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = 16;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  cudaLaunchKernelEx(&cfg, plain, p);
  // 16 blocks per cluster: over the portable 8 without the opt-in.
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: launch of 'plain' uses thread block clusters (16x1x1), which sm_80
  // CHECK-MESSAGES: :[[@LINE-3]]:3: error: cluster of 16 blocks (16x1x1) exceeds the portable maximum of 8 and 'plain' does not allow non-portable sizes (cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1)); the launch fails with cudaErrorInvalidClusterSize

  cudaFuncSetAttribute(wide, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  cudaLaunchConfig_t ok = {dim3(48), dim3(128)};
  ok.attrs = attr;
  ok.numAttrs = 1;
  cudaLaunchKernelEx(&ok, wide, p);
  // Allowed on sm_90; sm_80 has no clusters at all.
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: launch of 'wide' uses thread block clusters (16x1x1), which sm_80
  dim3 grid(6, 3);
  grid.x = 4;
  pairs<<<grid, 128>>>(p);
  // Whole clusters on sm_90; sm_80 still has none.
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: launch of 'pairs' uses thread block clusters (2x1x1), which sm_80
}
