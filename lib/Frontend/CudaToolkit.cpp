//===- CudaToolkit.cpp - Finding the toolkit, making Clang 19 parse it ----===//

#include "CudaParseSetup.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace cudalint {

namespace {
std::string toolkitVersion(StringRef Root) {
  SmallString<256> Header(Root);
  sys::path::append(Header, "include", "cuda.h");
  auto Buffer = MemoryBuffer::getFile(Header);
  if (!Buffer)
    return "";
  SmallVector<StringRef, 2> Match;
  if (!Regex("#define CUDA_VERSION ([0-9]+)")
           .match((*Buffer)->getBuffer(), &Match))
    return "";
  unsigned V = 0;
  Match[1].getAsInteger(10, V);
  return std::to_string(V / 1000) + "." + std::to_string(V % 1000 / 10);
}

/// nvcc's build number (the 88 of 13.0.88): version.json's cuda_nvcc entry,
/// else the pip layout's dist-info folder; empty when neither says.
std::string nvccBuild(StringRef Root) {
  SmallString<256> Json(Root);
  sys::path::append(Json, "version.json");
  SmallVector<StringRef, 2> Match;
  if (auto Buffer = MemoryBuffer::getFile(Json))
    if (Regex("\"cuda_nvcc\"[^}]*\"version\" *: *\"[0-9]+\\.[0-9]+\\.([0-9]+)")
            .match((*Buffer)->getBuffer(), &Match))
      return Match[1].str();
  SmallString<256> Dist(Root);
  sys::path::append(Dist, "dist-info");
  std::error_code EC;
  Regex Folder("^nvidia_cuda_nvcc-[0-9]+\\.[0-9]+\\.([0-9]+)\\.dist-info$");
  for (sys::fs::directory_iterator It(Dist, EC), End; !EC && It != End;
       It.increment(EC))
    if (Folder.match(sys::path::filename(It->path()), &Match))
      return Match[1].str();
  return "";
}

/// Where nvcc is installed, then the toolkit's usual place.
std::vector<std::string> defaultToolkitRoots() {
  std::vector<std::string> Roots;
  if (auto Nvcc = sys::findProgramByName("nvcc")) {
    SmallString<256> Real;
    if (sys::fs::real_path(*Nvcc, Real))
      Real = *Nvcc;
    Roots.push_back(sys::path::parent_path(sys::path::parent_path(Real)).str());
  }
  Roots.push_back("/usr/local/cuda");
  return Roots;
}
} // namespace

std::optional<CudaToolkit> findCudaToolkit(StringRef Explicit,
                                           std::string &Why) {
  std::optional<std::string> Root =
      findInstallRoot(Explicit, {"CUDA_PATH", "CUDA_HOME"}, defaultToolkitRoots,
                      "include/cuda_runtime.h", "CUDA toolkit", Why);
  if (!Root)
    return std::nullopt;
  return CudaToolkit{*Root, toolkitVersion(*Root), nvccBuild(*Root)};
}

std::optional<std::string>
findInstallRoot(StringRef Explicit, ArrayRef<const char *> EnvVars,
                function_ref<std::vector<std::string>()> DefaultRoots,
                StringRef Marker, StringRef What, std::string &Why) {
  std::vector<std::string> Candidates;
  if (!Explicit.empty()) {
    Candidates.push_back(Explicit.str());
  } else {
    for (const char *Var : EnvVars)
      if (const char *V = std::getenv(Var); V && *V)
        Candidates.push_back(V);
    for (std::string &Root : DefaultRoots())
      Candidates.push_back(std::move(Root));
  }
  for (const std::string &C : Candidates) {
    SmallString<256> MarkerPath(C);
    sys::path::append(MarkerPath, Marker);
    if (!sys::fs::exists(MarkerPath))
      continue;
    SmallString<256> Abs(C);
    sys::fs::make_absolute(Abs);
    return Abs.str().str();
  }
  Why = ("no " + What + " (" + Marker + ") in " + join(Candidates, ", ")).str();
  return std::nullopt;
}

// Clang 19 knows CUDA up to 12.5. It passes that version to the device side
// only; the host side, not told, falls back to the pre-9.2 launch API
// (cudaConfigureCall), which CUDA 13 no longer declares.
static const char *const ClangNewestCudaVersion = "12.5";

// CUDA 13 removed texture_fetch_functions.h, which Clang 19's CUDA wrapper
// still includes; an empty stand-in, searched after the system directories,
// satisfies it.
static const char *const StubDir = "/__cudalint__/stub";
static const char *const OverridesHeader = "/__cudalint__/overrides.h";
static const char *const BuiltinHeader = "/__cudalint__/builtin_cuda.h";
static const char *const BuiltinKeywordsHeader =
    "/__cudalint__/builtin_keywords.h";

