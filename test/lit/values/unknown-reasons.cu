// Unknown stays unknown, and the tool says why: --list-launches prints the
// reason under each unknown block dimension, and JSON carries it as
// "reason" on the unknown value.
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %cuda-launch-lint --resource-usage=none --format=json %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=JSON
#include <cuda_runtime.h>

__global__ void k(float *p) {}
int atoi(const char *);

int from_argv(char **argv) {
  int bs = atoi(argv[1]);
  k<<<1, bs>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x read at run time: bs, where 'bs' (atoi(argv[1]), the result of 'atoi', an int) is read at run time
// JSON: "reason": "'bs' (atoi(argv[1]), the result of 'atoi', an int) is read at run time"
  return 0;
}

void from_device_query() {
  int threads = 0;
  cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerBlock, 0);
  k<<<1, threads>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x read at run time: threads, where 'threads' (a device attribute from 'cudaDeviceGetAttribute', at most 1024 on every GPU, an int) is read at run time
}

// Exported, and never called in this file.
void no_caller(int block) {
  k<<<1, block>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x read at run time: {{.*}}parameter 'block' of 'no_caller', no caller in the analysed files
}

// Called through a pointer stored in a table: any caller anywhere.
void through_table(int block) {
  k<<<1, block>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x read at run time: {{.*}}parameter 'block' of 'through_table', called through a pointer, so not all its callers are known
}
void (*table[])(int) = {through_table};

int global_threads = 128;
void set_threads(int n) { global_threads = n; }
void from_global() {
  k<<<1, global_threads>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: variable 'global_threads': not const, and written at {{.*}}unknown-reasons.cu:[[@LINE-4]]
}

struct Plan {
  int threads;
};
void from_member(const Plan *plan) {
  k<<<1, plan->threads>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x read at run time: plan->threads, where 'plan->threads' (a field read through parameter 'plan', an int) is read at run time
}

void grow(int &n) { n *= 2; }
void by_reference() {
  int bs = 64;
  grow(bs);
  k<<<1, bs>>>(nullptr);
// A compound assignment outside a loop is followed: 64 * 2.
// CHECK: unknown-reasons.cu:[[@LINE-2]]:3: <<<>>> k grid 1x1x1 block 128x1x1
}

void scaled_parameter(int bs) {
  bs += 32;
  k<<<1, bs>>>(nullptr);
// The caller's 96, plus 32.
// CHECK: unknown-reasons.cu:[[@LINE-2]]:3: <<<>>> k grid 1x1x1 block 128x1x1
}
void call_scaled() { scaled_parameter(96); }

// An explicit cast of an integer is the integer; of a floating-point value,
// what C computes from its operands (unknown here for the parameter's sake).
void casts(int n) {
  int bs = (int)256u;
  k<<<1, (unsigned)bs>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 256x1x1
  k<<<1, static_cast<int>(n * 0.5)>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: {{.*}}parameter 'n' of 'casts', no caller in the analysed files
}
