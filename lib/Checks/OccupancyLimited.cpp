//===- OccupancyLimited.cpp - cuda-occupancy-limited ----------------------===//
//
// Registers, shared memory or barriers hold the number of resident blocks,
// and with it the warps available to hide latency, below MinOccupancy. The
// fix is the smallest change that admits one more block.
//
//===----------------------------------------------------------------------===//

#include "AmdCheckSupport.h"
#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

namespace {

/// Whether the author asked for this occupancy: a __launch_bounds__
/// minBlocks that the launch reaches, a register cap that binds, or an
/// opt-in to more dynamic shared memory that binds (also together with
/// registers: tuned kernels often hit both) or that alone keeps occupancy
/// below Min, whatever the registers (a tensor-core GEMM's 72 KiB tiles).
bool statedIntent(const LaunchContext &Ctx, const OccupancyInput &In,
                  const OccupancyResult &R, double Min) {
  std::optional<int64_t> MinBlocks = Ctx.minBlocksBound();
  if (MinBlocks && *MinBlocks > 0 && R.ActiveBlocksPerSM >= *MinBlocks)
    return true;
  const KernelResources *Res = Ctx.Resources;
  if (R.binds(Limit::Registers) &&
      ((Ctx.Kernel && Ctx.Kernel->Attrs.MaxRegisters) || (Res && Res->MaxNReg)))
    return true;
  if (!Ctx.setting("MaxDynamicSharedMemorySize"))
    return false;
  if (R.binds(Limit::SharedMemory))
    return true;
  OccupancyInput AnyRegisters = In;
  AnyRegisters.RegistersPerThread = 0;
  return computeOccupancy(Ctx.Arch, AnyRegisters).occupancy() < Min;
}

void suggest(Diagnostic &D, const LaunchContext &Ctx, const OccupancyInput &In,
             const OccupancyResult &R, Limit Binding, int64_t Threads) {
  unsigned Next = R.ActiveBlocksPerSM + 1;
  OccupancyInput Better = In;
  if (Binding == Limit::Registers) {
    std::optional<unsigned> Regs = registersForNextBlock(Ctx.Arch, In);
    if (!Regs)
      return;
    Better.RegistersPerThread = *Regs;
    OccupancyResult After = computeOccupancy(Ctx.Arch, Better);
    std::string Bound =
        formatv("__launch_bounds__({0}, {1})", Threads, After.ActiveBlocksPerSM)
            .str();
    addNote(D, SourceLoc(),
            formatv("at most {0} registers per thread would allow {1} "
                    "blocks ({2}): {3} asks the device compiler for that",
                    *Regs, After.ActiveBlocksPerSM,
                    formatPercent(After.occupancy()), Bound)
                .str());
    // As a fix-it only when it cannot make a launch fail: the kernel has
    // no bound yet and every launch of it is known to fit.
    const KernelInfo *K = Ctx.Kernel;
    bool AllFit =
        !Ctx.LaunchesOfKernel.empty() &&
        llvm::all_of(Ctx.LaunchesOfKernel, [&](const LaunchSite *L) {
          std::vector<int64_t> V = possibleValues(L->ThreadsPerBlock);
          return !V.empty() && !L->OccupancyTuned && V.back() <= Threads;
        });
    if (K && K->Loc.valid() && !K->Attrs.MaxThreadsPerBlock &&
        !(Ctx.Resources && Ctx.Resources->MaxNTid) && AllFit)
      D.Fixes.push_back({K->Loc, 0, Bound + " "});
  } else if (Binding == Limit::SharedMemory) {
    std::optional<uint64_t> Smem = sharedMemForNextBlock(Ctx.Arch, In);
    if (!Smem)
      return;
    uint64_t Total = In.StaticSharedMem + In.DynamicSharedMem;
    addNote(D, SourceLoc(),
            formatv("at most {0} of shared memory per block ({1} less) "
                    "would allow {2} blocks",
                    formatBytes(*Smem), formatBytes(Total - *Smem), Next)
                .str());
  }
}

/// The call that chose the shared memory carveout of In, as written:
/// "cudaFuncSetCacheConfig(k, cudaFuncCachePreferL1)"; null when In has
/// the default.
const KernelSetting *carveoutChoice(const LaunchContext &Ctx,
                                    const OccupancyInput &In) {
  // A carveout percentage wins over the cache preference (as in the
  // runtime, and in computeOccupancy).
  if (In.CarveoutPercent >= 0)
    return Ctx.setting("PreferredSharedMemoryCarveout");
  if (In.CacheConfig != CachePreference::None)
    return Ctx.setting("CacheConfig");
  return nullptr;
}

std::string callText(const KernelSetting &S) {
  StringRef Kernel = S.Kernel.empty() ? StringRef("kernel") : S.Kernel;
  if (S.Attribute == "CacheConfig") {
    bool Driver = S.Api == "cuFuncSetCacheConfig";
    static const char *const DriverNames[] = {
        "CU_FUNC_CACHE_PREFER_NONE", "CU_FUNC_CACHE_PREFER_SHARED",
        "CU_FUNC_CACHE_PREFER_L1", "CU_FUNC_CACHE_PREFER_EQUAL"};
    int64_t V = S.Value.value(); // 0..3: occupancyInput took it
    return formatv("{0}({1}, {2})", Driver ? S.Api : "cudaFuncSetCacheConfig",
                   Kernel,
                   Driver ? StringRef(DriverNames[V])
                          : cachePreferenceName(CachePreference(V)))
        .str();
  }
  if (S.Api == "cuFuncSetAttribute")
    return formatv("cuFuncSetAttribute({0}, CU_FUNC_ATTRIBUTE_PREFERRED_"
                   "SHARED_MEMORY_CARVEOUT, {1})",
                   Kernel, S.Value.value())
        .str();
  return formatv("cudaFuncSetAttribute({0}, cudaFuncAttributePreferred"
                 "SharedMemoryCarveout, {1})",
                 Kernel, S.Value.value())
      .str();
}

/// A finding for a launch whose shared memory per SM is capped by the
/// carveout a call chose, not by what its blocks use: with the default
/// carveout more blocks would be resident. Null when that is not so.
std::optional<Diagnostic> carveoutFinding(const Check &C,
                                          const LaunchContext &Ctx,
                                          const OccupancyInput &In,
                                          const OccupancyResult &R,
                                          int64_t Threads) {
  const KernelSetting *Choice = carveoutChoice(Ctx, In);
  if (!Choice || R.SharedMemPerSMConfigured >= Ctx.Arch.SharedMemPerSM)
    return std::nullopt;
  OccupancyInput Default = In;
  Default.CarveoutPercent = -1;
  Default.CacheConfig = CachePreference::None;
  OccupancyResult Unchosen = computeOccupancy(Ctx.Arch, Default);
  if (Unchosen.ActiveBlocksPerSM <= R.ActiveBlocksPerSM)
    return std::nullopt;
  const ArchInfo &A = Ctx.Arch;
  Diagnostic D = launchDiagnostic(
      C, Ctx,
      formatv("occupancy of {0} with {1} threads per block is {2} on {3} "
              "({4} of {5} warps): the shared memory carveout that {6} "
              "chose, {7} per SM for blocks of {8}, limits it to {9} "
              "resident block{10} per SM",
              kernelName(Ctx.Launch), Threads, formatPercent(R.occupancy()),
              A.Name, R.ActiveWarpsPerSM, R.MaxWarpsPerSM, callText(*Choice),
              formatBytes(R.SharedMemPerSMConfigured),
              formatBytes(R.AllocatedSharedMemPerBlock), R.ActiveBlocksPerSM,
              R.ActiveBlocksPerSM == 1 ? "" : "s")
          .str());
  addNote(D, Choice->Loc,
          Choice->Attribute == "CacheConfig"
              ? "cache preference set here"
              : "shared memory carveout set here");
  if (A.ReservedSharedMemPerBlock)
    addNote(D, SourceLoc(),
            formatv("a block takes {0}: {1} static + {2} dynamic + {3} the "
                    "driver reserves per block, rounded to {4}",
                    formatBytes(R.AllocatedSharedMemPerBlock),
                    formatBytes(In.StaticSharedMem),
                    formatBytes(In.DynamicSharedMem),
                    formatBytes(A.ReservedSharedMemPerBlock),
                    formatBytes(A.SharedMemAllocationGranularity))
                .str());
  addNote(D, SourceLoc(),
          formatv("with the default carveout ({0} of shared memory per SM) "
                  "{1} blocks would be resident ({2}): drop the preference, "
                  "or choose one that leaves more shared memory",
                  formatBytes(A.SharedMemPerSM), Unchosen.ActiveBlocksPerSM,
                  formatPercent(Unchosen.occupancy()))
              .str());
  return D;
}

} // namespace

