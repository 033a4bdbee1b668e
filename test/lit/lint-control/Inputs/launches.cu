#include <cuda_runtime.h>

__global__ void k(float *p) {}

void f(float *p, int n) {
  k<<<n, 256>>>(p);
  k<<<n, 64>>>(p);
  k<<<10, 100>>>(p);
}
