// The store model for objects: members read through `this` take their value
// from the object the method is called on; methods of the file change
// their object as their bodies say; constructor bodies and functional casts;
// a config whose address goes only to a launch API (which reads it); tables
// of structs, row by row; std::array, std::pair, std::tuple and structured
// bindings. A change the analysis does not follow keeps a value unknown.
// REQUIRES: cuda-toolkit
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 --cuda-path %cuda-path %s -- -std=c++17 2>&1 | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --list-launches --cuda-path %cuda-path %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=LIST
#include <array>
#include <cuda.h>
#include <cuda_runtime.h>
#include <tuple>
#include <utility>

__global__ void k(float *y) {}
__global__ void __launch_bounds__(256) bounded(float *y) {}

// A constructor body sets the config; `Cfg(p)` is a functional cast.
struct Params {
  int n;
};
struct Cfg {
  cudaLaunchConfig_t cfg = {};
  Cfg(Params p, int threads) {
    cfg.gridDim = dim3((p.n + threads - 1) / threads);
    cfg.blockDim = dim3(threads);
    cfg.dynamicSmemBytes = 0;
    cfg.stream = nullptr;
    cfg.attrs = nullptr;
    cfg.numAttrs = 0;
  }
};
void constructor_body(float *y) {
  Params p{4096};
  auto a = Cfg(p, 2048);
  cudaLaunchKernelEx(&a.cfg, k, y);
// CHECK: store-model.cu:[[@LINE-1]]:3: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
// LIST: store-model.cu:[[@LINE-2]]:3: cudaLaunchKernelEx k grid 2x1x1 block 2048x1x1 (2048 threads) smem 0
  Cfg b(p, 128);
  cudaLaunchKernelEx(&b.cfg, k, y);
// LIST: store-model.cu:[[@LINE-1]]:3: cudaLaunchKernelEx k grid 32x1x1 block 128x1x1 (128 threads) smem 0
}

// The config's address goes only to the launch, which reads it.
void driver_config(CUfunction f, void **args) {
  CUlaunchConfig c = {};
  c.gridDimX = 8;
  c.gridDimY = c.gridDimZ = 1; // a chained assignment
  c.blockDimX = 256;
  c.blockDimY = c.blockDimZ = 1;
  cuLaunchKernelEx(&c, f, args, nullptr);
// LIST: store-model.cu:[[@LINE-1]]:3: cuLaunchKernelEx <unknown kernel> grid 8x1x1 block 256x1x1 (256 threads) smem 0
}

// Members through `this`, from the object each call runs on; an object
// changed by a method of the file.
class Launcher {
public:
  void set_threads(int t) { threads_ = t; }
  void go(float *y) { k<<<1, threads_>>>(y); }
// CHECK: store-model.cu:[[@LINE-1]]:23: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
// LIST: store-model.cu:[[@LINE-2]]:23: <<<>>> k grid 1x1x1 block 2048x1x1 (2048 threads) smem 0
  void run(float *y, int t) {
    set_threads(t);
    launch(y);
  }
  void launch(float *y) { bounded<<<blocks_, threads_>>>(y); }
// LIST: store-model.cu:[[@LINE-1]]:27: <<<>>> bounded grid 4x1x1 block 128x1x1 (128 threads) smem 0

private:
  int threads_ = 128;
  int blocks_ = 4;
};
void through_this(float *y) {
  Launcher l;
  l.set_threads(2048);
  l.go(y);
  Launcher m;
  m.run(y, 128);
}

// A member changed in a way the analysis does not follow stays unknown.
class Opaque {
public:
  void resize(); // defined in another file
  void go(float *y) { bounded<<<1, threads_>>>(y); }
// LIST: store-model.cu:[[@LINE-1]]:23: <<<>>> bounded grid 1x1x1 block ?x1x1 (? threads) smem 0
// LIST-NEXT: block.x unknown: {{.*}}it may be changed by 'o.resize()'

private:
  int threads_ = 2048;
};
void unfollowed(float *y) {
  Opaque o;
  o.resize();
  o.go(y);
}

// Clang's mutation analysis is asked about the part a launch reads: a
// change through a reference to another part of the same member leaves it
// known; a change through a reference to the part itself does not.
void grow(int &v);
struct Parts {
  int block, other;
};
class PartChanges {
public:
  void go(float *y) {
    grow(p_.other);
    k<<<1, p_.block>>>(y);
// CHECK: store-model.cu:[[@LINE-1]]:5: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
// LIST: store-model.cu:[[@LINE-2]]:5: <<<>>> k grid 1x1x1 block 2048x1x1 (2048 threads) smem 0
    grow(p_.block);
    k<<<1, p_.block>>>(y);
// LIST: store-model.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block ?x1x1 (? threads) smem 0
// LIST-NEXT: block.x unknown: {{.*}}it may be changed by 'grow(p_.block)'
  }

private:
  Parts p_{2048, 1};
};
void part_changes(float *y) {
  PartChanges c;
  c.go(y);
}

