// A header the user's machine has and this one lacks (rocThrust's here):
// Clang's missing-include error is fatal by default, and after a fatal
// error it instantiates no template, so the launches of explicitly
// templated kernels (`fill<2><<<grid, block>>>`, found in real SpMV code)
// were lost. The missing header is now an ordinary front-end error: every
// launch is listed, with its values. The unit is not cached (a header that
// appears later changes the parse).
// REQUIRES: hip-headers
// RUN: rm -rf %t.cache
// RUN: %cuda-launch-lint --cache-dir %t.cache --list-launches --resource-usage=none %s -- --offload-arch=gfx90a > %t.out 2> %t.err
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck --check-prefix=NOTE %s < %t.err
// NOTE: missing-header.hip: {{[0-9]+}} front-end error(s) (first: [[# @LINE + 2]]:10: 'no/such/thrust_header.h' file not found)
#include <hip/hip_runtime.h>
#include "no/such/thrust_header.h"

template <int N> __global__ void fill(float *x) { x[threadIdx.x] = N; }
template <class T> T ceil_div(T a, T b) { return (a + b - 1) / b; }

void run(float *x, int rows) {
  dim3 grid(ceil_div(rows, 4));
  dim3 block(256);
  fill<2><<<grid, block>>>(x);
  // CHECK: missing-header.hip:[[# @LINE - 1]]:3: <<<>>> fill<2> grid 250x1x1 block 256x1x1 (256 threads) smem 0
  fill<64><<<grid, 128>>>(x);
  // CHECK: missing-header.hip:[[# @LINE - 1]]:3: <<<>>> fill<64> grid 250x1x1 block 128x1x1 (128 threads) smem 0
}

int main() { run(nullptr, 1000); }
