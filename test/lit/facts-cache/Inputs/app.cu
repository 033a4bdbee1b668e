// The facts cache's test unit: the block size comes from a header two
// includes down (config.h -> sizes.h), the grid from a -D flag.
#include "config.h"

__global__ void __launch_bounds__(MAX_THREADS) scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] *= 2;
}

#ifndef GRID
#define GRID 4
#endif

void run(float *a, int n) {
  scale<<<GRID, BLOCK>>>(a, n);
  cudaFuncSetAttribute(scale, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       1024);
}
