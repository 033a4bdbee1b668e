// Sizes the program reads at run time are symbols with their provenance and
// their type's range, not unknown: --list-launches names them and says what
// keeps the launch valid, and JSON carries the expression and its inputs.
// RUN: %cuda-launch-lint --list-launches --arch=sm_80 %s -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_80 --format=json %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=JSON
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

struct tensor {
  int64_t ne[4];
};
__global__ void k(float *p) {}

void rows(const tensor *dst, float *p) {
  const int64_t ne1 = dst->ne[1];
  dim3 grid((dst->ne[0] + 255) / 256, ne1);
  k<<<grid, 256>>>(p);
// CHECK: run-time-sizes.cu:[[@LINE-1]]:3: <<<>>> k grid ?x?x1 block 256x1x1
// JSON: "kind": "symbolic",
// JSON-NEXT: "expression": "(dst->ne[0] + 255) / 256",
// JSON: "inputs": [
// JSON-NEXT: {
// JSON-NEXT: "name": "dst->ne[0]",
// JSON-NEXT: "provenance": "a field read through parameter 'dst'",
// JSON-NEXT: "type": "int64_t",
}

// A field the function writes on the way is not an input: the write is not
// followed, so the value stays unknown.
void rewritten(tensor *dst, float *p) {
  dst->ne[1] = dst->ne[1] * 2;
  k<<<1, dst->ne[1]>>>(p);
// CHECK: run-time-sizes.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x unknown: an array subscript expression is not evaluated
}

int main(int argc, char **argv) {
  float *p = nullptr;
  int n = std::atoi(argv[1]);
  std::vector<float> v(n);
  std::string s = argv[2];
  k<<<(n + 127) / 128, 128, v.size() * sizeof(float)>>>(p);
// CHECK: run-time-sizes.cu:[[@LINE-1]]:3: <<<>>> k grid ?x1x1 block 128x1x1 (128 threads) smem ?
  k<<<1, std::stoi(s)>>>(p);
// CHECK: run-time-sizes.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block ?x1x1
// CHECK-NEXT: block.x read at run time: std::stoi(s), where 'std::stoi(s)' (the result of 'stoi', an int) is read at run time
  // Guarded where it enters: a range of the input.
  long m = strtol(argv[3], nullptr, 10);
  if (m < 1 || m > 1024)
    return 1;
  k<<<1, m>>>(p);
// CHECK: run-time-sizes.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block [1, 1024]x1x1
  return 0;
}

// A compound assignment changes its part on the paths through it only.
void halve(bool small, float *p) {
  dim3 block(256, 2);
  if (small)
    block.x /= 2;
  k<<<1, block>>>(p);
// CHECK: run-time-sizes.cu:[[@LINE-1]]:3: <<<>>> k grid 1x1x1 block {128, 256}x2x1 ({256, 512} threads)
}

// Structured bindings of a braced pair of dim3s.
std::pair<dim3, dim3> config(int n) { return {dim3((n + 255) / 256), dim3(256)}; }
void bindings(float *p) {
  auto [grid, block] = config(1000);
  k<<<grid, block>>>(p);
// CHECK: run-time-sizes.cu:[[@LINE-1]]:3: <<<>>> k grid 4x1x1 block 256x1x1
}

// What each launch needs, at the end.
// CHECK: run-time-sizes.cu:{{[0-9]+}}:3: not fully checked: grid size read at run time (grid.x: 'dst->ne[0]' (a field read through parameter 'dst', an int64_t) is read at run time; safe while dst->ne[0] <= 549755813632 and ne1 <= 65535)
// CHECK: run-time-sizes.cu:{{[0-9]+}}:3: not fully checked: grid size read at run time (grid.x: 'n' (std::atoi(argv[1]), the result of 'atoi', an int) is read at run time; safe while n <= 2147483520); dynamic shared memory read at run time (smem: 'v.size()' (a container's size, an unsigned long) is read at run time; safe while v.size() <= 12288)
// CHECK: run-time-sizes.cu:{{[0-9]+}}:3: not fully checked: block size read at run time (block.x: 'std::stoi(s)' (the result of 'stoi', an int) is read at run time; safe while std::stoi(s) <= 1024)
