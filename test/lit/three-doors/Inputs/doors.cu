#include <cuda_runtime.h>

#include "tiles.cuh"

__global__ void __launch_bounds__(256) bounded(float *p) { p[threadIdx.x] = 1; }
__global__ void plain(float *p) { p[threadIdx.x] = 2; }

void run(float *p, bool big) {
  bounded<<<64, 512>>>(p);
  plain<<<1, 2048>>>(p);
  plain<<<132, 48>>>(p);
  plain<<<132, 100>>>(p); // NOLINT(cuda-block-size-not-warp-multiple)
  int threads = big ? 4096 : 256;
  plain<<<132, threads>>>(p);
  tile<<<132, 96>>>(p);
  // An error, suppressed: clang-tidy's own NOLINT would not do it.
  // NOLINTNEXTLINE(cuda-launch-bounds-exceeded)
  bounded<<<132, 1024>>>(p);
}

// NOLINTBEGIN(cuda-block-size-not-warp-multiple)
void quiet(float *p) { plain<<<132, 40>>>(p); }
// NOLINTEND(cuda-block-size-not-warp-multiple)

// Certain to fail (over 1024 threads) and not a warp multiple: the error
// only, in every door.
void impossible(float *p) { plain<<<1, 1100>>>(p); }

// Values through a caller, a loop over a constant array and a clamp: every
// door resolves the same set {128, 512, 1024}.
void launch_sized(float *p, int bs) {
  if (bs > 1024)
    bs = 1024;
  bounded<<<132, bs>>>(p);
}
void sweep(float *p) {
  int sizes[] = {128, 512, 4096};
  for (int i = 0; i < 3; ++i)
    launch_sized(p, sizes[i]);
}
