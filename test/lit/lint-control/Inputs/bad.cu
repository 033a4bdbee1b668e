#include <cuda_runtime.h>

__global__ void k(float *p) {}

void f(float *p) {
  k<<<1, 2048>>>(p);
  k<<<1, 100>>>(p);
}
