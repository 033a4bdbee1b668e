// A value chosen by a condition, read under an `if` on the same condition:
// the branch taken gives it (the variable tested must keep its first
// value; reassigned, both values stay possible).
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_80 --checks=*,-cuda-launch-size-unbounded %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"
__global__ void wide_k(float *p) {}
__global__ void narrow_k(float *p) {}

void correlated(float *p, int n, bool wide) {
  int t = wide ? 1024 : 256;
  if (wide)
    wide_k<<<n / t, t>>>(p);
// CHECK: correlated-conditions.cu:[[@LINE-1]]:5: <<<>>> wide_k grid ?x1x1 block 1024x1x1
  else
    narrow_k<<<n / t, t>>>(p);
// CHECK: correlated-conditions.cu:[[@LINE-1]]:5: <<<>>> narrow_k grid ?x1x1 block 256x1x1
  if (!wide)
    narrow_k<<<1, t>>>(p);
// CHECK: correlated-conditions.cu:[[@LINE-1]]:5: <<<>>> narrow_k grid 1x1x1 block 256x1x1
}

void reassigned(float *p, bool wide) {
  int t = wide ? 2048 : 256;
  wide = !wide;
  if (wide)
    wide_k<<<1, t>>>(p);
// CHECK: correlated-conditions.cu:[[@LINE-1]]:5: <<<>>> wide_k grid 1x1x1 block {256, 2048}x1x1
// DIAG: correlated-conditions.cu:[[@LINE-2]]:5: warning: block dimension x = 2048 exceeds the maximum of 1024 on sm_80; the launch may fail
}
