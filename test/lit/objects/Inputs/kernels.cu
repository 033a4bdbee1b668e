// Kernels with known device facts for the object reader's tests: launch
// bounds (one that differs per arch), __maxnreg__, static shared memory
// (the kernel's own, a template's, a file-scope variable's and a callee's),
// a stack frame, cluster dims and a 3-argument bound (sm_90 and newer
// only), a grid sync, templates, extern "C" and an anonymous namespace.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __launch_bounds__(256, 2) bounded(float *a, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] * s;
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define PERARCH_THREADS 128
#else
#define PERARCH_THREADS 512
#endif
__global__ void __launch_bounds__(PERARCH_THREADS) perarch(float *a) {
  __shared__ float buf[300];
  buf[threadIdx.x % 300] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = buf[(threadIdx.x + 1) % 300];
}

__global__ void __maxnreg__(40) capped(float *a) { a[threadIdx.x] += 1; }

// A local array indexed at run time lives on the stack.
__global__ void stacky(float *a, const int *idx, int k) {
  float local[64];
  for (int i = 0; i < 64; ++i)
    local[i] = a[i * k];
  for (int i = 0; i < k; ++i)
    local[idx[i] & 63] += a[i];
  a[threadIdx.x] = local[idx[threadIdx.x] & 63];
}

__shared__ float file_shared[100];
__global__ void uses_file_shared(float *a) {
  file_shared[threadIdx.x % 100] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = file_shared[(threadIdx.x + 1) % 100];
}

__device__ __noinline__ float helper(const float *a, const int *idx, int k) {
  float local[32];
  for (int i = 0; i < 32; ++i)
    local[i] = a[i * k];
  for (int i = 0; i < k; ++i)
    local[idx[i] & 31] += a[i];
  __shared__ float scratch[64];
  scratch[threadIdx.x % 64] = local[idx[threadIdx.x] & 31];
  __syncthreads();
  return scratch[(threadIdx.x + 3) % 64];
}
__global__ void calls_helper(float *a, const int *idx, int k) {
  a[threadIdx.x] = helper(a, idx, k);
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
__global__ void __cluster_dims__(2, 1, 1) clustered(float *a) {
  a[threadIdx.x] += 1;
}
__global__ void __launch_bounds__(128, 1, 4) cluster_bound(float *a) {
  a[threadIdx.x] += 1;
}
#endif

__global__ void gridsync(float *a) {
  cg::this_grid().sync();
  a[threadIdx.x] = 1;
}

template <typename T, int N> __global__ void tiled(T *a) {
  __shared__ T tile[N];
  tile[threadIdx.x % N] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = tile[(threadIdx.x + 1) % N];
}

extern "C" __global__ void plain_c(int *p) { p[threadIdx.x] = 1; }

namespace {
__global__ void hidden(int *p) { p[threadIdx.x] = 2; }
} // namespace

void launch(float *a, int *p, double *d, const int *idx) {
  bounded<<<4, 256>>>(a, 2.0f, 1024);
  perarch<<<4, 128>>>(a);
  capped<<<1, 64>>>(a);
  stacky<<<1, 64>>>(a, idx, 3);
  uses_file_shared<<<1, 128>>>(a);
  calls_helper<<<1, 64>>>(a, idx, 3);
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
  clustered<<<2, 64>>>(a);
  cluster_bound<<<4, 128>>>(a);
#endif
  gridsync<<<1, 32>>>(a);
  tiled<float, 33><<<1, 64>>>(a);
  tiled<double, 1000><<<1, 64>>>(d);
  plain_c<<<1, 32>>>(p);
  hidden<<<1, 32>>>(p);
}
