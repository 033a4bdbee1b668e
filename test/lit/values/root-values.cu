// RUN: %cuda-launch-lint --list-launches --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=NEVER
// RUN: %cuda-launch-lint --checks=-*,cuda-grid-size-invalid,cuda-block-size-not-warp-multiple --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=FOUND --implicit-check-not="{{error|warning}}:"
// Values read from one variable in several places agree: a launch under
// `case 16:` of `switch (jb)` inside the loop over jb runs with the grid
// and block made from jb = 16, not with every mix of jb's values (MAGMA's
// triangular inverse). A launch no value of jb reaches never runs.

__global__ void k(int n) {}
static inline int ceildiv(int a, int b) { return (a + b - 1) / b; }

void inverse(int n) {
  for (int jb = 16; jb < 128; jb *= 2) {
    int npages = ceildiv(n, 2 * jb);
    dim3 threads((jb <= 32 ? jb / 4 : 16), 4);
    dim3 grid(jb / (threads.x * threads.y), npages);
    switch (jb) {
    case 16:
      k<<<grid, threads>>>(n);
      // CHECK: root-values.cu:[[@LINE-1]]:7: <<<>>> k grid 1x?x1 block 4x4x1 (16 threads)
      // FOUND: root-values.cu:[[@LINE-2]]:7: warning: block of 16 threads is not a multiple of the warp size
      break;
    case 32:
      k<<<grid, threads>>>(n);
      // CHECK: root-values.cu:[[@LINE-1]]:7: <<<>>> k grid 1x?x1 block 8x4x1 (32 threads)
      break;
    default:
      k<<<grid, threads>>>(n);
      // CHECK: root-values.cu:[[@LINE-1]]:7: <<<>>> k grid 1x?x1 block 16x4x1 (64 threads)
      break;
    }
    // Never reached: jb is 16, 32 or 64.
    if (jb == 128)
      k<<<grid, threads>>>(n);
    // NEVER: root-values.cu:[[@LINE-1]]:7: not fully checked: unknown grid size (grid.x: no value 'jb' may have reaches this launch: it never runs)
  }
}

// A read before the root changes again gives the launch another value:
// `before` holds jb of the previous step (32 at `case 64:`): no pinning.
void stale() {
  int before = 8;
  for (int jb = 16; jb < 128; jb *= 2) {
    switch (jb) {
    case 64:
      k<<<1, before>>>(0);
      // CHECK: root-values.cu:[[@LINE-1]]:7: <<<>>> k grid 1x1x1 block {8, 16, 32, 64}x1x1
      break;
    }
    before = jb;
  }
}
