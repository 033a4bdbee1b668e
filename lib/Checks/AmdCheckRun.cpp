//===- AmdCheckRun.cpp - The checks' AMD bodies over a run's HIP units ----===//
//
// The gfx targets of each unit (its device facts', else the run's default
// archs that are AMD's), each launch and kernel judged there by the enabled
// checks that have an AMD body, and each launch's occupancy for the
// reports.
//
//===----------------------------------------------------------------------===//

#include "AmdCheckSupport.h"
#include "CheckSupport.h"
#include "RunIndex.h"

#include "cudalint/CompileCommands/CompileCommand.h"
#include "cudalint/Facts/SaturatingArithmetic.h"

#include "llvm/ADT/STLExtras.h"

#include <set>

using namespace llvm;

namespace cudalint {

namespace {

const AmdCheckBody AmdBodies[] = {
    {"cuda-launch-bounds-exceeded", amdLaunchBoundsExceeded, nullptr},
    {"cuda-block-size-invalid", amdBlockSizeInvalid, nullptr},
    {"cuda-shared-memory-exceeded", amdSharedMemoryExceeded, nullptr},
    {"cuda-block-size-not-warp-multiple", amdBlockSizeNotWarpMultiple, nullptr},
    {"cuda-occupancy-limited", amdOccupancyLimited, nullptr},
    {"cuda-cooperative-launch-too-large", amdCooperativeLaunchTooLarge,
     nullptr},
    {"cuda-register-spills", nullptr, amdRegisterSpills},
    {"cuda-func-attribute-refused", nullptr, nullptr, amdFuncAttributeRefused},
};

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

/// The gfx targets U is judged on.
std::vector<const AmdArchInfo *> amdArchsOf(const CheckRun &Run,
                                            const TranslationUnitFacts &U) {
  std::vector<std::string> Names =
      Run.Resources ? Run.Resources->archsToJudge(U.MainFile, Run.DefaultArchs)
                    : Run.DefaultArchs;
  std::vector<const AmdArchInfo *> Out;
  for (const std::string &N : Names)
    if (isAmdArch(N))
      if (const AmdArchInfo *A = findAmdArch(N))
        Out.push_back(A);
  return Out;
}

const KernelResources *resourcesOf(const CheckRun &Run, StringRef Mangled,
                                   const AmdArchInfo &A) {
  if (!Run.Resources || !Run.Resources->Enabled || Mangled.empty())
    return nullptr;
  return Run.Resources->find(Mangled, A.Name);
}

/// The wave size U's code runs with on A: the command's, where A has that
/// mode (-mno-wavefrontsize64 leaves GCN and CDNA at 64), else A's default.
unsigned waveSizeOn(const TranslationUnitFacts &U, const AmdArchInfo &A) {
  return U.WaveSize && A.vgprFile(U.WaveSize) ? U.WaveSize : A.DefaultWaveSize;
}

/// A launch certain to fail on a target gets only its errors there.
void keepOnlyErrorsIfFails(Findings &Found) {
  if (any_of(Found,
             [](const Diagnostic &D) { return D.Promise == Claim::Fails; }))
    erase_if(Found,
             [](const Diagnostic &D) { return D.Promise != Claim::Fails; });
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

const AmdCheckBody *amdCheckBody(StringRef Name) {
  for (const AmdCheckBody &B : AmdBodies)
    if (B.Name == Name)
      return &B;
  return nullptr;
}

Diagnostic amdLaunchDiagnostic(const Check &C, const AmdLaunchContext &Ctx,
                               std::string Message) {
  Diagnostic D =
      diagnosticAt(C, Ctx.Launch.Loc, Ctx.Arch, std::move(Message), Ctx.Kernel);
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

std::vector<Diagnostic> runAmdChecks(const CheckRun &Run,
                                     ArrayRef<const Check *> Enabled) {
  std::vector<std::pair<const Check *, const AmdCheckBody *>> Bodies;
  for (const Check *C : Enabled)
    if (const AmdCheckBody *B = amdCheckBody(C->name()))
      Bodies.push_back({C, B});
  RunIndex Index(Run);
  std::vector<Diagnostic> Out;
  std::set<std::string> KernelsChecked;
  for (const TranslationUnitFacts &U : Run.Units) {
    std::vector<const AmdArchInfo *> Archs = amdArchsOf(Run, U);
    if (Archs.empty())
      continue;
    for (const LaunchSite &L : U.Launches)
      for (const AmdArchInfo *A : Archs) {
        if (Run.Resources && !L.Mangled.empty() &&
            Run.Resources->compiledOut(L.Mangled, A->Name))
          continue;
        AmdLaunchContext Ctx{L,
                             L.Mangled.empty() ? nullptr
                                               : Index.kernel(L.Mangled),
                             *A,
                             resourcesOf(Run, L.Mangled, *A),
                             Index.launchesOf(L.Mangled),
                             Run.Options,
                             Index.settingsOf(L.Mangled),
                             waveSizeOn(U, *A)};
        Findings Found;
        for (const auto &[C, B] : Bodies)
          if (B->Launch)
            B->Launch(*C, Ctx, Found);
        settleBranchTestValues(L, Found, /*NameTests=*/true);
        keepOnlyErrorsIfFails(Found);
        for (Diagnostic &D : Found) {
          stateLaunchOutcome(D);
          Out.push_back(std::move(D));
        }
      }
    for (const KernelSetting &S : U.KernelSettings)
      for (const AmdArchInfo *A : Archs) {
        if (Run.Resources && !S.Mangled.empty() &&
            Run.Resources->compiledOut(S.Mangled, A->Name))
          continue;
        AmdSettingContext Ctx{S, *A, resourcesOf(Run, S.Mangled, *A),
                              Run.Options};
        for (const auto &[C, B] : Bodies)
          if (B->Setting)
            B->Setting(*C, Ctx, Out);
      }
    for (const KernelInfo &Seen : U.Kernels) {
      const KernelInfo *K = Index.kernel(Seen.Mangled);
      if (!K || !K->Loc.valid() || !KernelsChecked.insert(K->Mangled).second)
        continue;
      for (const AmdArchInfo *A : Archs) {
        AmdKernelContext Ctx{*K, *A, resourcesOf(Run, K->Mangled, *A),
                             Index.launchesOf(K->Mangled), Run.Options};
        for (const auto &[C, B] : Bodies)
          if (B->Kernel)
            B->Kernel(*C, Ctx, Out);
      }
    }
  }
  return Out;
}

std::vector<AmdLaunchOccupancy> amdLaunchOccupancies(const CheckRun &Run) {
  RunIndex Index(Run);
  std::vector<AmdLaunchOccupancy> Out;
  for (size_t UI = 0; UI < Run.Units.size(); ++UI) {
    const TranslationUnitFacts &U = Run.Units[UI];
    std::vector<const AmdArchInfo *> Archs = amdArchsOf(Run, U);
    for (size_t LI = 0; LI < U.Launches.size(); ++LI) {
      const LaunchSite &L = U.Launches[LI];
      const KernelInfo *K =
          L.Mangled.empty() ? nullptr : Index.kernel(L.Mangled);
      for (const AmdArchInfo *A : Archs) {
        AmdLaunchContext Ctx{
            L,  K,           *A, resourcesOf(Run, L.Mangled, *A),
            {}, Run.Options, {}, waveSizeOn(U, *A)};
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
          Out.push_back(std::move(O));
        }
      }
    }
  }
  return Out;
}

} // namespace cudalint
