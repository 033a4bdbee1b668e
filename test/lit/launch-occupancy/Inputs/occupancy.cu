// Launches whose occupancy the reports show, with device facts from a saved
// ptxas log (Inputs/occupancy.ptxas.log): no toolkit needed.
#include <cuda_runtime.h>

__global__ void light(float *p) { p[threadIdx.x] = 0; }   // 32 registers
__global__ void wide(float *p) { p[threadIdx.x] = 1; }    // 128 registers
__global__ void __launch_bounds__(256) bounded(float *p) { p[threadIdx.x] = 2; }

void run(float *p, int n, bool big) {
  light<<<265, 256>>>(p);
  wide<<<265, 256>>>(p);
  int threads = big ? 512 : 128;
  bounded<<<n, 96>>>(p);
  light<<<1, threads>>>(p);
  wide<<<64, n>>>(p);
}
