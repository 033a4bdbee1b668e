// REQUIRES: cuda-toolkit
// nvcc gives device code sm_32_intrinsics.h's cache-hint loads and stores;
// Clang 19 declares only __ldg. Each call was a front-end error, and past
// Clang's default limit of 20 errors it instantiated no more templates: the
// 2048-thread launch of the template kernel below vanished without a word.
// The override header declares them, and the parse has no error limit.
// RUN: %expect-exit 1 %cuda-launch-lint --resource-usage=none --cuda-path %cuda-path %s -- -x cuda --cuda-gpu-arch=sm_80 > %t.out 2> %t.err
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck --check-prefix=ERR --allow-empty %s < %t.err
// ERR-NOT: front-end error
#include <cuda_runtime.h>

template <typename T> __global__ void sum24(const T *in, T *out) {
  T s = 0;
  s += __ldcg(in + 0);
  s += __ldcg(in + 1);
  s += __ldcg(in + 2);
  s += __ldcg(in + 3);
  s += __ldcg(in + 4);
  s += __ldcg(in + 5);
  s += __ldcg(in + 6);
  s += __ldcg(in + 7);
  s += __ldcg(in + 8);
  s += __ldcg(in + 9);
  s += __ldcg(in + 10);
  s += __ldcg(in + 11);
  s += __ldcg(in + 12);
  s += __ldcg(in + 13);
  s += __ldcg(in + 14);
  s += __ldcg(in + 15);
  s += __ldcg(in + 16);
  s += __ldcg(in + 17);
  s += __ldcg(in + 18);
  s += __ldcg(in + 19);
  s += __ldcg(in + 20);
  s += __ldcg(in + 21);
  s += __ldcg(in + 22);
  s += __ldcg(in + 23);
  __stcg(out, s);
  __stcs(out + 1, __ldcs(in));
  __stwb(out + 2, __ldca(in));
  __stwt(out + 3, __ldlu(in) + __ldcv(in));
  float4 v = __ldcg(reinterpret_cast<const float4 *>(in));
  __stcs(reinterpret_cast<float4 *>(out), v);
}

void run(const float *in, float *out) {
  // CHECK: cache-hint-loads.cu:[[# @LINE + 1]]:{{[0-9]+}}: error: {{.*}}2048{{.*}}[cuda-block-size-invalid]
  sum24<<<1, 2048>>>(in, out);
}
