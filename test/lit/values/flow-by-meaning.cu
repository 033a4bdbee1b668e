// Values by meaning, as they flow: rules, not one case per construct. An
// interval open on one end (min/max with one side unknown, a comparison on
// the way), disjunctions in tests and asserts, a lambda that reads a
// variable by reference, floating point converted to an integer, calls of
// the file's functions run with their loops, and the kernel a pointer holds
// chosen by the same condition as the launch's block.
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"
#include <algorithm>
#include <cassert>
#include <cmath>

__global__ void k(float *y) {}

// min/max/clamp with one side unknown: at most / at least the known side.
void one_side_unknown(float *y, int n, short s) {
  k<<<1, std::min(n, 256)>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [-2147483648, 256]x1x1
  k<<<1, std::max(n, 2048)>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [2048, 2147483647]x1x1
// DIAG: flow-by-meaning.cu:[[@LINE-2]]:3: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
  k<<<1, std::clamp(n, 32, 256)>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [32, 256]x1x1
  int f = fminf(n, 256);
  k<<<1, f>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [-2147483648, 256]x1x1
  int g = fmaxf(s, 64);
  k<<<1, g>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [64, 32767]x1x1
}

// Every comparison on the way bounds a parameter no caller passes.
void guarded(float *y, int n) {
  if (n <= 1024)
    k<<<1, n>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block [-2147483648, 1024]x1x1
  if (!(n < 32))
    k<<<1, n>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block [32, 2147483647]x1x1
  if (2048 < n)
    k<<<1, n>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block [2049, 2147483647]x1x1
// A value known only from the test on the way: the launch may never run.
// DIAG: flow-by-meaning.cu:[[@LINE-3]]:5: warning: block dimension x = 2049 exceeds the maximum of 1024 on sm_80; the launch may fail
}
void early_return(float *y, int n) {
  if (n > 1024)
    return;
  k<<<1, n>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [-2147483648, 1024]x1x1
}

// A global no statement or call on the way may change: its tests bound it.
int g_threads;
void on_a_global(float *y) {
  if (g_threads >= 32 && g_threads <= 512)
    k<<<1, g_threads>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block [32, 512]x1x1
}
void set_threads(int n) { g_threads = n; }
void after_a_call(float *y) {
  if (g_threads > 512)
    return;
  set_threads(4096);
  k<<<1, g_threads>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: variable 'g_threads': not const, and written at
}

// Disjunctions in an assert and in a test.
void asserted(float *y, int x) {
  assert(x == 64 || x == 128);
  if (x == 64) {
  } else {
    k<<<1, x>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block 128x1x1
  }
}
void tested(float *y, int x) {
  if (!(x == 32 || x == 96 || x == 2048))
    return;
  k<<<1, x>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block {32, 96, 2048}x1x1
// DIAG: flow-by-meaning.cu:[[@LINE-2]]:3: warning: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch may fail
}

// A lambda that reads by reference sees what reaches it, and what may be
// assigned after it is made.
void by_reference(float *y, bool c) {
  int bs = c ? 256 : 128;
  k<<<1, bs>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block {128, 256}x1x1
  auto g = [&] { k<<<1, bs>>>(y); };
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:18: <<<>>> k grid 1x1x1 block {128, 256}x1x1
  g();
  int later = 64;
  auto h = [&] { k<<<1, later>>>(y); };
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:18: <<<>>> k grid 1x1x1 block {64, 4096}x1x1
// DIAG: flow-by-meaning.cu:[[@LINE-2]]:18: warning: block dimension x = 4096 exceeds the maximum of 1024 on sm_80; the launch may fail
  h();
  later = 4096;
  h();
}

// Floating point through constants, rounding and casts.
void floating(float *y, bool c) {
  int t = int(std::ceil(1500 / 32.0)) * 64;
  k<<<1, t>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 3008x1x1
// DIAG: flow-by-meaning.cu:[[@LINE-2]]:3: error: block dimension x = 3008 exceeds the maximum of 1024 on sm_80
  int rows = c ? 1000 : 3000;
  k<<<(int)ceilf(rows / 256.0f), (unsigned)floor(1000 / 3.9)>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid {4, 12}x1x1 block 256x1x1
  k<<<1, static_cast<int>(std::round(63.5)) + 1>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 65x1x1
// DIAG: flow-by-meaning.cu:[[@LINE-2]]:3: warning: block of 65 threads is not a multiple of the warp size
}

// Functions of the file, run with their loops on the arguments' values.
static int np2(int x) {
  int p = 1;
  while (p < x)
    p *= 2;
  return p;
}
static int warps_for(int n) {
  int w = 0;
  for (int i = 0; i < n; i += 32)
    ++w;
  return w * 32;
}
void called(float *y, int c) {
  k<<<1, np2(1500)>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 2048x1x1
// DIAG: flow-by-meaning.cu:[[@LINE-2]]:3: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
  k<<<1, warps_for(100)>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 128x1x1
  if (c <= 1024)
    k<<<1, np2(c)>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024}x1x1
}

// The kernel and the block chosen by one condition: kn runs with 128 only.
__global__ void __launch_bounds__(128) kn(float *y) {}
__global__ void kw(float *y) {}
void same_condition(float *y, bool wide) {
  void (*kp)(float *) = wide ? kw : kn;
  int t = wide ? 256 : 128;
  kp<<<1, t>>>(y);
// CHECK-DAG: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> kw grid 1x1x1 block 256x1x1
// CHECK-DAG: flow-by-meaning.cu:[[@LINE-2]]:3: <<<>>> kn grid 1x1x1 block 128x1x1
}
static int pick(bool big) { return big ? 1024 : 128; }
__global__ void __launch_bounds__(1024) big_k(float *y) {}
__global__ void __launch_bounds__(128) small_k(float *y) {}
void through_a_helper(float *y, bool big) {
  int t = pick(big);
  if (big)
    big_k<<<1, t>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:5: <<<>>> big_k grid 1x1x1 block 1024x1x1
  else
    small_k<<<1, t>>>(y);
// CHECK: flow-by-meaning.cu:[[@LINE-1]]:5: <<<>>> small_k grid 1x1x1 block 128x1x1
  void (*kp)(float *) = big ? big_k : small_k;
  kp<<<1, pick(big)>>>(y);
// CHECK-DAG: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> big_k grid 1x1x1 block 1024x1x1
// CHECK-DAG: flow-by-meaning.cu:[[@LINE-2]]:3: <<<>>> small_k grid 1x1x1 block 128x1x1
}
// A kernel chosen by a condition the block does not share: each kernel is
// checked with every block that may reach it.
void other_condition(float *y, bool wide, bool tall) {
  void (*kp)(float *) = wide ? kw : kn;
  kp<<<1, tall ? 256 : 128>>>(y);
// CHECK-DAG: flow-by-meaning.cu:[[@LINE-1]]:3: <<<>>> kw grid 1x1x1 block {128, 256}x1x1
// CHECK-DAG: flow-by-meaning.cu:[[@LINE-2]]:3: <<<>>> kn grid 1x1x1 block {128, 256}x1x1
// DIAG: flow-by-meaning.cu:[[@LINE-3]]:3: warning: launch of 'kn' with 256 threads per block exceeds its __launch_bounds__ maximum of 128 on sm_80; the launch may fail
}
