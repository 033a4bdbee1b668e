// Kernels with known register pressure (nvcc 13, -O3) and launches the
// language server reports on.
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

__global__ void fill(float *out, float v) { out[threadIdx.x] = v; }

constexpr int Threads = 256;

void launch(const float *in, float *out, int n) {
  heavy<32><<<1024, Threads>>>(in, out, n);
  fill<<<1024, 2048>>>(out, 0.f);
}
