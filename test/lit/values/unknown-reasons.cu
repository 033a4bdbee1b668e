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
// CHECK-NEXT: block.x unknown: variable 'bs' in 'from_argv': the result of 'atoi', which this file does not define
// JSON: "reason": "variable 'bs' in 'from_argv': the result of 'atoi', which this file does not define"
  return 0;
}

void from_device_query() {
  int threads = 0;
  cudaDeviceGetAttribute(&threads, cudaDevAttrMaxThreadsPerBlock, 0);
  k<<<1, threads>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: variable 'threads' in 'from_device_query': it is written through its address by 'cudaDeviceGetAttribute'
}

// Exported, and never called in this file.
void no_caller(int block) {
  k<<<1, block>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: parameter 'block' of 'no_caller': no caller in the analysed files
}

// Called through a pointer stored in a table: any caller anywhere.
void through_table(int block) {
  k<<<1, block>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: parameter 'block' of 'through_table': the function's address is taken, so not all its callers are known
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
// CHECK-NEXT: block.x unknown: member 'threads' of an object (fields are followed only in local variables)
}

void grow(int &n) { n *= 2; }
void by_reference() {
  int bs = 64;
  grow(bs);
  k<<<1, bs>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: variable 'bs' in 'by_reference': 'n' as 'grow' sets it: it is changed by '*='
}

void scaled_parameter(int bs) {
  bs += 32;
  k<<<1, bs>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: parameter 'bs' of 'scaled_parameter': it is changed by '+='
}
void call_scaled() { scaled_parameter(4096); }

// An explicit cast of an integer is the integer; of a floating-point value,
// what C computes from its operands (unknown here for the parameter's sake).
void casts(int n) {
  int bs = (int)256u;
  k<<<1, (unsigned)bs>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 256x1x1
  k<<<1, static_cast<int>(n * 0.5)>>>(nullptr);
// CHECK: unknown-reasons.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: parameter 'n' of 'casts': no caller in the analysed files
}
