// A local grown from its initialiser by one constant step in a loop whose
// condition bounds it takes the values the loop can leave: ggml's softmax
// doubles its block size from a warp while it is below the row length and
// 1024. The loop's other tests may stop it at any of them, so none is
// proven to reach the launch: a value over a kernel's __launch_bounds__
// gives a warning, not an error. Any other step keeps the variable unknown,
// and says why.
// RUN: %cuda-launch-lint --resource-usage=none --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"

#define WARP_SIZE 32
#define CUDA_SOFT_MAX_BLOCK_SIZE 1024

__global__ void k(float *p) {}
__global__ void __launch_bounds__(256) bounded(float *p) {}

void soft_max(float *x, int ncols_x, int nrows_x) {
  int nth = WARP_SIZE;
  while (nth < ncols_x && nth < CUDA_SOFT_MAX_BLOCK_SIZE)
    nth *= 2;
  const dim3 block_dims(nth, 1, 1);
  const dim3 block_nums(nrows_x, 1, 1);
  k<<<block_nums, block_dims>>>(x);
// CHECK: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid ?x1x1 block {32, 64, 128, 256, 512, 1024}x1x1
// CHECK-NEXT: block.x proven to reach: none
  bounded<<<block_nums, block_dims>>>(x);
// CHECK-NEXT: growth-loops.cu:[[@LINE-1]]:3: <<<>>> bounded grid ?x1x1 block {32, 64, 128, 256, 512, 1024}x1x1
// CHECK-NEXT: block.x proven to reach: none
// DIAG: growth-loops.cu:[[@LINE-3]]:3: warning: launch of 'bounded' with 512 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch may fail
// DIAG: growth-loops.cu:[[@LINE-11]]:3: note: block x = {32, 64, 128, 256, 512, 1024} from 'nth' grown by '*=' in the loop
// DIAG: note: of the values that may reach this launch, block x = 512, 1024 give this finding
// DIAG: note: only some of the values that may reach this launch fail
}

// Before the loop, the first value alone.
void before_the_loop(int n) {
  int nth = 32;
  k<<<1, nth>>>(nullptr);
// CHECK: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 32x1x1
  while (nth < n && nth < 1024)
    nth = nth * 2;
  k<<<2, nth>>>(nullptr);
// CHECK-NEXT: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid 2x1x1 block {32, 64, 128, 256, 512, 1024}x1x1
}

// Inside the loop, the values that pass its test.
void inside_the_loop() {
  for (int t = 32; t < 512; t *= 2)
    k<<<1, t>>>(nullptr);
// CHECK: growth-loops.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block {32, 64, 128, 256}x1x1
// CHECK-NEXT: block.x proven to reach: none
}

// A do loop steps once before its first test.
void do_loop(int n) {
  int v = 16;
  do {
    v *= 2;
  } while (v < n && v < 256);
  k<<<1, v>>>(nullptr);
// CHECK: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block {32, 64, 128, 256}x1x1
}

// With the bound as its only test, the loop leaves the first value past it.
void do_loop_bound_only() {
  int v = 16;
  do {
    v *= 2;
  } while (v < 256);
  k<<<1, v>>>(nullptr);
// CHECK: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 256x1x1
}

// A shift, the bound first; a shift down to a lower bound.
void shifts(int n) {
  unsigned threads = 64;
  while (1024 > threads && threads < n)
    threads <<= 1;
  k<<<1, threads>>>(nullptr);
// CHECK: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block {64, 128, 256, 512, 1024}x1x1
  int down = 1024;
  while (down > n && down >= 128)
    down >>= 1;
  k<<<1, down>>>(nullptr);
// CHECK: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block {64, 128, 256, 512, 1024}x1x1
}

// Refused: the reasons say why.
void no_bound(int n) {
  int v = 32;
  while (v < n)
    v *= 2;
  k<<<1, v>>>(nullptr);
// CHECK: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: variable 'v' in 'no_bound': it is changed by '*=' in a loop: the loop's condition does not bound it ('v < C' or 'v <= C')
}

void two_steps(int n, bool twice) {
  int v = 32;
  while (v < n && v < 1024) {
    v *= 2;
    if (twice)
      v *= 2;
  }
  k<<<1, v>>>(nullptr);
// CHECK: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: variable 'v' in 'two_steps': it is changed by '*=' in a loop: more than one statement changes it
}

void not_constant(int n, int factor) {
  int v = 32;
  while (v < n && v < 1024)
    v *= factor;
  k<<<1, v>>>(nullptr);
// CHECK: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: variable 'v' in 'not_constant': it is changed by '*=' in a loop: the amount is not a constant
}

void nested(int n, int m) {
  int v = 32;
  while (v < 1024)
    for (int i = 0; i < m; ++i)
      v *= 2;
  k<<<1, v>>>(nullptr);
// CHECK: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: variable 'v' in 'nested': it is changed by '*=' in a loop: the step is in a nested loop
}

void too_many(int n) {
  int v = 32;
  while (v < n && v < 1024)
    v += 32;
  k<<<1, v>>>(nullptr);
// CHECK: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: variable 'v' in 'too_many': it is changed by '+=' in a loop: it would take more than 16 values
}

// Outside a loop, a step is a definition like any other: 32 * 2.
void no_loop() {
  int v = 32;
  v *= 2;
  k<<<1, v>>>(nullptr);
// CHECK: growth-loops.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block 64x1x1
}
