// The benchmark-harness pattern: main loops over a constant array of block
// sizes and hands each to a launcher, directly or through a harness that
// takes the launcher as a function pointer and forwards its arguments
// (`kernel(std::forward<Args>(args)...)`). The block size reaches the launch
// through both, and the diagnostic's notes are the path.
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=DIAG --implicit-check-not="{{error|warning}}:"
#include <utility>

__global__ void __launch_bounds__(512) bounded(float *out, int n) {}
__global__ void plain(float *out, int n) {}

void launch_bounded(float *out, int n, const int block_size) {
  bounded<<<(n + block_size - 1) / block_size, block_size>>>(out, n);
// CHECK: harness.cu:[[@LINE-1]]:3: <<<>>> bounded grid [1024, 32799]x1x1 block {32, 64, 128, 256, 512, 1024}x1x1
// DIAG: harness.cu:[[@LINE-2]]:3: error: launch of 'bounded' with 1024 threads per block exceeds its __launch_bounds__ maximum of 512 on sm_80; the launch fails{{( with cudaErrorInvalidValue)?}} [cuda-launch-bounds-exceeded]
}

void launch_plain(float *out, int n, int block_size) {
  plain<<<n / block_size, block_size>>>(out, n);
// CHECK: harness.cu:[[@LINE-1]]:3: <<<>>> plain grid {1024, 2048, 4096, 8192, 16384, 32768}x1x1 block {32, 64, 128, 256, 512, 1024}x1x1
}

void dispatch(int kernel_num, float *out, int n, const int block_size) {
  switch (kernel_num) {
  case 1:
    launch_bounded(out, n, block_size);
// DIAG-DAG: harness.cu:[[@LINE-1]]:5: note: block x = {32, 64, 128, 256, 512, 1024} from parameter 'block_size' of 'launch_bounded' from this call
    break;
  case 2:
    launch_plain(out, n, block_size);
    break;
  }
}

template <class Kernel, class... KernelArgs>
float benchmark(int repeats, Kernel kernel, KernelArgs &&...kernel_args) {
  for (int i = 0; i < repeats; i++)
    kernel(std::forward<KernelArgs>(kernel_args)...);
// DIAG-DAG: harness.cu:[[@LINE-1]]:5: note: block x = {32, 64, 128, 256, 512, 1024} from parameter 'block_size' of 'dispatch' from this call
  return 0.f;
}

int atoi(const char *);

int main(int argc, char **argv) {
  float *out = nullptr;
  int n = 1 << 20;
  int kernel_num = atoi(argv[1]);
  int block_sizes[] = {32, 64, 128, 256, 512, 1024};
// DIAG-DAG: harness.cu:[[@LINE-1]]:7: note: block x = {32, 64, 128, 256, 512, 1024} from an element of 'block_sizes'
  for (int j = 0; j < sizeof(block_sizes) / sizeof(int); j++) {
    int block_size = block_sizes[j];
    dispatch(kernel_num, out, n, block_size);
// DIAG-DAG: harness.cu:[[@LINE-1]]:5: note: block x = {32, 64, 128, 256, 512, 1024} from parameter 'block_size' of 'dispatch' from this call
  }
  for (int j = 0; j < sizeof(block_sizes) / sizeof(int); j++) {
    int block_size = block_sizes[j];
    benchmark(100, dispatch, kernel_num, out, n, block_size);
// DIAG-DAG: harness.cu:[[@LINE-1]]:5: note: block x = {32, 64, 128, 256, 512, 1024} from 'block_size' passed through 'benchmark'
// DIAG-DAG: harness.cu:[[@LINE-2]]:5: note: block x = {32, 64, 128, 256, 512, 1024} from parameter 'kernel_args' of 'benchmark' from this call
  }
  return 0;
}
// The loop reads every element, each on an iteration of its own, and no
// branch on the way depends on which: 1024 reaches the launch.
// DIAG: note: block x = 1024 reaches this launch on a feasible path: no branch on the way depends on the choice of that value

// `s * s` reads one value twice: its values are the squares, not every
// product of two sizes.
__global__ void square(float *out) {}
void launch_square(int sqrt_block) {
  square<<<1, sqrt_block * sqrt_block>>>(nullptr);
// CHECK: harness.cu:[[@LINE-1]]:3: <<<>>> square grid 1x1x1 block {16, 64, 256, 1024}x1x1
}
void sweep_squares() {
  int sqrt_sizes[] = {4, 8, 16, 32};
  for (int i = 0; i < 4; ++i)
    launch_square(sqrt_sizes[i]);
}

// A harness that never calls the function it is handed (a crash once).
template <class Fn> void ignore_it(Fn) {}
void never_called(int bs) {
  square<<<1, bs>>>(nullptr);
// CHECK: harness.cu:[[@LINE-1]]:3: <<<>>> square grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x read at run time: {{.*}}parameter 'bs' of 'never_called', no caller in the analysed files
}
void hand_over() { ignore_it(never_called); }
