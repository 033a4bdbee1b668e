// RUN: %cuda-launch-lint --checks=-*,cuda-register-spills --cache-dir %t.cache --cuda-path %cuda-path %s -- nvcc -O3 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 2>/dev/null | %FileCheck %s --check-prefix=CHECK-MESSAGES --implicit-check-not="{{error|warning}}:"
// REQUIRES: nvcc
#include "../Inputs/heavy-kernels.cuh"
// The squeezed kernel spills on both archs (different amounts); heavy does not.
// CHECK-MESSAGES: heavy-kernels.cuh:{{[0-9]+}}:{{[0-9]+}}: warning: 'squeezed<64>' spills registers on sm_80: {{[0-9]+}} B of spill stores and {{[0-9]+}} B of spill loads per thread with 32 registers [cuda-register-spills]
// CHECK-MESSAGES: note: __launch_bounds__(1024, 2) caps the registers; a smaller block bound or fewer minimum blocks leaves more per thread
// CHECK-MESSAGES: heavy-kernels.cuh:{{.*}}: warning: 'squeezed<64>' spills registers on sm_90
template __global__ void squeezed<64>(const float *, float *, int);
template __global__ void heavy<96>(const float *, float *, int);
