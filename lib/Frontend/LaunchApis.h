//===- LaunchApis.h - The runtime and driver calls that launch --*- C++ -*-===//
//
// Which calls launch a kernel, and where their values are: by the callee's
// name for a direct call, by the callee's function type for a call through
// a pointer (driver entry points, cudaTypedefs.h's PFN_* types). docs/
// launch-forms.md lists every form.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_FRONTEND_LAUNCHAPIS_H
#define CUDALINT_LIB_FRONTEND_LAUNCHAPIS_H

#include "clang/AST/Type.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
} // namespace clang

namespace cudalint {

/// Where a launch API keeps its values.
enum class LaunchForm {
  /// (kernel, dim3 grid, dim3 block, args, smem, stream): Kernel, Grid,
  /// Block and SharedMem are argument positions.
  KernelPointer,
  /// (const cudaLaunchConfig_t *config, kernel, ...).
  RuntimeConfig,
  /// (const CUlaunchConfig *config, CUfunction f, ...).
  DriverConfig,
  /// (CUfunction f, gridDimX, Y, Z, blockDimX, Y, Z, sharedMemBytes, ...).
  DriverArguments,
};

struct LaunchApi {
  const char *Name;
  LaunchForm Form;
  unsigned MinArgs;
  unsigned Kernel = 0, Grid = 0, Block = 0, SharedMem = 0;
};

inline constexpr LaunchApi LaunchApis[] = {
    {"cudaLaunchKernel", LaunchForm::KernelPointer, 3, 0, 1, 2, 4},
    {"cudaLaunchCooperativeKernel", LaunchForm::KernelPointer, 3, 0, 1, 2, 4},
    // A template in cuda_runtime.h: only ever called by name.
    {"cudaLaunchKernelEx", LaunchForm::RuntimeConfig, 2},
    {"cudaLaunchKernelExC", LaunchForm::RuntimeConfig, 2},
    {"cuLaunchKernel", LaunchForm::DriverArguments, 8},
    {"cuLaunchCooperativeKernel", LaunchForm::DriverArguments, 8},
    {"cuLaunchKernelEx", LaunchForm::DriverConfig, 2},
    // HIP (hip_runtime_api.h, hip_ext.h): the same places as their CUDA
    // twins. hipLaunchKernelGGL is a function template only under
    // HIP_TEMPLATE_KERNEL_LAUNCH (else a macro around <<<>>>, found at
    // its use: hipMacroLaunch); its shared memory is argument 3, as is
    // hipExtLaunchKernelGGL's.
    {"hipLaunchKernel", LaunchForm::KernelPointer, 3, 0, 1, 2, 4},
    {"hipLaunchCooperativeKernel", LaunchForm::KernelPointer, 3, 0, 1, 2, 4},
    {"hipExtLaunchKernel", LaunchForm::KernelPointer, 3, 0, 1, 2, 4},
    {"hipLaunchKernelGGL", LaunchForm::KernelPointer, 3, 0, 1, 2, 3},
    {"hipExtLaunchKernelGGL", LaunchForm::KernelPointer, 3, 0, 1, 2, 3},
    {"hipLaunchKernelExC", LaunchForm::RuntimeConfig, 2},
    {"hipLaunchKernelEx", LaunchForm::RuntimeConfig, 2},
    {"hipModuleLaunchKernel", LaunchForm::DriverArguments, 8},
    {"hipModuleLaunchCooperativeKernel", LaunchForm::DriverArguments, 8},
};

/// A call that launches, with its API. Ambiguous when it goes through a
/// pointer whose type several APIs share (cudaLaunchKernel and
/// cudaLaunchCooperativeKernel): the values are where both keep them, but
/// whether the launch is cooperative is not known.
struct LaunchCall {
  const LaunchApi *Api = nullptr;
  bool Ambiguous = false;
};

/// Finds the launch API a call calls: by the callee's name, with the
/// per-thread default stream suffixes (_ptsz, _ptds) dropped; or, for a
/// call through a pointer or reference to a function, by that function's
/// type, which is the API's own for a pointer from cudaGetDriverEntryPoint,
/// cudaGetDriverEntryPointByVersion or cuGetProcAddress cast to its
/// PFN_cuLaunchKernel_v4000 / PFN_cuLaunchKernelEx_v11060 type, or declared
/// `decltype(&cuLaunchKernel)`. A name the user gave the pointer never
/// counts.
class LaunchApiFinder {
public:
  explicit LaunchApiFinder(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  std::optional<LaunchCall> find(const clang::CallExpr *Call);

private:
  /// The function type of each API the unit declares (lazily: declared
  /// once the headers are parsed).
  const std::vector<std::pair<const LaunchApi *, clang::QualType>> &types();

  clang::ASTContext &Ctx;
  std::optional<std::vector<std::pair<const LaunchApi *, clang::QualType>>>
      Types;
};

/// The calls that give a CUDA graph a kernel node, or new parameters for
/// one, with the position of their parameters struct: the kernel runs with
/// its values whenever the graph does. The driver API's struct names its
/// fields gridDimX, ..., and its CUfunction rarely names a kernel.
struct KernelNodeApi {
  const char *Name;
  unsigned Params;
  bool Driver;
};
inline constexpr KernelNodeApi KernelNodeApis[] = {
    {"cudaGraphAddKernelNode", 4, false},
    {"cudaGraphKernelNodeSetParams", 1, false},
    {"cudaGraphExecKernelNodeSetParams", 2, false},
    {"cuGraphAddKernelNode", 4, true},
    {"cuGraphKernelNodeSetParams", 1, true},
    {"cuGraphExecKernelNodeSetParams", 2, true},
    // hipKernelNodeParams names its fields as cudaKernelNodeParams does.
    {"hipGraphAddKernelNode", 4, false},
    {"hipGraphKernelNodeSetParams", 1, false},
    {"hipGraphExecKernelNodeSetParams", 2, false},
};

/// The short name of a function attribute enumerator, the driver API's and
/// HIP's as the CUDA runtime's: "MaxDynamicSharedMemorySize" for
/// cudaFuncAttributeMaxDynamicSharedMemorySize,
/// CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES and
/// hipFuncAttributeMaxDynamicSharedMemorySize.
std::string functionAttributeName(llvm::StringRef Enumerator);

/// Whether a call of Name with NumArgs arguments sets a kernel's attribute
/// or cache preference: cudaFuncSetAttribute, cudaFuncSetCacheConfig, their
/// driver API twins (cuFuncSet...) and HIP's (hipFuncSet...).
bool isKernelSettingCall(llvm::StringRef Name, unsigned NumArgs);

/// The launch forms whose blocks are co-resident (grid_group::sync works).
inline bool isCooperativeApi(llvm::StringRef Api) {
  return Api == "cudaLaunchCooperativeKernel" ||
         Api == "cuLaunchCooperativeKernel" ||
         Api == "hipLaunchCooperativeKernel" ||
         Api == "hipModuleLaunchCooperativeKernel";
}

/// The launch API a `<<<>>>` is written through: "hipLaunchKernelGGL" when
/// the chevrons come from that macro of the HIP headers (amd_hip_runtime.h
/// expands it to `kernelName<<<...>>>(...)` through
/// hipLaunchKernelGGLInternal), used directly or from a macro of the
/// user's; "<<<>>>" otherwise.
const char *chevronLaunchApi(const clang::Expr *Config,
                             const clang::ASTContext &Ctx);

} // namespace cudalint

#endif
