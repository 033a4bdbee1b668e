// With device facts: 48 KiB of static shared memory per block (49 KiB with
// the driver's reserve) lets 3 blocks share an sm_80 SM (164 KiB) and 4 an
// sm_90 SM (228 KiB); the largest sm_80 GPU has 108 SMs, the largest sm_90
// 132: 324 and 528 co-resident blocks.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-cooperative-launch-too-large --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -std=c++17 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 2>/dev/null | %FileCheck %s --check-prefixes=CHECK-MESSAGES,DEVICE,NOGPU --implicit-check-not="{{error|warning}}:"
// A GPU preset pins the SM count on its arch: the A30 has 56 SMs (168 blocks).
// RUN: %not %cuda-launch-lint --checks=-*,cuda-cooperative-launch-too-large --gpu=A30 --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -std=c++17 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 2>/dev/null | %FileCheck %s --check-prefixes=CHECK-MESSAGES,A30 --implicit-check-not="{{error|warning}}:"
// Without device facts only the block size bounds the blocks per SM (128
// threads: 16 on sm_80, 1728 on 108 SMs; 16 on sm_90, 2112 on 132 SMs).
// RUN: %not %cuda-launch-lint --checks=-*,cuda-cooperative-launch-too-large --resource-usage=none --arch=sm_80,sm_90 --cuda-path %cuda-path %s -- nvcc -std=c++17 2>/dev/null | %FileCheck %s --check-prefixes=CHECK-MESSAGES,NONE,NOGPU --implicit-check-not="{{error|warning}}:"
// REQUIRES: nvcc
#include <cooperative_groups.h>
#include <cuda.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void tiled(float *p) {
  __shared__ float tile[12 * 1024];
  tile[threadIdx.x] = p[threadIdx.x];
  cg::this_grid().sync();
  p[blockIdx.x] = tile[threadIdx.x ^ 1];
}

