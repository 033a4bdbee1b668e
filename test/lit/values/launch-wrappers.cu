// A launch wrapper takes the kernel and its launch values from each call:
// the kernel one call passes is checked with that call's values only, not
// with the values another call passes with another kernel.
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=LIST
#include <cuda_runtime.h>

struct launch_params {
  dim3 grid, block;
};

__global__ void __launch_bounds__(128) narrow(float *y) {}
__global__ void __launch_bounds__(512) wide(float *y) {}

template <typename... Args>
void kernel_launch(void (*kernel)(Args...), const launch_params &p,
                   Args... args) {
  kernel<<<p.grid, p.block>>>(args...);
// LIST: launch-wrappers.cu:[[@LINE-1]]:3: <<<>>> narrow grid 64x1x1 block 128x1x1
// LIST: launch-wrappers.cu:[[@LINE-2]]:3: <<<>>> wide grid 64x1x1 block 512x1x1
// CHECK: launch-wrappers.cu:[[@LINE-3]]:3: error: launch of 'narrow' with 1024 threads per block exceeds its __launch_bounds__ maximum of 128
}

void run(float *y) {
  launch_params small{dim3(64), dim3(128)};
  launch_params big{dim3(64), dim3(512)};
  kernel_launch(narrow, small, y);
  kernel_launch(wide, big, y);
}

// A call that does pass a kernel too wide a block is still an error.
void wrong(float *y) {
  launch_params huge{dim3(64), dim3(1024)};
  kernel_launch(narrow, huge, y);
}
