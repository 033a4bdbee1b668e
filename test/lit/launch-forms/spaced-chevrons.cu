// nvcc's spaced chevrons, `k<< <grid, block>> >(args)`, which Clang 19 alone
// rejects: each launch is found with its values, at the line and column of
// the file on disk, in the main file and in the project's own headers;
// `operator<< <T>`, strings and comments are left as written, and the file
// itself is never changed.
// REQUIRES: cuda-toolkit
// RUN: rm -rf %t && mkdir -p %t/Inputs && cp %s %t/main.cu && cp %S/Inputs/spaced-launch.cuh %t/Inputs/
// RUN: md5sum %t/main.cu %t/Inputs/spaced-launch.cuh > %t/before.md5
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %cuda-path %t/main.cu -- -std=c++17 2> %t/err | %FileCheck %s
// RUN: %FileCheck --check-prefix=ERR --allow-empty %s < %t/err
// RUN: md5sum -c %t/before.md5
// Diagnostics point at the file's own columns.
// RUN: %expect-exit 1 %cuda-launch-lint --resource-usage=none --checks=-*,cuda-block-size-invalid --cuda-path %cuda-path %t/main.cu -- -std=c++17 | %FileCheck --check-prefix=DIAG %s
// Without a toolkit (the built-in declarations), the same launches.
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --cuda-path %t.none %t/main.cu -- -std=c++17 2>/dev/null | %FileCheck %s
// A second run from the facts cache (keyed by the file on disk) gives the
// same launches. The files were just written (too recent for their times to
// prove anything later), so the first run records what it parsed by content:
// the content on disk, not the joined text.
// RUN: touch %t/main.cu %t/Inputs/spaced-launch.cuh
// RUN: %cuda-launch-lint --list-launches --verbose --resource-usage=none --cuda-path %cuda-path --cache-dir %t/cache %t/main.cu -- -std=c++17 > %t/first 2>&1
// RUN: %cuda-launch-lint --list-launches --verbose --resource-usage=none --cuda-path %cuda-path --cache-dir %t/cache %t/main.cu -- -std=c++17 > %t/second 2>&1
// RUN: %FileCheck --check-prefix=HIT %s < %t/second
// RUN: %FileCheck %s < %t/second
// ERR-NOT: error
// HIT: facts cache hits: 1, misses: 0
// The header's launch (listed first: by file name).
// CHECK: Inputs/spaced-launch.cuh:4:3: <<<>>> from_header grid ?x1x1 block 128x1x1 (128 threads) smem 0
#include <cuda_runtime.h>
#include "Inputs/spaced-launch.cuh"

template <typename T> struct Box { T v; };
template <typename T> __global__ void fill(T *p) {}
__global__ void scale(float *p, int n) {}

// A class template's friend `operator<< <T>` is no launch.
template <typename T> struct Printer;
template <typename T> int operator<<(Printer<T> &, int);
template <typename T> struct Printer {
  friend int operator<< <T>(Printer<T> &, int);
};

void launches(float *p, int n, cudaStream_t s) {
  scale<< <n / 256, 256>> >(p, n);
  // CHECK: main.cu:[[# @LINE - 1]]:3: <<<>>> scale grid ?x1x1 block 256x1x1 (256 threads) smem 0
  scale<< <dim3(4, 2), dim3(32, 8), 1024, s>> >(p, n);
  // CHECK: main.cu:[[# @LINE - 1]]:3: <<<>>> scale grid 4x2x1 block 32x8x1 (256 threads) smem 1024
  fill<Box<Box<int>>><<  <1, 64>>   >(nullptr);
  // CHECK: main.cu:[[# @LINE - 1]]:3: <<<>>> fill<Box<Box<int>>> grid 1x1x1 block 64x1x1 (64 threads) smem 0
  scale<<<1, static_cast<int>(sizeof(Box<Box<int>>)) * 32>> >(p, n);
  // CHECK: main.cu:[[# @LINE - 1]]:3: <<<>>> scale grid 1x1x1 block 128x1x1 (128 threads) smem 0
  scale<< < 2, 96 >> > (p, n);
  // CHECK: main.cu:[[# @LINE - 1]]:3: <<<>>> scale grid 2x1x1 block 96x1x1 (96 threads) smem 0
  const char *text = "scale<< <1, 2048>> >(p, n)"; // scale<< <1, 4096>> >
  /* scale<< <1, 8192>> >(p, n); */
  (void)text;
  launch_from_header(p, n);
}

void too_big(float *p, int n) {
    scale<< <1, 2048>> >(p, n);
}
// CHECK: main.cu:[[# @LINE - 2]]:5: <<<>>> scale grid 1x1x1 block 2048x1x1 (2048 threads) smem 0
// CHECK-NOT: <<<>>>
// DIAG: main.cu:[[# @LINE - 4]]:5: error: {{.*}}2048{{.*}} [cuda-block-size-invalid]
// DIAG-NEXT: {{^ *[0-9]+}} |     scale<< <1, 2048>> >(p, n);
// DIAG-NEXT: {{^ *}}|     ^
