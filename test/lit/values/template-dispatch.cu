// A run-time value dispatched to a template argument: every candidate is
// instantiated, and each instance is called only where the run-time value
// equals its argument (an if/else-if chain, a switch case, a static_switch
// recursion over a constexpr std::array through forwarding references). A
// launch value that is such an argument is known only from that test: a
// failure there may fail; where the run-time value is known and excludes the
// argument, the instance never launches with it (the value is unknown, with
// why). A launch in an instance called unconditionally is judged as usual.
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++20 2>/dev/null | %FileCheck %s
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++20 2>&1 | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"
#include <array>
#include <utility>

__global__ void k(float *p) {}

template <int B> void chained(float *p) { k<<<1, B>>>(p); }
// CHECK-DAG: template-dispatch.cu:[[@LINE-1]]:43: <<<>>> k grid 1x1x1 block 256x1x1
// CHECK-DAG: template-dispatch.cu:[[@LINE-2]]:43: <<<>>> k grid 1x1x1 block 2048x1x1
// DIAG: template-dispatch.cu:[[@LINE-3]]:43: warning: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch may fail
// DIAG: note: block x = 2048 from an instance called only where 'bs == 2048' holds ('bs' is unknown: 'bs' (parameter 'bs' of 'chain', no caller in the analysed files, {{.*}}) is read at run time)
// DIAG: note: the value is known only from the branch tests on the way here

// (a) unknown run-time value: an if/else-if chain.
void chain(float *p, int bs) {
  if (bs == 256)
    chained<256>(p);
  else if (bs == 2048)
    chained<2048>(p);
}

template <int B> void switched(float *p) { k<<<2, B>>>(p); }
// CHECK-DAG: template-dispatch.cu:[[@LINE-1]]:44: <<<>>> k grid 2x1x1 block 128x1x1
// CHECK-DAG: template-dispatch.cu:[[@LINE-2]]:44: <<<>>> k grid 2x1x1 block 4096x1x1
// DIAG: template-dispatch.cu:[[@LINE-3]]:44: warning: block dimension x = 4096 exceeds the maximum of 1024 on sm_80; the launch may fail
// DIAG: note: block x = 4096 from an instance called only where 'switch (bs)' at 'case 4096:' holds ('bs' is unknown: 'bs' (parameter 'bs' of 'by_switch', no caller in the analysed files, {{.*}}) is read at run time)

// (a) a switch over an unknown value.
void by_switch(float *p, int bs) {
  switch (bs) {
  case 128:
    switched<128>(p);
    break;
  case 4096:
    switched<4096>(p);
    break;
  }
}

// A static_switch: `s == Range[I]` with I a template argument, the value
// handed on by std::forward into the next step.
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
constexpr std::array<int, 3> sizes = {256, 512, 2048};

// (b) unknown: the 2048 instance may fail.
void dispatch_unknown(float *p, int bs) {
  static_switch<sizes>(bs, [&]<int B>() { k<<<3, B>>>(p); });
// CHECK-DAG: template-dispatch.cu:[[@LINE-1]]:43: <<<>>> k grid 3x1x1 block 2048x1x1
// DIAG: template-dispatch.cu:[[@LINE-2]]:43: warning: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch may fail
// DIAG: note: block x = 2048 from an instance called only where 's == Range[I]' holds ('s' is unknown: 'bs' (parameter 'bs' of 'dispatch_unknown', no caller in the analysed files, {{.*}}) is read at run time)
}

// (a) known to exclude 2048: that instance never launches with it.
void dispatch_known(float *p, int n) {
  int bs = n > 100 ? 512 : 256;
  static_switch<sizes>(bs, [&]<int B>() { k<<<4, B>>>(p); });
// CHECK-DAG: template-dispatch.cu:[[@LINE-1]]:43: <<<>>> k grid 4x1x1 block 512x1x1
// CHECK-DAG: template-dispatch.cu:[[@LINE-2]]:43: <<<>>> k grid 4x1x1 block ?x1x1
// CHECK-DAG: block.x unknown: template argument 'B' = 2048: its instance is called only where 's == Range[I]' holds, and that test is never reached with the values 's' may have, so it never runs with that value
}

// A switch over a value the caller gives: 4096 never comes.
template <int B> void picked(float *p) { k<<<5, B>>>(p); }
// CHECK-DAG: template-dispatch.cu:[[@LINE-1]]:42: <<<>>> k grid 5x1x1 block 64x1x1
// CHECK-DAG: template-dispatch.cu:[[@LINE-2]]:42: <<<>>> k grid 5x1x1 block ?x1x1
// CHECK-DAG: block.x unknown: template argument 'B' = 4096: its instance is called only where 'switch (bs)' at 'case 4096:' holds, and 'bs' is 64 there, so it never runs with that value
void pick(float *p, int bs) {
  switch (bs) {
  case 64:
    picked<64>(p);
    break;
  case 4096:
    picked<4096>(p);
    break;
  }
}
void pick64(float *p) { pick(p, 64); }

// A caller that passes the failing value: the instance runs with it.
template <int B> void given(float *p) { k<<<6, B>>>(p); }
// DIAG: template-dispatch.cu:[[@LINE-1]]:41: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch fails
void choose(float *p, int bs) {
  if (bs == 2048)
    given<2048>(p);
}
void choose2048(float *p) { choose(p, 2048); }

// (c) called unconditionally: still an error.
template <int B> void plain(float *p) { k<<<7, B>>>(p); }
// DIAG: template-dispatch.cu:[[@LINE-1]]:41: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch fails
void always(float *p) { plain<2048>(p); }
