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
__global__ void plain(const float *in, float *out, int n) {
  float acc[32];
#pragma unroll
  for (int i = 0; i < 32; ++i) acc[i] = in[threadIdx.x * 32 + i];
  for (int k = 0; k < n; ++k) {
#pragma unroll
    for (int i = 0; i < 32; ++i) acc[i] = acc[i] * acc[(i + 1) % 32] + in[k + i];
  }
  float s = 0;
  for (int i = 0; i < 32; ++i) s += acc[i];
  out[threadIdx.x] = s;
}
void f(const float *in, float *out, int n) {
  plain<<<n, 256>>>(in, out, n);
  heavy<32><<<n, 256>>>(in, out, n);
}
// A kernel launched with a block size the tool cannot see gets no fix-it:
// a bound could make that launch fail.
__global__ void unknown_launch(const float *in, float *out, int n) {
  float acc[32];
#pragma unroll
  for (int i = 0; i < 32; ++i) acc[i] = in[threadIdx.x * 32 + i];
  for (int k = 0; k < n; ++k) {
#pragma unroll
    for (int i = 0; i < 32; ++i) acc[i] = acc[i] * acc[(i + 1) % 32] + in[k + i];
  }
  float s = 0;
  for (int i = 0; i < 32; ++i) s += acc[i];
  out[threadIdx.x] = s;
}
void g(const float *in, float *out, int n, int threads) {
  unknown_launch<<<n, 256>>>(in, out, n);
  unknown_launch<<<n, threads>>>(in, out, n);
}
