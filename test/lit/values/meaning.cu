// The language's meaning, not a project's shape: each row of the values
// issue's table, written small. Lists, struct members, std::max/clamp,
// rounding of a guarded range, a ternary decided by an early return, a
// kernel chosen through a pointer, and a graph's kernel node.
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=LIST
#include <algorithm>
#include <cuda_runtime.h>

__global__ void k(float *y) {}
__global__ void __launch_bounds__(256) bounded(float *y) {}

void range_for(float *y) {
  for (int bs : {128, 256, 2048})
    k<<<64, bs>>>(y);
// CHECK: meaning.cu:[[@LINE-1]]:5: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
// CHECK: note: block x = 2048 reaches this launch on a feasible path
// LIST: meaning.cu:[[@LINE-3]]:5: <<<>>> k grid 64x1x1 block {128, 256, 2048}x1x1
}

struct Config {
  int threads = 1024;
};
void member_initialiser(float *y) {
  Config cfg;
  bounded<<<1, cfg.threads>>>(y);
// CHECK: meaning.cu:[[@LINE-1]]:3: error: launch of 'bounded' with 1024 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch fails
// CHECK: note: block x = 1024 from member 'threads' of 'Config'
}

void max_of_unknown(float *y, int n) {
  int t = std::max(n, 2048);
  k<<<64, t>>>(y);
// CHECK: meaning.cu:[[@LINE-1]]:3: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
// CHECK: note: the launch takes a value in [2048, 2147483647]; it fails from the lowest of them on, so for every one
// LIST: meaning.cu:[[@LINE-3]]:3: <<<>>> k grid 64x1x1 block [2048, 2147483647]x1x1
}

void clamped(float *y, int n) {
  int t = std::clamp(n, 32, 1024);
  k<<<64, t>>>(y);
// LIST: meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 64x1x1 block [32, 1024]x1x1
}

void guarded_and_rounded(float *y, int n) {
  if (n < 1 || n > 100)
    return;
  int t = (n + 31) / 32 * 32;
  k<<<64, t>>>(y);
// LIST: meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 64x1x1 block [32, 128]x1x1
}

void early_return(float *y, bool big) {
  int t = big ? 512 : 128;
  if (big)
    return;
  bounded<<<64, t>>>(y);
// LIST: meaning.cu:[[@LINE-1]]:3: <<<>>> bounded grid 64x1x1 block 128x1x1
}

__global__ void __launch_bounds__(256) knarrow(float *y) {}
__global__ void kwide(float *y) {}
void through_a_pointer(float *y, bool wide) {
  void (*kp)(float *) = wide ? kwide : knarrow;
  kp<<<64, 512>>>(y);
// CHECK: meaning.cu:[[@LINE-1]]:3: error: launch of 'knarrow' with 512 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch fails
// CHECK: note: the launched kernel is 'knarrow' on a path where it comes from kernel 'knarrow'
// LIST-DAG: meaning.cu:[[@LINE-3]]:3: <<<>>> knarrow grid 64x1x1 block 512x1x1
// LIST-DAG: meaning.cu:[[@LINE-4]]:3: <<<>>> kwide grid 64x1x1 block 512x1x1
}

void graph_node(float *y, cudaGraph_t graph) {
  cudaKernelNodeParams params = {};
  void *args[] = {&y};
  params.func = (void *)k;
  params.gridDim = dim3(64);
  params.blockDim = dim3(2048);
  params.kernelParams = args;
  cudaGraphNode_t node;
  cudaGraphAddKernelNode(&node, graph, nullptr, 0, &params);
// CHECK: meaning.cu:[[@LINE-1]]:3: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
// LIST: meaning.cu:[[@LINE-2]]:3: cudaGraphAddKernelNode k grid 64x1x1 block 2048x1x1
}
