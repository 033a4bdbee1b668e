// Placement new in device code (CUB's block primitives construct their
// items so) needs Clang's CUDA wrapper <new>, in Clang's resource
// directory: the parse uses the resource directory of the Clang the tool
// links, as clang++ does, not one beside the tool's binary, where there is
// none ("no matching 'operator new' function for non-allocating placement
// new expression").
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- -std=c++17 2>&1 | %FileCheck %s
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- nvcc -std=c++17 2>&1 | %FileCheck %s
// CHECK-NOT: front-end error
#include <new>
#include <cub/block/block_load.cuh>

struct Pair {
  int a, b;
  __device__ Pair(int x) : a(x), b(x + 1) {}
};

__global__ void construct(Pair *out) {
  alignas(Pair) unsigned char storage[sizeof(Pair)];
  Pair *p = new (storage) Pair(threadIdx.x);
  out[threadIdx.x] = *p;
}

__global__ void load(const int *in, int *out) {
  using Load = cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  __shared__ typename Load::TempStorage storage;
  int items[4];
  Load(storage).Load(in, items);
  out[threadIdx.x] = items[0];
}

void run(Pair *pairs, const int *in, int *out) {
  construct<<<1, 64>>>(pairs);
  // CHECK: placement-new.cu:[[# @LINE - 1]]:3: <<<>>> construct grid 1x1x1 block 64x1x1
  load<<<2, 128>>>(in, out);
  // CHECK: placement-new.cu:[[# @LINE - 1]]:3: <<<>>> load grid 2x1x1 block 128x1x1
}
