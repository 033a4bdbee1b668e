// A launch in a branch that the instantiation's constant condition rules out
// never runs: no launch, no error, for that instantiation (as `if constexpr`
// would give). The other instantiation's launch there is judged as usual.
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s --implicit-check-not="<<<>>>"
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"
__global__ void k(float *p) {}

template <int W> void run(float *p) {
  if (W <= 1024)
    k<<<1, W>>>(p);
// CHECK: dead-branches.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block 256x1x1
  else
    k<<<W / 1024, 1024>>>(p);
// CHECK: dead-branches.cu:[[@LINE-1]]:5: <<<>>> k grid 2x1x1 block 1024x1x1
}
template void run<2048>(float *);
template void run<256>(float *);

// The same through a conditional operator and a loop that never runs.
template <int W> void pick(float *p) {
  W > 1024 ? (void)0 : k<<<1, W>>>(p);
// CHECK: dead-branches.cu:[[@LINE-1]]:24: <<<>>> k grid 1x1x1 block 512x1x1
  while (W > 4096)
    k<<<1, W>>>(p);
}
template void pick<4096>(float *);
template void pick<512>(float *);

// A condition the instantiation does not settle leaves the launch in.
template <int W> void guarded(float *p, int n) {
  if (n < W)
    k<<<1, W>>>(p);
// CHECK: dead-branches.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block 2048x1x1
// DIAG: dead-branches.cu:[[@LINE-2]]:5: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
}
template void guarded<2048>(float *, int);

// Plain code under a constant false condition is dead as well.
void never(float *p) {
  if (sizeof(float) == 2)
    k<<<1, 4096>>>(p);
}
