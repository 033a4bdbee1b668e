//===- HipParseSetup.cpp - Finding ROCm, making Clang 19 parse HIP --------===//
//
// A HIP unit (a .hip file, `-x hip`, a gfx --offload-arch, hipcc) is parsed
// in Clang's HIP mode, host side only, with the ROCm HIP headers when they
// are installed; without them, with built-in declarations of the HIP
// runtime's launch API, so that the launches are still listed.
//
//===----------------------------------------------------------------------===//

#include "CudaParseSetup.h"

using namespace llvm;

namespace cudalint {

std::optional<RocmInstall> findRocm(StringRef Explicit, std::string &Why) {
  // /usr: Debian's libamdhip64-dev puts the headers in /usr/include/hip.
  std::optional<std::string> Root = findInstallRoot(
      Explicit, {"ROCM_PATH", "HIP_PATH"},
      [] { return std::vector<std::string>{"/opt/rocm", "/usr"}; },
      "include/hip/hip_runtime.h", "ROCm HIP headers", Why);
  if (!Root)
    return std::nullopt;
  return RocmInstall{*Root};
}

// Searched before the system directories, so that a HIP unit's
// `#include <hip/hip_runtime.h>` finds the stand-in even where some other
// copy of the headers lies in /usr/include.
static const char *const HipStubDir = "/__cudalint__/hipstub";
static const char *const HipBuiltinHeader = "/__cudalint__/builtin_hip.h";

// Without ROCm: the HIP runtime API's launch forms, as hip_runtime_api.h
// and amd_hip_runtime.h (HIP 5.2) declare them, enough for kernels and
// their launches to parse. __launch_bounds__ lowers to the AMDGPU
// attributes as amd_hip_runtime.h lowers it: its second argument is the
// minimum waves per EU, not CUDA's minimum blocks per SM.
static const char *const HipBuiltinText = R"(
#pragma once
#include <stddef.h>
#include "builtin_keywords.h"
#define __cudalint_lb0(t) __attribute__((amdgpu_flat_work_group_size(1, t)))
#define __cudalint_lb1(t, w) __attribute__((amdgpu_flat_work_group_size(1, t), amdgpu_waves_per_eu(w)))
#define __cudalint_lb_pick(_1, _2, impl, ...) impl
#define __launch_bounds__(...) __cudalint_lb_pick(__VA_ARGS__, __cudalint_lb1, __cudalint_lb0, )(__VA_ARGS__)
struct __cudalint_hip_coordinates { unsigned int x, y, z; };
extern const __device__ __cudalint_hip_coordinates threadIdx, blockIdx,
    blockDim, gridDim;
typedef struct ihipStream_t *hipStream_t;
typedef struct ihipEvent_t *hipEvent_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;
typedef struct ihipGraph *hipGraph_t;
typedef struct hipGraphNode *hipGraphNode_t;
typedef struct hipGraphExec *hipGraphExec_t;
typedef enum hipError_t { hipSuccess = 0 } hipError_t;
typedef enum hipFuncAttribute {
  hipFuncAttributeMaxDynamicSharedMemorySize = 8
} hipFuncAttribute;
typedef struct hipKernelNodeParams {
  dim3 blockDim;
  void **extra;
  void *func;
  dim3 gridDim;
  void **kernelParams;
  unsigned int sharedMemBytes;
} hipKernelNodeParams;
typedef struct hipLaunchConfig_t {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  hipStream_t stream;
  void *attrs;
  unsigned int numAttrs;
} hipLaunchConfig_t;
extern "C" {
hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                      size_t sharedMem = 0,
                                      hipStream_t stream = 0);
hipError_t hipLaunchKernel(const void *f, dim3 gridDim, dim3 blockDim,
                           void **args, size_t sharedMem, hipStream_t stream);
hipError_t hipLaunchKernelExC(const hipLaunchConfig_t *config, const void *f,
                              void **args);
hipError_t hipLaunchCooperativeKernel(const void *f, dim3 gridDim,
                                      dim3 blockDim, void **args,
                                      unsigned int sharedMem,
                                      hipStream_t stream);
hipError_t hipExtLaunchKernel(const void *f, dim3 gridDim, dim3 blockDim,
                              void **args, size_t sharedMem,
                              hipStream_t stream, hipEvent_t start = 0,
                              hipEvent_t stop = 0, int flags = 0);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gx,
                                 unsigned int gy, unsigned int gz,
                                 unsigned int bx, unsigned int by,
                                 unsigned int bz, unsigned int sharedMem,
                                 hipStream_t stream, void **params,
                                 void **extra);
hipError_t hipGraphAddKernelNode(hipGraphNode_t *node, hipGraph_t graph,
                                 const hipGraphNode_t *deps, size_t numDeps,
                                 const hipKernelNodeParams *params);
hipError_t hipFuncSetAttribute(const void *f, hipFuncAttribute attr,
                               int value);
hipError_t hipDeviceSynchronize(void);
hipError_t hipMalloc(void **p, size_t size);
}
template <class F, class... Args>
void hipExtLaunchKernelGGL(F kernel, const dim3 &numBlocks,
                           const dim3 &dimBlocks, unsigned int sharedMem,
                           hipStream_t stream, hipEvent_t start,
                           hipEvent_t stop, unsigned int flags, Args... args);
#define hipLaunchKernelGGL(kernelName, numBlocks, numThreads, memPerBlock,   \
                           streamId, ...)                                    \
  do {                                                                       \
    kernelName<<<(numBlocks), (numThreads), (memPerBlock), (streamId)>>>(    \
        __VA_ARGS__);                                                        \
  } while (0)
)";

CudaParseSetup hipParseSetup(const std::optional<RocmInstall> &Rocm) {
  // Host side only, as for CUDA; no device libraries are needed for it.
  CudaParseSetup S = hostParseSetup({"--offload-host-only", "-nogpulib"});
  if (Rocm) {
    S.SystemRoots.push_back(Rocm->Root);
    S.Args.push_back("--rocm-path=" + Rocm->Root);
    return S;
  }
  const char *const StandIns[] = {
      "hip/hip_runtime.h", "hip/hip_runtime_api.h", "hip/hip_ext.h",
      "hip/hip_cooperative_groups.h", "hip/hip_fp16.h"};
  addBuiltinRuntime(S, {"-nogpuinc", HipBuiltinHeader, HipBuiltinText,
                        "-isystem", HipStubDir, StandIns,
                        "/* no ROCm: see builtin_hip.h */\n"});
  return S;
}

} // namespace cudalint
