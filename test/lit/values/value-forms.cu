// How launch values resolve: constants, sets, ranges, unknown - never a guess.
// REQUIRES: cuda-toolkit
// RUN: %cuda-launch-lint --list-launches --cuda-path %cuda-path %s -- -std=c++17 | %FileCheck %s
#include <cuda_runtime.h>
#include <algorithm>

__global__ void k(float *p) {}
#define BLOCK 256
enum { EnumBlock = 192 };
constexpr int ConstexprBlock = 128;
const unsigned ConstBlock = 64;
struct Tile { float v[8][8]; };

void forms(int n, bool big, float *p) {
  k<<<1, BLOCK>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 256x1x1
  k<<<1, EnumBlock>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 192x1x1
  k<<<1, ConstexprBlock * 2>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 256x1x1
  k<<<1, ConstBlock, sizeof(Tile)>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 64x1x1 (64 threads) smem 256
  k<<<(n + 255) / 256, 256>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid ?x1x1 block 256x1x1 (256 threads)
  k<<<1, big ? 512 : 128>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block {128, 512}x1x1 ({128, 512} threads)
  k<<<1, std::min(n, 1024)>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [-2147483648, 1024]x1x1
  k<<<1, std::min(unsigned(n), 1024u)>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [0, 1024]x1x1 ([0, 1024] threads)
  k<<<1, n>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1 (? threads)

  int threads = 128;
  k<<<1, threads>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 128x1x1
  threads = 96;
  k<<<1, threads>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 96x1x1
  if (big)
    threads = 1024;
  k<<<1, threads>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block {96, 1024}x1x1

  int bumped = 32;
  bumped += 32; // a compound assignment outside a loop: followed
  k<<<1, bumped>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 64x1x1

  dim3 grid(n / 16, 4);
  dim3 block(16, 16);
  k<<<grid, block>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid ?x4x1 block 16x16x1 (256 threads)
  dim3 later;
  later.x = 32;
  later.y = 4;
  k<<<1, later>>>(p);
  // CHECK: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 32x4x1 (128 threads)

  // A loop that grows the size to a constant bound (growth-loops.cu).
  for (int size = 32; size <= 1024; size *= 2)
    k<<<1, size>>>(p);
  // CHECK: :[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block {32, 64, 128, 256, 512, 1024}x1x1
}

template <int N> void tmpl(float *p) { k<<<1, N>>>(p); }
template void tmpl<32>(float *);
// CHECK-DAG: :[[@LINE-2]]:40: <<<>>> k grid 1x1x1 block 32x1x1

// A parameter is resolved from every caller in the file, one level deep.
static void launchWith(int threads, float *p) { k<<<1, threads>>>(p); }
// CHECK-DAG: :[[@LINE-1]]:49: <<<>>> k grid 1x1x1 block {64, 256}x1x1
void callers(float *p) { launchWith(64, p); launchWith(BLOCK, p); }

static void launchUnknown(int threads, float *p) { k<<<1, threads>>>(p); }
// CHECK-DAG: :[[@LINE-1]]:52: <<<>>> k grid 1x1x1 block ?x1x1
void callers2(int n, float *p) { launchUnknown(64, p); launchUnknown(n, p); }

// Block sizes from the occupancy API are marked, not resolved.
void tuned(float *p) {
  int minGrid = 0, blockSize = 0;
  cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, k, 0, 0);
  k<<<minGrid, blockSize>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: <<<>>> k grid ?x1x1 block ?x1x1 (? threads) smem 0 [occupancy-tuned]
}

// Elements of an array that is only read: any of its initialisers.
void arrays(float *p) {
  int sizes[] = {64, 128, 256};
  for (unsigned j = 0; j < sizeof(sizes) / sizeof(int); j++) {
    int bs = sizes[j];
    k<<<1, bs>>>(p);
    // CHECK-DAG: :[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block {64, 128, 256}x1x1
  }
  int written[] = {32, 64};
  written[0] = 2048;
  k<<<1, written[1]>>>(p);
  // CHECK-DAG: :[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
}

// A function whose address escapes may have callers this file cannot see.
static void viaPointer(int threads, float *p) { k<<<1, threads>>>(p); }
// CHECK-DAG: :[[@LINE-1]]:49: <<<>>> k grid 1x1x1 block ?x1x1
void escaping(float *p) {
  viaPointer(64, p);
  void (*fp)(int, float *) = viaPointer;
  fp(2048, p);
}

// make_uint3 builds a dim3-like value from its arguments.
void from_make_uint3(float *p) {
  uint3 tids = make_uint3(64, 4, 1);
  k<<<1, tids>>>(p);
// CHECK: value-forms.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 64x4x1
}

// More products of x and y than a set lists: the threads per block are
// their range.
void many_products(float *p) {
  int xs[] = {32, 64, 96, 128, 160};
  int ys[] = {1, 3, 5, 7, 9};
  for (int a = 0; a < 5; ++a)
    for (int b = 0; b < 5; ++b)
      k<<<1, dim3(xs[a], ys[b])>>>(p);
// CHECK: value-forms.cu:[[@LINE-1]]:7: <<<>>> k grid 1x1x1 block {32, 64, 96, 128, 160}x{1, 3, 5, 7, 9}x1 ([32, 1440] threads)
}
