// Kernels whose device facts differ per arch, for the device-facts tests.
#include "bounds.h"

__global__ void __launch_bounds__(256, 2) scale(float *a, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] * s;
}

// The host sees PERARCH_THREADS = 512 (__CUDA_ARCH__ undefined); sm_90
// compiles with 128.
__global__ void __launch_bounds__(PERARCH_THREADS) perarch(float *a) {
  __shared__ float buf[256];
  buf[threadIdx.x % 256] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = buf[(threadIdx.x + 1) % 256];
}

__global__ void __maxnreg__(40) capped(float *a) { a[threadIdx.x] += 1; }

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
__global__ void __cluster_dims__(2, 1, 1) clustered(float *a) {
  a[threadIdx.x] += 1;
}
#endif

extern "C" __global__ void plain_c(int *p) { p[threadIdx.x] = 1; }

namespace {
__global__ void hidden(int *p) { p[threadIdx.x] = 2; }
} // namespace

template <int N> __global__ void unrolled(const double *in, double *out) {
  double acc = 0;
#pragma unroll
  for (int k = 0; k < N; ++k)
    acc += in[threadIdx.x * N + k] * in[k];
  out[threadIdx.x] = acc;
}

void launch(float *a, int *p, double *d) {
  scale<<<4, 256>>>(a, 2.0f, 1024);
  perarch<<<4, 512>>>(a);
  capped<<<1, 64>>>(a);
  plain_c<<<1, 32>>>(p);
  hidden<<<1, 32>>>(p);
  unrolled<4><<<1, 128>>>(d, d);
  unrolled<32><<<1, 128>>>(d, d);
}
