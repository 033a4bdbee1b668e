// A value assigned differently on different paths is a set where the
// resolver cannot tell which paths reach the launch, and then not every
// value need reach it. An error needs every value of the set to fail; when
// only some fail, the finding is a warning that says the launch may fail and
// names the value. Where the condition is known at the launch (the same
// variable tested), the value is exact (values/correlated-conditions.cu).
// RUN: %expect-exit 1 %cuda-launch-lint --checks=-*,cuda-launch-bounds-exceeded,cuda-block-size-invalid --resource-usage=none --arch=sm_80 %s -- -std=c++17 > %t 2>/dev/null
// RUN: %FileCheck %s < %t --implicit-check-not="{{error|warning}}:"
__global__ void __launch_bounds__(512) wide_k(float *p) {}
__global__ void __launch_bounds__(256) narrow_k(float *p) {}

void correlated(float *p, int n, bool wide) {
  int t = wide ? 1024 : 256;
  if (wide)
    wide_k<<<n / t, t>>>(p);
  // Only 1024 reaches it, and it fails: an error.
  // CHECK: value-sets.cu:[[@LINE-2]]:5: error: launch of 'wide_k' with 1024 threads per block exceeds its __launch_bounds__ maximum of 512 on sm_80; the launch fails{{( with cudaErrorInvalidValue)?}} [cuda-launch-bounds-exceeded]
  else
    narrow_k<<<n / t, t>>>(p); // only 256: nothing to report
}

void unknown_path(float *p, int n, bool wide, bool other) {
  int t = wide ? 1024 : 256;
  if (other)
    wide_k<<<n / t, t>>>(p);
  // CHECK: value-sets.cu:[[@LINE-1]]:5: warning: launch of 'wide_k' with 1024 threads per block exceeds its __launch_bounds__ maximum of 512 on sm_80; the launch may fail{{( with cudaErrorInvalidValue)?}} [cuda-launch-bounds-exceeded]
  // CHECK: note: block x = {256, 1024} from variable 't'
  // CHECK: note: only some of the values that may reach this launch fail; it fails on the paths that give them
}

void every_value_fails(float *p, int n, bool big) {
  int t = big ? 2048 : 1536;
  narrow_k<<<n, t>>>(p);
  // Both values fail both checks: errors, one per check, in the order of
  // Checks.def, naming the values.
  // CHECK: value-sets.cu:[[@LINE-3]]:3: error: launch of 'narrow_k' with 1536 threads per block exceeds its __launch_bounds__ maximum of 256 on sm_80; the launch fails{{( with cudaErrorInvalidValue)?}} [cuda-launch-bounds-exceeded]
  // CHECK: note: every value that may reach this launch gives this finding (block x = 1536, 2048)
  // CHECK: value-sets.cu:[[@LINE-5]]:3: error: block dimension x = 1536 exceeds the maximum of 1024 on sm_80{{.*}}[cuda-block-size-invalid]
  // CHECK: note: every value that may reach this launch gives this finding (block x = 1536, 2048)
}
