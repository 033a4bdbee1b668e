// --list-launches gives a HIP launch's occupancy on each gfx target with
// device facts, one line each, as it does for CUDA archs.
// REQUIRES: hip-headers, hip-device-libs
// RUN: %cuda-launch-lint --no-cache --list-launches %s -- --offload-arch=gfx90a --offload-arch=gfx1100 2>&1 | %FileCheck %s
#include <hip/hip_runtime.h>

__global__ void k(float *x) { x[threadIdx.x] = 0; }

void run(float *x, hipStream_t s) {
  hipLaunchKernelGGL(k, dim3(4096), dim3(256), 0, s, x);
}
// CHECK:      list-occupancy.hip:[[@LINE-2]]:3: hipLaunchKernelGGL k grid 4096x1x1 block 256x1x1 (256 threads) smem 0
// CHECK-NEXT:     occupancy gfx90a, 256 threads: 8 of 8 waves per SIMD, occupancy 100%, 8 work-groups per CU (limited by wave slots, work-group slots)
// CHECK-NEXT:     occupancy gfx1100, 256 threads: 16 of 16 waves per SIMD, occupancy 100%, 8 work-groups per WGP (limited by wave slots, work-group slots)
