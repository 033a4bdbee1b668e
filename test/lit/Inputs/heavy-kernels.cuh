// Kernels with known register pressure for the register-based check tests
// (nvcc 13, -O3: heavy<96> ~200 registers, heavy<32> ~72, squeezed<64>
// spills under its __launch_bounds__(1024, 2)).
#pragma once
#include <cuda_runtime.h>
template <int N>
__global__ void heavy(const float *in, float *out, int n) {
  float acc[N];
#pragma unroll
  for (int i = 0; i < N; ++i)
    acc[i] = in[threadIdx.x * N + i];
  for (int k = 0; k < n; ++k) {
#pragma unroll
    for (int i = 0; i < N; ++i)
      acc[i] = acc[i] * acc[(i + 1) % N] + in[k + i];
  }
  float s = 0;
#pragma unroll
  for (int i = 0; i < N; ++i)
    s += acc[i];
  out[threadIdx.x] = s;
}


template <int N>
__global__ void __launch_bounds__(1024, 2) squeezed(const float *in, float *out, int n) {
  float acc[N];
#pragma unroll
  for (int i = 0; i < N; ++i)
    acc[i] = in[threadIdx.x * N + i];
  for (int k = 0; k < n; ++k) {
#pragma unroll
    for (int i = 0; i < N; ++i)
      acc[i] = acc[i] * acc[(i + 1) % N] + in[k + i];
  }
  float s = 0;
#pragma unroll
  for (int i = 0; i < N; ++i)
    s += acc[i];
  out[threadIdx.x] = s;
}

