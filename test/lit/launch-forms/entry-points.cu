// Launches through driver and runtime entry points: pointers obtained with
// cudaGetDriverEntryPoint, cudaGetDriverEntryPointByVersion or
// cuGetProcAddress and called through cudaTypedefs.h's PFN_* types, a
// `decltype(&cuLaunchKernel)`, a table of pointers, a runtime pointer. The
// call is recognised by the pointer's function type (the launch API's own
// signature), never by the name the user gave the pointer.
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- -std=c++17 2>&1 | %FileCheck %s
// RUN: %cuda-launch-lint --format json --checks=-* --resource-usage=none --cuda-path %cuda-path %s -- -std=c++17 | %FileCheck --check-prefix=JSON %s
// CHECK-NOT: front-end error
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

__global__ void scale(float *p) {}

void by_version(CUfunction f, void **args) {
  void *fn = nullptr;
  cudaDriverEntryPointQueryResult found;
  cudaGetDriverEntryPointByVersion("cuLaunchKernel", &fn, 12000,
                                   cudaEnableDefault, &found);
  auto launch = reinterpret_cast<PFN_cuLaunchKernel_v4000>(fn);
  launch(f, 16, 2, 1, 128, 2, 1, 512, nullptr, args, nullptr);
  // CHECK: entry-points.cu:[[# @LINE - 1]]:3: cuLaunchKernel <unknown kernel> grid 16x2x1 block 128x2x1 (256 threads) smem 512
  ((PFN_cuLaunchKernel_v4000)fn)(f, 1, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr);
  // CHECK: entry-points.cu:[[# @LINE - 1]]:3: cuLaunchKernel <unknown kernel> grid 1x1x1 block 64x1x1 (64 threads) smem 0
}

// cuLaunchKernelEx through its PFN type, with a CUlaunchConfig whose
// attributes are read as cudaLaunchConfig_t's are: the cluster shape, the
// cooperative flag, and any other attribute passed over.
void launch_ex(CUfunction f, void **args) {
  PFN_cuLaunchKernelEx_v11060 launchEx = nullptr;
  cudaDriverEntryPointQueryResult found;
  cudaGetDriverEntryPoint("cuLaunchKernelEx", (void **)&launchEx,
                          cudaEnableDefault, &found);
  CUlaunchAttribute attrs[3];
  attrs[0].id = CU_LAUNCH_ATTRIBUTE_PRIORITY;
  attrs[0].value.priority = 1;
  attrs[1].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attrs[1].value.clusterDim.x = 2;
  attrs[1].value.clusterDim.y = 1;
  attrs[1].value.clusterDim.z = 1;
  attrs[2].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
  attrs[2].value.cooperative = 1;
  CUlaunchConfig cfg = {};
  cfg.gridDimX = 8;
  cfg.gridDimY = 1;
  cfg.gridDimZ = 1;
  cfg.blockDimX = 256;
  cfg.blockDimY = 1;
  cfg.blockDimZ = 1;
  cfg.sharedMemBytes = 1024;
  cfg.attrs = attrs;
  cfg.numAttrs = 3;
  launchEx(&cfg, f, args, nullptr);
  // CHECK: entry-points.cu:[[# @LINE - 1]]:3: cuLaunchKernelEx <unknown kernel> grid 8x1x1 block 256x1x1 (256 threads) smem 1024 cluster 2x1x1
  // JSON: "line": [[# @LINE - 2]],
  // JSON: "api": "cuLaunchKernelEx",
  // JSON: "cluster_dims": {
  // JSON: "cooperative": true,
}

// cuGetProcAddress into a table of entry points, and a plain
// decltype(&cuLaunchKernel).
struct Driver {
  PFN_cuLaunchCooperativeKernel_v9000 cooperative;
  decltype(&cuLaunchKernel) plain;
};
void table(Driver &d, CUfunction f, void **args) {
  cuGetProcAddress("cuLaunchCooperativeKernel", (void **)&d.cooperative, 12000,
                   CU_GET_PROC_ADDRESS_DEFAULT, nullptr);
  d.plain = cuLaunchKernel;
  d.cooperative(f, 4, 1, 1, 32, 1, 1, 0, nullptr, args);
  // CHECK: entry-points.cu:[[# @LINE - 1]]:3: cuLaunchCooperativeKernel <unknown kernel> grid 4x1x1 block 32x1x1 (32 threads) smem 0
  d.plain(f, 3, 1, 1, 96, 1, 1, 0, nullptr, args, nullptr);
  // CHECK: entry-points.cu:[[# @LINE - 1]]:3: cuLaunchKernel <unknown kernel> grid 3x1x1 block 96x1x1 (96 threads) smem 0
  decltype(&cuLaunchKernel) local = cuLaunchKernel;
  local(f, 5, 1, 1, 160, 1, 1, 0, nullptr, args, nullptr);
  // CHECK: entry-points.cu:[[# @LINE - 1]]:3: cuLaunchKernel <unknown kernel> grid 5x1x1 block 160x1x1 (160 threads) smem 0
  auto &ref = cuLaunchKernel;
  ref(f, 6, 1, 1, 192, 1, 1, 0, nullptr, args, nullptr);
  // CHECK: entry-points.cu:[[# @LINE - 1]]:3: cuLaunchKernel <unknown kernel> grid 6x1x1 block 192x1x1 (192 threads) smem 0
}

// Runtime pointers: cudaLaunchKernel and cudaLaunchCooperativeKernel share
// a type, so a launch through it has their values but may or may not be
// cooperative; cudaLaunchKernelExC's is its own.
using RuntimeLaunch = cudaError_t (*)(const void *, dim3, dim3, void **,
                                      size_t, cudaStream_t);
void runtime(RuntimeLaunch launch, float *p) {
  void *args[] = {&p};
  launch((const void *)scale, dim3(12), dim3(64), args, 0, nullptr);
  // CHECK: entry-points.cu:[[# @LINE - 1]]:3: cudaLaunchKernel scale grid 12x1x1 block 64x1x1 (64 threads) smem 0
  // JSON: "line": [[# @LINE - 2]],
  // JSON: "api": "cudaLaunchKernel",
  // JSON: "cooperative": null,
  decltype(&cudaLaunchKernelExC) ex = cudaLaunchKernelExC;
  cudaLaunchConfig_t config = {dim3(2), dim3(32, 4), 0};
  ex(&config, (const void *)scale, args);
  // CHECK: entry-points.cu:[[# @LINE - 1]]:3: cudaLaunchKernelExC scale grid 2x1x1 block 32x4x1 (128 threads) smem 0
}

// A pointer named like an entry point, of another type, is no launch.
void not_a_launch(void (*pfn_cuLaunchKernel)(int, int, int, int, int, int, int, int)) {
  pfn_cuLaunchKernel(1, 2, 3, 4, 5, 6, 7, 8);
}
// CHECK-NOT: <<<>>>
// CHECK-NOT: cuLaunchKernel
