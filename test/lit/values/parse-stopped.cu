// A fatal error (a missing header) means code that was never read may set a
// non-const global: its initialiser is not its value, and the reason says
// where the parse stopped. A const global keeps its value; without the
// fatal error the initialiser of a global nothing writes still holds.
// RUN: %cuda-launch-lint --list-launches --resource-usage=none %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %cuda-launch-lint --resource-usage=none --format=json %s -- -std=c++17 2>/dev/null | %FileCheck --check-prefix=JSON %s
// RUN: %cuda-launch-lint --list-launches --resource-usage=none %s -- -std=c++17 -DHAVE_ALL 2>/dev/null | %FileCheck --check-prefix=WHOLE %s
#include <cuda_runtime.h>
#ifndef HAVE_ALL
#include "not-there/device_setup.h"
#endif

__global__ void k(float *p) {}
int num_SMs = 0;
const int kThreads = 128;

void run(float *p) {
  k<<<num_SMs * 4, kThreads>>>(p);
// CHECK: parse-stopped.cu:[[@LINE-1]]:3: <<<>>> k grid ?x1x1 block 128x1x1 (128 threads) smem 0
// JSON: "reason": "variable 'num_SMs': not const, and the parse stopped at parse-stopped.cu:10 (fatal error), so code that sets it may be unseen"
// WHOLE: parse-stopped.cu:[[@LINE-3]]:3: <<<>>> k grid 0x1x1 block 128x1x1 (128 threads) smem 0
}
