#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) scale(float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= a;
}

__global__ void tile(float *x) {
  __shared__ float s[1024];
  s[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  x[threadIdx.x] = s[1023 - threadIdx.x];
}

int main() {
  float *d = nullptr;
  scale<<<4, 512>>>(d, 2.0f, 100);
  hipLaunchKernelGGL(tile, dim3(1), dim3(1024), 0, 0, d);
  return 0;
}
