// RUN: %cuda-launch-lint --checks=-*,cuda-launch-bounds-oversized --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -O3 -gencode arch=compute_80,code=sm_80 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// A launch whose block size is unknown might use the whole bound: nothing.
// RUN: %cuda-launch-lint --checks=-*,cuda-launch-bounds-oversized --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -O3 -DUNKNOWN_LAUNCH -gencode arch=compute_80,code=sm_80 2>/dev/null | %FileCheck %s --check-prefix=UNKNOWN --allow-empty
// UNKNOWN-NOT: warning:
// REQUIRES: nvcc
#include "../Inputs/heavy-kernels.cuh"

void f(const float *in, float *out, int n) {
  squeezed<64><<<n, 128>>>(in, out, n);
  squeezed<64><<<n, 256>>>(in, out, n);
#ifdef UNKNOWN_LAUNCH
  squeezed<64><<<n, n>>>(in, out, n);
#endif
}
// CHECK-MESSAGES: heavy-kernels.cuh:{{[0-9]+}}:{{[0-9]+}}: warning: __launch_bounds__ of 'squeezed<64>' allows 1024 threads but its 2 launches use at most 256; on sm_80 the bound's register budget makes it spill ({{[0-9]+}} B stores, {{[0-9]+}} B loads) [cuda-launch-bounds-oversized]
// CHECK-MESSAGES: note: __launch_bounds__(256) matches the launches and leaves more registers per thread
// CHECK-MESSAGES: launch-bounds-oversized.cu:9:3: note: launched with 128 threads here
// CHECK-MESSAGES: launch-bounds-oversized.cu:10:3: note: launched with 256 threads here
