// Launch values through lambdas (their calls are the callers) and template
// arguments, type or value, one launch per instantiation.
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"
__global__ void k(float *p) {}

template <int Threads> void launch_t(float *p) { k<<<1, Threads>>>(p); }
// CHECK: lambdas-and-templates.cu:[[@LINE-1]]:50: <<<>>> k grid 1x1x1 block 256x1x1
// CHECK: lambdas-and-templates.cu:[[@LINE-2]]:50: <<<>>> k grid 1x1x1 block 4096x1x1
// DIAG: lambdas-and-templates.cu:[[@LINE-3]]:50: error: block dimension x = 4096 exceeds the maximum of 1024 on sm_80
// DIAG: note: block x = 4096 from template argument 'Threads'

template <class T> void launch_v(float *p, T bs) { k<<<1, bs>>>(p); }
// CHECK: lambdas-and-templates.cu:[[@LINE-1]]:52: <<<>>> k grid 1x1x1 block 96x1x1

void run(float *p) {
  auto launch = [&](int bs) { k<<<1, bs>>>(p); };
// CHECK: lambdas-and-templates.cu:[[@LINE-1]]:31: <<<>>> k grid 1x1x1 block {128, 2048}x1x1
// DIAG: lambdas-and-templates.cu:[[@LINE-2]]:31: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch fails
// DIAG: lambdas-and-templates.cu:[[@LINE+3]]:3: note: block x = {128, 2048} from parameter 'bs' of 'operator()' from this call
// DIAG: lambdas-and-templates.cu:[[@LINE+3]]:3: note: block x = {128, 2048} from parameter 'bs' of 'operator()' from this call
// DIAG: note: block x = 2048 reaches this launch on a feasible path
  launch(128);
  launch(2048);
  launch_t<256>(p);
  launch_t<4096>(p);
  launch_v(p, 96);
}

// A generic lambda is a template: each call operator instantiated for an
// argument type launches with its own values (llm.c's dispatch of block
// sizes as std::integral_constant), and the pattern's launch is not one.
template <int N> struct constant { static constexpr int value = N; };
template <class Launcher> void dispatch(Launcher &&launch, int bs) {
  if (bs == 64)
    launch(constant<64>{});
  else
    launch(constant<512>{});
}
template <int BS> __global__ void __launch_bounds__(BS) tk(float *p) {}
void generic(float *p, int bs) {
  auto launch = [&](auto c) { tk<c.value><<<1, c.value>>>(p); };
// CHECK: lambdas-and-templates.cu:[[@LINE-1]]:31: <<<>>> tk<64> grid 1x1x1 block 64x1x1
// CHECK: lambdas-and-templates.cu:[[@LINE-2]]:31: <<<>>> tk<512> grid 1x1x1 block 512x1x1
// CHECK-NOT: lambdas-and-templates.cu:[[@LINE-3]]:31: <<<>>> {{.*}} block ?
  dispatch(launch, bs);
}
