// RUN: %cuda-launch-lint --checks=-*,cuda-launch-size-unbounded --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --allow-empty --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// Written by scripts/add-check.py: the check reports nothing yet, and the
// code below is only a starting point. Add the cases the check reports, each
// followed by a line with its message (as in
// test/lit/check-launch-bounds-not-warp-multiple), and the cases it must
// leave alone.
// CHECK-MESSAGES-NOT: [cuda-launch-size-unbounded]

__global__ void scale(float *p, int n) {}

void run(float *p, int n) {
  scale<<<(n + 255) / 256, 256>>>(p, n);
}
