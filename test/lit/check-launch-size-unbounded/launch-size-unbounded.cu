// RUN: %cuda-launch-lint --checks=-*,cuda-launch-size-unbounded --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// RUN: not %cuda-launch-lint --checks=-*,cuda-launch-bounds-exceeded --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=BOUNDS
// Inputs of any size are reported with a larger MaxFailingInput.
// RUN: %cuda-launch-lint --checks=-*,cuda-launch-size-unbounded --check-option=cuda-launch-size-unbounded.MaxFailingInput=9e18 --check-option=cuda-launch-size-unbounded.IncludeUncalledParameters=true --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=LARGE
// Each limit the runtime checks, broken by a size read at run time, and a
// guarded twin that stays silent.
#include <cstdint>
#include <cstdlib>
#include <vector>

struct tensor {
  int64_t ne[4];
};

__global__ void k(float *p) {}
__global__ void __launch_bounds__(256) bounded(float *p) {}

// Grid y from a tensor dimension: fails once the table has 65536 rows.
void rows(const tensor *dst, float *p) {
  const int64_t ne1 = dst->ne[1];
  dim3 grid((dst->ne[0] + 255) / 256, ne1);
  k<<<grid, 256>>>(p);
  // CHECK-MESSAGES: launch-size-unbounded.cu:[[@LINE-1]]:3: warning: grid y of 'k' is 'ne1' (dst->ne[1], a field read through parameter 'dst', an int64_t), and nothing on this path bounds it; it passes the maximum of 65535 blocks in grid y once ne1 > 65535; the launch may fail with cudaErrorInvalidValue [cuda-launch-size-unbounded]
}
void rows_chunked(const tensor *dst, float *p) {
  const int64_t ne1 = dst->ne[1];
  // The fix: at most 65535 rows per launch.
  for (int64_t done = 0; done < ne1; done += 65535) {
    const int64_t rows = ne1 - done < 65535 ? ne1 - done : 65535;
    k<<<dim3(1, rows), 256>>>(p);
  }
}

// Grid x from a 64-bit count: 2^31 - 1 blocks at most. A count of 2^31
// elements is past the default MaxFailingInput.
void count(const tensor *dst, float *p) {
  k<<<dst->ne[0] * dst->ne[1], 1>>>(p);
  // LARGE: :[[@LINE-1]]:3: warning: grid x of 'k' is 'dst->ne[0] * dst->ne[1]' with {{.*}}; it passes the maximum of 2147483647 blocks in grid x once dst->ne[0] > 2147483647
}
void count_checked(const tensor *dst, float *p) {
  const int64_t n = dst->ne[0] * dst->ne[1];
  if (n > 2147483647)
    abort();
  k<<<n, 1>>>(p);
}
// A launch wrapper hands its caller's choice on: the check belongs where
// the callers choose (the coverage says what the launch needs).
void wrapper(dim3 grid, dim3 block, int threads, float *p) {
  k<<<grid, block>>>(p);
  k<<<1, threads>>>(p);
}
// An int count rounded up to blocks of 256 never gets there.
void count_int(int n, float *p) { k<<<(n + 255) / 256, 256>>>(p); }

// A block of two sizes: each fits, their product does not.
void batched(const tensor *dst, float *p) {
  dim3 block(dst->ne[3], dst->ne[2]);
  k<<<1, block>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: threads per block of 'k' is 'dst->ne[3] * dst->ne[2]' with 'dst->ne[3]' (a field read through parameter 'dst', an int64_t), 'dst->ne[2]' (a field read through parameter 'dst', an int64_t), and nothing on this path bounds it; it passes the maximum of 1024 threads per block on sm_80 once dst->ne[3] > 1024
}
void batched_checked(const tensor *dst, float *p) {
  // 32 x 32 at most. (A test of the product itself is not followed.)
  if (dst->ne[3] > 32 || dst->ne[2] > 32)
    return;
  dim3 block(dst->ne[3], dst->ne[2]);
  k<<<1, block>>>(p);
}

