// An error on a set of values names a value proven to reach the launch on
// a feasible path: no branch on its way (to where it is chosen, from there
// to the launch, and up through the callers) may depend on the choice of
// that value or on another branch of the way. Otherwise the launch only
// "may fail".
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=LIST
#include <cassert>
#include <cuda_runtime.h>

__global__ void __launch_bounds__(512) narrow_k(float *p) {}
__global__ void wide_k(float *p) {}

// The value is chosen by `wide`, and the way to narrow_k tests `wide`
// again: 1024 never reaches narrow_k (path conditions: `wide` keeps its
// first value, so both tests go the same way).
void correlated(float *p, bool wide) {
  int t = 256;
  if (wide)
    t = 1024;
  if (wide)
    wide_k<<<1, t>>>(p);
// LIST: feasible-paths.cu:[[@LINE-1]]:5: <<<>>> wide_k grid 1x1x1 block 1024x1x1
  else
    narrow_k<<<1, t>>>(p);
// LIST: feasible-paths.cu:[[@LINE-1]]:5: <<<>>> narrow_k grid 1x1x1 block 256x1x1
}

// The same through a helper: its branch on `w` is the caller's `wide`.
void helper(float *p, int bs, bool w) {
  if (w)
    wide_k<<<1, bs>>>(p);
  else
    narrow_k<<<1, bs>>>(p);
// CHECK: feasible-paths.cu:[[@LINE-1]]:5: warning: launch of 'narrow_k' with 1024 threads per block exceeds {{.*}} the launch may fail
// CHECK: note: only some of the values that may reach this launch fail
}
void through_helper(float *p, bool wide) {
  if (wide)
    helper(p, 1024, wide);
  else
    helper(p, 256, wide);
}

// Two callers, one under a condition of its own: when `big` holds, 1024
// reaches the launch.
void launch(float *p, int bs) { narrow_k<<<1, bs>>>(p); }
// CHECK: feasible-paths.cu:[[@LINE-1]]:33: error: launch of 'narrow_k' with 1024 threads per block exceeds its __launch_bounds__ maximum of 512 on sm_80; the launch fails
// CHECK: feasible-paths.cu:[[@LINE+6]]:3: note: block x = {256, 1024} from parameter 'bs' of 'launch' from this call
// CHECK: feasible-paths.cu:[[@LINE+7]]:5: note: block x = {256, 1024} from parameter 'bs' of 'launch' from this call
// CHECK: note: block x = 1024 reaches this launch on a feasible path: no branch on the way depends on the choice of that value
// LIST: feasible-paths.cu:[[@LINE-5]]:33: <<<>>> narrow_k grid 1x1x1 block {256, 1024}x1x1
// LIST-NEXT: block.x proven to reach: {256, 1024}
void two_callers(float *p, bool big) {
  launch(p, 256);
  if (big)
    launch(p, 1024);
}

// An iteration that skips its element: 2048 is never read.
void skipped(float *p) {
  int sizes[] = {128, 256, 2048};
  for (int j = 0; j < 3; ++j) {
    if (j == 2)
      continue;
    wide_k<<<1, sizes[j]>>>(p);
// CHECK: feasible-paths.cu:[[@LINE-1]]:5: warning: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch may fail
// CHECK: note: only some of the values that may reach this launch fail
  }
}

// A branch on something computed from the value: which way it goes
// depends on the value, so no value is proven.
void derived_guard(float *p) {
  int sizes[] = {128, 2048};
  for (int j = 0; j < 2; ++j) {
    int bs = sizes[j];
    int smem = bs * 4;
    if (smem > 4096)
      continue;
    wide_k<<<1, bs>>>(p);
// CHECK: feasible-paths.cu:[[@LINE-1]]:5: warning: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch may fail
  }
}

// An error check on the way reads nothing the choice depends on: 2048
// still reaches the launch.
int independent_check(float *p) {
  int sizes[] = {128, 2048};
  for (int j = 0; j < 2; ++j) {
    int bs = sizes[j];
    if (cudaSetDevice(0) != cudaSuccess)
      return 1;
    wide_k<<<1, bs>>>(p);
// CHECK: feasible-paths.cu:[[@LINE-1]]:5: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch fails
// LIST: feasible-paths.cu:[[@LINE-2]]:5: <<<>>> wide_k grid 1x1x1 block {128, 2048}x1x1
// LIST-NEXT: block.x proven to reach: {128, 2048}
// CHECK: note: block x = 2048 reaches this launch on a feasible path
  }
  return 0;
}

// Which side of a ternary is taken depends on a condition the analysis
// does not decide: neither side is proven.
void ternary(float *p, bool big) {
  int bs = big ? 2048 : 256;
  wide_k<<<1, bs>>>(p);
// CHECK: feasible-paths.cu:[[@LINE-1]]:3: warning: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch may fail
}

// A guard on arithmetic of the value itself is decided value by value:
// `assert(bs % 32 == 0)` lets 2048 through, and 100 never reaches.
void guarded(float *p, int bs) {
  assert(bs % 32 == 0);
  wide_k<<<1, bs>>>(p);
// CHECK: feasible-paths.cu:[[@LINE-1]]:3: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch fails
// CHECK: note: block x = 2048 reaches this launch on a feasible path
// LIST: feasible-paths.cu:[[@LINE-3]]:3: <<<>>> wide_k grid 1x1x1 block {96, 2048}x1x1
// LIST-NEXT: block.x proven to reach: {96, 2048}
}
void sweep_guarded(float *p) {
  int sizes[] = {96, 100, 2048};
  for (int j = 0; j < 3; ++j)
    guarded(p, sizes[j]);
}
