// Resolved values say where they came from.
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --format json --cuda-path %cuda-path %s -- | %FileCheck %s
#include <cuda_runtime.h>
#define THREADS 256
__global__ void k() {}
template <int N> void t() { k<<<1, N>>>(); }
void f() { t<64>(); k<<<1, THREADS>>>(); }
// CHECK:      "block": {
// CHECK-NEXT:   "x": {
// CHECK-NEXT:     "kind": "constant",
// CHECK-NEXT:     "value": 64,
// CHECK-NEXT:     "origins": [
// CHECK-NEXT:       {
// CHECK-NEXT:         "what": "template argument 'N'",
// CHECK:      "block": {
// CHECK-NEXT:   "x": {
// CHECK-NEXT:     "kind": "constant",
// CHECK-NEXT:     "value": 256,
// CHECK-NEXT:     "origins": [
// CHECK-NEXT:       {
// CHECK-NEXT:         "what": "macro 'THREADS'",
// CHECK-NEXT:         "file": "{{.*}}provenance.cu",
// CHECK-NEXT:         "line": 8,
