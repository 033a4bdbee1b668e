// A benchmark sweep over block sizes: one finding per check at a launch,
// naming the values of the sweep that give it (not one per value), and the
// claim of each finding in the JSON ("fails", "may-fail", "advice").
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 --checks=*,-cuda-launch-size-unbounded %s -- -std=c++17 2>&1 | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 --checks=*,-cuda-launch-size-unbounded --format json %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=JSON
#include <cuda_runtime.h>

__global__ void k(float *y) {}
__global__ void __launch_bounds__(256) bounded(float *y) {}

void sweep(float *y, int n) {
  int sizes[] = {32, 48, 100, 128, 1024};
  for (int i = 0; i < 5; ++i) {
    k<<<n / sizes[i], sizes[i]>>>(y);
// CHECK: sweeps.cu:[[@LINE-1]]:5: warning: block of 48 threads is not a multiple of the warp size (32)
// CHECK: note: of the values that may reach this launch, block x = 48, 100 give this finding
    bounded<<<n / sizes[i], sizes[i]>>>(y);
// CHECK: sweeps.cu:[[@LINE-1]]:5: error: launch of 'bounded' with 1024 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch fails with cudaErrorInvalidValue
// CHECK: note: block x = 1024 reaches this launch on a feasible path
  }
}

// The value that fails is chosen by a condition the way to the launch
// also tests: after `if (!wide) t = 128;` only 1024 and 128 reach, and 1024
// reaches whenever `wide` holds.
void pick(float *y, bool wide) {
  int t = wide ? 1024 : 512;
  if (!wide)
    t = 128;
  bounded<<<64, t>>>(y);
// CHECK: sweeps.cu:[[@LINE-1]]:3: error: launch of 'bounded' with 1024 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch fails with cudaErrorInvalidValue
// CHECK: note: block x = 1024 reaches this launch on a feasible path
}

// Which side a ternary takes is not known, and its condition may decide
// other branches: a failing value may reach, no more.
void either(float *y, int n) {
  int t = n > 4 ? 1024 : 128;
  bounded<<<64, t>>>(y);
// CHECK: sweeps.cu:[[@LINE-1]]:3: warning: launch of 'bounded' with 1024 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch may fail with cudaErrorInvalidValue
// CHECK: note: only some of the values that may reach this launch fail
}

// JSON: "check": "cuda-block-size-not-warp-multiple"
// JSON-NEXT: "severity": "warning"
// JSON-NEXT: "claim": "advice"
// JSON: "check": "cuda-launch-bounds-exceeded"
// JSON-NEXT: "severity": "error"
// JSON-NEXT: "claim": "fails"
// JSON: "check": "cuda-launch-bounds-exceeded"
// JSON-NEXT: "severity": "error"
// JSON-NEXT: "claim": "fails"
// JSON: "check": "cuda-launch-bounds-exceeded"
// JSON-NEXT: "severity": "warning"
// JSON-NEXT: "claim": "may-fail"
