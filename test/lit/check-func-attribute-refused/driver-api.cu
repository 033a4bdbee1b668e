// The driver API's cuFuncSetAttribute is refused as cudaFuncSetAttribute is.
// Its CUfunction rarely names a kernel: the kernel's static shared memory is
// not known, so only a maximum that is too large on its own is reported.
// RUN: %not %cuda-launch-lint --checks=-*,cuda-func-attribute-refused --resource-usage=none --arch=sm_90 --cuda-path %cuda-path %s -- -std=c++17 2>/dev/null | %FileCheck %s --implicit-check-not="{{error|warning}}:"
// RUN: %cuda-launch-lint --list-launches --format=json --resource-usage=none --arch=sm_90 --cuda-path %cuda-path %s -- -std=c++17 2>/dev/null | %FileCheck %s --check-prefix=FACTS
// REQUIRES: cuda-toolkit
#include <cuda.h>

void configure(CUfunction f) {
  cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 300000);
  // CHECK: driver-api.cu:[[@LINE-1]]:3: error: cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 300000) asks for up to 300000 B of dynamic shared memory, more than the sm_90 maximum of 227 KiB per block; the call fails with CUDA_ERROR_INVALID_VALUE and the kernel keeps the 48 KiB default [cuda-func-attribute-refused]
  // CHECK: note: the kernel's static shared memory is not known here and is counted as 0
  // FACTS: "api": "cuFuncSetAttribute"
  // FACTS: "attribute": "MaxDynamicSharedMemorySize"
  cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 200000); // fits
  cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, 101);
  // CHECK: driver-api.cu:[[@LINE-1]]:3: error: cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, 101) asks for a shared memory carveout of 101%
  cuFuncSetCacheConfig(f, CU_FUNC_CACHE_PREFER_L1);
  // FACTS: "api": "cuFuncSetCacheConfig"
  // FACTS: "attribute": "CacheConfig"
  // FACTS: "value": 2
}
