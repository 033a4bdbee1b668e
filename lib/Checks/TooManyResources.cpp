//===- TooManyResources.cpp - cuda-too-many-resources ---------------------===//
//
// The registers a block needs, after the per-warp allocation granularity,
// must fit the register file available to one block; otherwise the launch
// fails with cudaErrorLaunchOutOfResources ("too many resources requested
// for launch"), a cooperative one with cudaErrorCooperativeLaunchTooLarge
// (an H200, CUDA 13.0): no block can be resident.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace cudalint {

void TooManyResources::checkLaunch(const LaunchContext &Ctx,
                                   Findings &Out) const {
  // Registers do not depend on the dynamic shared memory: only the
  // device compiler's register count is needed.
  const KernelResources *R = Ctx.Resources;
  if (!R || !R->HasUsage)
    return;
  for (int64_t Threads : runnableBlockSizes(Ctx)) {
    OccupancyInput In;
    In.ThreadsPerBlock = static_cast<unsigned>(Threads);
    In.RegistersPerThread = R->Registers;
    OccupancyResult Occ = computeOccupancy(Ctx.Arch, In);
    if (!Occ.fails(LaunchFailure::TooManyRegistersPerBlock) &&
        !Occ.fails(LaunchFailure::TooManyRegistersPerThread))
      continue;
    // The hardware counts the block's registers with its warps rounded up
    // to a multiple of the warp schedulers (sub-partitions) per SM.
    const ArchInfo &A = Ctx.Arch;
    uint64_t PerWarp =
        alignTo(uint64_t(R->Registers) * A.WarpSize, A.RegisterAllocationUnit);
    uint64_t Warps = Occ.WarpsPerBlock;
    uint64_t Counted = alignTo(Warps, A.SubPartitionsPerSM);
    std::string Message =
        Occ.fails(LaunchFailure::TooManyRegistersPerThread)
            ? formatv("launch of {0} uses {1} registers per thread on {2}, "
                      "more than the maximum of {3}",
                      kernelName(Ctx.Launch), R->Registers, A.Name,
                      A.MaxRegistersPerThread)
                  .str()
            : formatv("launch of {0} with {1} threads per block needs {2} "
                      "registers on {3} ({4} per thread, allocated per "
                      "warp{5}), more than the {6} available to a block",
                      kernelName(Ctx.Launch), Threads, PerWarp * Counted,
                      A.Name, R->Registers,
                      Counted == Warps
                          ? std::string()
                          : formatv(", its {0} warps counted as {1} for the "
                                    "{2} warp schedulers",
                                    Warps, Counted, A.SubPartitionsPerSM)
                                .str(),
                      A.RegistersPerBlock)
                  .str();
    Message += cooperativeResidencyReason(Ctx.Launch);
    Diagnostic D = launchError(
        *this, Ctx, Message,
        notResidentError(Ctx.Launch, RuntimeError::LaunchOutOfResources));
    addResourceNote(D, R);
    // The largest warp multiple that fits, and the bound that would make
    // ptxas fit the registers to this block size.
    unsigned Fits = 0;
    for (unsigned T = Ctx.Arch.WarpSize; T < Threads; T += Ctx.Arch.WarpSize) {
      In.ThreadsPerBlock = T;
      if (computeOccupancy(Ctx.Arch, In).launchable())
        Fits = T;
    }
    if (Fits)
      addNote(D, SourceLoc(),
              formatv("at {0} registers per thread, blocks of up to {1} "
                      "threads launch",
                      R->Registers, Fits)
                  .str());
    addNote(D, SourceLoc(),
            formatv("__launch_bounds__({0}) on the kernel makes the device "
                    "compiler limit its registers to fit {0} threads",
                    Threads)
                .str());
    addBlockOriginNotes(D, Ctx.Launch);
    Out.push_back(std::move(D));
  }
}

} // namespace cudalint
