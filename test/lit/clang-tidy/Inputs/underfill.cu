#include <cuda_runtime.h>

__global__ void k(float *p) {}

void f(float *p) { k<<<10, 128>>>(p); }
