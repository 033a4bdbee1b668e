// A few launches that fail or run worse than they could; see the README.
#include <cuda_runtime.h>

constexpr int Tile = 32;

template <int N>
__global__ void __launch_bounds__(256) blur(const float *in, float *out) {
  float acc[N];
#pragma unroll
  for (int i = 0; i < N; ++i)
    acc[i] = in[threadIdx.x + i * blockDim.x];
  float s = 0;
#pragma unroll
  for (int i = 0; i < N; ++i)
    s += acc[i] * acc[(i + 1) % N];
  out[threadIdx.x] = s;
}

__global__ void reduce(const float *in, float *out) {
  extern __shared__ float partial[];
  partial[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

void run(const float *in, float *out, int n, bool wide) {
  dim3 block(Tile, wide ? 16 : 8);
  blur<8><<<n, block>>>(in, out);
  reduce<<<n / 100, 100, 100 * sizeof(float)>>>(in, out);
  reduce<<<n / 256, 256, 64 * 1024>>>(in, out);
}
