#include <hip/hip_runtime.h>
__global__ void __launch_bounds__(BLOCK) k(float *x) { x[threadIdx.x] = 0; }
void run(float *x) { hipLaunchKernelGGL(k, dim3(4), dim3(BLOCK), 0, 0, x); }
