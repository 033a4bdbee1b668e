// nvcc's relocatable device code (-rdc=true, -rdc true, -dc,
// --relocatable-device-code) is Clang's -fgpu-rdc: without it Clang rejects
// an `extern __shared__` variable that is not an unsized array, which nvcc
// accepts in such a build.
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- nvcc -std=c++17 -rdc=true 2>&1 | %FileCheck %s
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- nvcc -std=c++17 -rdc true 2>&1 | %FileCheck %s
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- nvcc -std=c++17 -dc 2>&1 | %FileCheck %s
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- nvcc -std=c++17 --relocatable-device-code=true 2>&1 | %FileCheck %s
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- nvcc -std=c++17 --relocatable-device-code true 2>&1 | %FileCheck %s
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- clang++ -x cuda -std=c++17 -fgpu-rdc 2>&1 | %FileCheck %s
// Whole-program device code (the default, -rdc=false, -dc then -dw): the
// same error as Clang gives.
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- nvcc -std=c++17 2>&1 | %FileCheck --check-prefix=WHOLE %s
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- nvcc -std=c++17 -dc -dw 2>&1 | %FileCheck --check-prefix=WHOLE %s
// CHECK-NOT: front-end error
// WHOLE: relocatable-device-code.cu: 2 front-end error(s) (first: [[# @LINE + 6]]:8: __shared__ variable 'tile' cannot be 'extern')
#include <cuda_runtime.h>

struct Tile {
  float v[32][33];
};
extern __shared__ Tile tile;
extern __shared__ Tile tiles[2];
extern __shared__ float dynamic[];

__global__ void transpose(float *out) {
  out[threadIdx.x] = tile.v[threadIdx.x][0] + tiles[1].v[0][0] + dynamic[0];
}

void run(float *out) { transpose<<<4, 32, 64>>>(out); }
// CHECK: relocatable-device-code.cu:[[# @LINE - 1]]:24: <<<>>> transpose grid 4x1x1 block 32x1x1 (32 threads) smem 64
