// HIP's __launch_bounds__(MAX_THREADS, MIN_WAVES_PER_EU): the second
// argument asks for at least that many waves per EU (SIMD), lowered to
// amdgpu_waves_per_eu; it is not CUDA's minimum blocks per SM. With 16 KiB
// of static LDS and 64 threads per work-group, four work-groups fit a CU
// (64 KiB of LDS) and each SIMD gets one wave (the backend's remark says 1,
// and warns that it "failed to meet occupancy target" of 4). Read as CUDA's
// minimum blocks per SM, (64, 4) would be reached (four blocks) and stay
// silent; read as HIP's, it is not reached, so cuda-occupancy-limited
// reports it. (64, 1) is reached: stated intent, silent.
// REQUIRES: hip-headers, hip-device-libs
// RUN: rm -rf %t.cache
// RUN: %cuda-launch-lint --cache-dir %t.cache %s -- --offload-arch=gfx90a 2>&1 | %FileCheck %s
// RUN: %cuda-launch-lint --format=json --cache-dir %t.cache %s -- --offload-arch=gfx90a | %FileCheck --check-prefix=JSON %s
#include <hip/hip_runtime.h>

#define BODY                                                                   \
  __shared__ float tile[4096];                                                 \
  tile[threadIdx.x] = x[threadIdx.x];                                          \
  __syncthreads();                                                             \
  x[threadIdx.x] = tile[(threadIdx.x + 1) % 64];

__global__ void __launch_bounds__(64, 4) four_waves(float *x) { BODY }
__global__ void __launch_bounds__(64, 1) one_wave(float *x) { BODY }
__global__ void __launch_bounds__(64) no_waves(float *x) { BODY }

void run(float *x) {
  four_waves<<<4096, 64>>>(x);
  // CHECK: launch-bounds-waves.hip:[[@LINE-1]]:3: warning: occupancy {{[0-9.]+}}% on gfx90a (1 of 8 waves per SIMD at 64 threads per block), limited by LDS (16 KiB per work-group){{.*}} [cuda-occupancy-limited]
  // CHECK: note: __launch_bounds__(64, 4) asks for at least 4 waves per EU (amdgpu_waves_per_eu; on HIP the second argument is not CUDA's minimum blocks per SM): 1 reached
  one_wave<<<4096, 64>>>(x);
  // CHECK-NOT: launch-bounds-waves.hip:[[@LINE-1]]:{{.*}}cuda-occupancy-limited
  no_waves<<<4096, 64>>>(x);
  // CHECK: launch-bounds-waves.hip:[[@LINE-1]]:3: warning: occupancy {{[0-9.]+}}% on gfx90a (1 of 8 waves per SIMD at 64 threads per block), limited by LDS (16 KiB per work-group){{.*}} [cuda-occupancy-limited]
  // A grid of fewer work-groups than the smallest gfx90a GPU has CUs (MI210,
  // 104) cannot fill it whatever the occupancy: not reported, as on CUDA.
  no_waves<<<8, 64>>>(x);
  // CHECK-NOT: launch-bounds-waves.hip:[[@LINE-1]]:{{.*}}cuda-occupancy-limited
}

// The kernel facts: the bound's two halves as HIP means them.
// JSON: "name": "four_waves",
// JSON: "launch_bounds": {
// JSON-NEXT: "max_threads": 64,
// JSON-NEXT: "min_waves_per_eu": 4
// JSON: "gfx90a": {
// JSON: "occupancy_waves_per_simd": 1,
