// A launch certain to fail on an arch gets its error(s) only: how well an
// impossible launch would run (idle lanes, occupancy) does not matter.
// RUN: %expect-exit 1 %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 > %t 2>/dev/null
// RUN: %FileCheck %s < %t --implicit-check-not="{{error|warning}}:"
__global__ void k(float *p) {}

void f(float *p, int n) {
  k<<<n, 1100>>>(p);
  // CHECK: certain-failure.cu:[[@LINE-1]]:3: error: block dimension x = 1100 exceeds the maximum of 1024 on sm_80{{.*}}[cuda-block-size-invalid]
  k<<<n, 100>>>(p);
  // CHECK: certain-failure.cu:[[@LINE-1]]:3: warning: block of 100 threads is not a multiple of the warp size{{.*}}[cuda-block-size-not-warp-multiple]
}
