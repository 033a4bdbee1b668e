// cuLaunchKernelEx reads its CUlaunchConfig as cudaLaunchKernelEx reads its
// cudaLaunchConfig_t: every dimension, the dynamic shared memory, and among
// attrs[0 .. numAttrs) the cluster shape and the cooperative flag; other
// attributes (priority, a preferred cluster shape, ...) are passed over, an
// attribute whose id is not known may be either. With the per-thread
// default stream the APIs are the headers' _ptsz entry points: the same
// launches.
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --format json --checks=-* --resource-usage=none --cuda-path %cuda-path %s -- -std=c++17 | %FileCheck %s
// RUN: %cuda-launch-lint --format json --checks=-* --resource-usage=none --cuda-path %cuda-path %s -- -std=c++17 -DCUDA_API_PER_THREAD_DEFAULT_STREAM | %FileCheck %s
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void scale(float *p) {}

void launches(CUfunction f, void **args, CUlaunchAttributeID unknown) {
  CUlaunchAttribute attrs[3] = {};
  attrs[0].id = CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION;
  attrs[0].value.clusterDim.x = 4;
  attrs[1].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attrs[1].value.clusterDim.x = 2;
  attrs[1].value.clusterDim.y = 2;
  attrs[1].value.clusterDim.z = 1;
  attrs[2].id = CU_LAUNCH_ATTRIBUTE_PRIORITY;
  attrs[2].value.priority = 0;
  CUlaunchConfig config = {16, 4, 1, 64, 2, 1, 4096, nullptr, attrs, 3};
  cuLaunchKernelEx(&config, f, args, nullptr);
  // CHECK: "line": [[# @LINE - 1]],
  // CHECK: "api": "cuLaunchKernelEx",
  // CHECK: "grid": {
  // CHECK-NEXT: "x": {
  // CHECK-NEXT: "kind": "constant",
  // CHECK-NEXT: "value": 16
  // CHECK: "block": {
  // CHECK-NEXT: "x": {
  // CHECK-NEXT: "kind": "constant",
  // CHECK-NEXT: "value": 64
  // CHECK: "value": 128
  // CHECK: "dynamic_smem": {
  // CHECK-NEXT: "kind": "constant",
  // CHECK-NEXT: "value": 4096
  // CHECK: "cluster_dims": {
  // CHECK-NEXT: "x": {
  // CHECK-NEXT: "kind": "constant",
  // CHECK-NEXT: "value": 2
  // CHECK: "cooperative": false,

  CUlaunchAttribute coop[1];
  coop[0].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
  coop[0].value.cooperative = 1;
  CUlaunchConfig c2 = {8, 1, 1, 32, 1, 1, 0, nullptr, coop, 1};
  cuLaunchKernelEx(&c2, f, args, nullptr);
  // CHECK: "line": [[# @LINE - 1]],
  // CHECK: "api": "cuLaunchKernelEx",
  // CHECK-NOT: "cluster_dims"
  // CHECK: "cooperative": true,

  CUlaunchAttribute some[1];
  some[0].id = unknown;
  CUlaunchConfig c3 = {8, 1, 1, 32, 1, 1, 0, nullptr, some, 1};
  cuLaunchKernelEx(&c3, f, args, nullptr);
  // CHECK: "line": [[# @LINE - 1]],
  // CHECK: "cluster_dims": {
  // CHECK-NEXT: "x": {
  // CHECK-NEXT: "kind": "unknown"
  // CHECK: "cooperative": null,

  CUlaunchConfig none = {8, 1, 1, 32, 1, 1, 0, nullptr, nullptr, 0};
  cuLaunchKernelEx(&none, f, args, nullptr);
  // CHECK: "line": [[# @LINE - 1]],
  // CHECK-NOT: "cluster_dims"
  // CHECK: "cooperative": false,

  cuLaunchKernel(f, 2, 1, 1, 96, 1, 1, 0, nullptr, args, nullptr);
  // CHECK: "line": [[# @LINE - 1]],
  // CHECK: "api": "cuLaunchKernel",
  cudaLaunchKernel((const void *)scale, dim3(3), dim3(160), args, 0, nullptr);
  // CHECK: "line": [[# @LINE - 1]],
  // CHECK: "api": "cudaLaunchKernel",
  cudaLaunchCooperativeKernel((const void *)scale, dim3(3), dim3(192), args, 0, nullptr);
  // CHECK: "line": [[# @LINE - 1]],
  // CHECK: "api": "cudaLaunchCooperativeKernel",
  // CHECK: "cooperative": true,
}
