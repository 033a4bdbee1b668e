// A block of one thread, or a grid of at most 32 threads in all, is a
// deliberate scalar or demonstration launch, and a grid smaller
// than the smallest GPU of the arch (sm_86: the A10's 72 SMs) cannot fill
// it: neither gets warp-multiple or occupancy findings. Each rule has an
// option that brings the findings back.
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_86 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=DEFAULT --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_86 --check-option=cuda-block-size-not-warp-multiple.IgnoreTinyLaunches=false --check-option=cuda-block-size-occupancy-ceiling.IgnoreTinyLaunches=false --check-option=cuda-block-size-occupancy-ceiling.IgnoreSmallGrids=false %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=ALL --implicit-check-not="{{error|warning}}:"
// With --gpu the preset's SMs count (RTX-3090: 82).
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_86 --gpu=RTX-3090 --checks=-*,cuda-block-size-occupancy-ceiling %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=GPU --implicit-check-not="{{error|warning}}:"
__global__ void set_flag(int *flag) { *flag = 1; }
__global__ void k(float *p) {}

void f(int *flag, float *p, int n) {
  set_flag<<<1, 1>>>(flag);
  // ALL: scalar-and-small-grids.cu:[[@LINE-1]]:3: warning: block of 1 threads is not a multiple of the warp size {{.*}}[cuda-block-size-not-warp-multiple]
  // ALL: scalar-and-small-grids.cu:[[@LINE-2]]:3: warning: blocks of 1 threads cap occupancy {{.*}}[cuda-block-size-occupancy-ceiling]
  k<<<2, 2>>>(p);
  // ALL: scalar-and-small-grids.cu:[[@LINE-1]]:3: warning: block of 2 threads is not a multiple of the warp size {{.*}}[cuda-block-size-not-warp-multiple]
  // ALL: scalar-and-small-grids.cu:[[@LINE-2]]:3: warning: blocks of 2 threads cap occupancy
  k<<<n, 2>>>(p);
  // DEFAULT: scalar-and-small-grids.cu:[[@LINE-1]]:3: warning: block of 2 threads is not a multiple of the warp size
  // DEFAULT: scalar-and-small-grids.cu:[[@LINE-2]]:3: warning: blocks of 2 threads cap occupancy
  // ALL: scalar-and-small-grids.cu:[[@LINE-3]]:3: warning: block of 2 threads is not a multiple of the warp size
  // ALL: scalar-and-small-grids.cu:[[@LINE-4]]:3: warning: blocks of 2 threads cap occupancy
  // GPU: scalar-and-small-grids.cu:[[@LINE-5]]:3: warning: blocks of 2 threads cap occupancy
  // 32-thread blocks cap sm_86 at 33% (16 blocks of 32 threads of 1536).
  k<<<4, 32>>>(p);
  // ALL: scalar-and-small-grids.cu:[[@LINE-1]]:3: warning: blocks of 32 threads cap occupancy at 33% on sm_86{{.*}}[cuda-block-size-occupancy-ceiling]
  k<<<80, 32>>>(p);
  // DEFAULT: scalar-and-small-grids.cu:[[@LINE-1]]:3: warning: blocks of 32 threads cap occupancy at 33% on sm_86{{.*}}[cuda-block-size-occupancy-ceiling]
  // ALL: scalar-and-small-grids.cu:[[@LINE-2]]:3: warning: blocks of 32 threads cap occupancy
  k<<<n, 32>>>(p);
  // DEFAULT: scalar-and-small-grids.cu:[[@LINE-1]]:3: warning: blocks of 32 threads cap occupancy
  // ALL: scalar-and-small-grids.cu:[[@LINE-2]]:3: warning: blocks of 32 threads cap occupancy
  // GPU: scalar-and-small-grids.cu:[[@LINE-3]]:3: warning: blocks of 32 threads cap occupancy
}
