// HIP: a run-time value dispatched to a template argument, as rocm-examples'
// reduction tutorial does (tmp::static_switch over a constexpr std::array of
// block sizes, hipLaunchKernelGGL with dim3(BlockSize)): each instance runs
// only where the run-time value equals its argument. Unknown, the instance
// over 1024 threads may fail; known to exclude it, it never launches with it.
// An instance called unconditionally is an error as before.
// REQUIRES: hip-headers
// RUN: %cuda-launch-lint --list-launches --resource-usage=none %s -- --offload-arch=gfx90a -std=c++20 2>/dev/null | %FileCheck %s
// RUN: %not %cuda-launch-lint --resource-usage=none %s -- --offload-arch=gfx90a -std=c++20 2>&1 | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"
#include <hip/hip_runtime.h>
#include <array>
#include <utility>

__global__ void k(float *p) {}

template <auto Range, int I, int N, typename S, typename F>
void switch_step(S &&s, F &&f) {
  if constexpr (I != N) {
    if (s == Range[I])
      f.template operator()<Range[I]>();
    else
      switch_step<Range, I + 1, N, S, F>(std::forward<S>(s),
                                         std::forward<F>(f));
  }
}
template <auto Range, typename S, typename F>
void static_switch(S &&s, F &&f) {
  switch_step<Range, 0, Range.size(), S, F>(std::forward<S>(s),
                                             std::forward<F>(f));
}
constexpr std::array<int, 3> sizes = {256, 1024, 2048};

void unknown_size(float *p, int bs) {
  static_switch<sizes>(bs, [&]<int B>() {
    hipLaunchKernelGGL(k, dim3(1), dim3(B), 0, 0, p);
// CHECK-DAG: template-dispatch.hip:[[@LINE-1]]:5: hipLaunchKernelGGL k grid 1x1x1 block 2048x1x1
// DIAG: template-dispatch.hip:[[@LINE-2]]:5: warning: 2048 threads per block exceed the 1024 a work-group may have; the launch may fail with hipErrorInvalidConfiguration
// DIAG: note: block x = 2048 from an instance called only where 's == Range[I]' holds ('s' is unknown: 'bs' (parameter 'bs' of 'unknown_size', no caller in the analysed files, an int) is read at run time)
// DIAG: note: the value is known only from the branch tests on the way here
  });
}

void known_size(float *p, int n) {
  int bs = n > 100 ? 1024 : 256;
  static_switch<sizes>(bs, [&]<int B>() {
    hipLaunchKernelGGL(k, dim3(2), dim3(B), 0, 0, p);
// CHECK-DAG: template-dispatch.hip:[[@LINE-1]]:5: hipLaunchKernelGGL k grid 2x1x1 block 1024x1x1
// CHECK-DAG: template-dispatch.hip:[[@LINE-2]]:5: hipLaunchKernelGGL k grid 2x1x1 block ?x1x1
// CHECK-DAG: block.x unknown: template argument 'B' = 2048: its instance is called only where 's == Range[I]' holds, and that test is never reached with the values 's' may have, so it never runs with that value
  });
}

// An if/else-if chain over an unknown value.
template <int B> void chained(float *p) {
  hipLaunchKernelGGL(k, dim3(3), dim3(B), 0, 0, p);
// DIAG: template-dispatch.hip:[[@LINE-1]]:3: warning: 4096 threads per block exceed the 1024 a work-group may have; the launch may fail
// DIAG: note: block x = 4096 from an instance called only where 'bs == 4096' holds
}
void chain(float *p, int bs) {
  if (bs == 512)
    chained<512>(p);
  else if (bs == 4096)
    chained<4096>(p);
}

// Called unconditionally: the launch fails.
template <int B> void plain(float *p) {
  hipLaunchKernelGGL(k, dim3(4), dim3(B), 0, 0, p);
// DIAG: template-dispatch.hip:[[@LINE-1]]:3: error: 2048 threads per block exceed the 1024 a work-group may have; the launch fails with hipErrorInvalidConfiguration
}
void always(float *p) { plain<2048>(p); }
