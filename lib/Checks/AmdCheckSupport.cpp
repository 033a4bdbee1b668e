//===- AmdCheckSupport.cpp - What the checks' AMD bodies share -----------===//
//
// The findings of the AMD bodies (checkAmd<Facts>, which the one runner in
// CheckRunner.cpp calls on each unit's gfx targets), the settings the HIP
// runtime accepts, and each launch's occupancy for the reports.
//
//===----------------------------------------------------------------------===//

#include "AmdCheckSupport.h"
#include "CheckSupport.h"
#include "RunIndex.h"

#include "cudalint/CompileCommands/CompileCommand.h"
#include "cudalint/Facts/SaturatingArithmetic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

namespace {

Diagnostic diagnosticAt(const Check &C, SourceLoc Loc, const AmdArchInfo &A,
                        std::string Message, const KernelInfo *Kernel) {
  Diagnostic D;
  D.Check = C.name().str();
  D.Sev = Severity::Warning;
  D.Loc = std::move(Loc);
  D.Arch = A.Name.str();
  D.Message = std::move(Message);
  if (Kernel && Kernel->Loc.valid())
    D.Notes.push_back(
        {Kernel->Loc, "kernel '" + Kernel->Name + "' declared here"});
  return D;
}

/// The possible work-group sizes of a launch, each known value once.
std::vector<int64_t> knownSizes(const LaunchSite &L) {
  std::vector<int64_t> Sizes = workGroupSizes(L);
  llvm::sort(Sizes);
  Sizes.erase(std::unique(Sizes.begin(), Sizes.end()), Sizes.end());
  return Sizes;
}

} // namespace

bool amdSettingRefused(const KernelSetting &S, const AmdArchInfo &Arch,
                       const KernelResources *Resources) {
  if (S.Attribute != "MaxDynamicSharedMemorySize" || !S.Value.isConstant())
    return false;
  uint64_t Static = 0;
  if (Resources && Resources->Amd && Resources->Amd->LDSBytes)
    Static = *Resources->Amd->LDSBytes;
  int64_t V = S.Value.value();
  return V < 0 || uint64_t(V) + Static > Arch.LDSPerWorkGroup;
}

const KernelSetting *AmdLaunchContext::setting(StringRef Attribute) const {
  const KernelSetting *Last = nullptr;
  for (const KernelSetting *S : Settings)
    if (S->Attribute == Attribute && !amdSettingRefused(*S, Arch, Resources))
      Last = S;
  return Last;
}

Diagnostic amdLaunchDiagnostic(const Check &C, const AmdLaunchContext &Ctx,
                               std::string Message) {
  Diagnostic D =
      diagnosticAt(C, Ctx.Launch.Loc, Ctx.Arch, std::move(Message), Ctx.Kernel);
  D.Kernel = Ctx.Launch.Kernel;
  D.Promise = Claim::Advice;
  return D;
}

Diagnostic amdLaunchError(const Check &C, const AmdLaunchContext &Ctx,
                          std::string Message, StringRef Error) {
  Diagnostic D = amdLaunchDiagnostic(C, Ctx, std::move(Message));
  D.Sev = Severity::Error;
  D.Promise = Claim::Fails;
  D.CudaError = Error.str();
  return D;
}

bool reportZeroDimension(const Check &C, const AmdLaunchContext &Ctx,
                         const Dim3Value &Dims, StringRef What, Findings &Out) {
  const ResolvedValue *Parts[] = {&Dims.X, &Dims.Y, &Dims.Z};
  const char *Names[] = {"x", "y", "z"};
  for (unsigned I = 0; I < 3; ++I)
    if (llvm::is_contained(possibleValues(*Parts[I]), 0)) {
      Diagnostic D = amdLaunchError(
          C, Ctx, formatv("{0}.{1} is 0", What, Names[I]).str(),
          Ctx.Launch.Cooperative.value_or(false) ? HipErrorInvalidConfiguration
                                                 : HipErrorInvalidValue);
      if (!Parts[I]->isConstant())
        claimMayFail(D);
      Out.push_back(std::move(D));
      return true;
    }
  return false;
}

Diagnostic amdKernelDiagnostic(const Check &C, const AmdKernelContext &Ctx,
                               std::string Message) {
  return diagnosticAt(C, Ctx.Kernel.Loc, Ctx.Arch, std::move(Message), nullptr);
}

Diagnostic amdSettingDiagnostic(const Check &C, const AmdSettingContext &Ctx,
                                std::string Message) {
  Diagnostic D =
      diagnosticAt(C, Ctx.Setting.Loc, Ctx.Arch, std::move(Message), nullptr);
  D.Promise = Claim::MayFail;
  return D;
}

