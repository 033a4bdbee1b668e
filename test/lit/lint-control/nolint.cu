// Suppression comments (the clang-tidy forms), with and without check lists.
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 --cuda-path %cuda-path %s -- nvcc 2>/dev/null | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void k(float *p) {}

void f(float *p) {
  k<<<1, 100>>>(p); // NOLINT
  k<<<1, 100>>>(p); // NOLINT(cuda-block-size-not-warp-multiple)
  k<<<1, 100>>>(p); // NOLINT(cuda-block-*)
  k<<<1, 100>>>(p); // NOLINT(cuda-grid-size-invalid)
  // CHECK: nolint.cu:[[@LINE-1]]:3: warning: block of 100 threads is not a multiple of the warp size
  // NOLINTNEXTLINE(cuda-block-size-not-warp-multiple, cuda-block-size-invalid)
  k<<<1, 100>>>(p);
  // NOLINTNEXTLINE(cuda-grid-size-invalid)
  k<<<0, 2048>>>(p);
  // CHECK: nolint.cu:[[@LINE-1]]:3: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
  // NOLINTBEGIN(cuda-block-size-not-warp-multiple)
  k<<<1, 33>>>(p);
  k<<<1, 65>>>(p);
  // NOLINTEND(cuda-block-size-not-warp-multiple)
  k<<<1, 97>>>(p);
  // CHECK: nolint.cu:[[@LINE-1]]:3: warning: block of 97 threads
  // NOLINTBEGIN(cuda-grid-size-invalid)
  // CHECK: nolint.cu:[[@LINE-1]]:6: error: unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment [cuda-launch-lint-nolint]
}
