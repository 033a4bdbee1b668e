// A guard, then rounding up to a warp multiple: n in [1, 100] gives
// t in {32, 64, 96, 128}.
#include <cuda_runtime.h>
__global__ void k(float *y) {}
void run(float *y, int g, int n) {
  if (n < 1 || n > 100)
    return;
  int t = (n + 31) / 32 * 32;
  k<<<g, t>>>(y);
}
