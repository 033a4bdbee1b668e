// A dim3 returned by a function of the file is followed field by field, with
// the call's arguments: `return dim3(nb, 1, 1)` is one block for n = 1, and
// y = z = 1 whatever n is. A one-block grid cannot fill a GPU, so it gets no
// occupancy finding.
// RUN: %cuda-launch-lint --list-launches --resource-usage=none %s -- -std=c++17 | %FileCheck %s
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_86 %s -- -std=c++17 2>&1 | %FileCheck --check-prefix=QUIET --implicit-check-not=warning: --implicit-check-not=error: %s
__global__ void k(float *p) { p[threadIdx.x] = 0; }

inline dim3 grid_for(unsigned n, unsigned block) {
  const unsigned blocks = (n + block - 1) / block;
  return dim3(blocks, 1, 1);
}

void one_point(float *p) {
  const unsigned block = 32;
  dim3 grid = grid_for(1, block);
  // CHECK: dim3-helpers.cu:[[# @LINE + 1]]:3: <<<>>> k grid 1x1x1 block 32x1x1
  k<<<grid, block>>>(p);
  // CHECK: dim3-helpers.cu:[[# @LINE + 1]]:3: <<<>>> k grid 8x1x1 block 32x1x1
  k<<<grid_for(256, block), block>>>(p);
}

// A local dim3 returned by value is read at its return, not "changed" by it.
inline dim3 grid_of_local(unsigned n, unsigned block) {
  dim3 g((n + block - 1) / block, 1, 1);
  return g;
}

void local(float *p) {
  dim3 g = grid_of_local(1, 32);
  // CHECK: dim3-helpers.cu:[[# @LINE + 1]]:3: <<<>>> k grid 1x1x1 block 32x1x1
  k<<<g, 32>>>(p);
}

void many(float *p, unsigned n) {
  // CHECK: dim3-helpers.cu:[[# @LINE + 1]]:3: <<<>>> k grid ?x1x1 block 128x1x1
  k<<<grid_for(n, 128), 128>>>(p);
}
// QUIET: cuda-launch-lint: 4 of 4 launches not fully checked
