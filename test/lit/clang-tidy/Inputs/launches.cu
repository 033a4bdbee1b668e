#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) bounded(float *p) {}
__global__ void plain(float *p) {}

void run(float *p, bool big) {
  bounded<<<64, 512>>>(p);
  plain<<<1, 2048>>>(p);
  plain<<<1, 48>>>(p);
  plain<<<dim3(1, 70000), 128>>>(p);
  plain<<<1, 100>>>(p); // NOLINT(cuda-block-size-not-warp-multiple)
  int threads = big ? 4096 : 256;
  plain<<<1, threads>>>(p);
  plain<<<1024, 32>>>(p);
  plain<<<1024, 256>>>(p);
}

// Certain to fail (over 1024 threads) and not a warp multiple: every front
// door reports the error only.
void impossible(float *p) { plain<<<1, 1100>>>(p); }
