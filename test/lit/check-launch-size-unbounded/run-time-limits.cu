// RUN: %cuda-launch-lint --checks=-*,cuda-launch-size-unbounded --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=LIST
// RUN: %cuda-launch-lint --list-launches --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=BLOCK
// Bounds the program puts on a run-time size without a constant: a check
// against a limit it reads at run time, and the index of an array of
// kernels. Each silent launch has a twin that warns.

template <int T> __global__ void k(int n) {}

struct Shape {
  int h, w, n;
};

// Checked against a limit the caller hands over, before any opt-in: the
// program vouches for the size.
int checked(const Shape *s, unsigned long deviceSmem) {
  unsigned long bytes = s->h * s->w * sizeof(float);
  if (bytes > deviceSmem)
    return 1;
  k<0><<<1, 256, bytes>>>(s->n);
  // LIST: run-time-limits.cu:[[@LINE-1]]:3: not fully checked: unknown dynamic shared memory (smem: variable 'bytes' in 'checked' is checked against 'deviceSmem', a limit read at run time on the way here)
  return 0;
}
int unchecked(const Shape *s) {
  unsigned long bytes = s->h * s->w * sizeof(float);
  k<0><<<1, 256, bytes>>>(s->n);
  // CHECK-MESSAGES: run-time-limits.cu:[[@LINE-1]]:3: warning: dynamic shared memory of 'k<0>' is 's->h * s->w * 4'
  return 0;
}

// The same check written as an assert, and with `!(... > ...)`.
void asserted(const Shape *s, int maxThreads) {
  const int threads = s->n;
  if (!(threads <= maxThreads))
    __builtin_trap();
  k<0><<<1, threads>>>(s->n);
}

// A test that bounds the size only from below leaves it unbounded above.
void fromBelow(const Shape *s, int least) {
  const int threads = s->n;
  if (threads < least)
    return;
  k<0><<<1, threads>>>(s->n);
  // CHECK-MESSAGES: run-time-limits.cu:[[@LINE-1]]:3: warning: block x of 'k<0>' is 'threads' (s->n, a field read through parameter 's', an int), and nothing on this path bounds it
}

// A check on one path only: the other path is not checked.
void onOnePath(const Shape *s, int limit, bool strict) {
  const int threads = s->n;
  if (strict && threads > limit)
    return;
  k<0><<<1, threads>>>(s->n);
  // CHECK-MESSAGES: run-time-limits.cu:[[@LINE-1]]:3: warning: block x of 'k<0>' is 'threads' (s->n, a field read through parameter 's', an int), and nothing on this path bounds it
}

// A loop's test bounds its counter, not the size it counts to.
void counted(const Shape *s) {
  const int threads = s->n;
  for (int i = 0; i < threads; ++i)
    k<0><<<1, threads>>>(i);
  // CHECK-MESSAGES: run-time-limits.cu:[[@LINE-1]]:5: warning: block x of 'k<0>' is 'threads' (s->n, a field read through parameter 's', an int), and nothing on this path bounds it
}

// `kernel[t - 1]` with four kernels: t is 1 to 4 on every defined path,
// and each kernel runs with its own t, so 512 * t bytes stay small.
void fromTable(const Shape *s) {
  void (*kernel[4])(int) = {k<1>, k<2>, k<3>, k<4>};
  const int t = (s->n + 511) / 512;
  kernel[t - 1]<<<1, 512, 512 * t>>>(s->n);
  // LIST: run-time-limits.cu:[[@LINE-1]]:3: not fully checked: dynamic shared memory read at run time ({{.*}}within the hardware's limits for every value{{.*}})
}
// The index does not hold the size: nothing bounds it.
void fromTableUnrelated(const Shape *s, int which) {
  void (*kernel[4])(int) = {k<1>, k<2>, k<3>, k<4>};
  kernel[which & 3]<<<1, 512, 512 * s->h>>>(s->n);
  // CHECK-MESSAGES: run-time-limits.cu:[[@LINE-1]]:3: warning: dynamic shared memory of 'k<1>' is '512 * s->h'
}

// A constant the way pins comes first: under `case 2:` ranks is 2, past an
// assert against another size, and the block is 128.
void perRanks(const Shape *s) {
  const int ranks = s->n;
  const int threads = 32 * ranks > 128 ? 32 * ranks : 128;
  if (!(ranks <= threads))
    __builtin_trap();
  switch (ranks) {
  case 2:
    k<2><<<1, threads>>>(ranks);
    // BLOCK: run-time-limits.cu:[[@LINE-1]]:5: <<<>>> k<2> grid 1x1x1 block 128x1x1
    break;
  }
}

// Two sizes that must agree are not a limit: the block still fails past
// 1024.
void agreeing(const Shape *s, int cols) {
  const int threads = s->n;
  if (threads != cols)
    return;
  k<0><<<1, threads>>>(cols);
  // CHECK-MESSAGES: run-time-limits.cu:[[@LINE-1]]:3: warning: block x of 'k<0>' is 'threads' (s->n, a field read through parameter 's', an int), and nothing on this path bounds it
}

// The block fails past 256 threads; the shared memory only past 3072:
// one finding, the block's.
void dominated(const Shape *s) {
  const int threads = s->n;
  k<0><<<1, threads << 2, (threads << 2) * 4>>>(threads);
  // CHECK-MESSAGES: run-time-limits.cu:[[@LINE-1]]:3: warning: block x of 'k<0>' is 'threads << 2'
}
