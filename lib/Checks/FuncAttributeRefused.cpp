//===- FuncAttributeRefused.cpp - cuda-func-attribute-refused -------------===//
//
// A cudaFuncSetAttribute or cuFuncSetAttribute call the runtime refuses,
// which leaves the kernel's previous setting in force: a maximum dynamic
// shared memory that, with the kernel's static shared memory, exceeds the
// arch's opt-in maximum (checked on an H100 with CUDA 13.0: the call returns
// cudaErrorInvalidValue and later launches fail against the old limit), a
// carveout outside -1..100, or non-portable cluster sizes on an arch without
// clusters. The launches after a refused opt-in are checked against the
// limit that holds by cuda-shared-memory-exceeded (LaunchContext::setting).
//
//===----------------------------------------------------------------------===//

#include "AmdCheckSupport.h"
#include "CheckSupport.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

namespace {

std::string kernelName(const KernelSetting &S) {
  return S.Kernel.empty() ? "the kernel" : "'" + S.Kernel + "'";
}

/// "cudaFuncSetAttribute(scale, cudaFuncAttributeMaxDynamicSharedMemory
/// Size, 240000)" as the user would have written it.
std::string callText(const KernelSetting &S) {
  bool Driver = StringRef(S.Api).starts_with("cu") &&
                !StringRef(S.Api).starts_with("cuda");
  std::string Attribute =
      Driver ? StringSwitch<std::string>(S.Attribute)
                   .Case("MaxDynamicSharedMemorySize",
                         "CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES")
                   .Case("PreferredSharedMemoryCarveout",
                         "CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT")
                   .Case("NonPortableClusterSizeAllowed",
                         "CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED")
                   .Default(S.Attribute)
             : "cudaFuncAttribute" + S.Attribute;
  return formatv("{0}({1}, {2}, {3})",
                 S.Api.empty() ? "cudaFuncSetAttribute" : S.Api,
                 S.Kernel.empty() ? "f" : S.Kernel, Attribute, S.Value.value())
      .str();
}

/// The maximum dynamic shared memory that holds before S: the last earlier
/// call of the kernel the runtime accepted, or none (the default).
const KernelSetting *previousOptIn(const SettingContext &Ctx) {
  const KernelSetting *Held = nullptr;
  for (const KernelSetting *Other : Ctx.SettingsOfKernel) {
    if (Other == &Ctx.Setting)
      break;
    if (Other->Attribute == Ctx.Setting.Attribute &&
        settingRefusal(*Other, Ctx.Arch, Ctx.Resources) == SettingRefusal::None)
      Held = Other;
  }
  return Held;
}

/// A finding that the runtime refuses the call: the call as written, then
/// Why.
Diagnostic refusedCall(const Check &C, const SettingContext &Ctx,
                       const Twine &Why) {
  return settingDiagnostic(C, Ctx, (callText(Ctx.Setting) + " " + Why).str());
}

Diagnostic overOptInMaximum(const Check &C, const SettingContext &Ctx) {
  const KernelSetting &S = Ctx.Setting;
  const ArchInfo &A = Ctx.Arch;
  const KernelResources *R = Ctx.Resources;
  bool StaticKnown = R && R->HasUsage;
  uint64_t Static = StaticKnown ? R->StaticSmem : 0;
  uint64_t Asked = uint64_t(S.Value.value());
  std::string Name =
      runtimeErrorName(Ctx.Options, RuntimeError::InvalidValue, S.Api);
  const KernelSetting *Held = previousOptIn(Ctx);
  std::string Keeps =
      Held && Held->Value.isConstant()
          ? formatv("the {0} it opted in to before",
                    formatBytes(Held->Value.value()))
                .str()
      : Held
          ? std::string("the limit it opted in to before")
          : formatv("the {0} default", formatBytes(A.SharedMemPerBlock)).str();
  Diagnostic D = refusedCall(
      C, Ctx,
      formatv("asks for up to {0} of dynamic shared memory{1}, more than the "
              "{2} maximum of {3} per block; the call fails{4} and {5} keeps "
              "{6}",
              formatBytes(Asked),
              Static ? formatv(" on top of {0} static ({1} in all)",
                               formatBytes(Static), formatBytes(Asked + Static))
                           .str()
                     : std::string(),
              A.Name, formatBytes(A.SharedMemPerBlockOptIn),
              Name.empty() ? std::string() : " with " + Name, kernelName(S),
              Keeps));
  D.CudaError = Name;
  if (Held)
    addNote(D, Held->Loc, "the opt-in that holds, set here");
  if (!StaticKnown)
    addNote(D, SourceLoc(),
            "the kernel's static shared memory is not known here and is "
            "counted as 0; more can only lower what is accepted");
  else
    addResourceNote(D, R);
  addNote(D, SourceLoc(),
          formatv("at most {0} bytes are accepted on {1}{2}",
                  A.SharedMemPerBlockOptIn -
                      std::min(Static, A.SharedMemPerBlockOptIn),
                  A.Name,
                  Static ? formatv(" ({0} - {1} static)",
                                   A.SharedMemPerBlockOptIn, Static)
                               .str()
                         : std::string())
              .str());
  addOriginNotes(D, S.Value, "the maximum");
  return D;
}

Diagnostic carveoutOutOfRange(const Check &C, const SettingContext &Ctx) {
  const KernelSetting &S = Ctx.Setting;
  Diagnostic D = refusedCall(
      C, Ctx,
      formatv("asks for a shared memory carveout of {0}%, outside -1..100 (a "
              "percentage, or -1 for the default); the call fails and {1} "
              "keeps its previous carveout",
              S.Value.value(), kernelName(S)));
  // The same on every arch.
  D.Arch.clear();
  addNote(D, SourceLoc(),
          "the runtime's documentation says a wrong value returns "
          "cudaErrorInvalidValue; that was not checked on a GPU, so the "
          "finding names no error");
  addOriginNotes(D, S.Value, "the carveout");
  return D;
}

Diagnostic noClusters(const Check &C, const SettingContext &Ctx) {
  Diagnostic D = refusedCall(
      C, Ctx,
      formatv("allows non-portable cluster sizes for {0}, but {1} has no "
              "thread block clusters (sm_90 and newer); the call fails",
              kernelName(Ctx.Setting), Ctx.Arch.Name));
  addNote(D, SourceLoc(),
          "make the call only on a device of compute capability 9.0 or newer "
          "(cudaDeviceProp::major >= 9)");
  return D;
}

} // namespace

