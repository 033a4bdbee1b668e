// A growth loop with a constant bound: n = 1024 (ten doublings).
#include <cuda_runtime.h>
__global__ void k(float *y) {}
void run(float *y, int g) {
  int x = 1000;
  int n = 1;
  while (n < x)
    n *= 2;
  k<<<g, n>>>(y);
}
