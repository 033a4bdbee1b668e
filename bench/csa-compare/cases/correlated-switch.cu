// ggml mmvq's shape: one switch sets nwarps, a second launches; at each
// launch only the nwarps of its own case reaches (k1: 128, k5: 64).
#include <cuda_runtime.h>
__global__ void k1(float *y) {}
__global__ void k5(float *y) {}
void run(float *y, int g, int ncols) {
  int nwarps = 1;
  switch (ncols) {
  case 1:
    nwarps = 4;
    break;
  case 5:
    nwarps = 2;
    break;
  }
  switch (ncols) {
  case 1:
    k1<<<g, nwarps * 32>>>(y);
    break;
  case 5:
    k5<<<g, nwarps * 32>>>(y);
    break;
  }
}
