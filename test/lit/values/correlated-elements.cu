// A value chosen under a test of an array element, a member or a member of
// `*this`, read under the same test: the tests read one value when nothing
// can change it between them, so only the value chosen on that side
// reaches the launch. A call between the tests (which may write a global)
// keeps both values.
// RUN: %cuda-launch-lint --list-launches --resource-usage=none %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"
__global__ void __launch_bounds__(64) small_k(int n) {}
__global__ void large_k(int n) {}
extern int sm_of_device[8];
void refresh();

void by_element(int dev, int n) {
  int threads = 64;
  if (sm_of_device[dev] >= 800) threads = 64;
  else threads = 512;
  dim3 block(threads / 2, 2);
  if (sm_of_device[dev] >= 800)
    small_k<<<n, block, 256 * threads>>>(n);
// CHECK: correlated-elements.cu:[[@LINE-1]]:5: <<<>>> small_k grid ?x1x1 block 32x2x1 (64 threads) smem 16384
  else
    large_k<<<n, block>>>(n);
// CHECK: correlated-elements.cu:[[@LINE-1]]:5: <<<>>> large_k grid ?x1x1 block 256x2x1 (512 threads)
}

struct Options { int level; };
void by_member(Options o, int n) {
  int threads = o.level > 1 ? 512 : 64;
  if (o.level <= 1)
    small_k<<<n, threads>>>(n);
// CHECK: correlated-elements.cu:[[@LINE-1]]:5: <<<>>> small_k grid ?x1x1 block 64x1x1
}

struct Runner {
  int arch_;
  void run(int n) {
    int threads = 64;
    if (arch_ < 700) threads = 1024;
    if (arch_ >= 700)
      small_k<<<n, threads>>>(n);
// CHECK: correlated-elements.cu:[[@LINE-1]]:7: <<<>>> small_k grid ?x1x1 block 64x1x1
  }
};

void changed_between(int dev, int n) {
  int threads = 64;
  if (sm_of_device[dev] < 800) threads = 512;
  refresh(); // may write sm_of_device
  if (sm_of_device[dev] >= 800)
    small_k<<<n, threads>>>(n);
// CHECK: correlated-elements.cu:[[@LINE-1]]:5: <<<>>> small_k grid ?x1x1 block {64, 512}x1x1
// DIAG: correlated-elements.cu:[[@LINE-2]]:5: warning: launch of 'small_k' with 512 threads per block exceeds its __launch_bounds__ maximum of 64{{.*}}may fail
}

// A change to another part of the same object between the tests keeps the
// tested part steady; a change to the tested part does not.
struct Limits { int arch, scratch; };
void bump(int &v);
void sibling_changed(Limits l, int n) {
  int threads = l.arch < 700 ? 1024 : 64;
  bump(l.scratch);
  if (l.arch >= 700)
    small_k<<<n, threads>>>(n);
// CHECK: correlated-elements.cu:[[@LINE-1]]:5: <<<>>> small_k grid ?x1x1 block 64x1x1
}
void tested_part_changed(Limits l, int n) {
  int threads = l.arch < 700 ? 1024 : 64;
  bump(l.arch);
  if (l.arch >= 700)
    small_k<<<n, threads>>>(n);
// CHECK: correlated-elements.cu:[[@LINE-1]]:5: <<<>>> small_k grid ?x1x1 block {64, 1024}x1x1
// DIAG: correlated-elements.cu:[[@LINE-2]]:5: warning: launch of 'small_k' with 1024 threads per block exceeds its __launch_bounds__ maximum of 64{{.*}}may fail
}
