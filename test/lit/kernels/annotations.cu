// Every kernel and instantiation, with device-side mangled names and the host
// view of __launch_bounds__ (all three arguments), __maxnreg__ and
// __cluster_dims__, which Clang 19 alone would drop.
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --format json --cuda-path %cuda-path %s -- -std=c++17 | %FileCheck %s
#include <cuda_runtime.h>

template <int N> __global__ void __launch_bounds__(N, 2) tk(float *p) {}
__global__ void __launch_bounds__(256, 2, 4) three(float *p) {}
__global__ void __maxnreg__(32) capped(float *p) {}
__global__ void __cluster_dims__(2, 1, 1) clustered(float *p) {}
extern "C" __global__ void plain_c(int *p) {}
namespace ns { __global__ void inner(double x) {} }

void use(float *p) { tk<64><<<1, 64>>>(p); tk<128><<<1, 128>>>(p); }

// CHECK-LABEL: "kernels": [
// CHECK:      "name": "tk<64>",
// CHECK-NEXT: "mangled": "_Z2tkILi64EEvPf",
// CHECK-NEXT: "file": "{{.*}}annotations.cu",
// CHECK-NEXT: "line": 8,
// CHECK:      "template_instantiation": true,
// CHECK-NEXT: "launch_bounds": {
// CHECK-NEXT:   "max_threads": 64,
// CHECK-NEXT:   "min_blocks": 2
// CHECK:      "name": "tk<128>",
// CHECK-NEXT: "mangled": "_Z2tkILi128EEvPf",
// CHECK:        "max_threads": 128,
// CHECK:      "name": "three",
// CHECK-NEXT: "mangled": "_Z5threePf",
// CHECK:      "launch_bounds": {
// CHECK-NEXT:   "max_threads": 256,
// CHECK-NEXT:   "min_blocks": 2,
// CHECK-NEXT:   "max_blocks_per_cluster": 4
// CHECK:      "name": "capped",
// CHECK:      "maxnreg": 32,
// CHECK:      "name": "clustered",
// CHECK:      "cluster_dims": {
// CHECK-NEXT:   "x": {
// CHECK-NEXT:     "kind": "constant",
// CHECK-NEXT:     "value": 2
// CHECK:      "name": "plain_c",
// CHECK-NEXT: "mangled": "plain_c",
// CHECK:      "name": "ns::inner",
// CHECK-NEXT: "mangled": "_ZN2ns5innerEd",
// CHECK-LABEL: "frontend_errors": []
