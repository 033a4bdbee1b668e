// A value the path's own branches exclude does not reach the launch: a
// clamp (`if (bs > 1024) bs = 1024;`), an early return, an assert. Each
// value of a set is kept only if a path whose branches on the variable it
// satisfies reaches the launch.
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"
#include <cassert>

__global__ void k(float *p) {}

void clamped_parameter(int bs) {
  if (bs > 1024)
    bs = 1024;
  k<<<1, bs>>>(nullptr);
// CHECK: clamps-and-guards.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block {256, 1024}x1x1
}

void early_return(int bs) {
  if (bs > 1024)
    return;
  k<<<1, bs>>>(nullptr);
// CHECK: clamps-and-guards.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 512x1x1
}

void asserted(int bs) {
  assert(bs <= 256);
  k<<<1, bs>>>(nullptr);
// CHECK: clamps-and-guards.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 128x1x1
}

void clamped_local(bool wide) {
  int bs = wide ? 2048 : 256;
  if (bs > 1024)
    bs = 1024;
  k<<<1, bs>>>(nullptr);
// CHECK: clamps-and-guards.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block {256, 1024}x1x1
}

// The guard tests the other way round (`limit < bs`) and negated.
void reversed_guard(int bs) {
  if (!(1024 >= bs))
    return;
  k<<<1, bs>>>(nullptr);
// CHECK: clamps-and-guards.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 64x1x1
}

// Not a guard: the launch happens before the test.
void too_late(int bs) {
  k<<<1, bs>>>(nullptr);
// CHECK: clamps-and-guards.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 2048x1x1
// DIAG: clamps-and-guards.cu:[[@LINE-2]]:3: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
  if (bs > 1024)
    return;
}

void callers() {
  clamped_parameter(4096);
  clamped_parameter(256);
  early_return(2048);
  early_return(512);
  asserted(128);
  asserted(2048);
  reversed_guard(64);
  reversed_guard(4096);
  too_late(2048);
}
