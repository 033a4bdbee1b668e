// The pointer launch APIs, the launch config struct and kernel settings.
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void __launch_bounds__(128) reduce(float *p, int n) {
  extern __shared__ float tile[];
  tile[threadIdx.x] = p[threadIdx.x];
}

__global__ void scalar(int *flag) { *flag = 1; }

void apis(CUfunction f, void **args, float *p, int *flag) {
  cudaFuncSetAttribute(reduce, cudaFuncAttributeMaxDynamicSharedMemorySize,
                       96 * 1024);
  cudaFuncSetCacheConfig(reduce, cudaFuncCachePreferShared);
  cudaLaunchKernel((void *)reduce, dim3(64), dim3(128), args, 64 * 1024, 0);
  cudaLaunchCooperativeKernel((void *)reduce, dim3(132), dim3(128), args, 0, 0);
  cuLaunchKernel(f, 10, 1, 1, 256, 1, 1, 0, 0, args, nullptr);

  cudaLaunchAttribute attrs[2];
  attrs[0].id = cudaLaunchAttributeClusterDimension;
  attrs[0].val.clusterDim.x = 2;
  attrs[0].val.clusterDim.y = 1;
  attrs[0].val.clusterDim.z = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(64);
  config.blockDim = dim3(96);
  config.dynamicSmemBytes = 1024;
  config.attrs = attrs;
  config.numAttrs = 1;
  cudaLaunchKernelEx(&config, reduce, p, 64);
  scalar<<<1, 1>>>(flag);
}