unsigned amdWaveSizeOn(const TranslationUnitFacts &U, const AmdArchInfo &A) {
  return U.WaveSize && A.vgprFile(U.WaveSize) ? U.WaveSize : A.DefaultWaveSize;
}

std::string amdKernelName(const LaunchSite &L) {
  return L.Kernel.empty() ? std::string("the kernel") : "'" + L.Kernel + "'";
}

bool amdOccupancyMatters(const Check &C, const AmdLaunchContext &Ctx,
                         int64_t Threads) {
  // The fewest CUs a GPU of this target has (the --gpu preset's, when it is
  // one): a grid of fewer work-groups leaves CUs idle whatever each holds.
  auto FewestCUs = [&]() -> std::optional<unsigned> {
    const AmdGpuPreset *Gpu = Ctx.Options.AmdGpu;
    if (Gpu && Gpu->ArchName == Ctx.Arch.Name)
      return Gpu->ComputeUnits;
    std::optional<unsigned> CUs;
    for (const AmdGpuPreset &P : allAmdGpuPresets())
      if (P.ArchName == Ctx.Arch.Name && (!CUs || P.ComputeUnits < *CUs))
        CUs = P.ComputeUnits;
    return CUs;
  };
  return occupancyMattersOn(C, Ctx.Options, Ctx.Launch, Threads, FewestCUs);
}

std::vector<int64_t> workGroupSizes(const LaunchSite &L) {
  const ResolvedValue &T = L.ThreadsPerBlock;
  if (T.K == ResolvedValue::Kind::Constant || T.K == ResolvedValue::Kind::Set)
    return T.Values;
  return {};
}

std::optional<AmdOccupancyInput> amdOccupancyInput(const AmdLaunchContext &Ctx,
                                                   int64_t Threads) {
  const AmdKernelUsage *U = Ctx.usage();
  if (!U || !U->VGPRs || !U->SGPRs || !U->LDSBytes || Threads < 1 ||
      Threads > int64_t(Ctx.Arch.MaxThreadsPerWorkGroup) ||
      !Ctx.Launch.DynamicSharedMem.isConstant() ||
      Ctx.Launch.DynamicSharedMem.value() < 0)
    return std::nullopt;
  AmdOccupancyInput In;
  In.WorkGroupSize = unsigned(Threads);
  In.VGPRs = *U->VGPRs;
  In.AGPRs = U->AGPRs.value_or(0);
  In.SGPRs = *U->SGPRs;
  In.WaveSize = Ctx.WaveSize;
  In.StaticLDS = *U->LDSBytes;
  In.DynamicLDS = uint64_t(Ctx.Launch.DynamicSharedMem.value());
  if (validateAmdInput(In)) // a figure the model cannot take
    return std::nullopt;
  return In;
}

std::vector<AmdLaunchOccupancy> amdLaunchOccupancies(const CheckRun &Run) {
  RunIndex Index(Run);
  std::vector<AmdLaunchOccupancy> Out;
  for (size_t UI = 0; UI < Run.Units.size(); ++UI) {
    const TranslationUnitFacts &U = Run.Units[UI];
    std::vector<const AmdArchInfo *> Archs = Index.amdArchsOf(U);
    for (size_t LI = 0; LI < U.Launches.size(); ++LI) {
      const LaunchSite &L = U.Launches[LI];
      const KernelInfo *K =
          L.Mangled.empty() ? nullptr : Index.kernel(L.Mangled);
      for (const AmdArchInfo *A : Archs) {
        AmdLaunchContext Ctx{
            L,  K,           *A, Index.resources(L.Mangled, *A),
            {}, Run.Options, {}, amdWaveSizeOn(U, *A)};
        for (int64_t Threads : knownSizes(L)) {
          std::optional<AmdOccupancyInput> In = amdOccupancyInput(Ctx, Threads);
          if (!In)
            continue;
          AmdLaunchOccupancy O;
          O.Unit = UI;
          O.Launch = LI;
          O.Query.Arch = A;
          const AmdGpuPreset *Gpu = Run.Options.AmdGpu;
          O.Query.Gpu = Gpu && Gpu->ArchName == A->Name ? Gpu : nullptr;
          O.Query.Input = *In;
          if (K && K->Attrs.MaxThreadsPerBlock)
            O.Query.MaxThreads = unsigned(*K->Attrs.MaxThreadsPerBlock);
          Out.push_back(O);
        }
      }
    }
  }
  return Out;
}

} // namespace cudalint
