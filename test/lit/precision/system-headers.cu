// Findings located in system headers (and the toolkit: CUB, Thrust) are not
// reported, as Clang does for system headers; --system-headers brings them
// back. Findings about the user's own launches of such kernels stay.
// RUN: %expect-exit 1 %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 -isystem %S/Inputs/sys 2>/dev/null | %FileCheck %s --check-prefix=DEFAULT --implicit-check-not="{{error|warning}}:"
// RUN: %expect-exit 1 %cuda-launch-lint --resource-usage=none --arch=sm_80 --system-headers %s -- -std=c++17 -isystem %S/Inputs/sys 2>/dev/null | %FileCheck %s --check-prefix=ALL --implicit-check-not="{{error|warning}}:"
#include <vendor_kernels.h>

void f(float *p, int n) {
  vendor_kernel<<<n, 200>>>(p);
  // DEFAULT: system-headers.cu:[[@LINE-1]]:3: error: launch of 'vendor_kernel' with 200 threads per block exceeds its __launch_bounds__ maximum of 100
  // ALL: vendor_kernels.h:3:17: warning: __launch_bounds__ maximum of 100 threads is not a multiple of the warp size {{.*}}[cuda-launch-bounds-not-warp-multiple]
  // ALL: system-headers.cu:[[@LINE-3]]:3: error: launch of 'vendor_kernel' with 200 threads
  // A template of the header, instantiated by the user's launch.
  vendor_template<64><<<n, 128>>>(p);
  // DEFAULT: system-headers.cu:[[@LINE-1]]:3: error: launch of 'vendor_template<64>' with 128 threads per block exceeds its __launch_bounds__ maximum of 64
  // ALL: system-headers.cu:[[@LINE-2]]:3: error: launch of 'vendor_template<64>' with 128 threads
}
