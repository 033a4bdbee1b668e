// The checks' AMD bodies on HIP launches: register spills (the backend's
// "VGPRs Spill" remark), a cooperative grid over the work-groups resident
// at once on the largest GPU of the target (or the --gpu preset's), a
// launch reaching its __launch_bounds__ second argument (min waves per EU)
// is stated intent for cuda-occupancy-limited. Without device facts the
// launch bound and block size errors still come from the host view.
// REQUIRES: hip-headers, hip-device-libs
// RUN: rm -rf %t.cache
// RUN: %cuda-launch-lint --cache-dir %t.cache %s -- --offload-arch=gfx90a 2>&1 | %FileCheck %s
// RUN: %cuda-launch-lint --cache-dir %t.cache --gpu MI210 %s -- --offload-arch=gfx90a 2>&1 | %FileCheck --check-prefix=MI210 %s
// RUN: %expect-exit 1 %cuda-launch-lint --resource-usage=none %s -- --offload-arch=gfx942 -DBAD 2>&1 | %FileCheck --check-prefix=NODEVICE %s
#include <hip/hip_runtime.h>

__global__ void __attribute__((amdgpu_num_vgpr(8))) tight(float *x) {
  // CHECK: checks.hip:[[@LINE-1]]:53: warning: 'tight' spills {{[1-9][0-9]*}} VGPRs and 0 SGPRs on gfx90a (scratch {{[0-9]+}} bytes per lane{{.*}} [cuda-register-spills]
  float v[24];
  for (int i = 0; i < 24; ++i)
    v[i] = x[threadIdx.x * 24 + i];
  float s = 0;
  for (int i = 0; i < 24; ++i)
    s += v[i] * v[23 - i];
  x[threadIdx.x] = s;
}

__global__ void __launch_bounds__(256, 2) grid_wide(float *x) {
  x[threadIdx.x] = 0;
}

void run(float *x, void **args, hipStream_t s) {
  tight<<<64, 64>>>(x);
  hipLaunchCooperativeKernel((const void *)grid_wide, dim3(100000), dim3(256),
                             args, 0, s);
  // CHECK: checks.hip:[[@LINE-2]]:3: warning: a cooperative grid of 100000 blocks exceeds the 880 that can be resident at once on MI250X (8 per CU x 110); the launch may fail with hipErrorCooperativeLaunchTooLarge [cuda-cooperative-launch-too-large]
  // MI210: checks.hip:[[@LINE-3]]:3: warning: a cooperative grid of 100000 blocks exceeds the 832 that can be resident at once on MI210 (8 per CU x 104)
  hipLaunchCooperativeKernel((const void *)grid_wide, dim3(800), dim3(256),
                             args, 0, s);
  // CHECK-NOT: checks.hip:[[@LINE-2]]:{{.*}}cuda-cooperative-launch-too-large
#ifdef BAD
  hipLaunchKernelGGL(grid_wide, dim3(4), dim3(1024), 0, s, x);
  // NODEVICE: checks.hip:[[@LINE-1]]:3: error: 1024 threads per block exceed the launch bound of 'grid_wide' of 256 (amdgpu_flat_work_group_size){{.*}}hipErrorLaunchFailure [cuda-launch-bounds-exceeded]
  hipLaunchKernelGGL(grid_wide, dim3(4), dim3(0), 0, s, x);
  // NODEVICE: checks.hip:[[@LINE-1]]:3: error: block.x is 0; the launch fails with hipErrorInvalidValue [cuda-block-size-invalid]
#endif
}