int main(int argc, char **argv) {
  float *p = nullptr;
  // A block from the command line, never checked.
  int threads = atoi(argv[1]);
  k<<<1, threads>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: block x of 'k' is 'threads' (atoi(argv[1]), the result of 'atoi', an int), and nothing on this path bounds it; it passes the maximum of 1024 threads in block x once threads > 1024
  // The kernel's launch bound is lower than the hardware's.
  int b = 256;
  if (argc > 2)
    b = atoi(argv[2]);
  bounded<<<1, b>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: threads per block of 'bounded' is '256 or b' with 'b' (atoi(argv[2]), the result of 'atoi', an int), and nothing on this path bounds it; it passes the kernel's __launch_bounds__ maximum of 256 threads once b > 256
  // Checked where it enters: silent.
  int checked = atoi(argv[3]);
  if (checked < 1 || checked > 256)
    return 1;
  bounded<<<1, checked>>>(p);
  k<<<1, checked * 4>>>(p);
  // A truncating division: no block at all for fewer than 256 elements.
  k<<<checked / 256, 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: grid x of 'k' is 'checked / 256' with 'checked' (atoi(argv[3]), the result of 'atoi', an int), and the tests on this path do not stop it; it is 0 while checked <= 255, and a launch needs at least one
  // CHECK-MESSAGES: note: to fix: round the grid up ((n + B - 1) / B blocks) or return before the launch when there is nothing to do
  // Rounded up: at least one block for any non-empty input.
  k<<<(checked + 255) / 256, 256>>>(p);
  // Shared memory in proportion to the input, with no opt-in.
  std::vector<float> v(16);
  k<<<1, 32, v.size() * sizeof(float)>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: dynamic shared memory of 'k' is 'v.size() * 4' with 'v.size()' (a container's size, an unsigned long), and nothing on this path bounds it; it passes the 48 KiB a block may have without opting in once v.size() > 12288
  // Clamped: silent.
  size_t clamped = std::min<size_t>(v.size(), 4096);
  k<<<1, 32, clamped * sizeof(float)>>>(p);
  return 0;
}

// A device's properties bound what they report: maxThreadsPerBlock is at
// most 1024 on every GPU, hipDeviceProp_t's too; on every CUDA GPU it is
// exactly 1024, a known size: not this check's, but the launch bounds'
// error.
void device_sized(float *p) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  k<<<1, prop.maxThreadsPerBlock>>>(p);
  bounded<<<1, prop.maxThreadsPerBlock>>>(p);
  // BOUNDS: :[[@LINE-1]]:3: error: launch of 'bounded' with 1024 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80
}

// The last chunk of n % 65535 blocks is empty when n is a multiple of it
// (a parameter no analysed file calls: reported on request).
void chunks(int n, float *p) {
  k<<<n % 65535, 32>>>(p);
  // LARGE: :[[@LINE-1]]:3: warning: grid x of 'k' is 'n % 65535' with 'n' (parameter 'n' of 'chunks', no caller in the analysed files, an int), and nothing on this path bounds it; it is 0 at n = 65535, and a launch needs at least one
  // LARGE: note: to fix: launch the last chunk only when it is not empty, or return before the launch when there is nothing to do
}
void chunks_checked(int n, float *p) {
  if (n % 65535 > 0)
    k<<<n % 65535, 32>>>(p);
}

// A shape copied element by element in a constructor's counted loop: each
// element is read at run time. Grid y fails soonest through d[3].
struct shape {
  int64_t d[4];
  shape(const int64_t *in) {
    for (int i = 0; i < 4; i++)
      d[i] = in[i];
  }
};
void from_shape(const int64_t *dims, float *p) {
  shape s(dims);
  dim3 blocks((s.d[0] + 31) / 32, (s.d[1] + 31) / 32 * s.d[3]);
  k<<<blocks, 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: grid y of 'k' is '(in[1] + 31) / 32 * in[3]' with 'in[1]' (an element read through parameter 'in', an int64_t), 'in[3]' (an element read through parameter 'in', an int64_t), and nothing on this path bounds it; it passes the maximum of 65535 blocks in grid y at in[3] = 65536
}
// Clamped by an `if` on the dim3 field: silent.
void from_shape_clamped(const int64_t *dims, float *p) {
  shape s(dims);
  dim3 blocks(1, s.d[1]);
  if (blocks.y > 65535)
    blocks.y = 65535;
  k<<<blocks, 256>>>(p);
}
// Spread over grid z once grid y passes the device's maximum, which is
// 65535 on every CUDA GPU: silent.
void from_shape_spread(const int64_t *dims, float *p) {
  shape s(dims);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  dim3 blocks(1, s.d[1]);
  const int maxY = prop.maxGridSize[1];
  const int z = (int(blocks.y) + maxY - 1) / maxY;
  if (z > 1) {
    blocks.y = maxY;
    blocks.z = z;
  }
  k<<<blocks, 256>>>(p);
}

