// Launch values flow-sensitively (reaching definitions on Clang's CFG): a
// launch in a switch case sees that case's assignment only; fallthrough,
// loops and branches keep every value that can reach; a later assignment
// on every path kills the earlier one.
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"
__global__ void k(float *p) {}

void per_case(float *p, int ncols) {
  int nwarps = 4;
  switch (ncols) {
  case 1:
    nwarps = 4;
    k<<<1, nwarps * 32>>>(p);
// CHECK: reaching-definitions.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block 128x1x1
    break;
  case 8:
    nwarps = 40;
    k<<<1, nwarps * 32>>>(p);
// CHECK: reaching-definitions.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block 1280x1x1
// DIAG: reaching-definitions.cu:[[@LINE-2]]:5: error: block dimension x = 1280 exceeds the maximum of 1024 on sm_80
    break;
  default:
    nwarps = 2;
    k<<<1, nwarps * 32>>>(p);
// CHECK: reaching-definitions.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block 64x1x1
    break;
  }
}

void fallthrough(float *p, int c) {
  int t = 64;
  switch (c) {
  case 1:
    t = 2048;
  case 2:
    k<<<1, t>>>(p);
// CHECK: reaching-definitions.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block {64, 2048}x1x1
// DIAG: reaching-definitions.cu:[[@LINE-2]]:5: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch fails
    break;
  }
}

void loop_later(float *p, int n) {
  int t = 128;
  for (int i = 0; i < n; ++i) {
    k<<<1, t>>>(p);
// CHECK: reaching-definitions.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block {128, 4096}x1x1
// DIAG: reaching-definitions.cu:[[@LINE-2]]:5: error: block dimension x = 4096 exceeds the maximum of 1024 on sm_80; the launch fails
    t = 4096;
  }
}

void branch_then_launch(float *p, bool big) {
  int t;
  if (big)
    t = 4096;
  else
    t = 256;
  k<<<1, t>>>(p);
// CHECK: reaching-definitions.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block {256, 4096}x1x1
// DIAG: reaching-definitions.cu:[[@LINE-2]]:3: error: block dimension x = 4096 exceeds the maximum of 1024 on sm_80; the launch fails
}

void killed(float *p) {
  int t = 4096;
  t = 256;
  k<<<1, t>>>(p);
// CHECK: reaching-definitions.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 256x1x1
}

// A parenthesised initialiser, as a macro writes it, and one value-dependent
// in a template's pattern: the CFG places the expression inside the
// parentheses.
#define BITS 11
#define NBUCKETS (1 << BITS)
void parenthesised(float *p) {
  int blocks = NBUCKETS;
  k<<<blocks, 256>>>(p);
// CHECK: reaching-definitions.cu:[[@LINE-1]]:3: <<<>>> k grid 2048x1x1 block 256x1x1
}
template <unsigned RB> struct Context {
  float *d;
  void solve();
};
template <unsigned RB> void Context<RB>::solve() {
  int blocks = (1 << (20 - RB));
  k<<<blocks, 256>>>(d);
// CHECK: reaching-definitions.cu:[[@LINE-1]]:3: <<<>>> k grid 2048x1x1 block 256x1x1
}
template struct Context<9>;
