// nvcc gives host code the CUDA math header's min/max overloads
// (max(int, int), unsigned and signed mixed, long, long long, float,
// double); Clang 19 has them on the device side only. The parse provides
// them host-side (share/cuda-launch-lint/overrides.h), so a launch config
// written with them keeps all its values, while std::min / std::max and
// the device-side overloads still resolve as before.
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %s -- -std=c++17 2>&1 | %FileCheck %s
// CHECK-NOT: front-end error
#include <cuda_runtime.h>
#include <algorithm>

__global__ void scale(float *p) {}

__device__ int device_side(int a, unsigned u) { return max(a, 3) + min(u, 4u); }
__host__ __device__ int both_sides(int a) { return min(max(a, 32), 1024); }

void mixes(int i, unsigned u, long l, unsigned long ul, long long ll,
           unsigned long long ull, float f, double d) {
  unsigned a = max(i, u) + min(u, i);
  long b = max(l, 2L) + min(l, 2L);
  unsigned long c = max(ul, l) + min(l, ul);
  long long e = max(ll, 3LL);
  unsigned long long g = min(ull, ll) + ullmax(ull, 4ULL) + umin(u, 2u);
  float h = max(f, 1.0f);
  double k = min(d, f) + max(f, d) + max(d, 2.0);
  int m = std::max(i, 4) + std::min<int>(i, 8);
  (void)a, (void)b, (void)c, (void)e, (void)g, (void)h, (void)k, (void)m;
}

void launch(float *p, int n) {
  cudaLaunchConfig_t config = {dim3(max(n / 256, 1)), dim3(min(256, 512)),
                               max(sizeof(float) * 128, 1024ul)};
  cudaLaunchKernelEx(&config, scale, p);
  // CHECK: host-min-max.cu:[[# @LINE - 1]]:3: cudaLaunchKernelEx scale grid [1, {{[0-9]+}}]x1x1 block 256x1x1 (256 threads) smem 1024
  scale<<<max(n, 1), max(both_sides(n), 64)>>>(p);
  // CHECK: host-min-max.cu:[[# @LINE - 1]]:3: <<<>>> scale grid
}
