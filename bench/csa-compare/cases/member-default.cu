// A default member initialiser: 1024 threads against __launch_bounds__(256).
#include <cuda_runtime.h>
__global__ void __launch_bounds__(256) k(float *y) {}
struct Config {
  int threads = 1024;
};
void run(float *y, int g) {
  Config cfg;
  k<<<g, cfg.threads>>>(y);
}
