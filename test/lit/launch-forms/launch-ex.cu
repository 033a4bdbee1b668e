// cudaLaunchKernelEx / cudaLaunchKernelExC read their values from a
// cudaLaunchConfig_t, including the cluster dimension attribute; the
// per-kernel settings a launch depends on (cudaFuncSetAttribute,
// cudaFuncSetCacheConfig) are facts too.
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --list-launches --cuda-path %cuda-path %s -- -std=c++17 | %FileCheck %s
// RUN: %cuda-launch-lint --checks=-* --resource-usage=none --format json --cuda-path %cuda-path %s -- -std=c++17 | %FileCheck %s --check-prefix=JSON
// And with the built-in declarations instead of a toolkit:
// RUN: %cuda-launch-lint --list-launches --cuda-path %t.none %s -- -std=c++17 2>/dev/null | %FileCheck %s
#include <cuda_runtime.h>

__global__ void cluster_kernel(float *in, float *out) {}
constexpr int Threads = 256;

void guide_example(float *in, float *out) {
  cudaLaunchConfig_t config = {0};
  config.gridDim = dim3(64);
  config.blockDim = Threads;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = 2;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, cluster_kernel, in, out);
  // CHECK: launch-ex.cu:[[@LINE-1]]:3: cudaLaunchKernelEx cluster_kernel grid 64x1x1 block 256x1x1 (256 threads) smem 0 cluster 2x1x1
}

void fields_and_designated(float *in, float *out, bool big) {
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim.x = 10;
  cfg.blockDim.x = big ? 512 : 128;
  cfg.dynamicSmemBytes = 4096;
  cudaLaunchKernelEx(&cfg, cluster_kernel, in, out);
  // CHECK: launch-ex.cu:[[@LINE-1]]:3: cudaLaunchKernelEx cluster_kernel grid 10x1x1 block {128, 512}x1x1 ({128, 512} threads) smem 4096{{$}}

  cudaLaunchConfig_t d = {dim3(3, 2), dim3(32, 4), 100};
  void *args[] = {&in, &out};
  cudaLaunchKernelExC(&d, (const void *)cluster_kernel, args);
  // CHECK: launch-ex.cu:[[@LINE-1]]:3: cudaLaunchKernelExC cluster_kernel grid 3x2x1 block 32x4x1 (128 threads) smem 100{{$}}
}

// An attribute whose address is taken could be changed through the pointer:
// a cluster shape may be set, but which is unknown.
void single_attribute(float *in, float *out, int n) {
  cudaLaunchAttribute a;
  a.id = cudaLaunchAttributeClusterDimension;
  a.val.clusterDim.x = 4;
  a.val.clusterDim.y = 2;
  a.val.clusterDim.z = 1;
  cudaLaunchConfig_t cfg = {dim3(n), dim3(128), 0, 0, &a, 1};
  cudaLaunchKernelEx(&cfg, cluster_kernel, in, out);
  // CHECK: launch-ex.cu:[[@LINE-1]]:3: cudaLaunchKernelEx cluster_kernel grid ?x1x1 block 128x1x1 (128 threads) smem 0 cluster ?x?x?
}

// cudaLaunchAttributeCooperative makes the launch cooperative (as
// cudaLaunchCooperativeKernel); an attribute whose id is not known may be it.
void cooperative(float *in, float *out, cudaLaunchAttributeID id) {
  cudaLaunchAttribute attribute[2];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = 1;
  attribute[0].val.clusterDim.y = 1;
  attribute[0].val.clusterDim.z = 1;
  attribute[1].id = cudaLaunchAttributeCooperative;
  attribute[1].val.cooperative = 1;
  cudaLaunchConfig_t config = {dim3(64), dim3(128), 0, 0, attribute, 2};
  cudaLaunchKernelEx(&config, cluster_kernel, in, out);
  // CHECK: launch-ex.cu:[[@LINE-1]]:3: cudaLaunchKernelEx cluster_kernel grid 64x1x1 block 128x1x1 (128 threads) smem 0 cluster 1x1x1 [cooperative]
  cudaLaunchAttribute some[1];
  some[0].id = id;
  cudaLaunchConfig_t maybe = {dim3(64), dim3(128), 0, 0, some, 1};
  cudaLaunchKernelEx(&maybe, cluster_kernel, in, out);
  // CHECK: launch-ex.cu:[[@LINE-1]]:3: cudaLaunchKernelEx cluster_kernel grid 64x1x1 block 128x1x1 (128 threads) smem 0 cluster ?x?x? [cooperative?]
}

// A config handed over by pointer, or changed by a callee, is not followed.
void update(cudaLaunchConfig_t &c);
void unknowable(const cudaLaunchConfig_t *p, float *in, float *out) {
  cudaLaunchKernelEx(p, cluster_kernel, in, out);
  // CHECK: launch-ex.cu:[[@LINE-1]]:3: cudaLaunchKernelEx cluster_kernel grid ?x?x? block ?x?x? (? threads) smem ? cluster ?x?x?
  cudaLaunchConfig_t c = {dim3(1), dim3(64)};
  update(c);
  cudaLaunchKernelEx(&c, cluster_kernel, in, out);
  // CHECK: launch-ex.cu:[[@LINE-1]]:3: cudaLaunchKernelEx cluster_kernel grid ?x?x? block ?x?x? (? threads) smem ? cluster ?x?x?
}

constexpr int BigSmem = 96 * 1024;
void settings() {
  cudaFuncSetAttribute(cluster_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, BigSmem);
  cudaFuncSetAttribute((const void *)cluster_kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  cudaFuncSetAttribute(cluster_kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 50);
  cudaFuncSetCacheConfig(cluster_kernel, cudaFuncCachePreferShared);
}
// JSON: "kernel_settings": [
// JSON:   "line": [[@LINE-6]],
// JSON:   "kernel": "cluster_kernel",
// JSON:   "mangled": "_Z14cluster_kernelPfS_",
// JSON:   "attribute": "MaxDynamicSharedMemorySize",
// JSON:   "value": {
// JSON-NEXT: "kind": "constant",
// JSON-NEXT: "value": 98304,
// JSON:   "attribute": "NonPortableClusterSizeAllowed",
// JSON:   "attribute": "PreferredSharedMemoryCarveout",
// JSON:   "attribute": "CacheConfig",
// JSON:   "value": {
// JSON-NEXT: "kind": "constant",
// JSON-NEXT: "value": 1

// A kernel chosen through a pointer: each kernel it may hold is a launch.
__global__ void __launch_bounds__(128) narrow_kernel(float *in, float *out) {}
void chosen(float *in, float *out, bool wide) {
  void (*kernel)(float *, float *) = wide ? cluster_kernel : narrow_kernel;
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(8);
  cfg.blockDim = dim3(wide ? 256 : 128);
  cudaLaunchKernelEx(&cfg, kernel, in, out);
  // CHECK: launch-ex.cu:[[@LINE-1]]:3: cudaLaunchKernelEx cluster_kernel grid 8x1x1 block {128, 256}x1x1
  // CHECK: launch-ex.cu:[[@LINE-2]]:3: cudaLaunchKernelEx narrow_kernel grid 8x1x1 block {128, 256}x1x1
}
