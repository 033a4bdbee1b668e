// nvcc defines __CUDACC__ as 1, and headers test it with `#if __CUDACC__`
// (NCCL's nccl_device/utility.h): Clang 19's CUDA wrapper defines it empty,
// which made every file that includes such a header a front-end error
// ("expected value in expression"). The parse gives it nvcc's value
// (share/cuda-launch-lint/overrides.h), and the launch under it is checked.
// REQUIRES: cuda-toolkit
// RUN: %expect-exit 1 %cuda-launch-lint --checks=-*,cuda-block-size-invalid --resource-usage=none --cuda-path %cuda-path %s -- -std=c++17 > %t.out 2> %t.err
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck --check-prefix=NOTES --allow-empty %s < %t.err
// NOTES-NOT: front-end error
#include <cuda_runtime.h>

__global__ void k(float *p) {}

#if __CUDACC__
void run(float *p) {
  k<<<1, 2048>>>(p);
  // CHECK: cudacc-value.cu:[[@LINE-1]]:3: error: {{.*}}2048{{.*}}[cuda-block-size-invalid]
}
#endif
