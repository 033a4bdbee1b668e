// A grid or block written as a braced list, `k<<<grid, {bx, by, 1}, 0,
// stream>>>` and `k<<<{gx, gy}, block>>>`, which nvcc accepts and Clang 19
// rejects ("expected expression"): each launch is found with the dim3 the
// list makes, at the launch's own line and column, and the file parses
// without errors. The list is read as `dim3(...)`; the four added characters
// take blanks after the brace on its line, else characters of a line comment
// (like this one). A list in a kernel argument, a string or a comment is no
// launch argument.
// RUN: %cuda-launch-lint --list-launches --resource-usage=none %s -- -std=c++17 2> %t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=ERR --allow-empty %s < %t.err
// Without a toolkit (the built-in declarations), the same launches.
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %t.none %s -- -std=c++17 2>/dev/null | %FileCheck %s
// Findings point at the launch as written.
// RUN: %expect-exit 1 %cuda-launch-lint --resource-usage=none --checks=-*,cuda-block-size-invalid %s -- -std=c++17 2>/dev/null | %FileCheck --check-prefix=DIAG %s
// ERR-NOT: front-end error
#include <cuda_runtime.h>

__global__ void k(float *p) {}
void take(float *p, int (&a)[2]) {}

void launches(float *p, int n, dim3 block, cudaStream_t stream) {
  k<<<n, {32, 4, 1}, 0, stream>>>(p);
  // CHECK: braced-dims.cu:[[# @LINE - 1]]:3: <<<>>> k grid ?x1x1 block 32x4x1 (128 threads) smem 0
  k<<<{8, 2}, block>>>(p);
  // CHECK: braced-dims.cu:[[# @LINE - 1]]:3: <<<>>> k grid 8x2x1 block ?x?x? (? threads) smem 0
  k<<< { 4 , 2 } , { 16 , 16 } >>>(p);
  // CHECK: braced-dims.cu:[[# @LINE - 1]]:3: <<<>>> k grid 4x2x1 block 16x16x1 (256 threads) smem 0
  k<<<{}, {64}>>>(p);
  // CHECK: braced-dims.cu:[[# @LINE - 1]]:3: <<<>>> k grid 1x1x1 block 64x1x1 (64 threads) smem 0
  const char *text = "k<<<{1, 2}, {2048}>>>(p)"; // k<<<{1, 2}, {4096}>>>(p)
  (void)text;
  int pair[2] = {1, 2};
  take(p, pair);
}

void too_big(float *p) {
    k<<<{1, 1}, {2048}>>>(p);
}
// CHECK: braced-dims.cu:[[# @LINE - 2]]:5: <<<>>> k grid 1x1x1 block 2048x1x1 (2048 threads) smem 0
// CHECK-NOT: <<<>>>
// DIAG: braced-dims.cu:[[# @LINE - 4]]:5: error: {{.*}}2048{{.*}} [cuda-block-size-invalid]
// DIAG-NEXT: {{^ *[0-9]+}} |     k<<<{1, 1}, {2048}>>>(p);
// DIAG-NEXT: {{^ *}}|     ^