void OccupancyLimited::checkLaunch(const LaunchContext &Ctx,
                                   Findings &Out) const {
  double Min = Ctx.Options.number(*this, MinOccupancyOption);
  bool RespectIntent = Ctx.Options.flag(*this, IgnoreStatedIntentOption);
  if (RespectIntent && Ctx.Launch.OccupancyTuned)
    return;
  for (int64_t Threads : possibleValues(Ctx.Launch.ThreadsPerBlock)) {
    std::optional<OccupancyInput> In = occupancyInput(Ctx, Threads);
    if (!In || Threads > Ctx.Arch.MaxThreadsPerBlock ||
        !occupancyMatters(*this, Ctx, Threads))
      continue;
    OccupancyResult R = computeOccupancy(Ctx.Arch, *In);
    if (!R.launchable() || R.occupancy() >= Min)
      continue;
    Limit Binding;
    if (R.binds(Limit::Registers))
      Binding = Limit::Registers;
    else if (R.binds(Limit::SharedMemory))
      Binding = Limit::SharedMemory;
    else if (R.binds(Limit::Barriers))
      Binding = Limit::Barriers;
    else
      continue; // the block size itself: cuda-block-size-occupancy-ceiling
    if (RespectIntent && statedIntent(Ctx, *In, R, Min))
      continue;
    // The carveout a cache preference or carveout attribute chose, not the
    // blocks' own shared memory, binds: name it and the call.
    if (Binding == Limit::SharedMemory)
      if (std::optional<Diagnostic> D =
              carveoutFinding(*this, Ctx, *In, R, Threads)) {
        addResourceNote(*D, Ctx.Resources);
        Out.push_back(std::move(*D));
        continue;
      }
    std::string What =
        Binding == Limit::Registers
            ? formatv("{0} registers per thread ({1} per block)",
                      In->RegistersPerThread, R.AllocatedRegistersPerBlock)
                  .str()
        : Binding == Limit::SharedMemory
            ? formatv("{0} of shared memory per block",
                      formatBytes(R.AllocatedSharedMemPerBlock))
                  .str()
            : formatv("{0} barriers per block", In->BarriersPerBlock).str();
    Diagnostic D = launchDiagnostic(
        *this, Ctx,
        formatv("occupancy of {0} with {1} threads per block is {2} on {3} "
                "({4} of {5} warps): {6} limit it to {7} resident "
                "block{8} per SM",
                kernelName(Ctx.Launch), Threads, formatPercent(R.occupancy()),
                Ctx.Arch.Name, R.ActiveWarpsPerSM, R.MaxWarpsPerSM, What,
                R.ActiveBlocksPerSM, R.ActiveBlocksPerSM == 1 ? "" : "s")
            .str());
    suggest(D, Ctx, *In, R, Binding, Threads);
    addResourceNote(D, Ctx.Resources);
    Out.push_back(std::move(D));
  }
}