// Comparisons on a member bound it.
struct Ranged {
  int n_;
  void run(float *y) {
    if (n_ >= 32 && n_ <= 1024)
      k<<<1, n_>>>(y);
// LIST: store-model.cu:[[@LINE-1]]:7: <<<>>> k grid 1x1x1 block [32, 1024]x1x1 ([32, 1024] threads) smem 0
  }
};
void ranged(Ranged &r, float *y) { r.run(y); }

// Comparisons on a global that other code writes bound it, until a call
// that may write it.
int g_threads = 256;
void set_threads(int t) { g_threads = t; }
void global_bounds(float *y) {
  if (g_threads >= 32 && g_threads <= 1024)
    k<<<1, g_threads>>>(y);
// LIST: store-model.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block [32, 1024]x1x1 ([32, 1024] threads) smem 0
  if (g_threads <= 1024) {
    set_threads(2048);
    k<<<1, g_threads>>>(y);
// LIST: store-model.cu:[[@LINE-1]]:5: <<<>>> k grid 1x1x1 block ?x1x1
// LIST-NEXT: block.x unknown: {{.*}}a call may change it
  }
}

// Each row of a const table of structs.
struct Row {
  int grid, block;
};
static const Row kTable[] = {{1, 128}, {2, 256}, {4, 2048}};
void table(float *y) {
  for (const Row &c : kTable)
    k<<<c.grid, c.block>>>(y);
// CHECK: store-model.cu:[[@LINE-1]]:5: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
// LIST: store-model.cu:[[@LINE-2]]:5: <<<>>> k grid {1, 2, 4}x1x1 block {128, 256, 2048}x1x1
}

// std::array through operator[], at, data and a range-for.
void std_array(float *y, int i) {
  std::array<int, 3> s{128, 256, 2048};
  k<<<16, s[i]>>>(y);
// CHECK: store-model.cu:[[@LINE-1]]:3: warning: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
// LIST: store-model.cu:[[@LINE-2]]:3: <<<>>> k grid 16x1x1 block {128, 256, 2048}x1x1
  bounded<<<16, s.at(1)>>>(y);
// LIST: store-model.cu:[[@LINE-1]]:3: <<<>>> bounded grid 16x1x1 block 256x1x1
  for (int b : s)
    bounded<<<16, b>>>(y);
// CHECK: store-model.cu:[[@LINE-1]]:5: error: launch of 'bounded' with 2048 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch fails
// CHECK: store-model.cu:[[@LINE-2]]:5: error: block dimension x = 2048 exceeds the maximum of 1024 on sm_80
// LIST: store-model.cu:[[@LINE-3]]:5: <<<>>> bounded grid 16x1x1 block {128, 256, 2048}x1x1
}

// An element written through a pointer is not the initialiser's.
void written_through_a_pointer(float *y) {
  std::array<int, 2> s{64, 128};
  int *p = s.data();
  p[1] = 2048;
  k<<<16, s[1]>>>(y);
// LIST: store-model.cu:[[@LINE-1]]:3: <<<>>> k grid 16x1x1 block ?x1x1
}

// std::pair, std::tuple and structured bindings.
std::pair<int, int> config(int n) { return {(n + 255) / 256, 256}; }
struct Launch {
  unsigned grid, block;
};
Launch plan(int n) { return Launch{unsigned(n) / 512, 512}; }
void bindings(float *y) {
  auto [grid, block] = config(4096);
  bounded<<<grid, block>>>(y);
// LIST: store-model.cu:[[@LINE-1]]:3: <<<>>> bounded grid 16x1x1 block 256x1x1
  auto [g, b] = plan(8192);
  bounded<<<g, b>>>(y);
// CHECK: store-model.cu:[[@LINE-1]]:3: error: launch of 'bounded' with 512 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch fails
// LIST: store-model.cu:[[@LINE-2]]:3: <<<>>> bounded grid 16x1x1 block 512x1x1
  std::tuple<int, int> t = std::make_tuple(8, 64);
  k<<<std::get<0>(t), std::get<1>(t)>>>(y);
// LIST: store-model.cu:[[@LINE-1]]:3: <<<>>> k grid 8x1x1 block 64x1x1
}
