// RUN: %cuda-launch-lint --checks=-*,cuda-launch-bounds-not-warp-multiple --resource-usage=none --arch=sm_75,sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// One finding per kernel, whatever the archs (the warp is 32 everywhere).
__global__ void __launch_bounds__(100) odd(float *p) {}
// CHECK-MESSAGES: launch-bounds-not-warp-multiple.cu:[[@LINE-1]]:17: warning: __launch_bounds__ maximum of 100 threads is not a multiple of the warp size (32); a block of 100 threads idles 28 lanes of its last warp [cuda-launch-bounds-not-warp-multiple]
__global__ void __launch_bounds__(33, 2) barely(float *p) {}
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: __launch_bounds__ maximum of 33 threads {{.*}} idles 31 lanes
// Warp multiples, kernels without a bound and one-thread kernels: nothing.
__global__ void __launch_bounds__(256) fine(float *p) {}
__global__ void __launch_bounds__(1) serial(float *p) {}
__global__ void unbounded(float *p) {}
// A template's instantiations share one source: one finding, with a note
// counting the others (here the head sizes 40, 72 and 80).
template <int D> __global__ void __launch_bounds__(D, 1) combine(float *p) {}
// CHECK-MESSAGES: :[[@LINE-1]]:34: warning: __launch_bounds__ maximum of 40 threads {{.*}}[cuda-launch-bounds-not-warp-multiple]
// CHECK-MESSAGES: note: 2 other instantiations of this template get the same finding, with their own values
template __global__ void combine<40>(float *);
template __global__ void combine<64>(float *);
template __global__ void combine<72>(float *);
template __global__ void combine<80>(float *);