// Called through a table of function pointers: no run over other files
// sees all its callers, so its rows are a count of the data even without
// IncludeUncalledParameters.
void rows_by_pointer(int64_t nrows, float *p) {
  k<<<dim3(1, nrows), 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: grid y of 'k' is 'nrows' (parameter 'nrows' of 'rows_by_pointer', called through a pointer, so not all its callers are known, an int64_t), and nothing on this path bounds it; it passes the maximum of 65535 blocks in grid y once nrows > 65535
}
void rows_by_pointer_checked(int64_t nrows, float *p) {
  if (nrows > 65535)
    abort();
  k<<<dim3(1, nrows), 256>>>(p);
}
// Its block, like any parameter's, is the caller's choice.
void threads_by_pointer(int threads, float *p) { k<<<1, threads>>>(p); }
void (*const row_kernels[])(int64_t, float *) = {rows_by_pointer,
                                                 rows_by_pointer_checked};
void (*const thread_kernels[])(int, float *) = {threads_by_pointer};

// A count the GPU computed (how many items survived a cull) may be 0:
// rounding up gives no block then.
__global__ void count_survivors(const float *in, int *out) {}
void survivors(const float *in, int *d_count, float *p) {
  count_survivors<<<1, 256>>>(in, d_count);
  int n;
  cudaMemcpy(&n, d_count, sizeof(int), cudaMemcpyDeviceToHost);
  k<<<(n + 255) / 256, 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: grid x of 'k' is '(n + 255) / 256' with 'n' (copied from the GPU by 'cudaMemcpy' at run time, an int), and nothing on this path bounds it; it is 0 at n = 0, and a launch needs at least one
  // CHECK-MESSAGES: note: to fix: return before the launch when there is nothing to do: the grid already rounds up, so what it counts is 0
}
void survivors_checked(const float *in, int *d_count, float *p) {
  count_survivors<<<1, 256>>>(in, d_count);
  int n;
  cudaMemcpy(&n, d_count, sizeof(int), cudaMemcpyDeviceToHost);
  if (n > 0)
    k<<<(n + 255) / 256, 256>>>(p);
}

// An algorithm over [first, last) takes an empty range: rounding up gives
// no block then.
template <typename It> void insert_all(It first, It last, float *p) {
  auto n = std::distance(first, last);
  k<<<(n + 127) / 128, 128>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: grid x of 'k' is '(n + 127) / 128' with 'n' (std::distance(first, last), the length of a range, a long), and nothing on this path bounds it; it is 0 at n = 0, and a launch needs at least one
}
template <typename It> void insert_all_checked(It first, It last, float *p) {
  auto n = std::distance(first, last);
  if (n == 0)
    return;
  k<<<(n + 127) / 128, 128>>>(p);
}
void insert_some(const std::vector<int> &v, float *p) {
  insert_all(v.begin(), v.end(), p);
  insert_all_checked(v.begin(), v.end(), p);
}

// A switch on the block's field picks each launch's size: silent.
void by_block_size(const tensor *dst, float *p) {
  dim3 block(dst->ne[0] > 512 ? 512 : dst->ne[0]);
  block.x = unsigned(dst->ne[1]);
  switch (block.x) {
  case 512:
    k<<<1, block>>>(p);
    break;
  case 256:
    k<<<1, block>>>(p);
    break;
  }
}

