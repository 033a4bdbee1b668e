// -mwavefrontsize64 on RDNA: the unit's code runs in waves of 64, which the
// warp-multiple check and the occupancy use (VGPRs per SIMD hold half as
// many wave64 waves). On gfx1100 the backend's remark for `pressure` says 9
// waves per SIMD in wave32 and 4 in wave64; a block of 96 threads fills
// three wave32 waves but leaves half of the second wave64 idle. On gfx90a
// (wave64 only) -mno-wavefrontsize64 changes nothing.
// REQUIRES: hip-headers, hip-device-libs
// RUN: rm -rf %t.cache
// RUN: %cuda-launch-lint --cache-dir %t.cache %s -- --offload-arch=gfx1100 -mwavefrontsize64 2>&1 | %FileCheck --check-prefix=WAVE64 %s
// RUN: %cuda-launch-lint --format=json --cache-dir %t.cache %s -- --offload-arch=gfx1100 -mwavefrontsize64 | %FileCheck --check-prefix=JSON64 %s
// RUN: %cuda-launch-lint --cache-dir %t.cache %s -- --offload-arch=gfx1100 2>&1 | %FileCheck --check-prefix=WAVE32 %s
// RUN: %cuda-launch-lint --resource-usage=none %s -- --offload-arch=gfx90a -mno-wavefrontsize64 2>&1 | %FileCheck --check-prefix=CDNA %s
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) pressure(const float *in, float *out) {
  float v[48];
#pragma unroll
  for (int i = 0; i < 48; ++i)
    v[i] = in[threadIdx.x + i * 256];
  float s = 0;
#pragma unroll
  for (int i = 0; i < 48; ++i)
    s += v[i] * v[47 - i];
#pragma unroll
  for (int i = 0; i < 48; ++i)
    out[threadIdx.x + i * 256] = v[i] * s;
}

void run(const float *in, float *out) {
  pressure<<<4096, 256>>>(in, out);
  // WAVE64: wavefront-size.hip:[[@LINE-1]]:3: warning: occupancy 25% on gfx1100 (4 of 16 waves per SIMD at 256 threads per block), limited by VGPRs {{.*}}[cuda-occupancy-limited]
  // WAVE32-NOT: wavefront-size.hip:[[@LINE-2]]:{{.*}}cuda-occupancy-limited
  pressure<<<4096, 96>>>(in, out);
  // WAVE64: wavefront-size.hip:[[@LINE-1]]:3: warning: 96 threads per block are not a multiple of the wave size (64 on gfx1100 with -mwavefrontsize64): the last wave runs 32 of 64 lanes; use 128 [cuda-block-size-not-warp-multiple]
  // WAVE32-NOT: wavefront-size.hip:[[@LINE-2]]:{{.*}}cuda-block-size-not-warp-multiple
  // CDNA: wavefront-size.hip:[[@LINE-3]]:3: warning: 96 threads per block are not a multiple of the wave size (64 on gfx90a): the last wave runs 32 of 64 lanes; use 128 [cuda-block-size-not-warp-multiple]
  // A tiny launch (32 threads in all) is left alone, as on CUDA.
  pressure<<<2, 16>>>(in, out);
  // CDNA-NOT: wavefront-size.hip:[[@LINE-1]]:{{.*}}cuda-block-size-not-warp-multiple
}

// The launch's occupancy object and the backend's own figure agree.
// JSON64: "launches":
// JSON64: "line": 30,
// JSON64: "occupancy": [
// JSON64: "arch": "gfx1100",
// JSON64: "wave_size": 64,
// JSON64: "waves_per_simd": 4,
// JSON64: "kernels":
// JSON64: "name": "pressure",
// JSON64: "gfx1100": {
// JSON64: "occupancy_waves_per_simd": 4,
