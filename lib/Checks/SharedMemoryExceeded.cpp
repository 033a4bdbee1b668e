//===- SharedMemoryExceeded.cpp - cuda-shared-memory-exceeded -------------===//
//
// Static plus dynamic shared memory over 48 KiB needs an explicit opt-in
// (cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, n)),
// and nothing goes beyond the arch's opt-in maximum. An opt-in the runtime
// refuses (n + static over that maximum) leaves the previous limit: the
// launch is checked against the last opt-in it accepts. Over the limit, the
// launch fails with cudaErrorInvalidValue (CUDA 13.0, an H100), a
// cooperative one with cudaErrorCooperativeLaunchTooLarge (an H200): no
// block can be resident. An opt-in whose kernel the front end cannot name
// (a pointer to kernels it cannot follow) earlier on a path to the launch
// may be this kernel's: such a launch may fail, no more.
//
//===----------------------------------------------------------------------===//

#include "AmdCheckSupport.h"
#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

namespace {

/// "a later opt-in to 234 KiB was refused" and where, for a launch whose
/// limit an accepted opt-in (or the default) still sets.
void addRefusedNote(Diagnostic &D, const LaunchContext &Ctx,
                    const KernelSetting *Refused, StringRef Limit) {
  if (!Refused)
    return;
  addNote(D, Refused->Loc,
          formatv("the opt-in to {0} here is refused on {1} (more than the "
                  "{2} maximum with the kernel's static shared memory; "
                  "cuda-func-attribute-refused): the limit stays {3}",
                  formatBytes(Refused->Value.value()), Ctx.Arch.Name,
                  formatBytes(Ctx.Arch.SharedMemPerBlockOptIn), Limit)
              .str());
}

} // namespace

/// Below the arch's maximum an opt-in lifts the limit, and one whose kernel
/// is not known may be this kernel's: the launch may fail. Likewise, when
/// the launched kernel is not known, any kernel's opt-in that would admit
/// this size (an H200 ran such a launch, its kernel's opt-in made on the
/// symbol and the launch through its CUfunction).
static void mayRunUnderAnotherOptIn(Diagnostic &D, const LaunchContext &Ctx,
                                    uint64_t Total, int64_t Dynamic) {
  if (Total > Ctx.Arch.SharedMemPerBlockOptIn)
    return;
  std::vector<const KernelSetting *> OtherOptIns =
      Ctx.settingsThatMayBeThisKernels("MaxDynamicSharedMemorySize",
                                       [&](int64_t V) { return V >= Dynamic; });
  if (Ctx.Launch.OptInsOfUnknownKernel.empty() && OtherOptIns.empty())
    return;
  claimMayFail(D);
  for (const ValueOrigin &O : Ctx.Launch.OptInsOfUnknownKernel)
    addNote(D, O.Loc,
            "an opt-in whose kernel is not known (" + O.What +
                ") is set here, on a path to the launch: it is not "
                "checked, and if it is this kernel's the launch may run");
  addNotesOfOtherKernels(D, OtherOptIns, "an opt-in");
}