// Rounded up by hand: the remainder test adds the last block only where
// there is a remainder, so the grid is never 0 for a size of at least 1,
// and grid y fails once ne1 passes 65535 blocks of 4 rows.
void rows_rounded(const tensor *dst, float *p) {
  const int64_t ne1 = dst->ne[1];
  int64_t nblocks = ne1 / 4;
  if (ne1 % 4 != 0)
    nblocks++;
  k<<<nblocks, 256>>>(p);
  k<<<dim3(1, nblocks), 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: grid y of 'k' is 'ne1 / 4 or ne1 / 4 + 1' with 'ne1' (dst->ne[1], a field read through parameter 'dst', an int64_t), and the tests on this path do not stop it; it passes the maximum of 65535 blocks in grid y at ne1 = 262141; the launch may fail with cudaErrorInvalidValue [cuda-launch-size-unbounded]
}
void rows_rounded_checked(const tensor *dst, float *p) {
  const int64_t ne1 = dst->ne[1];
  if (ne1 > 4 * 65535)
    abort();
  int64_t nblocks = ne1 / 4;
  if (ne1 % 4)
    ++nblocks;
  k<<<dim3(1, nblocks), 256>>>(p);
}
// Without the remainder's block, a size under 4 gives no block.
void rows_truncated(const tensor *dst, float *p) {
  const int64_t ne1 = dst->ne[1];
  int64_t nblocks = ne1 / 4;
  if (ne1 > 4 * 65535)
    nblocks = 65535;
  k<<<nblocks, 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: grid x of 'k' is 'ne1 / 4 or 65535' with 'ne1' (dst->ne[1], a field read through parameter 'dst', an int64_t), and the tests on this path do not stop it; it is 0 at ne1 = 1, and a launch needs at least one
}

// Sizes read through the pointer a library function returns.
const long *dimensions_of(const void *array);
void from_library(const void *array, float *p) {
  const long n = dimensions_of(array)[1];
  k<<<dim3(1, n / 4), 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: grid y of 'k' is 'n / 4' with 'n' (dimensions_of(array)[1], read through the result of 'dimensions_of', a long), and nothing on this path bounds it; it passes the maximum of 65535 blocks in grid y once n > 262143
}
void from_library_on_x(const void *array, float *p) {
  const long n = dimensions_of(array)[1];
  k<<<dim3((n + 31) / 32), 256>>>(p);
}

// cudaLaunchKernelEx takes the kernel's arguments by forwarding reference
// and only copies them: the grid made of them is still followed.
__global__ void two(int a, int b) {}
struct mla_params {
  int b, s_q;
};
void combine(mla_params &params, cudaStream_t stream) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(params.b, params.s_q, 1);
  config.blockDim = dim3(128);
  config.stream = stream;
  cudaLaunchKernelEx(&config, two, params.b, params.s_q);
  // LARGE: :[[@LINE-1]]:3: warning: grid y of 'two' is 'params.s_q' (parameter 'params' of 'combine', no caller in the analysed files, an int), and nothing on this path bounds it; it passes the maximum of 65535 blocks in grid y once params.s_q > 65535
}

// A call in a branch that this template instance never takes passes
// nothing: the block is the live branch's size.
template <typename T> void forward_block(T *p, int n) {
  k<<<1, n>>>((float *)p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: block x of 'k' is 'atoi(s)' (the result of 'atoi', an int), and nothing on this path bounds it; it passes the maximum of 1024 threads in block x once atoi(s) > 1024
}
template <typename T> void by_type(T *p, int n) {
  if (sizeof(T) == 2)
    forward_block(p, 64);
  else
    forward_block(p, n);
}
void typed(float *p, const char *s) { by_type(p, atoi(s)); }

// A difference of two sizes is a size: padding of `stride - cols` columns
// under `!= 0` never gives 0 blocks (a stride below the columns is no
// input). A size less a constant still may.
struct matrix {
  int stride, cols, rows;
  float *d;
};
// Zero blocks of a share per GPU: `n / gpus` with the other size small.
void per_gpu(matrix *m, const std::vector<int> &gpus) {
  k<<<(m->rows / gpus.size() + 1023) / 1024, 1024>>>(m->d);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: grid x of 'k' is '(m->rows / gpus.size() + 1023) / 1024'{{.*}}; it is 0 at gpus.size() = 2 with the other sizes at their smallest, and a launch needs at least one
}
void pad(matrix *m) {
  int toPad = m->stride - m->cols;
  if (toPad != 0)
    k<<<(toPad + 31) / 32, 32>>>(m->d);
}
void past_first_block(matrix *m) {
  k<<<(m->cols - 256 + 255) / 256, 256>>>(m->d);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: grid x of 'k' is '(m->cols - 256 + 255) / 256' with 'm->cols' (a field read through parameter 'm', an int), and nothing on this path bounds it; it is 0 while m->cols <= 256, and a launch needs at least one
}
