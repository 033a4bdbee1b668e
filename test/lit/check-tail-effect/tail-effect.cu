// RUN: %cuda-launch-lint --checks=-*,cuda-tail-effect --gpu=H100-SXM --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -O3 -gencode arch=compute_90,code=sm_90 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// REQUIRES: nvcc
#include "../Inputs/heavy-kernels.cuh"

void f(const float *in, float *out, int n) {
  // ~73 registers: 3 blocks of 256 threads per SM, 396 per wave on 132 SMs.
  heavy<32><<<400, 256>>>(in, out, n);
  // The hardware runs whole waves: 400 blocks take as long as 792.
  // CHECK-MESSAGES: tail-effect.cu:[[@LINE-2]]:3: warning: grid of 400 blocks runs in 2 waves of 396 blocks (3 per SM x 132 SMs of H100-SXM), the last holding 4 blocks: about 2x the time of 396 blocks (1 full wave), as long as 792 blocks take, for blocks of equal duration; 49% of the run's block slots stay empty [cuda-tail-effect]
  // CHECK-MESSAGES: note: 396 or 792 blocks fill whole waves
  // CHECK-MESSAGES: note: the wave count assumes blocks of equal duration, not very short: one block past 1 full wave measured x1.99-2.00 for blocks of 1 ms, x1.89-1.96 for 100 us, x1.58-1.84 for 20 us (an H200 and an H100)
  heavy<32><<<793, 256>>>(in, out, n);
  // CHECK-MESSAGES: tail-effect.cu:[[@LINE-1]]:3: warning: grid of 793 blocks runs in 3 waves of 396 blocks (3 per SM x 132 SMs of H100-SXM), the last holding 1 block: about 1.5x the time of 792 blocks (2 full waves), as long as 1188 blocks take, for blocks of equal duration; 33% of the run's block slots stay empty [cuda-tail-effect]
  // CHECK-MESSAGES: note: 792 or 1188 blocks fill whole waves
  heavy<32><<<792, 256>>>(in, out, n); // two whole waves
  heavy<32><<<780, 256>>>(in, out, n); // a nearly full last wave
  heavy<32><<<100, 256>>>(in, out, n); // under one wave: another check's
}
