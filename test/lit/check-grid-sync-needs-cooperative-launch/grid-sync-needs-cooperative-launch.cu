// RUN: %not %cuda-launch-lint --checks=-*,cuda-grid-sync-needs-cooperative-launch --resource-usage=none --arch=sm_80,sm_90 --cuda-path %cuda-path %s -- nvcc -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// The fact itself: kernels[].grid_sync, launches[].cooperative.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-grid-sync-needs-cooperative-launch --resource-usage=none --arch=sm_80 --format=json --cuda-path %cuda-path %s -- nvcc -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=JSON
// REQUIRES: cuda-toolkit
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

// The sync two calls down.
__device__ void barrier() { cg::this_grid().sync(); }
__device__ void stage(float *p) { p[threadIdx.x] += 1; barrier(); }
__global__ void persistent(float *p) { stage(p); stage(p); }

// The toolkit's own helper, a named group, a macro, a lambda.
__global__ void by_helper(float *p) { cg::grid_group g = cg::this_grid(); cg::sync(g); }
__global__ void named(float *p) { cg::grid_group grid = cg::this_grid(); grid.sync(); }
#define GRID_SYNC() cg::this_grid().sync()
__global__ void by_macro(float *p) { GRID_SYNC(); }
__global__ void by_lambda(float *p) {
  auto g = cg::this_grid();
  auto step = [&] { g.sync(); };
  step();
}
// A split barrier traps as sync() does.
__global__ void split(float *p) {
  cg::grid_group g = cg::this_grid();
  auto token = g.barrier_arrive();
  g.barrier_wait(std::move(token));
}

// Template instantiations: only the one that syncs.
template <typename Group> __device__ void sync_group(Group g) { g.sync(); }
template <bool Sync> __global__ void maybe(float *p) {
  if constexpr (Sync)
    sync_group(cg::this_grid());
  else
    sync_group(cg::this_thread_block());
}

// No grid sync, or one the kernel guards with is_valid(): it runs without a
// cooperative launch (the grid-wide step is skipped).
__global__ void block_only(float *p) { cg::this_thread_block().sync(); __syncthreads(); }
__global__ void guarded(float *p) {
  cg::grid_group g = cg::this_grid();
  if (g.is_valid())
    g.sync();
}
__device__ void early_out_sync() {
  cg::grid_group g = cg::this_grid();
  if (!g.is_valid())
    return;
  g.sync();
}
__global__ void guarded_in_helper(float *p) { early_out_sync(); }
// Not followed: a generic thread_group (its sync() dispatches at run time),
// a call through a pointer, a function defined elsewhere.
__global__ void generic(float *p) { cg::thread_group g = cg::this_grid(); g.sync(); }
__device__ void (*hook)() = barrier;
__global__ void through_pointer(float *p) { hook(); }
__device__ void elsewhere();
__global__ void external(float *p) { elsewhere(); }
// A launch from device code (dynamic parallelism) is never cooperative;
// the launching kernel does not sync itself.
__global__ void parent(float *p) { persistent<<<1, 32>>>(p); }
// CHECK-MESSAGES: :[[@LINE-1]]:36: error: 'persistent' synchronizes the whole grid (cooperative_groups::grid_group::sync) but is launched with <<<>>>, not cooperatively

// A sync under a branch condition runs on some paths only: the launch may
// fail, a warning. A loop is the kernel's work: a sync in it counts; and
// where one path syncs unconditionally, that is the one reported.
__global__ void sometimes(float *p, bool wide) {
  if (wide)
    barrier();
}
__global__ void short_circuit(float *p, bool wide) { wide && (barrier(), true); }
__global__ void iterate(float *p, int n) {
  for (int i = 0; i < n; ++i) {
    p[i] += 1;
    barrier();
  }
}
__global__ void both(float *p, bool wide) {
  if (wide)
    barrier();
  barrier();
}

