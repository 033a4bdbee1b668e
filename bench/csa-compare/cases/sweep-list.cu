// A sweep over a braced list: 128, 256 and 2048 each reach the launch.
#include <cuda_runtime.h>
__global__ void k(float *y) {}
void run(float *y) {
  for (int bs : {128, 256, 2048})
    k<<<64, bs>>>(y);
}
