// Kernel annotations, namespaces, overloads, device functions and macros.
#include <cuda_runtime.h>

#define MAX_THREADS 256
#define MIN_BLOCKS 4

namespace {
__global__ void __launch_bounds__(MAX_THREADS, MIN_BLOCKS) hidden(int *p) {}
} // namespace

namespace lib {
__device__ int twice(int v) { return 2 * v; }
__global__ void __launch_bounds__(1024, 1, 2) wide(int *p) { p[0] = twice(1); }
__global__ void overloaded(int *p) {}
__global__ void overloaded(float *p) {}
} // namespace lib

static int blocksFor(int n) { return n > 4096 ? 4096 : n; }

void annotated(int *ip, float *fp, int n) {
  hidden<<<blocksFor(n), MAX_THREADS>>>(ip);
  lib::wide<<<dim3(65536, 70000), dim3(1024, 2)>>>(ip);
  lib::overloaded<<<1, 33>>>(ip);
  lib::overloaded<<<n, 0>>>(fp);
  void (*k)(int *) = lib::overloaded;
  k<<<2, 64>>>(ip);
  cudaLaunchKernel((const void *)k, dim3(1), dim3(32), nullptr, 0, 0);
}
