// After a fatal error (here a missing header) Clang stops instantiating
// templates: calls to function templates become RecoveryExprs, and a
// `dim3 v(f(a), b)` initialiser a ParenListExpr with no type. The resolver
// used to crash on it (null type); now such parts are unknown and the
// well-formed ones are still followed.
// RUN: %expect-exit 0 %cuda-launch-lint --resource-usage=none --list-launches %s -- -std=c++17 > %t.out 2> %t.err
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck --check-prefix=NOTE %s < %t.err
// NOTE: fatal-error-templates.cu: {{[0-9]+}} front-end error(s) (first: [[# @LINE + 1]]:10: 'no-such-header.h' file not found)
#include "no-such-header.h"

template <class T> __host__ __device__ T ceil_div(T a, T b) {
  return (a + b - 1) / b;
}
__global__ void k(float *out) {}

void launch(float *out, int n, const int side) {
  dim3 grid(ceil_div(n, side), ceil_div(n, side));
  dim3 block(side, 16);
  // CHECK: fatal-error-templates.cu:[[# @LINE + 1]]:3: <<<>>> k grid ?x?x1 block 16x16x1 (256 threads)
  k<<<grid, block>>>(out);
  dim3 wide(ceil_div(n, 4), 2, 3);
  // CHECK: fatal-error-templates.cu:[[# @LINE + 1]]:3: <<<>>> k grid ?x2x3 block 64x1x1 (64 threads)
  k<<<wide, 64>>>(out);
}

int main() { launch(nullptr, 1024, 16); }
