// A value changed where the definitions do not show it (a reference bound
// to the variable, a member function the file does not define (one it
// defines is followed: store-model.cu), a structured binding, found
// by Clang's ExprMutationAnalyzer; an inline assembly output) is not the
// initialiser's: the value is unknown, with the place that changes it. Nothing is reported
// for 2048, which never reaches; nothing for 128, which may not.
// RUN: %cuda-launch-lint --resource-usage=none --arch=sm_80 %s -- -std=c++17 2>&1 | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --list-launches %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=LIST
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) bounded(float *y) {}

struct Config {
  int threads = 2048;
  void narrow(); // defined elsewhere
};

void through_a_reference(float *y) {
  int t = 2048;
  int &r = t;
  r = 128;
  bounded<<<1, t>>>(y);
// LIST: hidden-changes.cu:[[@LINE-1]]:3: <<<>>> bounded grid 1x1x1 block ?x1x1
// LIST-NEXT: block.x unknown: variable 't' in 'through_a_reference': it may be changed by 'r' at line [[@LINE-3]]
}

void through_a_method(float *y) {
  Config c;
  c.narrow();
  bounded<<<1, c.threads>>>(y);
// LIST: hidden-changes.cu:[[@LINE-1]]:3: <<<>>> bounded grid 1x1x1 block ?x1x1
// LIST-NEXT: block.x unknown: variable 'c.threads' in 'through_a_method': it may be changed by 'c.narrow()' at line [[@LINE-3]]
}

void through_a_binding(float *y) {
  Config c;
  auto &[threads] = c;
  threads = 128;
  bounded<<<1, c.threads>>>(y);
// LIST: hidden-changes.cu:[[@LINE-1]]:3: <<<>>> bounded grid 1x1x1 block ?x1x1
}

void through_assembly(float *y, unsigned w) {
  int t = 2048;
  __asm__("movl %1, %0" : "=r"(t) : "r"(w));
  bounded<<<1, t>>>(y);
// LIST: hidden-changes.cu:[[@LINE-1]]:3: <<<>>> bounded grid 1x1x1 block ?x1x1
// LIST-NEXT: block.x unknown: variable 't' in 'through_assembly': it is set by inline assembly
}

// A call through a pointer to a member function names no method: it may
// change any member (it crashed the store model once).
struct Stepper {
  int n_ = 256;
  void (Stepper::*step_)(int);
  void grow(int v) { n_ = v; }
  Stepper() : step_(&Stepper::grow) {}
  void launch(float *y, int v) {
    (this->*step_)(v);
    bounded<<<1, n_>>>(y);
// LIST: hidden-changes.cu:[[@LINE-1]]:5: <<<>>> bounded grid 1x1x1 block ?x1x1
// LIST-NEXT: block.x unknown: member 'n_' of 'Stepper' in 'launch': 'this' is handed on at line [[@LINE-3]]
  }
};
void through_a_member_pointer(float *y, int v) { Stepper().launch(y, v); }
// CHECK: cuda-launch-lint: note:
