// Host-side `min` on unsigned values, which nvcc accepts: with the toolkit
// the parse declares nvcc's host-side overloads (overrides.h); where Clang
// rejects the call (without one: "use of undeclared identifier 'min'") the
// analysis reads the name and the arguments Clang recovered and follows
// them as min(). The values are the same.
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>&1 | %FileCheck %s --check-prefixes=CHECK,TOOLKIT
// RUN: %cuda-launch-lint --list-launches --cuda-path %t.none %s -- -std=c++17 2>&1 | %FileCheck %s --check-prefixes=CHECK,RECOVERED
// TOOLKIT-NOT: call to 'min'
// RECOVERED: note: {{.*}}recovered-calls.cu: {{[0-9]+}} front-end error(s) (first: {{.*}}'min'); analysed what Clang recovered
typedef unsigned int uint;
__global__ void k(float *p) {}

void launch(float *p, uint n) {
  uint threads = min(256u, n);
  k<<<(n + threads - 1) / threads, threads>>>(p);
// CHECK: recovered-calls.cu:[[@LINE-1]]:3: <<<>>> k grid ?x1x1 block [0, 256]x1x1
}

void launch_sized(float *p, uint n, uint bs) {
  uint threads = min(bs, n);
  k<<<1, threads>>>(p);
// CHECK: recovered-calls.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [0, 128]x1x1
}
void run(float *p, uint n) { launch_sized(p, n, 128); }

// A call Clang could not resolve that is not min or max stays unknown.
uint pick(uint a);
uint pick(int a);
void other(float *p, long n) {
  uint threads = pick(n);
  k<<<1, threads>>>(p);
// CHECK: recovered-calls.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: variable 'threads' in 'other': code Clang 19 could not parse
}
