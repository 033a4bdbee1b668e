// A small CUDA file for trying cuda-launch-lint:
//   cuda-launch-lint --list-launches examples/launches.cu -- -std=c++17
#include <cuda_runtime.h>

constexpr int kThreads = 256;

__global__ void __launch_bounds__(kThreads)
    saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

template <int TileX, int TileY>
__global__ void transpose(float *out, const float *in, int w, int h) {}

static void launchTranspose(float *out, const float *in, int w, int h,
                            bool wide) {
  dim3 block(32, wide ? 16 : 8);
  dim3 grid((w + 31) / 32, (h + 31) / 32);
  transpose<32, 8><<<grid, block>>>(out, in, w, h);
}

int main() {
  int n = 1 << 20;
  float *x = nullptr, *y = nullptr;
  saxpy<<<(n + kThreads - 1) / kThreads, kThreads>>>(n, 2.0f, x, y);
  saxpy<<<1, 100>>>(n, 2.0f, x, y);
  launchTranspose(y, x, 1024, 1024, true);
  launchTranspose(y, x, 512, 512, false);
  return 0;
}
