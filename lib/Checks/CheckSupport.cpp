//===- CheckSupport.cpp - Helpers shared by the checks --------------------===//

#include "CheckSupport.h"

#include "cudalint/Facts/SaturatingArithmetic.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace cudalint {

std::vector<int64_t> possibleValues(const ResolvedValue &V) {
  if (V.K == ResolvedValue::Kind::Constant || V.K == ResolvedValue::Kind::Set)
    return V.Values;
  return {};
}

std::vector<int64_t> runnableBlockSizes(const LaunchContext &Ctx) {
  std::vector<int64_t> Sizes = possibleValues(Ctx.Launch.ThreadsPerBlock);
  llvm::erase_if(Sizes, [&](int64_t Threads) {
    return Threads <= 0 || Threads > Ctx.Arch.MaxThreadsPerBlock;
  });
  return Sizes;
}

std::vector<int64_t> userChosenBlockSizes(const LaunchContext &Ctx) {
  if (Ctx.Launch.OccupancyTuned)
    return {};
  return runnableBlockSizes(Ctx);
}

bool reportDimensionLimits(const Check &C, const LaunchContext &Ctx,
                           const Dim3Value &Dims,
                           const std::array<uint64_t, 3> &Max, StringRef What,
                           std::vector<Diagnostic> &Out) {
  const ResolvedValue *Parts[] = {&Dims.X, &Dims.Y, &Dims.Z};
  const char *Names[] = {"x", "y", "z"};
  bool Any = false;
  for (unsigned I = 0; I < 3; ++I)
    for (int64_t V : possibleValues(*Parts[I])) {
      if (V > 0 && static_cast<uint64_t>(V) <= Max[I])
        continue;
      std::string Why =
          V <= 0 ? formatv("is {0}", V).str()
                 : formatv("= {0} exceeds the maximum of {1}", V, Max[I]).str();
      Diagnostic D = launchError(C, Ctx,
                                 formatv("{0} dimension {1} {2} on {3}", What,
                                         Names[I], Why, Ctx.Arch.Name)
                                     .str(),
                                 RuntimeError::InvalidValue);
      addOriginNotes(D, *Parts[I], (What + " " + Names[I]).str());
      Out.push_back(std::move(D));
      Any = true;
    }
  return Any;
}

std::string runtimeErrorName(const CheckOptions &O, RuntimeError E,
                             StringRef Api) {
  auto Version = [](StringRef Text) {
    auto [Major, Minor] = Text.split('.');
    unsigned A = 0, B = 0;
    if (Major.getAsInteger(10, A) ||
        (!Minor.empty() && Minor.getAsInteger(10, B)))
      return std::optional<std::pair<unsigned, unsigned>>();
    return std::optional(std::pair(A, B));
  };
  auto Used = Version(O.ToolkitVersion);
  auto CheckedOn = Version(RuntimeErrorsCheckedOn);
  if (!Used || !CheckedOn || *Used < *CheckedOn)
    return {};
  // The driver API returns a CUresult: the same number under its own name
  // (an H200 returned these at cuLaunchKernel, cuLaunchKernelEx and
  // cuLaunchCooperativeKernel, bench/gpu's forms family).
  bool Driver = Api.starts_with("cu") && !Api.starts_with("cuda");
  switch (E) {
  case RuntimeError::InvalidValue:
    return Driver ? "CUDA_ERROR_INVALID_VALUE" : "cudaErrorInvalidValue";
  case RuntimeError::LaunchOutOfResources:
    return Driver ? "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"
                  : "cudaErrorLaunchOutOfResources";
  case RuntimeError::CooperativeLaunchTooLarge:
    return Driver ? "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE"
                  : "cudaErrorCooperativeLaunchTooLarge";
  case RuntimeError::InvalidClusterSize:
    return Driver ? "CUDA_ERROR_INVALID_CLUSTER_SIZE"
                  : "cudaErrorInvalidClusterSize";
  }
  llvm_unreachable("unknown runtime error");
}

std::optional<RuntimeError> notResidentError(const LaunchSite &L,
                                             RuntimeError Otherwise) {
  if (!L.Cooperative)
    return std::nullopt;
  return *L.Cooperative ? RuntimeError::CooperativeLaunchTooLarge : Otherwise;
}

std::string cooperativeResidencyReason(const LaunchSite &L) {
  if (!L.Cooperative || !*L.Cooperative)
    return {};
  return ": no block can be resident on an SM, and a cooperative launch "
         "needs every block resident at once";
}

