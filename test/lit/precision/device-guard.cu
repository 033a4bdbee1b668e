// A launch that runs only when a device query says so may never run on the
// GPUs where its error fires (the code checks the device for that very
// case): its error is reported only when it fires on every target arch.
// REQUIRES: cuda-toolkit
// RUN: %expect-exit 1 %cuda-launch-lint --checks=-*,cuda-shared-memory-exceeded,cuda-block-size-invalid --resource-usage=none --arch=sm_75,sm_80 --cuda-path %cuda-path %s -- -std=c++17 > %t 2>/dev/null
// RUN: %FileCheck %s < %t --implicit-check-not="{{error|warning}}:"
// RUN: %expect-exit 1 %cuda-launch-lint --checks=-*,cuda-func-attribute-refused --resource-usage=none --arch=sm_75,sm_80 --cuda-path %cuda-path %s -- -std=c++17 2>/dev/null | %FileCheck --check-prefix=OPTIN %s --implicit-check-not="{{error|warning}}:"
// JSON names the guard of each guarded launch.
// RUN: %expect-exit 1 %cuda-launch-lint --format json --resource-usage=none --arch=sm_75 --cuda-path %cuda-path %s -- -std=c++17 2>/dev/null | %FileCheck --check-prefix=JSON %s
// JSON: "device_guard": {
// JSON-NEXT: "file": "{{.*}}device-guard.cu",
// JSON-NEXT: "line": 25,
// JSON-NEXT: "column": 7,
// JSON-NEXT: "condition": "prop.sharedMemPerMultiprocessor >= Smem"
#include <cuda_runtime.h>
__global__ void big_tile(float *p) {}
constexpr size_t Smem = 72 * 1024;

void run(float *p, int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  cudaFuncSetAttribute(big_tile, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       Smem);
  // OPTIN: device-guard.cu:[[@LINE-2]]:3: error: cudaFuncSetAttribute(big_tile, cudaFuncAttributeMaxDynamicSharedMemorySize, 73728) asks for up to 72 KiB of dynamic shared memory, more than the sm_75 maximum of 64 KiB per block; the call fails
  if (prop.sharedMemPerMultiprocessor >= Smem) {
    big_tile<<<prop.multiProcessorCount, 256, Smem>>>(p);
    // 72 KiB is over sm_75's 64 KiB, within sm_80's 163 KiB: sm_75 GPUs do
    // not pass the guard. Nothing is reported.
    big_tile<<<1, 2048>>>(p);
    // Fails on every arch: still an error.
    // CHECK: device-guard.cu:[[@LINE-2]]:5: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_75, sm_80; the launch fails
  }
  int optin = 0;
  cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                         device);
  bool fits = optin >= (int)Smem;
  if (fits)
    big_tile<<<1, 256, Smem>>>(p); // nothing either: `fits` asks the device
  // Unguarded: an error on sm_75.
  big_tile<<<1, 256, Smem>>>(p);
  // CHECK: device-guard.cu:[[@LINE-1]]:3: error: launch of 'big_tile' asks for 72 KiB {{.*}} sm_75 {{.*}}; the launch fails with cudaErrorInvalidValue [cuda-shared-memory-exceeded]
}

// An opt-in made only when the device has the memory (the CUDA samples'
// tensor-core GEMMs): sm_75 GPUs never make the call.
void guarded_opt_in(int device) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, device);
  if (prop.sharedMemPerMultiprocessor >= Smem)
    cudaFuncSetAttribute(big_tile, cudaFuncAttributeMaxDynamicSharedMemorySize,
                         Smem);
}
