// hipFuncSetAttribute(k, hipFuncAttributeMaxDynamicSharedMemorySize, n) read
// as cudaFuncSetAttribute is: a kernel setting in the JSON, a call the HIP
// runtime refuses (n over the 64 KiB a work-group may have on gfx90a, less
// the kernel's static LDS: ROCm's clr returns hipErrorInvalidValue, ROCm
// 6.2 and older ignore the call, so a warning), and an accepted opt-in is
// stated intent for cuda-occupancy-limited when LDS binds. Unlike CUDA's,
// the opt-in raises no limit: a launch over 64 KiB of dynamic LDS fails
// whatever it set.
// REQUIRES: hip-headers, hip-device-libs
// RUN: rm -rf %t.cache
// RUN: %expect-exit 1 %cuda-launch-lint --cache-dir %t.cache %s -- --offload-arch=gfx90a > %t.txt 2>&1
// RUN: %FileCheck %s < %t.txt
// RUN: %expect-exit 1 %cuda-launch-lint --format=json --cache-dir %t.cache %s -- --offload-arch=gfx90a | %FileCheck --check-prefix=JSON %s
#include <hip/hip_runtime.h>

__global__ void opted(float *x) {
  __shared__ float tile[4096]; // 16 KiB of static LDS
  extern __shared__ float dyn[];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  dyn[threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
  __syncthreads();
  x[threadIdx.x] = dyn[(threadIdx.x + 2) % blockDim.x];
}

__global__ void plain(float *x) {
  __shared__ float tile[4096]; // 16 KiB of static LDS
  extern __shared__ float dyn[];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  dyn[threadIdx.x] = tile[(threadIdx.x + 1) % blockDim.x];
  __syncthreads();
  x[threadIdx.x] = dyn[(threadIdx.x + 2) % blockDim.x];
}

void run(float *x) {
  hipFuncSetAttribute((const void *)opted,
                      hipFuncAttributeMaxDynamicSharedMemorySize, 65536);
  // CHECK: func-set-attribute.hip:[[@LINE-2]]:3: warning: hipFuncSetAttribute(opted, hipFuncAttributeMaxDynamicSharedMemorySize, 65536) asks for 64 KiB of dynamic LDS on top of 16 KiB static; at most 48 KiB are accepted on gfx90a: the HIP runtime refuses the call with hipErrorInvalidValue (ROCm 6.2 and older ignore it) [cuda-func-attribute-refused]
  // CHECK: note: a launch is held to the 64 KiB of LDS a work-group may have on gfx90a whatever this call sets
  hipFuncSetAttribute(reinterpret_cast<const void *>(&opted),
                      hipFuncAttributeMaxDynamicSharedMemorySize, 32768);
  // CHECK-NOT: func-set-attribute.hip:[[@LINE-2]]:{{.*}}cuda-func-attribute-refused

  // 48 KiB of LDS per work-group: one work-group per CU, one wave per SIMD.
  opted<<<1024, 256, 32768>>>(x);
  // CHECK-NOT: func-set-attribute.hip:[[@LINE-1]]:{{.*}}cuda-occupancy-limited
  plain<<<1024, 256, 32768>>>(x);
  // CHECK: func-set-attribute.hip:[[@LINE-1]]:3: warning: occupancy {{[0-9.]+}}% on gfx90a (1 of 8 waves per SIMD at 256 threads per block), limited by LDS (48 KiB per work-group){{.*}} [cuda-occupancy-limited]

  opted<<<8, 256, 70000>>>(x);
  // CHECK: func-set-attribute.hip:[[@LINE-1]]:3: error: 70000 B of dynamic LDS exceed the 64 KiB one work-group may have on gfx90a; the launch fails with hipErrorInvalidValue [cuda-shared-memory-exceeded]
  // CHECK: func-set-attribute.hip:[[@LINE-12]]:3: note: hipFuncSetAttribute(..., hipFuncAttributeMaxDynamicSharedMemorySize, ...) does not raise the LDS a work-group may have on AMD
}

// JSON: "kernel_settings": [
// JSON: "line": 37,
// JSON: "api": "hipFuncSetAttribute",
// JSON-NEXT: "kernel": "opted",
// JSON-NEXT: "mangled": "_Z5optedPf",
// JSON-NEXT: "attribute": "MaxDynamicSharedMemorySize",
// JSON-NEXT: "value": {
// JSON-NEXT: "kind": "constant",
// JSON-NEXT: "value": 65536
// JSON: "line": 41,
// JSON: "api": "hipFuncSetAttribute",
// JSON-NEXT: "kernel": "opted",
// JSON: "value": 32768
