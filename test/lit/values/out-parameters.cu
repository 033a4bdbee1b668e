// A variable handed by reference to a function defined in the file gets
// what that function assigns to it on every way out:
// computeGridSize(n, 256, blocks, threads) leaves min(256, n) in threads.
// A path that returns without assigning, or a function whose body is not
// here, leaves the value unknown, and says why.
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"
#include <algorithm>

typedef unsigned int uint;
__global__ void k(float *p) {}

void computeGridSize(uint n, uint blockSize, uint &numBlocks, uint &numThreads) {
  numThreads = std::min(blockSize, n);
  numBlocks = (n + numThreads - 1) / numThreads;
}

void distribute(uint total, uint &blocks, uint &threads) {
  if (total > 1024) {
    blocks = (total + 1023) / 1024;
    threads = 1024;
  } else {
    blocks = 1;
    threads = total;
  }
}

void maybe(bool big, int &threads) {
  if (big)
    threads = 2048;
}

void opaque(int &threads);

void launches(uint n, bool big) {
  uint numBlocks, numThreads;
  computeGridSize(n, 256, numBlocks, numThreads);
  k<<<numBlocks, numThreads>>>(nullptr);
// CHECK: out-parameters.cu:[[@LINE-1]]:3: <<<>>> k grid ?x1x1 block [0, 256]x1x1

  uint blocks, threads;
  distribute(n, blocks, threads);
  k<<<blocks, threads>>>(nullptr);
// CHECK: out-parameters.cu:[[@LINE-1]]:3: <<<>>> k grid ?x1x1 block [0, 1024]x1x1

  int t = 128;
  maybe(big, t);
  k<<<n, t>>>(nullptr);
// CHECK: out-parameters.cu:[[@LINE-1]]:3: <<<>>> k grid ?x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: variable 't' in 'launches': 'threads' as 'maybe' sets it: a path through it leaves it unassigned

  int u = 128;
  opaque(u);
  k<<<n, u>>>(nullptr);
// CHECK: out-parameters.cu:[[@LINE-1]]:3: <<<>>> k grid ?x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: variable 'u' in 'launches': it is passed by reference to 'opaque'
}

void fixed(uint &threads) { threads = 2048; }

void fails(uint n) {
  uint threads;
  fixed(threads);
  k<<<n, threads>>>(nullptr);
// CHECK: out-parameters.cu:[[@LINE-1]]:3: <<<>>> k grid ?x1x1 block 2048x1x1
// DIAG: out-parameters.cu:[[@LINE-2]]:3: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
// DIAG: out-parameters.cu:[[@LINE-8]]:37: note: block x = 2048 from 'threads' set by 'fixed'
}