void SharedMemoryExceeded::checkLaunch(const LaunchContext &Ctx,
                                       Findings &Out) const {
  const KernelResources *R = Ctx.Resources;
  // Without device facts the static part is unknown; 0 is a lower bound,
  // so a dynamic size that fails alone fails for certain.
  uint64_t Static = R && R->HasUsage ? R->StaticSmem : 0;
  // The opt-in that holds: the last one the runtime accepts on this arch.
  const KernelSetting *OptIn = Ctx.setting("MaxDynamicSharedMemorySize");
  const KernelSetting *Refused =
      Ctx.refusedSetting("MaxDynamicSharedMemorySize");
  // An opt-in whose value is not known: assume it is enough; only the
  // arch's maximum holds.
  bool OptInKnown = OptIn && OptIn->Value.isConstant();
  // An opt-in that a path to the launch goes around (`if (big)
  // cudaFuncSetAttribute(...)`) holds only on the other paths; another
  // accepted one on every path, or in another function, holds.
  bool OptInSkipped =
      OptIn && llvm::none_of(Ctx.Settings, [&](const KernelSetting *S) {
        return S->Attribute == "MaxDynamicSharedMemorySize" &&
               settingRefusal(*S, Ctx.Arch, R) == SettingRefusal::None &&
               !llvm::is_contained(Ctx.Launch.SettingsSkippedOnSomePath,
                                   S->Loc);
      });
  for (int64_t Dynamic : possibleValues(Ctx.Launch.DynamicSharedMem)) {
    if (Dynamic < 0)
      continue;
    uint64_t Total = Static + static_cast<uint64_t>(Dynamic);
    std::string Parts =
        R && R->HasUsage ? formatv("{0} static + {1} dynamic",
                                   formatBytes(Static), formatBytes(Dynamic))
                               .str()
                         : formatv("{0} dynamic", formatBytes(Dynamic)).str();
    std::string Message, Fix;
    bool OnSomePath = false, RefusalExplains = false;
    if (Total > Ctx.Arch.SharedMemPerBlockOptIn) {
      Message =
          formatv("launch of {0} asks for {1} of shared memory per "
                  "block ({2}), more than the {3} maximum of {4}",
                  kernelName(Ctx.Launch), formatBytes(Total), Parts,
                  Ctx.Arch.Name, formatBytes(Ctx.Arch.SharedMemPerBlockOptIn))
              .str();
    } else if (OptInSkipped && Total > Ctx.Arch.SharedMemPerBlock) {
      Message = formatv("launch of {0} asks for {1} of shared memory per "
                        "block ({2}) on {3}, over the {4} default, and a "
                        "path to it skips the kernel's opt-in",
                        kernelName(Ctx.Launch), formatBytes(Total), Parts,
                        Ctx.Arch.Name, formatBytes(Ctx.Arch.SharedMemPerBlock))
                    .str();
      OnSomePath = true;
    } else if (OptIn) {
      if (!OptInKnown || Dynamic <= OptIn->Value.value())
        continue;
      Message = formatv("launch of {0} asks for {1} of dynamic shared "
                        "memory, more than the {2} the kernel opted in to",
                        kernelName(Ctx.Launch), formatBytes(Dynamic),
                        formatBytes(OptIn->Value.value()))
                    .str();
      RefusalExplains = Refused && Dynamic <= Refused->Value.value();
    } else if (Total > Ctx.Arch.SharedMemPerBlock) {
      Message = formatv("launch of {0} asks for {1} of shared memory per "
                        "block ({2}) on {3}, over the {4} default, and the "
                        "kernel {5}",
                        kernelName(Ctx.Launch), formatBytes(Total), Parts,
                        Ctx.Arch.Name, formatBytes(Ctx.Arch.SharedMemPerBlock),
                        Refused ? "has no opt-in the runtime accepts"
                        : Ctx.Launch.Mangled.empty() ? "is not known to opt in"
                                                     : "does not opt in")
                    .str();
      RefusalExplains = Refused != nullptr;
      Fix = formatv("opt in before launching: cudaFuncSetAttribute({0}, "
                    "cudaFuncAttributeMaxDynamicSharedMemorySize, {1});",
                    Ctx.Launch.Kernel.empty() ? "kernel" : Ctx.Launch.Kernel,
                    Dynamic)
                .str();
    } else {
      continue;
    }
    Message += cooperativeResidencyReason(Ctx.Launch);
    Diagnostic D =
        launchError(*this, Ctx, Message,
                    notResidentError(Ctx.Launch, RuntimeError::InvalidValue));
    mayRunUnderAnotherOptIn(D, Ctx, Total, Dynamic);
    if (OnSomePath) {
      claimMayFail(D);
      addNote(D, OptIn->Loc,
              "opt-in set here, on some of the paths to the launch only");
    } else if (OptIn) {
      addNote(D, OptIn->Loc, "opt-in set here");
    }
    if (RefusalExplains)
      addRefusedNote(
          D, Ctx, Refused,
          OptIn && OptInKnown
              ? formatBytes(OptIn->Value.value()) + " from the earlier opt-in"
              : "the " + formatBytes(Ctx.Arch.SharedMemPerBlock) + " default");
    if (!Fix.empty())
      addNote(D, SourceLoc(), Fix);
    addOriginNotes(D, Ctx.Launch.DynamicSharedMem, "dynamic shared memory");
    addResourceNote(D, R);
    Out.push_back(std::move(D));
  }
}

// HIP: ROCm's clr (ihipLaunchKernel_validate, hipamd/src/hip_module.cpp)
// refuses dynamic LDS over the device's local memory per work-group with
// hipErrorInvalidValue. Static and dynamic LDS together over it is not
// refused there: a warning.
void SharedMemoryExceeded::checkAmdLaunch(const AmdLaunchContext &Ctx,
                                          Findings &Out) const {
  uint64_t Limit = Ctx.Arch.LDSPerWorkGroup;
  const AmdKernelUsage *U = Ctx.usage();
  uint64_t Static = U && U->LDSBytes ? *U->LDSBytes : 0;
  std::vector<int64_t> Dynamic = possibleValues(Ctx.Launch.DynamicSharedMem);
  size_t Before = Out.size();
  reportSizes(
      Dynamic, [&](int64_t B) { return B > 0 && uint64_t(B) > Limit; },
      [&](int64_t B) {
        return amdLaunchError(
            *this, Ctx,
            formatv("{0} of dynamic LDS exceed the {1} one work-group may "
                    "have on {2}",
                    formatBytes(B), formatBytes(Limit), Ctx.Arch.Name)
                .str(),
            HipErrorInvalidValue);
      },
      Out);
  // Unlike CUDA's, HIP's opt-in raises no limit: clr checks the launch
  // against the device's LDS per work-group only.
  if (Out.size() > Before)
    if (const KernelSetting *OptIn = Ctx.setting("MaxDynamicSharedMemorySize"))
      addNote(Out.back(), OptIn->Loc,
              "hipFuncSetAttribute(..., "
              "hipFuncAttributeMaxDynamicSharedMemorySize, ...) does not raise "
              "the LDS a work-group may have on AMD");
  if (!Out.empty() || !Static)
    return;
  for (int64_t B : Dynamic)
    if (B >= 0 && uint64_t(B) <= Limit && Static + uint64_t(B) > Limit) {
      Diagnostic D = amdLaunchDiagnostic(
          *this, Ctx,
          formatv("{0} of static and {1} of dynamic LDS exceed the {2} one "
                  "work-group may have on {3}",
                  formatBytes(Static), formatBytes(B), formatBytes(Limit),
                  Ctx.Arch.Name)
              .str());
      D.Promise = Claim::MayFail;
      Out.push_back(std::move(D));
      return;
    }
}

} // namespace cudalint
