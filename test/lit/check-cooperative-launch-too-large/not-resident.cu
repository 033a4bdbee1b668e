// A cooperative launch whose blocks cannot be resident at all fails with
// cudaErrorCooperativeLaunchTooLarge (an H200 and an H100, CUDA 13.0,
// bench/gpu/recordings), whatever keeps them out: shared memory over the
// default without an opt-in, or the register file. The finding is still the
// shared memory's or the registers', and says why no block is resident. Over
// __launch_bounds__ the runtime returns the bound's cudaErrorInvalidValue first.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-launch-bounds-exceeded,cuda-shared-memory-exceeded,cuda-too-many-resources,cuda-cooperative-launch-too-large --arch=sm_90 --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -std=c++17 -O3 2>/dev/null | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// REQUIRES: nvcc
#include "../Inputs/heavy-kernels.cuh"

__global__ void stage(float *p) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = buf[threadIdx.x ^ 1];
}
__global__ void __launch_bounds__(256) bounded(float *p) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = p[threadIdx.x];
  __syncthreads();
  p[threadIdx.x] = buf[threadIdx.x ^ 1];
}

void f(float *p, const float *in, float *out, int n) {
  void *args[] = {&p};
  cudaLaunchCooperativeKernel((const void *)stage, dim3(132), dim3(128), args, 65536, 0);
  // CHECK: not-resident.cu:[[@LINE-1]]:3: error: launch of 'stage' asks for 64 KiB of shared memory per block (0 B static + 64 KiB dynamic) on sm_90, over the 48 KiB default, and the kernel does not opt in: no block can be resident on an SM, and a cooperative launch needs every block resident at once; the launch fails with cudaErrorCooperativeLaunchTooLarge [cuda-shared-memory-exceeded]

  // The same through cudaLaunchKernelEx with the cooperative attribute.
  cudaLaunchConfig_t cfg = {dim3(132), dim3(128), 65536};
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeCooperative;
  attr[0].val.cooperative = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  cudaLaunchKernelEx(&cfg, stage, p);
  // CHECK: not-resident.cu:[[@LINE-1]]:3: error: launch of 'stage' asks for 64 KiB {{.*}}: no block can be resident on an SM, and a cooperative launch needs every block resident at once; the launch fails with cudaErrorCooperativeLaunchTooLarge [cuda-shared-memory-exceeded]

  // ~72 registers x 1024 threads: over the register file.
  void *heavy_args[] = {&in, &out, &n};
  cudaLaunchCooperativeKernel((const void *)heavy<32>, dim3(132), dim3(1024), heavy_args, 0, 0);
  // CHECK: not-resident.cu:[[@LINE-1]]:3: error: launch of 'heavy<32>' with 1024 threads per block needs {{[0-9]+}} registers on sm_90 ({{[0-9]+}} per thread, allocated per warp), more than the 65536 available to a block: no block can be resident on an SM, and a cooperative launch needs every block resident at once; the launch fails with cudaErrorCooperativeLaunchTooLarge [cuda-too-many-resources]

  // Not cooperative: the errors a plain launch returns.
  stage<<<132, 128, 65536>>>(p);
  // CHECK: not-resident.cu:[[@LINE-1]]:3: error: launch of 'stage' asks for 64 KiB {{.*}} does not opt in; the launch fails with cudaErrorInvalidValue [cuda-shared-memory-exceeded]
  heavy<32><<<132, 1024>>>(in, out, n);
  // CHECK: not-resident.cu:[[@LINE-1]]:3: error: launch of 'heavy<32>' with 1024 threads per block {{.*}} available to a block; the launch fails with cudaErrorLaunchOutOfResources ('too many resources requested for launch') [cuda-too-many-resources]

  // Over its bound as well: the bound's error comes first.
  cudaLaunchCooperativeKernel((const void *)bounded, dim3(132), dim3(512), args, 65536, 0);
  // CHECK: not-resident.cu:[[@LINE-1]]:3: error: launch of 'bounded' with 512 threads per block exceeds its __launch_bounds__ maximum of 256 {{.*}}; the launch fails with cudaErrorInvalidValue [cuda-launch-bounds-exceeded]
  // CHECK: not-resident.cu:[[@LINE-2]]:3: error: launch of 'bounded' asks for 64 KiB {{.*}} the launch fails with cudaErrorCooperativeLaunchTooLarge [cuda-shared-memory-exceeded]
}