void stateLaunchOutcome(Diagnostic &D) {
  if (D.Promise == Claim::Advice)
    return;
  D.Message += D.Promise == Claim::Fails ? "; the launch fails"
                                         : "; the launch may fail";
  if (D.CudaError.empty())
    return;
  D.Message += " with " + D.CudaError;
  // The one name that does not say what the runtime prints.
  if (D.CudaError == "cudaErrorLaunchOutOfResources")
    D.Message += " ('too many resources requested for launch')";
}

void claimMayFail(Diagnostic &D) {
  D.Promise = Claim::MayFail;
  D.Sev = Severity::Warning;
}

std::string formatBytes(uint64_t Bytes) {
  if (Bytes >= 1024 && Bytes % 1024 == 0)
    return formatv("{0} KiB", Bytes / 1024).str();
  if (Bytes >= 1024 && Bytes % 512 == 0)
    return formatv("{0:f1} KiB", Bytes / 1024.0).str();
  return formatv("{0} B", Bytes).str();
}

std::string formatPercent(double Fraction) {
  return formatv("{0}%", static_cast<int>(std::lround(Fraction * 100))).str();
}

void addNote(Diagnostic &D, SourceLoc Loc, std::string Message) {
  D.Notes.push_back({std::move(Loc), std::move(Message)});
}

void addNotesOfOtherKernels(Diagnostic &D,
                            ArrayRef<const KernelSetting *> Settings,
                            StringRef What) {
  for (const KernelSetting *S : Settings)
    addNote(D, S->Loc,
            (What + " of " +
             (S->Kernel.empty() ? std::string("a kernel not known")
                                : "'" + S->Kernel + "'") +
             " is set here; if it is the launched kernel, the launch may run")
                .str());
}

std::string kernelName(const LaunchSite &L) {
  return L.Kernel.empty() ? "the kernel" : "'" + L.Kernel + "'";
}

namespace {

/// C's finding at Loc on Arch, with the kernel's declaration as a note when
/// there is a kernel to point at.
Diagnostic diagnostic(const Check &C, SourceLoc Loc, const ArchInfo &Arch,
                      std::string Message, const KernelInfo *Kernel) {
  Diagnostic D;
  D.Check = C.name().str();
  D.Sev = C.severity();
  D.Promise = D.Sev == Severity::Error ? Claim::Fails : Claim::Advice;
  D.Loc = std::move(Loc);
  D.Arch = Arch.Name.str();
  D.Message = std::move(Message);
  if (Kernel && Kernel->Loc.valid())
    addNote(D, Kernel->Loc, "kernel '" + Kernel->Name + "' declared here");
  return D;
}

} // namespace

Diagnostic launchDiagnostic(const Check &C, const LaunchContext &Ctx,
                            std::string Message) {
  Diagnostic D =
      diagnostic(C, Ctx.Launch.Loc, Ctx.Arch, std::move(Message), Ctx.Kernel);
  D.Kernel = Ctx.Launch.Kernel;
  // A kernel chosen at run time: this finding is about one of the choices.
  for (const ValueOrigin &O : Ctx.Launch.KernelOrigins)
    addNote(D, O.Loc,
            "the launched kernel is '" + Ctx.Launch.Kernel +
                "' on a path where it comes from " + O.What);
  return D;
}

Diagnostic launchError(const Check &C, const LaunchContext &Ctx,
                       StringRef Message, std::optional<RuntimeError> E) {
  std::string Name =
      E ? runtimeErrorName(Ctx.Options, *E, Ctx.Launch.Api) : std::string();
  Diagnostic D = launchDiagnostic(C, Ctx, Message.str());
  D.Promise = Claim::Fails;
  D.CudaError = std::move(Name);
  return D;
}

Diagnostic settingDiagnostic(const Check &C, const SettingContext &Ctx,
                             std::string Message) {
  return diagnostic(C, Ctx.Setting.Loc, Ctx.Arch, std::move(Message),
                    Ctx.Kernel);
}

Diagnostic kernelDiagnostic(const Check &C, const KernelContext &Ctx,
                            const SourceLoc &Loc, std::string Message) {
  return diagnostic(C, Loc.valid() ? Loc : Ctx.Kernel.Loc, Ctx.Arch,
                    std::move(Message), nullptr);
}