void launches(float *p, bool big, CUfunction f) {
  void *args[] = {&p};
  // Over the bound of every sm_80 GPU, within sm_90's.
  cudaLaunchCooperativeKernel((const void *)tiled, dim3(400), dim3(128), args, 0, 0);
  // DEVICE: cooperative-launch-too-large.cu:[[@LINE-1]]:3: error: cooperative launch of 'tiled' with a grid of 400 blocks exceeds the 324 blocks that can be co-resident on sm_80 (3 blocks of 128 threads per SM x 108 SMs, the most of any known sm_80 GPU: A100-SXM); the launch fails with cudaErrorCooperativeLaunchTooLarge [cuda-cooperative-launch-too-large]
  // DEVICE-NEXT: | cudaLaunchCooperativeKernel(
  // DEVICE-NEXT: | ^
  // DEVICE-NEXT: cooperative-launch-too-large.cu:18:17: note: kernel 'tiled' declared here
  // DEVICE-NEXT: note: 3 blocks per SM: limited by shared memory 3; the other limits allow: warps 16, blocks 32, registers {{[0-9]+}}
  // DEVICE-NEXT: note: sm_80: {{[0-9]+}} registers, 48 KiB static shared memory, 0 B spill stores, 0 B spill loads (nvcc)
  // DEVICE-NEXT: note: size the grid from cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSM, kernel, threads, dynamicSmem) x the device's multiProcessorCount
  // A30: cooperative-launch-too-large.cu:[[@LINE-8]]:3: error: cooperative launch of 'tiled' with a grid of 400 blocks exceeds the 168 blocks that can be co-resident on sm_80 (3 blocks of 128 threads per SM x 56 SMs of A30)

  // Over every bound: 20x20x5 blocks.
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(20, 20, 5);
  config.blockDim = 128;
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeCooperative;
  attribute[0].val.cooperative = 1;
  config.attrs = attribute;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, tiled, p);
  // DEVICE: :[[@LINE-1]]:3: error: cooperative launch of 'tiled' with a grid of 2000 blocks exceeds the 324 blocks that can be co-resident on sm_80
  // DEVICE: :[[@LINE-2]]:3: error: cooperative launch of 'tiled' with a grid of 2000 blocks exceeds the 528 blocks that can be co-resident on sm_90 (4 blocks of 128 threads per SM x 132 SMs, the most of any known sm_90 GPU: H100-SXM)
  // DEVICE: note: grid y = 20 from
  // A30: :[[@LINE-4]]:3: error: {{.*}} 2000 blocks exceeds the 168 blocks {{.*}} on sm_80 (3 blocks of 128 threads per SM x 56 SMs of A30)
  // A30: :[[@LINE-5]]:3: error: {{.*}} 2000 blocks exceeds the 528 blocks {{.*}} on sm_90
  // NONE: :[[@LINE-6]]:3: error: cooperative launch of 'tiled' with a grid of 2000 blocks exceeds the 1728 blocks that can be co-resident on sm_80 (16 blocks of 128 threads per SM x 108 SMs, the most of any known sm_80 GPU: A100-SXM)
  // NONE-NEXT: | cudaLaunchKernelEx(
  // NONE-NEXT: | ^
  // NONE-NEXT: note: kernel 'tiled' declared here
  // NONE-NEXT: note: 16 blocks per SM: limited by warps 16; the other limits allow: blocks 32, shared memory 164
  // NONE-NEXT: note: without device facts for sm_80 the bound counts no registers and no static shared memory; the kernel's own can only lower it
  // NONE-NOT: :[[@LINE-12]]:3: error: {{.*}} on sm_90

  // Some of the values that may reach the launch fail: a warning.
  int blocks = big ? 1000 : 100;
  cudaLaunchCooperativeKernel(tiled, blocks, 128, args);
  // DEVICE: :[[@LINE-1]]:3: warning: cooperative launch of 'tiled' with a grid of 1000 blocks exceeds the 324 blocks that can be co-resident on sm_80 {{.*}}; the launch may fail with cudaErrorCooperativeLaunchTooLarge
  // DEVICE: note: grid x = {100, 1000} from
  // DEVICE: note: only some of the values that may reach this launch fail
  // DEVICE: :[[@LINE-4]]:3: warning: {{.*}} 1000 blocks exceeds the 528 blocks {{.*}} on sm_90
  // A30: :[[@LINE-5]]:3: warning: {{.*}} 1000 blocks exceeds the 168 blocks {{.*}} on sm_80
  // A30: :[[@LINE-6]]:3: warning: {{.*}} 1000 blocks exceeds the 528 blocks {{.*}} on sm_90

  // The driver API names no kernel: the block size alone bounds it.
  cuLaunchCooperativeKernel(f, 100000, 1, 1, 128, 1, 1, 0, 0, args);
  // NOGPU: :[[@LINE-1]]:3: error: cooperative launch of the kernel with a grid of 100000 blocks exceeds the 1728 blocks that can be co-resident on sm_80
  // A30: :[[@LINE-2]]:3: error: {{.*}} 100000 blocks exceeds the 896 blocks {{.*}} on sm_80 (16 blocks of 128 threads per SM x 56 SMs of A30)
  // CHECK-MESSAGES: :[[@LINE-3]]:3: error: cooperative launch of the kernel with a grid of 100000 blocks exceeds the 2112 blocks that can be co-resident on sm_90 (16 blocks of 128 threads per SM x 132 SMs, the most of any known sm_90 GPU: H100-SXM)

  // Sized from the occupancy API and the device: not known, nothing to say.
  int perSM = 0, sms = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, tiled, 128, 0);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaLaunchCooperativeKernel(tiled, perSM * sms, 128, args);
  // Within every bound.
  cudaLaunchCooperativeKernel(tiled, 108, 128, args);
  // Not a cooperative launch: no co-residency to promise (nor a grid sync
  // that works: cuda-grid-sync-needs-cooperative-launch's business).
  tiled<<<100000, 128>>>(p);
}
