// The runtime refuses a cudaFuncSetAttribute whose maximum dynamic shared
// memory, with the kernel's static shared memory, exceeds the arch's opt-in
// maximum (163 KiB on sm_80, 227 KiB = 232448 B on sm_90): the call returns
// cudaErrorInvalidValue and the kernel keeps its previous limit. So do a
// carveout outside -1..100 and non-portable clusters before sm_90.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-func-attribute-refused --resource-usage=none --arch=sm_80,sm_90 --cuda-path %cuda-path %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// JSON carries the error's name.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-func-attribute-refused --resource-usage=none --arch=sm_90 --cuda-path %cuda-path --format=json %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=JSON
// Without a toolkit its version is not known: no error is named.
// RUN: mkdir -p %t.empty
// RUN: %not %cuda-launch-lint --checks=-*,cuda-func-attribute-refused --resource-usage=none --arch=sm_90 --cuda-path %t.empty %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=NO-TOOLKIT
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void once(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void twice(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void after(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void fits(float *p) { extern __shared__ float s[]; p[0] = s[0]; }
__global__ void carved(float *p) { p[0] = 1; }
__global__ void clustered(float *p) { p[0] = 1; }

void opt_in() {
  cudaFuncSetAttribute(once, cudaFuncAttributeMaxDynamicSharedMemorySize, 240000);
  // CHECK-MESSAGES: func-attribute-refused.cu:[[@LINE-1]]:3: error: cudaFuncSetAttribute(once, cudaFuncAttributeMaxDynamicSharedMemorySize, 240000) asks for up to 240000 B of dynamic shared memory, more than the sm_80 maximum of 163 KiB per block; the call fails with cudaErrorInvalidValue and 'once' keeps the 48 KiB default [cuda-func-attribute-refused]
  // CHECK-MESSAGES: note: kernel 'once' declared here
  // CHECK-MESSAGES: note: the kernel's static shared memory is not known here and is counted as 0; more can only lower what is accepted
  // CHECK-MESSAGES: note: at most 166912 bytes are accepted on sm_80
  // CHECK-MESSAGES: func-attribute-refused.cu:[[@LINE-5]]:3: error: {{.*}} more than the sm_90 maximum of 227 KiB per block; the call fails with cudaErrorInvalidValue and 'once' keeps the 48 KiB default [cuda-func-attribute-refused]
  // CHECK-MESSAGES: note: at most 232448 bytes are accepted on sm_90
  // JSON: "check": "cuda-func-attribute-refused"
  // JSON: "line": [[@LINE-8]]
  // JSON: "arch": "sm_90"
  // JSON: "cuda_error": "cudaErrorInvalidValue"
  // NO-TOOLKIT: func-attribute-refused.cu:[[@LINE-11]]:3: error: cudaFuncSetAttribute(once, cudaFuncAttributeMaxDynamicSharedMemorySize, 240000) asks for up to 240000 B of dynamic shared memory, more than the sm_90 maximum of 227 KiB per block; the call fails and 'once' keeps the 48 KiB default [cuda-func-attribute-refused]

  // Refused twice on sm_80; on sm_90 the first is accepted and holds.
  cudaFuncSetAttribute(twice, cudaFuncAttributeMaxDynamicSharedMemorySize, 200 * 1024);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cudaFuncSetAttribute(twice, cudaFuncAttributeMaxDynamicSharedMemorySize, 204800) asks for up to 200 KiB of dynamic shared memory, more than the sm_80 maximum of 163 KiB per block; the call fails with cudaErrorInvalidValue and 'twice' keeps the 48 KiB default
  cudaFuncSetAttribute(twice, cudaFuncAttributeMaxDynamicSharedMemorySize, 300000);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}(twice, {{.*}}, 300000) {{.*}} more than the sm_80 maximum {{.*}} and 'twice' keeps the 48 KiB default
  // CHECK-MESSAGES: :[[@LINE-2]]:3: error: {{.*}}(twice, {{.*}}, 300000) {{.*}} more than the sm_90 maximum of 227 KiB per block; the call fails with cudaErrorInvalidValue and 'twice' keeps the 200 KiB it opted in to before
  // CHECK-MESSAGES: func-attribute-refused.cu:[[@LINE-5]]:3: note: the opt-in that holds, set here

  // After an accepted opt-in, on both archs.
  cudaFuncSetAttribute(after, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 * 1024);
  cudaFuncSetAttribute(after, cudaFuncAttributeMaxDynamicSharedMemorySize, 1 << 20);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: {{.*}}(after, {{.*}}, 1048576) asks for up to 1024 KiB {{.*}} sm_80 {{.*}} and 'after' keeps the 100 KiB it opted in to before
  // CHECK-MESSAGES: :[[@LINE-2]]:3: error: {{.*}}(after, {{.*}}, 1048576) asks for up to 1024 KiB {{.*}} sm_90 {{.*}} and 'after' keeps the 100 KiB it opted in to before

  // Exactly the sm_80 maximum is accepted everywhere.
  cudaFuncSetAttribute(fits, cudaFuncAttributeMaxDynamicSharedMemorySize, 166912);
}

void carveout() {
  cudaFuncSetAttribute(carved, cudaFuncAttributePreferredSharedMemoryCarveout, 150);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cudaFuncSetAttribute(carved, cudaFuncAttributePreferredSharedMemoryCarveout, 150) asks for a shared memory carveout of 150%, outside -1..100 (a percentage, or -1 for the default); the call fails and 'carved' keeps its previous carveout [cuda-func-attribute-refused]
  // CHECK-MESSAGES: note: the runtime's documentation says a wrong value returns cudaErrorInvalidValue; that was not checked on a GPU, so the finding names no error
  cudaFuncSetAttribute(carved, cudaFuncAttributePreferredSharedMemoryCarveout, -1); // the default
  cudaFuncSetAttribute(carved, cudaFuncAttributePreferredSharedMemoryCarveout, 100);
}

void clusters() {
  cudaFuncSetAttribute(clustered, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: cudaFuncSetAttribute(clustered, cudaFuncAttributeNonPortableClusterSizeAllowed, 1) allows non-portable cluster sizes for 'clustered', but sm_80 has no thread block clusters (sm_90 and newer); the call fails [cuda-func-attribute-refused]
  cudaFuncSetAttribute(clustered, cudaFuncAttributeNonPortableClusterSizeAllowed, 0);
}

// A value that is not known is not refused: unknown stays unknown.
void unknown(int bytes) {
  cudaFuncSetAttribute(once, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes);
}