// Force-included after Clang's CUDA wrapper (and so after the toolkit's
// host_defines.h): routes the annotation macros to attributes this tool
// registers, because Clang 19 ignores __maxnreg__ and __cluster_dims__ and
// drops __launch_bounds__'s third argument below sm_90. The leading 0 keeps
// the real arguments expressions: Clang parses a lone identifier as the first
// argument of an attribute it does not know as an identifier, not as an
// expression (so __launch_bounds__(N) would lose its template parameter).
static const char *const OverridesText =
#include "OverridesText.inc"
    ;

// Without a toolkit or ROCm: what the CUDA and HIP runtimes' built-in
// stand-ins share, included from beside them.
static const char *const BuiltinKeywordsText = R"(
#pragma once
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ inline __attribute__((always_inline))
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
};
)";

// Without a toolkit: just enough of the CUDA runtime API for kernels and their
// launches to parse (-nocudainc keeps Clang's wrapper out).
static const char *const BuiltinText = R"(
#pragma once
#include <stddef.h>
#include "__clang_cuda_builtin_vars.h"
#include "builtin_keywords.h"
#define __grid_constant__
#define __launch_bounds__(...) __attribute__((cudalint_launch_bounds(0, __VA_ARGS__)))
#define __maxnreg__(...) __attribute__((cudalint_maxnreg(0, __VA_ARGS__)))
#define __cluster_dims__(...) __attribute__((cudalint_cluster_dims(0, __VA_ARGS__)))
typedef struct CUstream_st *cudaStream_t;
typedef enum cudaError { cudaSuccess = 0 } cudaError_t;
enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9,
  cudaFuncAttributeClusterDimMustBeSet = 10,
  cudaFuncAttributeRequiredClusterWidth = 11,
  cudaFuncAttributeRequiredClusterHeight = 12,
  cudaFuncAttributeRequiredClusterDepth = 13,
  cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
  cudaFuncAttributeClusterSchedulingPolicyPreference = 15
};
enum cudaFuncCache {
  cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3
};
enum cudaLaunchAttributeID {
  cudaLaunchAttributeCooperative = 2,
  cudaLaunchAttributeClusterDimension = 4
};
union cudaLaunchAttributeValue {
  char pad[64];
  struct {
    unsigned int x, y, z;
  } clusterDim;
  int cooperative;
};
typedef struct cudaLaunchAttribute_st {
  cudaLaunchAttributeID id;
  char pad[8 - sizeof(cudaLaunchAttributeID)];
  cudaLaunchAttributeValue val;
} cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
} cudaLaunchConfig_t;
extern "C" {
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                const void *func, void **args);
int __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                size_t sharedMem = 0, cudaStream_t stream = 0);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem,
                             cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr,
                                 int value);
cudaError_t cudaFuncSetCacheConfig(const void *func,
                                   enum cudaFuncCache cacheConfig);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaFree(void *devPtr);
}
template <class T>
cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                             size_t sharedMem = 0, cudaStream_t stream = 0);
template <typename... ExpTypes, typename... ActTypes>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                               void (*kernel)(ExpTypes...),
                               ActTypes &&...args);
template <class T>
cudaError_t cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr,
                                 int value);
template <class T>
cudaError_t cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig);
)";

/// The version macros nvcc's host compile defines (nvcc --dryrun: -D on its
/// host phase) and Clang does not: headers and user code choose their code
/// with them (CCCL's version checks, `#if __CUDACC_VER_MAJOR__ >= 12`).
/// Not __NVCC__: CCCL then takes Clang for nvcc (its compiler.h) and parses
/// nvcc-only code; nor __NVCC_DIAG_PRAGMA_SUPPORT__ (Clang has no nv_diag
/// pragmas) or __CUDACC_DEVICE_ATOMIC_BUILTINS__ (nor nvcc's atomic
/// builtins). __CUDA_ARCH_LIST__ depends on the command's archs: the
/// translating database adds it (TranslatingDatabase.cpp).
static void addNvccVersionMacros(CudaParseSetup &S, const CudaToolkit &T) {
  StringRef Major, Minor;
  std::tie(Major, Minor) = StringRef(T.Version).split('.');
  if (Major.empty() || Minor.empty())
    return;
  for (StringRef Prefix : {"__CUDACC_VER", "__CUDA_API_VER"}) {
    S.Args.push_back(("-D" + Prefix + "_MAJOR__=" + Major).str());
    S.Args.push_back(("-D" + Prefix + "_MINOR__=" + Minor).str());
  }
  if (!T.NvccBuild.empty())
    S.Args.push_back("-D__CUDACC_VER_BUILD__=" + T.NvccBuild);
}

