// --sm-count gives the SM count of a GPU without a preset (an sm_90 part
// with 78 SMs): the cooperative limit and the grid checks use it, as they
// use a --gpu preset's. Without it the cooperative bound is that of the
// arch's largest GPU (132 SMs) and the grid checks are off.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-cooperative-launch-too-large,cuda-grid-underfills-gpu --resource-usage=none --arch=sm_90 --sm-count=78 --cuda-path %cuda-path %s -- nvcc -std=c++17 2>/dev/null | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --checks=-*,cuda-cooperative-launch-too-large,cuda-grid-underfills-gpu --resource-usage=none --arch=sm_90 --cuda-path %cuda-path %s -- nvcc -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=NONE --allow-empty
// NONE-NOT: {{error|warning}}:
// The JSON names the GPU and its waves.
// RUN: %not %cuda-launch-lint --format=json --checks=-*,cuda-cooperative-launch-too-large --resource-usage=none --arch=sm_90 --sm-count=78 --cuda-path %cuda-path %s -- nvcc -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=JSON
// JSON: "message": "cooperative launch of 'k' with a grid of 1249 blocks exceeds the 1248 blocks that can be co-resident on sm_90 (16 blocks of 128 threads per SM x 78 SMs of --sm-count=78)
// REQUIRES: cuda-toolkit
#include <cuda_runtime.h>

__global__ void k(float *p) {}

void f(float *p) {
  void *args[] = {&p};
  // 128 threads: 16 blocks per SM without device facts, 1248 on 78 SMs.
  cudaLaunchCooperativeKernel((const void *)k, dim3(1248), dim3(128), args, 0, 0);
  cudaLaunchCooperativeKernel((const void *)k, dim3(1249), dim3(128), args, 0, 0);
  // CHECK: sm-count.cu:[[@LINE-1]]:3: error: cooperative launch of 'k' with a grid of 1249 blocks exceeds the 1248 blocks that can be co-resident on sm_90 (16 blocks of 128 threads per SM x 78 SMs of --sm-count=78); the launch fails with cudaErrorCooperativeLaunchTooLarge [cuda-cooperative-launch-too-large]
  k<<<40, 128>>>(p);
  // CHECK: sm-count.cu:[[@LINE-1]]:3: warning: grid of 40 blocks leaves 38 of the 78 SMs of --sm-count=78 idle [cuda-grid-underfills-gpu]
}
