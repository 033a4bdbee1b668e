// Which kernel: a function pointer chosen by a condition.
#include <cuda_runtime.h>
__global__ void __launch_bounds__(256) kwide(float *y) {}
__global__ void knarrow(float *y) {}
void run(float *y, int g, bool wide) {
  void (*k)(float *) = wide ? kwide : knarrow;
  k<<<g, 512>>>(y);
}
