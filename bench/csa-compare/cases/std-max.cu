// std::max with an unknown: at least 2048 (fails everywhere).
#include <algorithm>
#include <cuda_runtime.h>
__global__ void k(float *y) {}
void run(float *y, int g, int n) {
  int t = std::max(n, 2048);
  k<<<g, t>>>(y);
}
