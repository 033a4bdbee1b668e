// A launch helper with dim3 parameters, called only from another file, gets
// each field of what the calls there pass: a local dim3, an int that
// becomes dim3(int), a temporary, a global that no analysed file writes.
// A global written anywhere in the analysed files stays unknown, and says
// where it is written; a file that defines a global of the same name is
// another program (one definition per program), its writes its own.
// RUN: %cuda-launch-lint --list-launches %s %S/Inputs/across-files-dim3/main.cu -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %cuda-launch-lint --list-launches %s %S/Inputs/across-files-dim3/main.cu %S/Inputs/across-files-dim3/options.cpp -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=WRITTEN
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=ALONE

__global__ void scale(float *p, int n) {}

void launch_tiled(float *p, dim3 grid, dim3 block) {
  scale<<<grid, block>>>(p, 1);
// CHECK: across-files-dim3.cu:[[@LINE-1]]:3: <<<>>> scale grid 4x4x1 block ?x?x?
// CHECK-NEXT: block.x unknown: parameter 'block.x' of 'launch_tiled': the call at {{.*}}main.cu:{{[0-9]+}} passes an unknown value (variable 'moved_block.x': not const, and written at {{.*}}main.cu:{{[0-9]+}})
// ALONE: across-files-dim3.cu:[[@LINE-3]]:3: <<<>>> scale grid ?x?x? block ?x?x?
// ALONE-NEXT: block.x read at run time: {{.*}}parameter 'block' of 'launch_tiled', no caller in the analysed files
}

void launch_rows(float *p, dim3 block) { scale<<<1, block>>>(p, 1); }
// CHECK: across-files-dim3.cu:[[@LINE-1]]:42: <<<>>> scale grid 1x1x1 block {64, 128}x1x1
// CHECK-NEXT: block.x proven to reach: none

void launch_count(float *p, int threads) { scale<<<1, threads>>>(p, 1); }
// CHECK: across-files-dim3.cu:[[@LINE-1]]:44: <<<>>> scale grid 1x1x1 block 128x1x1
// WRITTEN: across-files-dim3.cu:[[@LINE-2]]:44: <<<>>> scale grid 1x1x1 block ?x1x1
// WRITTEN-NEXT: block.x unknown: global variable 'g_threads': written in {{.*}}options.cpp

void launch_other(float *p, int threads) { scale<<<1, threads>>>(p, 1); }
// CHECK: across-files-dim3.cu:[[@LINE-1]]:44: <<<>>> scale grid 1x1x1 block 64x1x1
// WRITTEN: across-files-dim3.cu:[[@LINE-2]]:44: <<<>>> scale grid 1x1x1 block 64x1x1