CudaParseSetup cudaParseSetup(const std::optional<CudaToolkit> &Toolkit) {
  // Host side only: the launches and the host view of the annotations; the
  // device view per arch comes from device compilation.
  CudaParseSetup S = hostParseSetup(
      {"--cuda-host-only", "-nocudalib", "-Wno-unknown-cuda-version", "-Xclang",
       std::string("-target-sdk-version=") + ClangNewestCudaVersion});
  if (Toolkit) {
    S.SystemRoots.push_back(Toolkit->Root);
    S.Args.push_back("--cuda-path=" + Toolkit->Root);
    S.Args.push_back(std::string("-idirafter") + StubDir);
    // nvcc adds CCCL (cub, thrust, libcu++) implicitly since CUDA 13.
    SmallString<256> Cccl(Toolkit->Root);
    sys::path::append(Cccl, "include", "cccl");
    if (sys::fs::is_directory(Cccl))
      S.Args.push_back("-isystem" + Cccl.str().str());
    addNvccVersionMacros(S, *Toolkit);
    S.Args.push_back("-include");
    S.Args.push_back(OverridesHeader);
    S.VirtualFiles.push_back(
        {std::string(StubDir) + "/texture_fetch_functions.h",
         "/* stand-in: removed in CUDA 13 */\n"});
    S.VirtualFiles.push_back({OverridesHeader, OverridesText});
    return S;
  }
  // The toolkit headers every CUDA file includes.
  const char *const StandIns[] = {"cuda.h",
                                  "cuda_runtime.h",
                                  "cuda_runtime_api.h",
                                  "device_launch_parameters.h",
                                  "driver_types.h",
                                  "vector_types.h"};
  addBuiltinRuntime(S, {"-nocudainc", BuiltinHeader, BuiltinText, "-idirafter",
                        StubDir, StandIns,
                        "/* no CUDA toolkit: see builtin_cuda.h */\n"});
  return S;
}

CudaParseSetup hostParseSetup(std::vector<std::string> LanguageArgs) {
  CudaParseSetup S;
  S.SystemRoots = {"/usr/include", "/usr/lib"};
  S.Args = std::move(LanguageArgs);
  S.Args.insert(S.Args.end(),
                {"-Wno-unknown-attributes",
                 // Also stops Clang printing "N errors generated" to stderr.
                 "-fno-caret-diagnostics",
                 // Typo correction only guesses what broken code meant, and
                 // Clang 19 can recurse in it until the stack overflows,
                 // which no recovery boundary survives
                 // (fuzz/regressions/frontend).
                 "-fno-spell-checking",
                 // Clang stops at 20 errors by default and then instantiates
                 // no more templates: their launches would vanish. Code nvcc
                 // accepts often gives Clang more (issue 37: a solver's
                 // cache-hint loads, 15 to 20 per file).
                 "-ferror-limit=0"});
  // libTooling looks for Clang's resource directory beside the running
  // binary (build/tools/lib/clang/19, which does not exist). Debian's Clang
  // then still finds its builtin headers elsewhere, but not the CUDA
  // wrappers (cuda_wrappers/new declares placement new for device code):
  // CUB's headers fail with "no matching 'operator new'" where clang++
  // itself is clean.
  if (sys::fs::is_directory(CUDALINT_CLANG_RESOURCE_DIR))
    S.Args.push_back(std::string("-resource-dir=") +
                     CUDALINT_CLANG_RESOURCE_DIR);
  return S;
}

void addBuiltinRuntime(CudaParseSetup &S, const BuiltinRuntime &Runtime) {
  S.Args.push_back(Runtime.NoIncludeFlag);
  S.Args.push_back("-include");
  S.Args.push_back(Runtime.Header);
  S.VirtualFiles.push_back({Runtime.Header, Runtime.Text});
  S.VirtualFiles.push_back({BuiltinKeywordsHeader, BuiltinKeywordsText});
  S.Args.push_back(std::string(Runtime.SearchFlag) + Runtime.SearchDir);
  for (const char *StandIn : Runtime.StandIns)
    S.VirtualFiles.push_back(
        {std::string(Runtime.SearchDir) + "/" + StandIn, Runtime.StandInText});
}

} // namespace cudalint
