// Launches in templates: one per distinct instantiation (identical ones
// merged), and the launches of templates this file never instantiates, with
// what does not depend on the template's parameters.
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --list-launches --cuda-path %cuda-path %s -- -std=c++17 | grep -v ': not fully checked: ' | %FileCheck %s --implicit-check-not=templates.cu
// RUN: %cuda-launch-lint --checks=-* --resource-usage=none --format json --cuda-path %cuda-path %s -- -std=c++17 | %FileCheck %s --check-prefix=JSON
#include <cuda_runtime.h>

__global__ void k(float *p) {}
template <typename T> __global__ void kt(T *p) {}

template <int N> void never(float *p) {
  k<<<1, N>>>(p);
  // CHECK: templates.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1 (? threads) smem 0 [uninstantiated template]
  k<<<1, 2000>>>(p);
  // CHECK: templates.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 2000x1x1 (2000 threads) smem 0 [uninstantiated template]
}

template <typename T> void never_kernel_template(T *p) {
  kt<<<4, 64>>>(p);
  // CHECK: templates.cu:[[@LINE-1]]:3: <<<>>> kt grid 4x1x1 block 64x1x1 (64 threads) smem 0 [uninstantiated template]
}

template <typename T> struct Runner {
  void run(T *p) {
    kt<<<2, 33>>>(p);
    // CHECK: templates.cu:[[@LINE-1]]:5: <<<>>> kt grid 2x1x1 block 33x1x1 (33 threads) smem 0 [uninstantiated template]
  }
};

template <int N> void used(float *p) {
  k<<<1, N>>>(p);
  // CHECK: templates.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 128x1x1 (128 threads) smem 0{{$}}
  // CHECK: templates.cu:[[@LINE-2]]:3: <<<>>> k grid 1x1x1 block 256x1x1 (256 threads) smem 0{{$}}
  k<<<1, 64>>>(p);
  // CHECK: templates.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 64x1x1 (64 threads) smem 0{{$}}
}
void go(float *p) { used<128>(p); used<256>(p); }

// JSON: "kernel": "kt",
// JSON-NEXT: "mangled": "",
// JSON: "template_pattern": true
// JSON: "checked": null