namespace {

/// Origin notes of several values, each place said once: two callers that
/// reach the launch through the same loop, or block x and y taken from the
/// same variable, give "block x, y = 16 from ..." once.
class OriginNotes {
public:
  void add(const ResolvedValue &V, StringRef What) {
    // A dimension of 1 (dim3's default) explains nothing.
    if (V.isConstant() && V.value() == 1)
      return;
    std::string Value = describeValue(V);
    for (const ValueOrigin &O : V.Origins) {
      auto Same = llvm::find_if(Notes, [&](const Note &N) {
        return N.Origin->What == O.What && N.Origin->Loc == O.Loc &&
               N.Value == Value;
      });
      if (Same == Notes.end())
        Notes.push_back({&O, Value, {What.str()}});
      else if (!llvm::is_contained(Same->Whats, What))
        Same->Whats.push_back(What.str());
    }
  }
  void addTo(Diagnostic &D) const {
    for (const Note &N : Notes)
      addNote(D, N.Origin->Loc,
              llvm::join(N.Whats, ", ") + " = " + N.Value + " from " +
                  N.Origin->What);
  }

private:
  struct Note {
    const ValueOrigin *Origin;
    std::string Value;
    std::vector<std::string> Whats;
  };
  std::vector<Note> Notes;
};

} // namespace

void addOriginNotes(Diagnostic &D, const ResolvedValue &V, StringRef What) {
  OriginNotes Notes;
  Notes.add(V, What);
  Notes.addTo(D);
}

void addBlockOriginNotes(Diagnostic &D, const LaunchSite &L) {
  OriginNotes Notes;
  Notes.add(L.Block.X, "block x");
  Notes.add(L.Block.Y, "block y");
  Notes.add(L.Block.Z, "block z");
  Notes.addTo(D);
}

void addResourceNote(Diagnostic &D, const KernelResources *R) {
  if (!R || !R->HasUsage)
    return;
  std::string Source = R->Source;
  std::string Spills =
      R->SpillsKnown
          ? formatv("{0} spill stores, {1} spill loads",
                    formatBytes(R->SpillStores), formatBytes(R->SpillLoads))
                .str()
          : std::string("spills not known");
  addNote(D, SourceLoc(),
          formatv("{0}: {1} registers, {2} static shared memory, {3} ({4})",
                  R->Arch, R->Registers, formatBytes(R->StaticSmem), Spills,
                  Source)
              .str());
}

std::optional<OccupancyInput> occupancyInput(const LaunchContext &Ctx,
                                             int64_t Threads) {
  const KernelResources *R = Ctx.Resources;
  // Past the calculator's range, a block size would not survive the
  // conversion to unsigned: 2^32 + 256 threads is not a block of 256.
  if (!R || !R->HasUsage || Threads <= 0 ||
      Threads > int64_t(Ctx.Arch.MaxThreadsPerBlock) ||
      !Ctx.Launch.DynamicSharedMem.isConstant())
    return std::nullopt;
  OccupancyInput In;
  In.ThreadsPerBlock = static_cast<unsigned>(Threads);
  In.RegistersPerThread = R->Registers;
  In.StaticSharedMem = R->StaticSmem;
  In.DynamicSharedMem = static_cast<uint64_t>(
      std::max<int64_t>(0, Ctx.Launch.DynamicSharedMem.value()));
  In.BarriersPerBlock = std::max(1u, R->Barriers);
  if (const KernelSetting *S = Ctx.setting("PreferredSharedMemoryCarveout");
      S && S->Value.isConstant()) {
    // Only -1..100 are carveouts (validateInput): 2^32 + 50 is not 50%.
    if (S->Value.value() < -1 || S->Value.value() > 100)
      return std::nullopt;
    In.CarveoutPercent = static_cast<int>(S->Value.value());
  }
  if (const KernelSetting *S = Ctx.setting("CacheConfig");
      S && S->Value.isConstant() && S->Value.value() >= 0 &&
      S->Value.value() <= 3)
    In.CacheConfig = static_cast<CachePreference>(S->Value.value());
  if (const KernelSetting *S = Ctx.setting("MaxDynamicSharedMemorySize");
      S && S->Value.isConstant() && S->Value.value() >= 0)
    In.MaxDynamicSharedMem = static_cast<uint64_t>(S->Value.value());
  if (Error E = validateInput(In)) { // a carveout of 150%, say
    consumeError(std::move(E));
    return std::nullopt;
  }
  return In;
}

