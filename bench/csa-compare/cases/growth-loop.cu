// Growth loops: `n *= 2` until n reaches a bound. With the bound in a local
// (`int x = 1000`) and as a literal, n ends at 1024 after ten doublings;
// with `n < 8`, at 8 after three.
#include <cuda_runtime.h>
__global__ void k(float *y) {}
void run(float *y, int g) {
  int x = 1000;
  int n = 1;
  while (n < x)
    n *= 2;
  k<<<g, n>>>(y);
}
void run_literal(float *y, int g) {
  int n = 1;
  while (n < 1000)
    n *= 2;
  k<<<g, n>>>(y);
}
void run_short(float *y, int g) {
  int n = 1;
  while (n < 8)
    n *= 2;
  k<<<g, n>>>(y);
}