// HIP: waves per SIMD from the AMD calculator (AmdOccupancy.h, the AMDGPU
// backend's arithmetic) on the backend's VGPRs, AGPRs, SGPRs and LDS; a
// finding when VGPRs, SGPRs or LDS bind below MinOccupancy, with the most
// of the binding resource that gives one more wave. A kernel's
// __launch_bounds__ second argument (amdgpu_waves_per_eu) the launch
// reaches is stated intent, and so is an accepted hipFuncSetAttribute(k,
// hipFuncAttributeMaxDynamicSharedMemorySize, n) when LDS binds.
void OccupancyLimited::checkAmdLaunch(const AmdLaunchContext &Ctx,
                                      Findings &Out) const {
  double Min = Ctx.Options.number(*this, MinOccupancyOption);
  bool IgnoreIntent = Ctx.Options.flag(*this, IgnoreStatedIntentOption);
  // A block size an occupancy API chose is the author's choice.
  if (IgnoreIntent && Ctx.Launch.OccupancyTuned)
    return;
  for (int64_t T : workGroupSizes(Ctx.Launch)) {
    if (!amdOccupancyMatters(*this, Ctx, T))
      continue;
    std::optional<AmdOccupancyInput> In = amdOccupancyInput(Ctx, T);
    if (!In)
      continue;
    AmdOccupancyResult R = computeAmdOccupancy(Ctx.Arch, *In);
    if (!R.launchable() || R.occupancy() >= Min)
      continue;
    std::optional<int64_t> Wanted =
        Ctx.Kernel ? Ctx.Kernel->Attrs.MinWavesPerEU : std::nullopt;
    if (IgnoreIntent && Wanted && int64_t(R.WavesPerSIMD) >= *Wanted)
      continue;
    // An opt-in to more dynamic LDS (hipFuncSetAttribute, kept from a CUDA
    // port or written for AMD) says the LDS is wanted, as on CUDA.
    if (IgnoreIntent && R.binds(AmdLimit::LDS) &&
        Ctx.setting("MaxDynamicSharedMemorySize"))
      continue;
    std::string Limit, Change;
    if (R.binds(AmdLimit::VGPRs)) {
      Limit = formatv("VGPRs ({0} charged, {1} allocated per lane)",
                      R.ChargedVGPRs, R.AllocatedVGPRs)
                  .str();
      if (std::optional<unsigned> V = vgprsForNextWave(Ctx.Arch, *In))
        Change = formatv("at most {0} VGPRs give one more wave", *V).str();
    } else if (R.binds(AmdLimit::SGPRs)) {
      Limit = formatv("SGPRs ({0})", In->SGPRs).str();
      if (std::optional<unsigned> S = sgprsForNextWave(Ctx.Arch, *In))
        Change = formatv("at most {0} SGPRs give one more wave", *S).str();
    } else if (R.binds(AmdLimit::LDS)) {
      Limit =
          formatv("LDS ({0} per work-group)", formatBytes(R.LDSPerWorkGroup))
              .str();
      if (std::optional<uint64_t> L = ldsForNextWave(Ctx.Arch, *In))
        Change = formatv("at most {0} of LDS per work-group give one more "
                         "wave",
                         formatBytes(*L))
                     .str();
    } else {
      continue; // the work-group size binds: not a resource to trim
    }
    Diagnostic D = amdLaunchDiagnostic(
        *this, Ctx,
        formatv("occupancy {0} on {1} ({2} of {3} waves per SIMD at {4} "
                "threads per block), limited by {5}{6}",
                formatPercent(R.occupancy()), Ctx.Arch.Name, R.WavesPerSIMD,
                R.MaxWavesPerSIMD, T, Limit,
                Change.empty() ? std::string() : "; " + Change)
            .str());
    if (Wanted && int64_t(R.WavesPerSIMD) < *Wanted) {
      std::optional<int64_t> Max = Ctx.Kernel->Attrs.MaxThreadsPerBlock;
      std::string Asker =
          Max ? formatv("__launch_bounds__({0}, {1})", *Max, *Wanted).str()
              : formatv("amdgpu_waves_per_eu({0})", *Wanted).str();
      addNote(D, Ctx.Kernel->Attrs.LaunchBoundsLoc,
              formatv("{0} asks for at least {1} waves per EU "
                      "(amdgpu_waves_per_eu; on HIP the second argument is "
                      "not CUDA's minimum blocks per SM): {2} reached",
                      Asker, *Wanted, R.WavesPerSIMD)
                  .str());
    }
    Out.push_back(std::move(D));
    return;
  }
}

} // namespace cudalint
