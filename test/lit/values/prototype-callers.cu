// A call made before the callee's definition names its prototype (a
// forward declaration, or a header's): it is still a call of the function
// whose body holds the launch, and its arguments reach the launch.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-grid-size-invalid,cuda-block-size-invalid --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --implicit-check-not="{{error|warning}}:"
#include <cuda_runtime.h>

__global__ void k(float *p) {}

void by_rows(float *p, int rows);
static void by_threads(float *p, unsigned threads);

void run(float *p) {
  by_rows(p, 70000);
  by_threads(p, 2048);
}

void by_rows(float *p, int rows) { k<<<dim3(1, rows), 256>>>(p); }
// CHECK: prototype-callers.cu:[[@LINE-1]]:36: error: grid dimension y = 70000 exceeds the maximum of 65535 on sm_80
// CHECK: note: grid y = 70000 from parameter 'rows' of 'by_rows' from this call
static void by_threads(float *p, unsigned threads) { k<<<1, threads>>>(p); }
// CHECK: prototype-callers.cu:[[@LINE-1]]:54: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