void conditions(float *p, bool wide, int n) {
  sometimes<<<108, 256>>>(p, wide);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'sometimes' synchronizes the whole grid (cooperative_groups::grid_group::sync) but is launched with <<<>>>, not cooperatively; the grid sync traps in a launch that is not cooperative; the launch may fail [cuda-grid-sync-needs-cooperative-launch]
  // CHECK-MESSAGES: :73:5: note: kernel 'sometimes' calls 'barrier' here
  // CHECK-MESSAGES: :72:7: note: the sync runs only when this condition holds: the launch fails on the paths where it does
  short_circuit<<<108, 256>>>(p, wide);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'short_circuit' synchronizes the whole grid {{.*}} the launch may fail
  iterate<<<108, 256>>>(p, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'iterate' synchronizes the whole grid {{.*}} the launch fails
  both<<<108, 256>>>(p, wide);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'both' synchronizes the whole grid {{.*}} the launch fails
  // CHECK-MESSAGES: :85:3: note: kernel 'both' calls 'barrier' here
}

void launches(float *p, void **args) {
  persistent<<<108, 256>>>(p);
  // CHECK-MESSAGES: grid-sync-needs-cooperative-launch.cu:[[@LINE-1]]:3: error: 'persistent' synchronizes the whole grid (cooperative_groups::grid_group::sync) but is launched with <<<>>>, not cooperatively; the grid sync traps in a launch that is not cooperative; the launch fails [cuda-grid-sync-needs-cooperative-launch]
  // CHECK-MESSAGES-NEXT: | persistent<<<108, 256>>>(p);
  // CHECK-MESSAGES-NEXT: | ^
  // CHECK-MESSAGES-NEXT: grid-sync-needs-cooperative-launch.cu:13:17: note: kernel 'persistent' declared here
  // CHECK-MESSAGES-NEXT: grid-sync-needs-cooperative-launch.cu:13:40: note: kernel 'persistent' calls 'stage' here
  // CHECK-MESSAGES-NEXT: grid-sync-needs-cooperative-launch.cu:12:56: note: 'stage' calls 'barrier' here
  // CHECK-MESSAGES-NEXT: grid-sync-needs-cooperative-launch.cu:11:29: note: 'barrier' synchronizes the grid here
  // CHECK-MESSAGES-NEXT: note: launch it with cudaLaunchCooperativeKernel (or cudaLaunchKernelEx with the cudaLaunchAttributeCooperative attribute), with no more blocks than can be co-resident
  by_helper<<<108, 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'by_helper' synchronizes the whole grid
  // CHECK-MESSAGES: :16:75: note: kernel 'by_helper' calls 'cooperative_groups::sync<cooperative_groups::grid_group>' here, which synchronizes the grid (cooperative_groups::grid_group::sync)
  named<<<108, 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'named' synchronizes the whole grid
  // CHECK-MESSAGES: :17:74: note: kernel 'named' synchronizes the grid here
  by_macro<<<108, 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'by_macro' synchronizes the whole grid
  // CHECK-MESSAGES: :19:38: note: kernel 'by_macro' synchronizes the grid here
  by_lambda<<<108, 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'by_lambda' synchronizes the whole grid
  // CHECK-MESSAGES: :23:3: note: kernel 'by_lambda' calls '(lambda at grid-sync-needs-cooperative-launch.cu:22:15)' here
  // CHECK-MESSAGES: :22:21: note: '(lambda at grid-sync-needs-cooperative-launch.cu:22:15)' synchronizes the grid here
  split<<<108, 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'split' synchronizes the whole grid (cooperative_groups::grid_group::barrier_arrive)
  maybe<true><<<108, 256>>>(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'maybe<true>' synchronizes the whole grid
  // CHECK-MESSAGES: :36:5: note: kernel 'maybe<true>' calls 'sync_group<cooperative_groups::grid_group>' here
  // CHECK-MESSAGES: :33:65: note: 'sync_group<cooperative_groups::grid_group>' synchronizes the grid here
  maybe<false><<<108, 256>>>(p);
  block_only<<<108, 256>>>(p);
  guarded<<<108, 256>>>(p);
  guarded_in_helper<<<108, 256>>>(p);
  generic<<<108, 256>>>(p);
  through_pointer<<<108, 256>>>(p);
  external<<<108, 256>>>(p);
  parent<<<1, 1>>>(p);

  // The other launch forms.
  cudaLaunchKernel((const void *)persistent, dim3(108), dim3(256), args, 0, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'persistent' synchronizes the whole grid (cooperative_groups::grid_group::sync) but is launched with cudaLaunchKernel, not cooperatively
  cudaLaunchCooperativeKernel((const void *)persistent, dim3(108), dim3(256), args, 0, 0);
  cudaLaunchCooperativeKernel(persistent, 108, 256, args);

  cudaLaunchConfig_t plain = {};
  plain.gridDim = 108;
  plain.blockDim = 256;
  cudaLaunchKernelEx(&plain, persistent, p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'persistent' synchronizes the whole grid (cooperative_groups::grid_group::sync) but is launched with cudaLaunchKernelEx without the cudaLaunchAttributeCooperative attribute, not cooperatively

  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeCooperative;
  attribute[0].val.cooperative = 1;
  cudaLaunchConfig_t cooperative = {};
  cooperative.gridDim = 108;
  cooperative.blockDim = 256;
  cooperative.attrs = attribute;
  cooperative.numAttrs = 1;
  cudaLaunchKernelEx(&cooperative, persistent, p);

  cudaLaunchAttribute off[1];
  off[0].id = cudaLaunchAttributeCooperative;
  off[0].val.cooperative = 0;
  cudaLaunchConfig_t turned_off = {dim3(108), dim3(256), 0, 0, off, 1};
  cudaLaunchKernelEx(&turned_off, persistent, p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'persistent' synchronizes the whole grid (cooperative_groups::grid_group::sync) but is launched with cudaLaunchKernelEx without the cudaLaunchAttributeCooperative attribute
}

// A config the front end cannot follow may carry the attribute: nothing.
void unknown_config(const cudaLaunchConfig_t *config, float *p) {
  cudaLaunchKernelEx(config, persistent, p);
}

// A deliberate launch that is known to trap can be suppressed.
void suppressed(float *p) {
  persistent<<<1, 1>>>(p); // NOLINT(cuda-grid-sync-needs-cooperative-launch)
}

// JSON: "launches": [
// JSON: "api": "<<<>>>",
// JSON: "cooperative": false
// JSON: "api": "cudaLaunchCooperativeKernel",
// JSON: "cooperative": true
// JSON: "api": "cudaLaunchKernelEx",
// JSON: "cooperative": true
// JSON: "api": "cudaLaunchKernelEx",
// JSON: "cooperative": null
// JSON: "kernels": [
// JSON: "name": "persistent",
// JSON: "grid_sync": {
// JSON-NEXT: "sync": "cooperative_groups::grid_group::sync",
// JSON-NEXT: "chain": [
// JSON-NEXT: {
// JSON-NEXT: "caller": "persistent",
// JSON-NEXT: "callee": "stage",
// JSON-NEXT: "file": "{{.*}}grid-sync-needs-cooperative-launch.cu",
// JSON-NEXT: "line": 13,
// JSON-NEXT: "column": 40
// JSON-NEXT: },
// JSON-NEXT: {
// JSON-NEXT: "caller": "stage",
// JSON-NEXT: "callee": "barrier",
// JSON:      "caller": "barrier",
// JSON-NEXT: "callee": "cooperative_groups::grid_group::sync",
// JSON:      "guard": null,
// JSON-NEXT: "condition": null
// JSON: "name": "block_only",
// JSON: "grid_sync": null
// JSON: "name": "guarded",
// JSON: "grid_sync": {
// JSON: "guard": {
// JSON-NEXT: "file": "{{.*}}grid-sync-needs-cooperative-launch.cu",
// JSON-NEXT: "line": 46,
