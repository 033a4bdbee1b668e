// A call to a function defined in the file gives what its returns give for
// this call's arguments: `iDivUp(n, 256)`, a clamp written by hand. A
// return the arguments cannot reach gives nothing; each call is entered
// with its own arguments, never another caller's.
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- 2>&1 | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --list-launches %s -- 2>/dev/null | %FileCheck %s --check-prefix=LIST
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) bounded(float *y) {}

int iDivUp(int a, int b) { return (a % b != 0) ? (a / b + 1) : (a / b); }

int threadsFor(int n) {
  if (n > 1024)
    return 1024;
  if (n < 32)
    return 32;
  return n;
}

void launches(float *y, int len) {
  bounded<<<iDivUp(4096, 256), threadsFor(128)>>>(y);
// LIST: helper-calls.cu:[[@LINE-1]]:3: <<<>>> bounded grid 16x1x1 block 128x1x1
  bounded<<<iDivUp(4000, 256), threadsFor(8)>>>(y);
// LIST: helper-calls.cu:[[@LINE-1]]:3: <<<>>> bounded grid 16x1x1 block 32x1x1
  bounded<<<1, threadsFor(4096)>>>(y);
// CHECK: helper-calls.cu:[[@LINE-1]]:3: error: launch of 'bounded' with 1024 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch fails
// CHECK: note: block x = 1024 from the return of 'threadsFor'
// LIST: helper-calls.cu:[[@LINE-3]]:3: <<<>>> bounded grid 1x1x1 block 1024x1x1
  bounded<<<iDivUp(len, 256), 256>>>(y);
// LIST: helper-calls.cu:[[@LINE-1]]:3: <<<>>> bounded grid ?x1x1 block 256x1x1
}
