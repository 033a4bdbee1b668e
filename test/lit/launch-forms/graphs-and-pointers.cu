// Launches whose kernel or values come through a struct or a pointer: CUDA
// graph kernel nodes (runtime and driver API, added or given new
// parameters), cuLaunchKernelEx's CUlaunchConfig, and a function pointer
// that may hold either of two kernels (one launch per kernel).
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --list-launches --cuda-path %cuda-path %s -- -std=c++17 | %FileCheck %s
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void scale(float *p) {}
__global__ void shift(float *p) {}

void graphs(cudaGraph_t graph, cudaGraphNode_t node, cudaGraphExec_t exec,
            CUgraph cugraph, CUfunction f, float *p) {
  void *args[] = {&p};
  cudaKernelNodeParams params = {};
  params.func = (void *)scale;
  params.gridDim = dim3(64);
  params.blockDim = dim3(128, 2);
  params.sharedMemBytes = 4096;
  params.kernelParams = args;
  cudaGraphAddKernelNode(&node, graph, nullptr, 0, &params);
  // CHECK: graphs-and-pointers.cu:[[@LINE-1]]:3: cudaGraphAddKernelNode scale grid 64x1x1 block 128x2x1 (256 threads) smem 4096
  params.blockDim = dim3(512);
  cudaGraphKernelNodeSetParams(node, &params);
  // CHECK: graphs-and-pointers.cu:[[@LINE-1]]:3: cudaGraphKernelNodeSetParams scale grid 64x1x1 block 512x1x1 (512 threads) smem 4096
  cudaGraphExecKernelNodeSetParams(exec, node, &params);
  // CHECK: graphs-and-pointers.cu:[[@LINE-1]]:3: cudaGraphExecKernelNodeSetParams scale grid 64x1x1 block 512x1x1 (512 threads) smem 4096

  CUDA_KERNEL_NODE_PARAMS cuparams = {};
  cuparams.func = f;
  cuparams.gridDimX = 10;
  cuparams.gridDimY = 1;
  cuparams.gridDimZ = 1;
  cuparams.blockDimX = 96;
  cuparams.blockDimY = 1;
  cuparams.blockDimZ = 1;
  cuparams.sharedMemBytes = 0;
  CUgraphNode cunode;
  cuGraphAddKernelNode(&cunode, cugraph, nullptr, 0, &cuparams);
  // CHECK: graphs-and-pointers.cu:[[@LINE-1]]:3: cuGraphAddKernelNode <unknown kernel> grid 10x1x1 block 96x1x1 (96 threads) smem 0
}

void launch_ex(CUfunction f, void **args) {
  CUlaunchConfig config = {};
  config.gridDimX = 8;
  config.gridDimY = 1;
  config.gridDimZ = 1;
  config.blockDimX = 256;
  config.blockDimY = 1;
  config.blockDimZ = 1;
  config.sharedMemBytes = 128;
  config.numAttrs = 0;
  cuLaunchKernelEx(&config, f, args, nullptr);
  // CHECK: graphs-and-pointers.cu:[[@LINE-1]]:3: cuLaunchKernelEx <unknown kernel> grid 8x1x1 block 256x1x1 (256 threads) smem 128{{$}}
}

void pointers(float *p, bool wide, void **args) {
  void (*k)(float *) = wide ? scale : shift;
  k<<<4, 64>>>(p);
  // CHECK-DAG: graphs-and-pointers.cu:[[@LINE-1]]:3: <<<>>> scale grid 4x1x1 block 64x1x1
  // CHECK-DAG: graphs-and-pointers.cu:[[@LINE-2]]:3: <<<>>> shift grid 4x1x1 block 64x1x1
  auto &ref = shift;
  ref<<<2, 32>>>(p);
  // CHECK: graphs-and-pointers.cu:[[@LINE-1]]:3: <<<>>> shift grid 2x1x1 block 32x1x1
  void *table[] = {(void *)scale, (void *)shift};
  for (int i = 0; i < 2; ++i)
    cudaLaunchKernel(table[i], dim3(1), dim3(128), args);
  // CHECK-DAG: graphs-and-pointers.cu:[[@LINE-1]]:5: cudaLaunchKernel scale grid 1x1x1 block 128x1x1
  // CHECK-DAG: graphs-and-pointers.cu:[[@LINE-2]]:5: cudaLaunchKernel shift grid 1x1x1 block 128x1x1
}
