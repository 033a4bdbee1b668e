// A value the resolver cannot follow (a parameter with no caller, a number
// read at run time) is still pinned down by the branches on the way to the
// launch: inside `case 512:` of `switch (threads)` it is 512, after
// `if (bs != 100) return;` it is 100, between two guards it is a range.
// The variable must keep its value from the branch to the launch. Whether
// the program ever takes that path is not known: a failure there is a "may
// fail" warning, and advice on how well the block runs is left out.
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_80 --checks=*,-cuda-launch-size-unbounded %s -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"
#include <cstdlib>

template <int N> __global__ void __launch_bounds__(256) bounded(float *p) {}
__global__ void k(float *p) {}

// The dim3 is built before the switch; each case sees its own label.
void per_case(int threads, int blocks) {
  dim3 block(threads, 1, 1);
  switch (threads) {
  case 512:
    bounded<512><<<blocks, block>>>(nullptr);
// CHECK: branches-on-the-way.cu:[[@LINE-1]]:5: <<<>>> bounded<512> grid ?x1x1 block 512x1x1
// DIAG: branches-on-the-way.cu:[[@LINE-2]]:5: warning: launch of 'bounded<512>' with 512 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch may fail
// DIAG: branches-on-the-way.cu:[[@LINE-4]]:3: note: block x = 512 from parameter 'threads' of 'per_case' is 512 on the way here
// DIAG: note: the value is known only from the branch tests on the way here; the launch fails when the program takes that path
    break;
  case 256:
  case 128:
    bounded<256><<<blocks, block>>>(nullptr);
// CHECK: branches-on-the-way.cu:[[@LINE-1]]:5: <<<>>> bounded<256> grid ?x1x1 block {128, 256}x1x1
    break;
  default:
    // Anything but the labels: unknown, and it says why.
    k<<<blocks, block>>>(nullptr);
// CHECK: branches-on-the-way.cu:[[@LINE-1]]:5: <<<>>> k grid ?x1x1 block ?x1x1
// CHECK-NEXT: block.x read at run time: {{.*}}parameter 'threads' of 'per_case', no caller in the analysed files
    break;
  }
}

void guarded(int argc, char **argv) {
  int bs = atoi(argv[1]);
  if (bs != 100)
    return;
  k<<<atoi(argv[2]), bs>>>(nullptr);
// CHECK: branches-on-the-way.cu:[[@LINE-1]]:3: <<<>>> k grid ?x1x1 block 100x1x1
// (100 threads idle 28 lanes, but only on a path the program may not take.)
}

// Two guards bound a range; a range is never proof of a failure.
void between(unsigned n, int m) {
  if (n < 64 || n > 512)
    return;
  k<<<1, n>>>(nullptr);
// CHECK: branches-on-the-way.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [64, 512]x1x1
  // One side only: a signed value may be anything below, an interval open
  // at the type's minimum.
  if (m > 512)
    return;
  k<<<1, m>>>(nullptr);
// CHECK: branches-on-the-way.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [-2147483648, 512]x1x1
}

// Assigned again after the test: the test says nothing about the launch.
void reassigned(int argc, char **argv) {
  int bs = atoi(argv[1]);
  if (bs == 128) {
    bs = atoi(argv[2]);
    k<<<1, bs>>>(nullptr);
// CHECK: branches-on-the-way.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block ?x1x1
  }
}

// An expression of such variables tested as a whole: `if (C / H == 64)`.
// A variable assigned again, or read in a loop that redefines it, does
// not count.
void tested_expression(long C, long H, int argc, char **argv) {
  if (C / H == 64) {
    k<<<H, C / H>>>(nullptr);
// CHECK: branches-on-the-way.cu:[[@LINE-1]]:5: <<<>>> k grid ?x1x1 block 64x1x1
  } else if (C / H == 128 || C / H == 96) {
    k<<<H, C / H>>>(nullptr);
// CHECK: branches-on-the-way.cu:[[@LINE-1]]:5: <<<>>> k grid ?x1x1 block {96, 128}x1x1
  }
  int D = atoi(argv[1]);
  D = D + 1;
  if (D / 2 == 32)
    k<<<1, D / 2>>>(nullptr);
// CHECK: branches-on-the-way.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block ?x1x1
  for (int I = 0; I < argc; ++I) {
    int E = atoi(argv[I]);
    if (E * 2 == 64)
      k<<<1, E * 2>>>(nullptr);
// CHECK: branches-on-the-way.cu:[[@LINE-1]]:7: <<<>>> k grid 1x1x1 block ?x1x1
  }
}
