//===- BlockSizeOccupancyCeiling.cpp - cuda-block-size-occupancy-ceiling --===//
//
// The block size alone can cap occupancy: an SM holds at most so many
// blocks and so many threads, so tiny blocks (and some large ones) leave
// warp slots empty whatever the kernel's registers.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace cudalint {

void BlockSizeOccupancyCeiling::checkLaunch(const LaunchContext &Ctx,
                                            Findings &Out) const {
  double Min = Ctx.Options.number(*this, MinOccupancyOption);
  bool RespectIntent = Ctx.Options.flag(*this, IgnoreStatedIntentOption);
  std::optional<int64_t> MinBlocks = Ctx.minBlocksBound();
  for (int64_t Threads : userChosenBlockSizes(Ctx)) {
    if (!occupancyMatters(*this, Ctx, Threads))
      continue;
    // The ceiling: no registers, no shared memory.
    OccupancyInput In;
    In.ThreadsPerBlock = static_cast<unsigned>(Threads);
    OccupancyResult R = computeOccupancy(Ctx.Arch, In);
    if (R.occupancy() >= Min)
      continue;
    // Where the kernel's own registers or shared memory hold occupancy
    // lower still, the block size is not what caps it (6 KiB of dynamic
    // shared memory fit 14 blocks of 32 threads, not the ceiling's 16):
    // cuda-occupancy-limited speaks of that limit.
    // Without the kernel's device facts, the launch's dynamic shared
    // memory alone is a lower bound of what each block takes.
    std::optional<OccupancyInput> Real = occupancyInput(Ctx, Threads);
    OccupancyInput Known = Real ? *Real : In;
    if (!Real && Ctx.Launch.DynamicSharedMem.isConstant())
      Known.DynamicSharedMem = static_cast<uint64_t>(
          std::max<int64_t>(0, Ctx.Launch.DynamicSharedMem.value()));
    if (computeOccupancy(Ctx.Arch, Known).ActiveBlocksPerSM <
        R.ActiveBlocksPerSM)
      continue;
    // __launch_bounds__(T, minBlocks): the author asked for these blocks.
    if (RespectIntent && MinBlocks && *MinBlocks > 0 &&
        R.ActiveBlocksPerSM >= *MinBlocks)
      continue;
    Diagnostic D = launchDiagnostic(
        *this, Ctx,
        formatv("blocks of {0} threads cap occupancy at {1} on {2}: an SM "
                "holds at most {3} such block{7} ({4} of {5} warps){6}",
                Threads, formatPercent(R.occupancy()), Ctx.Arch.Name,
                R.ActiveBlocksPerSM, R.ActiveWarpsPerSM, R.MaxWarpsPerSM,
                R.binds(Limit::Blocks)
                    ? formatv(", the limit of {0} blocks per SM",
                              Ctx.Arch.MaxBlocksPerSM)
                          .str()
                    : formatv(", the limit of {0} threads per SM",
                              Ctx.Arch.MaxThreadsPerSM)
                          .str(),
                R.ActiveBlocksPerSM == 1 ? "" : "s")
            .str());
    // With the kernel's real resources where known.
    // A bound over the arch's block maximum bounds nothing; 0 is none.
    int64_t Bound = std::clamp<int64_t>(Ctx.maxThreadsBound().value_or(0), 0,
                                        Ctx.Arch.MaxThreadsPerBlock);
    auto Best = bestBlockSizes(Ctx.Arch, Real ? *Real : In, unsigned(Bound));
    SmallVector<std::string, 4> Sizes;
    for (const BlockSizeChoice &C : Best)
      if (Sizes.size() < 4)
        Sizes.push_back(std::to_string(C.ThreadsPerBlock));
    if (!Best.empty() && Best.front().Occupancy > R.occupancy())
      addNote(
          D, SourceLoc(),
          formatv("block sizes {0} reach {1}{2}", join(Sizes, ", "),
                  formatPercent(Best.front().Occupancy),
                  Real ? " with this kernel's registers and shared memory" : "")
              .str());
    addBlockOriginNotes(D, Ctx.Launch);
    Out.push_back(std::move(D));
  }
}

} // namespace cudalint
