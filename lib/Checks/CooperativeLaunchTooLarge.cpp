//===- CooperativeLaunchTooLarge.cpp - cuda-cooperative-launch-too-large --===//
//
// A cooperative launch (cudaLaunchCooperativeKernel, cuLaunchCooperative
// Kernel, cudaLaunchKernelEx with cudaLaunchAttributeCooperative) fails with
// cudaErrorCooperativeLaunchTooLarge when its grid has more blocks than
// cudaOccupancyMaxActiveBlocksPerMultiprocessor x the SM count: every block
// must be resident at once. The bound is an upper one: the largest SM count
// of the arch's GPUs (the --gpu preset's when it is of the arch), the
// largest shared memory carveout, and without device facts no registers
// and no static shared memory. A grid over it fails on every such GPU.
//
//===----------------------------------------------------------------------===//

#include "AmdCheckSupport.h"
#include "CheckSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <set>

using namespace llvm;

namespace cudalint {

namespace {

/// "registers 8, shared memory 21, warps 8, blocks 32": what each resource
/// allows, the binding ones first.
std::string describeLimits(const OccupancyResult &Occ) {
  std::vector<std::string> Binding, Others;
  for (Limit L : AllLimits) {
    unsigned Blocks = Occ.blocksLimitedBy(L);
    if (Blocks == Unlimited)
      continue;
    std::string Name = limitName(L).str();
    std::replace(Name.begin(), Name.end(), '_', ' ');
    (Occ.binds(L) ? Binding : Others)
        .push_back(formatv("{0} {1}", Name, Blocks).str());
  }
  std::string Out = "limited by " + join(Binding, " and ");
  if (!Others.empty())
    Out += "; the other limits allow: " + join(Others, ", ");
  return Out;
}

} // namespace

void CooperativeLaunchTooLarge::checkLaunch(const LaunchContext &Ctx,
                                            Findings &Out) const {
  const LaunchSite &L = Ctx.Launch;
  const ArchInfo &A = Ctx.Arch;
  if (!L.Cooperative || !*L.Cooperative)
    return;
  const GpuPreset *Gpu = largestGpu(Ctx);
  if (!Gpu)
    return; // no known GPU of this arch: no bound to promise

  // Every grid size the launch certainly has on some path; dimensions the
  // hardware rejects are cuda-grid-size-invalid's.
  std::set<uint64_t> Grids;
  std::vector<int64_t> Xs = possibleValues(L.Grid.X),
                       Ys = possibleValues(L.Grid.Y),
                       Zs = possibleValues(L.Grid.Z);
  for (int64_t X : Xs)
    for (int64_t Y : Ys)
      for (int64_t Z : Zs)
        if (X > 0 && Y > 0 && Z > 0 && uint64_t(X) <= A.MaxGridDim[0] &&
            uint64_t(Y) <= A.MaxGridDim[1] && uint64_t(Z) <= A.MaxGridDim[2])
          Grids.insert(uint64_t(X) * uint64_t(Y) * uint64_t(Z));
  if (Grids.empty())
    return;

  // The least dynamic shared memory the launch asks for: more can only
  // lower the bound.
  bool DynamicKnown = true;
  std::vector<int64_t> Dynamic = possibleValues(L.DynamicSharedMem);
  if (L.DynamicSharedMem.K == ResolvedValue::Kind::Range)
    Dynamic = {L.DynamicSharedMem.Min};
  if (Dynamic.empty()) {
    Dynamic = {0};
    DynamicKnown = false;
  }

  const KernelResources *R =
      Ctx.Resources && Ctx.Resources->HasUsage ? Ctx.Resources : nullptr;
  for (int64_t Threads : possibleValues(L.ThreadsPerBlock)) {
    if (Threads <= 0 || Threads > A.MaxThreadsPerBlock)
      continue; // cuda-block-size-invalid's
    for (int64_t Smem : Dynamic) {
      OccupancyInput In;
      In.ThreadsPerBlock = unsigned(Threads);
      In.DynamicSharedMem = uint64_t(std::max<int64_t>(0, Smem));
      if (R) {
        In.RegistersPerThread = R->Registers;
        In.StaticSharedMem = R->StaticSmem;
        In.BarriersPerBlock = std::max(1u, R->Barriers);
      }
      // The carveout and cache preference are left at the default, the
      // largest shared memory per SM: a preference can only lower the bound.
      if (const KernelSetting *S = Ctx.setting("MaxDynamicSharedMemorySize");
          S && S->Value.isConstant() && S->Value.value() >= 0)
        In.MaxDynamicSharedMem = uint64_t(S->Value.value());
      if (Error E = validateInput(In)) {
        consumeError(std::move(E));
        continue;
      }
      OccupancyResult Occ = computeOccupancy(A, In);
      // A launch that cannot run at all is another check's.
      if (!Occ.launchable() || Occ.ActiveBlocksPerSM == 0)
        continue;
      uint64_t Bound = uint64_t(Occ.ActiveBlocksPerSM) * Gpu->SMCount;
      bool Pinned = Ctx.Options.Gpu == Gpu;
      for (uint64_t Blocks : Grids) {
        if (Blocks <= Bound)
          continue;
        Diagnostic D = launchError(
            *this, Ctx,
            formatv("cooperative launch of {0} with a grid of {1} blocks "
                    "exceeds the {2} blocks that can be co-resident on {3} "
                    "({4} block{5} of {6} threads per SM x {7} SMs{8})",
                    kernelName(L), Blocks, Bound, A.Name, Occ.ActiveBlocksPerSM,
                    Occ.ActiveBlocksPerSM == 1 ? "" : "s", Threads,
                    Gpu->SMCount,
                    Pinned ? formatv(" of {0}", Gpu->Name).str()
                           : formatv(", the most of any known {0} GPU: {1}",
                                     A.Name, Gpu->Name)
                                 .str())
                .str(),
            RuntimeError::CooperativeLaunchTooLarge);
        addNote(D, SourceLoc(),
                formatv("{0} block{1} per SM: {2}", Occ.ActiveBlocksPerSM,
                        Occ.ActiveBlocksPerSM == 1 ? "" : "s",
                        describeLimits(Occ))
                    .str());
        if (R)
          addResourceNote(D, R);
        else
          addNote(D, SourceLoc(),
                  formatv("without device facts for {0} the bound counts no "
                          "registers and no static shared memory; the "
                          "kernel's own can only lower it",
                          A.Name)
                      .str());
        if (!DynamicKnown)
          addNote(D, SourceLoc(),
                  "the dynamic shared memory is not known and is counted as "
                  "0; more can only lower the bound");
        addOriginNotes(D, L.Grid.X, "grid x");
        addOriginNotes(D, L.Grid.Y, "grid y");
        addOriginNotes(D, L.Grid.Z, "grid z");
        addBlockOriginNotes(D, L);
        if (DynamicKnown && In.DynamicSharedMem)
          addOriginNotes(D, L.DynamicSharedMem, "dynamic shared memory");
        addNote(D, SourceLoc(),
                "size the grid from cudaOccupancyMaxActiveBlocksPer"
                "Multiprocessor(&blocksPerSM, kernel, threads, dynamicSmem) "
                "x the device's multiProcessorCount");
        Out.push_back(std::move(D));
      }
    }
  }
}

// HIP: ROCm's clr (ihipLaunchKernel_validate) refuses a cooperative grid of
// more blocks than its occupancy calculator says fit at once with
// hipErrorCooperativeLaunchTooLarge. The co-resident count here is the
// AMDGPU backend's arithmetic times the CUs of the --gpu preset (else of the
// largest preset of the target), not the runtime's own: a warning.
void CooperativeLaunchTooLarge::checkAmdLaunch(const AmdLaunchContext &Ctx,
                                               Findings &Out) const {
  const LaunchSite &L = Ctx.Launch;
  if (L.Cooperative != true || !L.Grid.X.isConstant() ||
      !L.Grid.Y.isConstant() || !L.Grid.Z.isConstant() ||
      !L.ThreadsPerBlock.isConstant())
    return;
  const AmdGpuPreset *Gpu = Ctx.Options.AmdGpu;
  if (!Gpu || Gpu->ArchName != Ctx.Arch.Name) {
    Gpu = nullptr;
    for (const AmdGpuPreset &P : allAmdGpuPresets())
      if (P.ArchName == Ctx.Arch.Name &&
          (!Gpu || P.ComputeUnits > Gpu->ComputeUnits))
        Gpu = &P;
  }
  std::optional<AmdOccupancyInput> In =
      amdOccupancyInput(Ctx, L.ThreadsPerBlock.value());
  if (!Gpu || !In)
    return;
  AmdOccupancyResult R = computeAmdOccupancy(Ctx.Arch, *In);
  if (!R.launchable())
    return;
  // In WGP mode a work-group slot is a WGP's: two CUs.
  uint64_t Units = Ctx.Arch.HasWGP && In->Mode == AmdCuMode::WGP
                       ? Gpu->ComputeUnits / 2
                       : Gpu->ComputeUnits;
  uint64_t Resident = uint64_t(R.WorkGroupsPerCU) * Units;
  uint64_t Blocks =
      uint64_t(L.Grid.X.value()) * L.Grid.Y.value() * L.Grid.Z.value();
  if (Blocks <= Resident)
    return;
  Diagnostic D = amdLaunchDiagnostic(
      *this, Ctx,
      formatv("a cooperative grid of {0} blocks exceeds the {1} that can be "
              "resident at once on {2} ({3} per {4} x {5})",
              Blocks, Resident, Gpu->Name, R.WorkGroupsPerCU,
              Ctx.Arch.HasWGP ? "WGP" : "CU", Units)
          .str());
  D.Promise = Claim::MayFail;
  D.CudaError = HipErrorCooperativeLaunchTooLarge.str();
  Out.push_back(std::move(D));
}

} // namespace cudalint
