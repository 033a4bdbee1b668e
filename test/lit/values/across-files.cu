// A launch helper whose callers live in other files of the run gets what
// they pass: main.cpp calls launch_scale(p, n, 128) and (.., 512), and
// helper(p, 1024), which calls launch_direct(p, t) in helper.cpp. Alone,
// this file knows no caller, and says so.
// RUN: %cuda-launch-lint --list-launches %s %S/Inputs/across-files/main.cpp %S/Inputs/across-files/helper.cpp -- -std=c++17 2>/dev/null | %FileCheck %s
// RUN: %not %cuda-launch-lint --resource-usage=none --arch=sm_80 %s %S/Inputs/across-files/main.cpp %S/Inputs/across-files/helper.cpp -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=DIAG
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=ALONE
// RUN: %cuda-launch-lint --list-launches %s %S/Inputs/across-files/helper.cpp -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=PARTIAL
// A helper two analysed files define belongs to two programs: no caller is
// trusted to reach either.
// RUN: %cuda-launch-lint --list-launches %s %S/Inputs/across-files/main.cpp %S/Inputs/across-files/other-program.cu -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=TWICE
// TWICE: across-files.cu:{{[0-9]+}}:3: <<<>>> scale grid ?x1x1 block ?x1x1
// TWICE-NEXT: block.x unknown: parameter 'threads' of 'launch_scale': 2 analysed files define it, so which calls reach this one depends on how they are linked
// The same inside a namespace: definitions there count too.
// RUN: %cuda-launch-lint --list-launches %S/Inputs/across-files-ns/kernels.cu %S/Inputs/across-files-ns/other-program.cu %S/Inputs/across-files-ns/main.cpp -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=NAMESPACE
// NAMESPACE: kernels.cu:3:38: <<<>>> scale grid 1x1x1 block ?x1x1
// NAMESPACE-NEXT: block.x unknown: parameter 'threads' of 'launch': 2 analysed files define it, so which calls reach this one depends on how they are linked

__global__ void __launch_bounds__(256) scale(float *p, int n) {}

void launch_scale(float *p, int n, int threads) {
  scale<<<(n + threads - 1) / threads, threads>>>(p, n);
// CHECK: across-files.cu:[[@LINE-1]]:3: <<<>>> scale grid [2048, 8195]x1x1 block {128, 512}x1x1
// DIAG: across-files.cu:[[@LINE-2]]:3: warning: launch of 'scale' with 512 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch may fail
// DIAG: main.cpp:6:3: note: block x = {128, 512} from parameter 'threads' of 'launch_scale' from this call
// DIAG: main.cpp:7:3: note: block x = {128, 512} from parameter 'threads' of 'launch_scale' from this call
// ALONE: across-files.cu:[[@LINE-5]]:3: <<<>>> scale grid ?x1x1 block ?x1x1
// ALONE-NEXT: block.x read at run time: {{.*}}parameter 'threads' of 'launch_scale', no caller in the analysed files
// PARTIAL: across-files.cu:[[@LINE-7]]:3: <<<>>> scale grid ?x1x1 block ?x1x1
// PARTIAL-NEXT: block.x read at run time: {{.*}}parameter 'threads' of 'launch_scale', no caller in the analysed files
}

void launch_direct(float *p, int threads) {
  scale<<<1, threads>>>(p, 1);
// CHECK: across-files.cu:[[@LINE-1]]:3: <<<>>> scale grid 1x1x1 block 1024x1x1
// DIAG: across-files.cu:[[@LINE-2]]:3: error: launch of 'scale' with 1024 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch fails
// DIAG: main.cpp:8:3: note: block x = 1024 from parameter 't' of 'helper' from this call
// DIAG: helper.cpp:2:32: note: block x = 1024 from parameter 'threads' of 'launch_direct' from this call
// PARTIAL: across-files.cu:[[@LINE-5]]:3: <<<>>> scale grid 1x1x1 block ?x1x1
// PARTIAL-NEXT: block.x read at run time: t, where 't' (parameter 't' of 'helper', no caller in the analysed files, an int) is read at run time
}
