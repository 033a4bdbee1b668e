// Clang stops at 20 errors by default and then instantiates no more
// templates. The tool's parse has no limit: after 30 errors the launch of the
// template kernel is still instantiated, with its mangled name and values.
// RUN: %expect-exit 1 %cuda-launch-lint --resource-usage=none %s -- -std=c++17 > %t.out 2> %t.err
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck --check-prefix=NOTE %s < %t.err
// NOTE: no-error-limit.cu: 30 front-end error(s)
// NOTE-NOT: too many errors
void broken() {
  int e0 = undeclared_0;
  int e1 = undeclared_1;
  int e2 = undeclared_2;
  int e3 = undeclared_3;
  int e4 = undeclared_4;
  int e5 = undeclared_5;
  int e6 = undeclared_6;
  int e7 = undeclared_7;
  int e8 = undeclared_8;
  int e9 = undeclared_9;
  int e10 = undeclared_10;
  int e11 = undeclared_11;
  int e12 = undeclared_12;
  int e13 = undeclared_13;
  int e14 = undeclared_14;
  int e15 = undeclared_15;
  int e16 = undeclared_16;
  int e17 = undeclared_17;
  int e18 = undeclared_18;
  int e19 = undeclared_19;
  int e20 = undeclared_20;
  int e21 = undeclared_21;
  int e22 = undeclared_22;
  int e23 = undeclared_23;
  int e24 = undeclared_24;
  int e25 = undeclared_25;
  int e26 = undeclared_26;
  int e27 = undeclared_27;
  int e28 = undeclared_28;
  int e29 = undeclared_29;
}

template <int Threads> __global__ void k(float *out) {}
template <int Threads> void launch(float *out) { k<Threads><<<1, Threads>>>(out); }

void run(float *out) {
  launch<2048>(out);
}
// CHECK: no-error-limit.cu:[[# @LINE - 5]]:{{[0-9]+}}: error: {{.*}}2048{{.*}}[cuda-block-size-invalid]