void FuncAttributeRefused::checkSetting(const SettingContext &Ctx,
                                        Findings &Out) const {
  switch (settingRefusal(Ctx.Setting, Ctx.Arch, Ctx.Resources)) {
  case SettingRefusal::None:
    return;
  case SettingRefusal::OverOptInMaximum:
    Out.push_back(overOptInMaximum(*this, Ctx));
    return;
  case SettingRefusal::CarveoutOutOfRange:
    Out.push_back(carveoutOutOfRange(*this, Ctx));
    return;
  case SettingRefusal::NoClusters:
    Out.push_back(noClusters(*this, Ctx));
    return;
  }
}

// HIP: ROCm's clr refuses hipFuncSetAttribute(k,
// hipFuncAttributeMaxDynamicSharedMemorySize, n) with hipErrorInvalidValue
// when n is negative or over the LDS a work-group may have less the
// kernel's static LDS (hipamd/src/hip_module.cpp, since commit c9955a1,
// 2024-09); ROCm 6.2 and older ignore the call and return hipSuccess. A
// warning: whether the call fails depends on the runtime. Either way the
// launch is held to the device's LDS per work-group, not to n
// (ihipLaunchKernel_validate): cuda-shared-memory-exceeded judges it.
void FuncAttributeRefused::checkAmdSetting(const AmdSettingContext &Ctx,
                                           Findings &Out) const {
  const KernelSetting &S = Ctx.Setting;
  if (!amdSettingRefused(S, Ctx.Arch, Ctx.Resources))
    return;
  const KernelResources *R = Ctx.Resources;
  uint64_t Static =
      R && R->Amd && R->Amd->LDSBytes ? uint64_t(*R->Amd->LDSBytes) : 0;
  int64_t Asked = S.Value.value();
  uint64_t Limit = Ctx.Arch.LDSPerWorkGroup;
  Diagnostic D = amdSettingDiagnostic(
      *this, Ctx,
      formatv("{0}({1}, hipFuncAttributeMaxDynamicSharedMemorySize, {2}) "
              "asks for {3} of dynamic LDS{4}; at most {5} are accepted on "
              "{6}: the HIP runtime refuses the call with "
              "hipErrorInvalidValue (ROCm 6.2 and older ignore it)",
              S.Api.empty() ? "hipFuncSetAttribute" : S.Api,
              S.Kernel.empty() ? "f" : S.Kernel, Asked,
              Asked < 0 ? std::string("a negative amount")
                        : formatBytes(uint64_t(Asked)),
              Static
                  ? formatv(" on top of {0} static", formatBytes(Static)).str()
                  : std::string(),
              formatBytes(Limit - std::min(Static, Limit)), Ctx.Arch.Name)
          .str());
  D.CudaError = HipErrorInvalidValue.str();
  addNote(D, SourceLoc(),
          formatv("a launch is held to the {0} of LDS a work-group may have "
                  "on {1} whatever this call sets",
                  formatBytes(Limit), Ctx.Arch.Name)
              .str());
  if (!(R && R->Amd && R->Amd->LDSBytes))
    addNote(D, SourceLoc(),
            "the kernel's static LDS is not known here and is counted as 0; "
            "more can only lower what is accepted");
  addOriginNotes(D, S.Value, "the maximum");
  Out.push_back(std::move(D));
}

} // namespace cudalint
