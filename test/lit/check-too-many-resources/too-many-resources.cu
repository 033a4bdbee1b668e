// RUN: %not %cuda-launch-lint --checks=-*,cuda-too-many-resources --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -O3 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// Without device facts there are no register counts: nothing to say.
// RUN: %cuda-launch-lint --checks=-*,cuda-too-many-resources --resource-usage=none --cuda-path %cuda-path %s -- nvcc -arch=sm_80 2>&1 | %FileCheck %s --check-prefix=NONE
// NONE: note: --resource-usage=none: no device facts; register-based checks are off
// NONE-NOT: error:
// REQUIRES: nvcc
#include "../Inputs/heavy-kernels.cuh"

void f(const float *in, float *out, int n) {
  heavy<96><<<n, 512>>>(in, out, n);
  // CHECK-MESSAGES: too-many-resources.cu:[[@LINE-1]]:3: error: launch of 'heavy<96>' with 512 threads per block needs {{[0-9]+}} registers on sm_80 ({{[0-9]+}} per thread, allocated per warp), more than the 65536 available to a block; the launch fails with cudaErrorLaunchOutOfResources ('too many resources requested for launch') [cuda-too-many-resources]
  // CHECK-MESSAGES: note: sm_80: {{[0-9]+}} registers, 0 B static shared memory, 0 B spill stores, 0 B spill loads (nvcc)
  // CHECK-MESSAGES: note: at {{[0-9]+}} registers per thread, blocks of up to {{(256|288|320)}} threads launch
  // CHECK-MESSAGES: note: __launch_bounds__(512) on the kernel makes the device compiler limit its registers to fit 512 threads
  // CHECK-MESSAGES: too-many-resources.cu:[[@LINE-5]]:3: error: launch of 'heavy<96>' with 512 threads per block needs {{[0-9]+}} registers on sm_90
  heavy<96><<<n, 256>>>(in, out, n); // fits
  heavy<32><<<n, 1024>>>(in, out, n); // ~72 registers x 1024 threads does not
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: launch of 'heavy<32>' with 1024 threads per block needs {{[0-9]+}} registers on sm_80
  // CHECK-MESSAGES: :[[@LINE-2]]:3: error: launch of 'heavy<32>' with 1024 threads per block needs {{[0-9]+}} registers on sm_90
}
