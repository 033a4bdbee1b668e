// The VS Code test's project: three launches the extension must show.
//  - a stencil whose registers cap its occupancy (cuda-occupancy-limited,
//    with a __launch_bounds__ fix-it);
//  - a block of 1536 threads, which no arch runs (cuda-block-size-invalid);
//  - a grid read from a parameter nobody in this file passes: a launch
//    that is not fully checked (the status bar counts it).
#include <cuda_runtime.h>

template <int Taps>
__global__ void stencil(const float *in, float *out, int steps) {
  float w[Taps];
#pragma unroll
  for (int t = 0; t < Taps; ++t)
    w[t] = in[blockIdx.x * blockDim.x + threadIdx.x + t];
  for (int s = 0; s < steps; ++s) {
#pragma unroll
    for (int t = 0; t < Taps; ++t)
      w[t] = w[t] * w[(t + 5) % Taps] + in[s + t];
  }
  float sum = 0.f;
#pragma unroll
  for (int t = 0; t < Taps; ++t)
    sum += w[t] * (t + 1);
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

__global__ void zero(float *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = 0.f; }

constexpr int BlockSize = 256;

void smooth(const float *in, float *out, int steps) {
  stencil<48><<<4096, BlockSize>>>(in, out, steps);
  zero<<<64, 1536>>>(out);
}

void clear(float *out, int n) {
  zero<<<n / 128, 128>>>(out);
}
