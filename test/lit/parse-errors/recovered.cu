// Code Clang 19 cannot fully parse: the errors are summarised and listed in
// JSON, and the launches Clang recovered are still reported.
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --format json --cuda-path %cuda-path %s -- 2> %t.err | %FileCheck %s
// RUN: %FileCheck --check-prefix=NOTE %s < %t.err
// NOTE: cuda-launch-lint: note: {{.*}}recovered.cu: 1 front-end error(s) (first: [[# @LINE + 5]]:{{[0-9]+}}: {{.*}}); analysed what Clang recovered
#include <cuda_runtime.h>
__global__ void k(float *p) {}
void f(float *p) {
  k<<<1, 64>>>(p);
  undeclared_function(p);
  k<<<2, 128>>>(p);
}
// CHECK: "launches": [
// CHECK:   "line": 10,
// CHECK:   "line": 12,
// CHECK: "frontend_errors": [
// CHECK-NEXT: {
// CHECK-NEXT:   "file": "{{.*}}recovered.cu",
// CHECK-NEXT:   "line": 11,
// CHECK:        "message": "use of undeclared identifier 'undeclared_function'"
