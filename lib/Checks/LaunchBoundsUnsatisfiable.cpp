//===- LaunchBoundsUnsatisfiable.cpp - cuda-launch-bounds-unsatisfiable ---===//
//
// __launch_bounds__(maxThreads, minBlocks) promises minBlocks resident blocks
// of maxThreads threads. When the SM cannot hold that many (threads, blocks
// or shared memory per SM), ptxas squeezes registers for nothing.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "cudalint/Facts/SaturatingArithmetic.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

void LaunchBoundsUnsatisfiable::checkKernel(const KernelContext &Ctx,
                                            Findings &Out) const {
  const KernelInfo &K = Ctx.Kernel;
  std::optional<int64_t> Max = effectiveMaxThreads(K.Attrs, Ctx.Resources);
  std::optional<int64_t> MinBlocks = effectiveMinBlocks(K.Attrs, Ctx.Resources);
  if (!Max || *Max <= 0)
    return;
  SourceLoc Loc = K.Attrs.LaunchBoundsLoc;
  const ArchInfo &A = Ctx.Arch;
  if (!MinBlocks || *MinBlocks <= 0)
    return;
  int64_t Warps = divideRoundingUp(*Max, A.WarpSize);
  // A bound of 2^40 threads is a bound too: the slots it needs saturate.
  int64_t Slots = saturatingMul(*MinBlocks, Warps, A.WarpSize);
  std::string Why;
  if (*MinBlocks > A.MaxBlocksPerSM)
    Why = formatv("an SM holds at most {0} blocks", A.MaxBlocksPerSM).str();
  else if (Slots > A.MaxThreadsPerSM)
    Why = formatv("{0} blocks of {1} threads need {2} thread slots, and an "
                  "SM has {3}",
                  *MinBlocks, *Max, Slots, A.MaxThreadsPerSM)
              .str();
  else if (const KernelResources *R = Ctx.Resources;
           R && R->HasUsage && R->StaticSmem > 0 &&
           *Max <= A.MaxThreadsPerBlock) {
    OccupancyInput In;
    In.ThreadsPerBlock = static_cast<unsigned>(*Max);
    In.StaticSharedMem = R->StaticSmem;
    OccupancyResult Occ = computeOccupancy(A, In);
    if (Occ.launchable() && Occ.BlocksLimitedBySharedMem < *MinBlocks)
      Why = formatv("its {0} of static shared memory per block allows {1} "
                    "resident block{2}",
                    formatBytes(R->StaticSmem), Occ.BlocksLimitedBySharedMem,
                    Occ.BlocksLimitedBySharedMem == 1 ? "" : "s")
                .str();
  }
  if (Why.empty())
    return;
  Diagnostic D = kernelDiagnostic(
      *this, Ctx, Loc,
      formatv("__launch_bounds__({0}, {1}) of '{2}' cannot be met on {3}: "
              "{4}; the device compiler limits registers for occupancy the "
              "kernel cannot reach",
              *Max, *MinBlocks, K.Name, A.Name, Why)
          .str());
  addResourceNote(D, Ctx.Resources);
  Out.push_back(std::move(D));
}

} // namespace cudalint
