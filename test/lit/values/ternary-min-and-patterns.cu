// A ternary that compares its own two sides is a minimum or a maximum:
// `n < 256 ? n : 256` is at most 256 with n unknown (open below for a
// signed type, from 0 for an unsigned one). A range whose lowest value is
// 0 or below only because the other side is unknown claims nothing: no
// finding says the block may be 0. And a block in an uninstantiated
// template pattern written as a constant integer (not dependent) is that
// constant, though Clang leaves it unconverted to dim3 there.
// RUN: %cuda-launch-lint --list-launches --resource-usage=none %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_80 --checks=*,-cuda-launch-size-unbounded %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not="{{error|warning}}:"
#include <cstdint>
__global__ void k() {}
__global__ void kn(int n) {}

void signed_side(int n) {
  int b = (n < 256) ? n : 256;
  k<<<1, b>>>();
// CHECK: ternary-min-and-patterns.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [-2147483648, 256]x1x1
}

void unsigned_side(unsigned n) {
  unsigned b = (n / 64 < 512u) ? n / 64 : 512u;
  k<<<1, b>>>();
// CHECK: ternary-min-and-patterns.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [0, 512]x1x1
}

void at_least(int n) {
  int g = n > 4 ? n : 4;
  k<<<g, 128>>>();
// CHECK: ternary-min-and-patterns.cu:[[@LINE-1]]:3: <<<>>> k grid [4, 2147483647]x1x1 block 128x1x1
}

constexpr uint32_t kThreads = 128;
template <typename K, typename T> void launch(K kernel, T n) {
  kernel<<<(n + kThreads - 1) / kThreads, kThreads>>>(n);
// CHECK: ternary-min-and-patterns.cu:[[@LINE-1]]:3: <<<>>> <unknown kernel> grid ?x?x? block 128x1x1 (128 threads) smem 0 [uninstantiated template]
}
// No finding on the ranges open below, nor on the one from 0:
// DIAG-NOT: {{error|warning}}:
