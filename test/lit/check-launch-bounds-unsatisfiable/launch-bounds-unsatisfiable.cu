// RUN: %cuda-launch-lint --checks=-*,cuda-launch-bounds-unsatisfiable --resource-usage=none --arch=sm_75,sm_80 --cuda-path %cuda-path %s -- nvcc 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void __launch_bounds__(1024, 2) two_big(float *p) {}
// CHECK-MESSAGES: launch-bounds-unsatisfiable.cu:[[@LINE-1]]:17: warning: __launch_bounds__(1024, 2) of 'two_big' cannot be met on sm_75: 2 blocks of 1024 threads need 2048 thread slots, and an SM has 1024; the device compiler limits registers for occupancy the kernel cannot reach [cuda-launch-bounds-unsatisfiable]
__global__ void __launch_bounds__(32, 40) many_small(float *p) {}
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: __launch_bounds__(32, 40) of 'many_small' cannot be met on sm_75: an SM holds at most 16 blocks
// CHECK-MESSAGES: :[[@LINE-2]]:17: warning: __launch_bounds__(32, 40) of 'many_small' cannot be met on sm_80: an SM holds at most 32 blocks
// A maximum that is not a warp multiple is cuda-launch-bounds-not-warp-multiple.
__global__ void __launch_bounds__(100) odd(float *p) {}
__global__ void __launch_bounds__(256, 4) fine(float *p) {}
