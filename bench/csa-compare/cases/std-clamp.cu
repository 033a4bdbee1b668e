// std::clamp: [32, 1024].
#include <algorithm>
#include <cuda_runtime.h>
__global__ void k(float *y) {}
void run(float *y, int g, int n) {
  int t = std::clamp(n, 32, 1024);
  k<<<g, t>>>(y);
}
