// The acceptance line of issue 30: `cuda-launch-lint --format=json f.hip --
// --offload-arch=gfx90a` reports the errors at their lines for gfx90a,
// lists each kernel's gfx90a device facts (the AMDGPU backend's remarks),
// and gives each launch's occupancy on gfx90a.
// REQUIRES: hip-headers, hip-device-libs
// RUN: rm -rf %t.cache
// RUN: %expect-exit 1 %cuda-launch-lint --format=json --cache-dir %t.cache %s -- --offload-arch=gfx90a > %t.json
// RUN: %FileCheck --check-prefix=DIAG %s < %t.json
// RUN: %FileCheck --check-prefix=FACTS %s < %t.json
// RUN: %FileCheck --check-prefix=OCC %s < %t.json
// A second run reads the device facts from the cache: the same document.
// RUN: %expect-exit 1 %cuda-launch-lint --format=json --cache-dir %t.cache %s -- --offload-arch=gfx90a > %t.again.json
// RUN: diff %t.json %t.again.json
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f;
}

__global__ void stage(float *x) {
  __shared__ float tile[4096];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
}

void run(float *x, int n) {
  scale<<<64, 256>>>(x, n);
  hipLaunchKernelGGL(scale, dim3(64), dim3(512), 0, 0, x, n);
  // DIAG: "check": "cuda-launch-bounds-exceeded",
  // DIAG-NEXT: "severity": "error",
  // DIAG-NEXT: "claim": "fails",
  // DIAG-NEXT: "file": "{{.*}}acceptance.hip",
  // DIAG-NEXT: "line": [[@LINE-5]],
  // DIAG-NEXT: "column": 3,
  // DIAG-NEXT: "arch": "gfx90a",
  // DIAG-NEXT: "message": "512 threads per block exceed the launch bound of 'scale' of 256 (amdgpu_flat_work_group_size){{.*}}; the launch fails with hipErrorLaunchFailure",
  hipLaunchKernelGGL(stage, dim3(8), dim3(128), 65536, 0, x);
  // DIAG: "check": "cuda-shared-memory-exceeded",
  // DIAG-NEXT: "severity": "warning",
  // DIAG-NEXT: "claim": "may-fail",
  // DIAG: "line": [[@LINE-4]],
  // DIAG: "arch": "gfx90a",
  // DIAG-NEXT: "message": "16 KiB of static and 64 KiB of dynamic LDS exceed the 64 KiB one work-group may have on gfx90a; the launch may fail",
  stage<<<8, 128, 70000>>>(x);
  // DIAG: "check": "cuda-shared-memory-exceeded",
  // DIAG-NEXT: "severity": "error",
  // DIAG: "line": [[@LINE-3]],
  // DIAG: "message": "70000 B of dynamic LDS exceed the 64 KiB one work-group may have on gfx90a; the launch fails with hipErrorInvalidValue",
  stage<<<1024, 96>>>(x);
  // DIAG: "check": "cuda-block-size-not-warp-multiple",
  // DIAG-NEXT: "severity": "warning",
  // DIAG: "line": [[@LINE-3]],
  // DIAG: "message": "96 threads per block are not a multiple of the wave size (64 on gfx90a): the last wave runs 32 of 64 lanes; use 128",
  // DIAG: "check": "cuda-occupancy-limited",
  // DIAG-NEXT: "severity": "warning",
  // DIAG: "line": [[@LINE-7]],
  // DIAG: "message": "occupancy 25% on gfx90a (2 of 8 waves per SIMD at 96 threads per block), limited by LDS (16 KiB per work-group)
  scale<<<4, 2048>>>(x, n);
  // DIAG: "check": "cuda-block-size-invalid",
  // DIAG-NEXT: "severity": "error",
  // DIAG: "line": [[@LINE-3]],
  // DIAG: "message": "2048 threads per block exceed the 1024 a work-group may have; the launch fails with hipErrorInvalidConfiguration",
  // DIAG: "launches":
}

// The launches with their occupancy on gfx90a (the AMD calculator's object).
// OCC: "launches":
// OCC: "line": 30,
// OCC: "api": "<<<>>>",
// OCC: "occupancy": [
// OCC-NEXT: {
// OCC-NEXT: "arch": "gfx90a",
// OCC-NEXT: "vendor": "amd",
// OCC: "waves_per_simd": 8,
// OCC: "line": 31,
// OCC: "api": "hipLaunchKernelGGL",
// OCC: "arch": "gfx90a",
// OCC: "line": 52,
// OCC: "arch": "gfx90a",
// OCC: "waves_per_simd": 2,

// The kernels' gfx90a device facts.
// FACTS: "kernels":
// FACTS: "name": "scale",
// FACTS-NEXT: "mangled": "_Z5scalePfi",
// FACTS: "per_arch": {
// FACTS-NEXT: "gfx90a": {
// FACTS-NEXT: "vgprs": {{[0-9]+}},
// FACTS-NEXT: "agprs": 0,
// FACTS-NEXT: "sgprs": {{[0-9]+}},
// FACTS-NEXT: "lds": 0,
// FACTS-NEXT: "scratch_per_lane": 0,
// FACTS-NEXT: "dynamic_stack": false,
// FACTS-NEXT: "vgpr_spills": 0,
// FACTS-NEXT: "sgpr_spills": 0,
// FACTS-NEXT: "occupancy_waves_per_simd": 8,
// FACTS-NEXT: "max_threads": 256,
// FACTS: "name": "stage",
// FACTS: "gfx90a": {
// FACTS: "lds": 16384,