std::optional<unsigned> fewestSMs(const LaunchContext &Ctx) {
  unsigned Version = Ctx.Arch.smVersion();
  if (Ctx.Options.Gpu && Ctx.Options.Gpu->SmVersion == Version)
    return Ctx.Options.Gpu->SMCount;
  std::optional<unsigned> Fewest;
  for (const GpuPreset &P : allGpuPresets())
    if (P.SmVersion == Version && (!Fewest || P.SMCount < *Fewest))
      Fewest = P.SMCount;
  return Fewest;
}

const GpuPreset *largestGpu(const LaunchContext &Ctx) {
  unsigned Version = Ctx.Arch.smVersion();
  if (Ctx.Options.Gpu && Ctx.Options.Gpu->SmVersion == Version)
    return Ctx.Options.Gpu;
  const GpuPreset *Largest = nullptr;
  for (const GpuPreset &P : allGpuPresets())
    if (P.SmVersion == Version && (!Largest || P.SMCount > Largest->SMCount))
      Largest = &P;
  return Largest;
}

/// The most blocks the grid can have; none when a component is unknown.
static std::optional<int64_t> mostBlocks(const Dim3Value &Grid) {
  int64_t Most = 1;
  for (const ResolvedValue *V : {&Grid.X, &Grid.Y, &Grid.Z}) {
    std::vector<int64_t> Values = possibleValues(*V);
    if (Values.empty())
      return std::nullopt;
    Most = saturatingMul(Most, *std::max_element(Values.begin(), Values.end()));
  }
  return Most;
}

bool isTinyLaunch(const LaunchSite &L, int64_t Threads) {
  std::optional<int64_t> Blocks = mostBlocks(L.Grid);
  // The valid grid 2^31-1 x 65535 x 65535 times 128 threads is past
  // INT64_MAX.
  return Threads == 1 || (Blocks && saturatingMul(*Blocks, Threads) <= 32);
}

bool occupancyMattersOn(
    const Check &C, const CheckOptions &Options, const LaunchSite &L,
    int64_t Threads,
    llvm::function_ref<std::optional<unsigned>()> FewestProcessors) {
  if (isTinyLaunch(L, Threads) && Options.flag(C, IgnoreTinyLaunchesOption))
    return false;
  if (!Options.flag(C, IgnoreSmallGridsOption))
    return true;
  std::optional<int64_t> Blocks = mostBlocks(L.Grid);
  std::optional<unsigned> Processors = FewestProcessors();
  return !Blocks || !Processors || *Blocks >= int64_t(*Processors);
}

bool occupancyMatters(const Check &C, const LaunchContext &Ctx,
                      int64_t Threads) {
  return occupancyMattersOn(C, Ctx.Options, Ctx.Launch, Threads,
                            [&] { return fewestSMs(Ctx); });
}

std::optional<unsigned>
registersAllowedByBound(const ArchInfo &Arch, int64_t MaxThreads,
                        std::optional<int64_t> MinBlocks) {
  if (MaxThreads < 1 || MaxThreads > int64_t(Arch.MaxThreadsPerBlock))
    return std::nullopt;
  // ptxas derives the cap so that MinBlocks blocks of MaxThreads threads
  // fit (CUDA programming guide, "Launch Bounds"); the calculator's register
  // limit has the same allocation rules, so the cap is the largest count
  // that still admits them.
  const unsigned Wanted = unsigned(std::max<int64_t>(MinBlocks.value_or(1), 1));
  for (unsigned Regs = Arch.MaxRegistersPerThread; Regs > 0; --Regs) {
    OccupancyInput In;
    In.ThreadsPerBlock = unsigned(MaxThreads);
    In.RegistersPerThread = Regs;
    OccupancyResult Res = computeOccupancy(Arch, In);
    if (!Res.fails(LaunchFailure::TooManyRegistersPerBlock) &&
        !Res.fails(LaunchFailure::TooManyRegistersPerThread) &&
        Res.BlocksLimitedByRegisters >= Wanted)
      return Regs;
  }
  return std::nullopt;
}

bool launchBoundCapsRegisters(const ArchInfo &Arch, const KernelInfo &Kernel,
                              const KernelResources &R) {
  std::optional<int64_t> Max = effectiveMaxThreads(Kernel.Attrs, &R);
  if (!Max)
    return false;
  std::optional<unsigned> Allowed =
      registersAllowedByBound(Arch, *Max, effectiveMinBlocks(Kernel.Attrs, &R));
  return Allowed && *Allowed < Arch.MaxRegistersPerThread &&
         R.Registers >= *Allowed;
}

} // namespace cudalint
