// A header this machine lacks is a fatal error for Clang, after which it
// instantiates no template: the launches of a template kernel, and of a
// kernel that takes a class template, would vanish without a word. The tool
// makes it an ordinary error, so every launch is seen and judged on what
// Clang recovered (the note says so), and a global that code in the missing
// header could write is still not trusted.
// RUN: %expect-exit 0 %cuda-launch-lint --resource-usage=none --list-launches %s -- -std=c++17 > %t.out 2> %t.err
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck --check-prefix=NOTE %s < %t.err
// RUN: %expect-exit 1 %cuda-launch-lint --resource-usage=none %s -- -std=c++17 2>&1 | %FileCheck --check-prefix=JUDGED %s
// NOTE: missing-header-instantiates.cu: {{[0-9]+}} front-end error(s) (first: [[# @LINE + 1]]:10: 'sdk_not_installed.h' file not found); analysed what Clang recovered
#include <sdk_not_installed.h>

template <typename T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
template <typename T> struct span { T *data; int size; };
__global__ void by_span(span<float> s) { s.data[threadIdx.x] = 0; }
__global__ void plain(int *p) { p[threadIdx.x] = 0; }
int blocks = 4;

void run(int *ip, double *dp, span<float> s) {
  // CHECK: missing-header-instantiates.cu:[[# @LINE + 1]]:3: <<<>>> fill<int> grid 4x1x1 block 256x1x1
  fill<<<4, 256>>>(ip, 1);
  // CHECK: missing-header-instantiates.cu:[[# @LINE + 1]]:3: <<<>>> fill<double> grid 4x1x1 block 2048x1x1
  fill<double><<<4, 2048>>>(dp, 2.0);
  // JUDGED: missing-header-instantiates.cu:[[# @LINE - 1]]:3: error: block dimension x = 2048 exceeds the maximum of 1024
  // CHECK: missing-header-instantiates.cu:[[# @LINE + 1]]:3: <<<>>> by_span grid 4x1x1 block 128x1x1
  by_span<<<4, 128>>>(s);
  // CHECK: missing-header-instantiates.cu:[[# @LINE + 1]]:3: <<<>>> plain grid ?x1x1 block 64x1x1
  plain<<<blocks, 64>>>(ip);
}
