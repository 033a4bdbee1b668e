// nvcc's host compiler is GCC, which finds its own headers (omp.h) without
// any flag; Clang has none of them. An nvcc command (or a bare flag list,
// which nvcc builds) is parsed with GCC's header directory last, so such an
// include no longer ends the parse as a fatal error (after which Clang stops
// instantiating templates and the launch values are lost).
// REQUIRES: host-gcc-omp
// RUN: %cuda-launch-lint --resource-usage=none --list-launches %s -- nvcc -std=c++17 2>&1 | %FileCheck %s
// RUN: %cuda-launch-lint --resource-usage=none --list-launches %s -- -std=c++17 2>&1 | %FileCheck %s
// CHECK-NOT: 'omp.h' file not found
#include <omp.h>

template <int N> __global__ void k(float *p) {}
template <int N> void launch(float *p) { k<N><<<1, N>>>(p); }

void run(float *p) { launch<128>(p); }
// CHECK: host-compiler-headers.cu:[[# @LINE - 3]]:{{[0-9]+}}: <<<>>> k<128> grid 1x1x1 block 128x1x1 (128 threads)
