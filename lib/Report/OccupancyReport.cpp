//===- OccupancyReport.cpp - Occupancy calculator output ------------------===//

#include "cudalint/Report/OccupancyReport.h"

#include "LimitsJSON.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace cudalint {

namespace {

/// How the query's grid runs on its GPU: none without a GPU, a known grid
/// or a launchable configuration.
std::optional<GridWaves> wavesOf(const OccupancyQuery &Q,
                                 const OccupancyResult &R) {
  if (!Q.Gpu || !Q.GridBlocks || !R.launchable() || R.ActiveBlocksPerSM == 0)
    return std::nullopt;
  return gridWaves(*Q.GridBlocks,
                   uint64_t(R.ActiveBlocksPerSM) * Q.Gpu->SMCount);
}

std::string blocksText(unsigned Blocks) {
  return Blocks == Unlimited ? std::string("unlimited")
                             : std::to_string(Blocks);
}

std::string percent(double Fraction) {
  return formatv("{0:f1}%", Fraction * 100).str();
}

std::string carveoutText(const OccupancyInput &In) {
  if (In.CarveoutPercent >= 0)
    return formatv("{0}% of shared memory", In.CarveoutPercent).str();
  if (In.CacheConfig != CachePreference::None)
    return ("default (" + cachePreferenceName(In.CacheConfig) + ")").str();
  return "default";
}

//===-- Charts
//-------------------------------------------------------------===//

/// One point of a chart: an x value and the occupancy there.
struct ChartPoint {
  std::string Label;
  double Occupancy;
};

/// The occupancy at each of a chart's x values, which of them holds the
/// current configuration, and how to label that configuration.
struct Series {
  std::vector<ChartPoint> Points;
  std::optional<size_t> Current;
  std::string CurrentLabel;
};

/// A bar chart of occupancy (0..100%) over a few dozen x values, two columns
/// per point, the current configuration drawn with '@' and marked with '^'.
void printChart(raw_ostream &OS, StringRef Title, StringRef XAxis,
                const Series &S, double CurrentOccupancy) {
  ArrayRef<ChartPoint> Points = S.Points;
  const std::optional<size_t> &Current = S.Current;
  constexpr int Rows = 10;
  OS << "\n  " << Title << "\n";
  for (int Row = Rows; Row >= 1; --Row) {
    OS << "  " << format("%4d%%", Row * 100 / Rows) << " |";
    for (size_t I = 0; I < Points.size(); ++I) {
      // Round to the nearest row so a 37.5% bar reads as 4 tenths.
      bool Filled = std::lround(Points[I].Occupancy * Rows) >= Row;
      char C = !Filled ? ' ' : (Current && *Current == I ? '@' : '#');
      OS << C << C;
    }
    OS << "\n";
  }
  OS << "        +" << std::string(Points.size() * 2, '-') << "\n";
  // Axis labels at the ends, the marker under the current point.
  std::string Axis(Points.size() * 2 + 2, ' ');
  auto Put = [&](size_t Col, StringRef Text) {
    if (Axis.size() < Col + Text.size())
      Axis.resize(Col + Text.size(), ' ');
    std::copy(Text.begin(), Text.end(), Axis.begin() + Col);
  };
  Put(0, Points.front().Label);
  Put(Points.size() * 2 - Points.back().Label.size(), Points.back().Label);
  OS << "         " << StringRef(Axis).rtrim() << "  " << XAxis << "\n";
  if (Current) {
    std::string Marker(*Current * 2, ' ');
    Marker += formatv("^ {0} ({1})", S.CurrentLabel, percent(CurrentOccupancy));
    OS << "         " << Marker << "\n";
  }
}

void printCharts(raw_ostream &OS, const ArchInfo &Arch,
                 const OccupancyInput &In) {
  const double Now = computeOccupancy(Arch, In).occupancy();
  // Threads per block, one point per warp multiple.
  Series Threads;
  Threads.CurrentLabel = std::to_string(In.ThreadsPerBlock);
  OccupancyInput Trial = In;
  for (unsigned T = Arch.WarpSize; T <= Arch.MaxThreadsPerBlock;
       T += Arch.WarpSize) {
    Trial.ThreadsPerBlock = T;
    if (In.ThreadsPerBlock > T - Arch.WarpSize && In.ThreadsPerBlock <= T)
      Threads.Current = Threads.Points.size();
    Threads.Points.push_back(
        {std::to_string(T), computeOccupancy(Arch, Trial).occupancy()});
  }
  printChart(OS, "Occupancy vs. threads per block", "threads", Threads, Now);

  // Registers per thread, one point per allocation unit (8 registers).
  Series Registers;
  Registers.CurrentLabel = std::to_string(In.RegistersPerThread);
  Trial = In;
  const unsigned Step = Arch.RegisterAllocationUnit / Arch.WarpSize;
  for (unsigned R = Step; R <= Arch.MaxRegistersPerThread + 1; R += Step) {
    Trial.RegistersPerThread = std::min(R, Arch.MaxRegistersPerThread);
    if (In.RegistersPerThread + Step > R && In.RegistersPerThread <= R)
      Registers.Current = Registers.Points.size();
    Registers.Points.push_back({std::to_string(Trial.RegistersPerThread),
                                computeOccupancy(Arch, Trial).occupancy()});
  }
  printChart(OS, "Occupancy vs. registers per thread", "registers", Registers,
             Now);

  // Shared memory per block (static + dynamic), from 0 to the opt-in
  // maximum in 32 points; dynamic shared memory shrinks or grows first, and
  // the kernel's opt-in setting is kept as given.
  Series Shared;
  const uint64_t Total = In.StaticSharedMem + In.DynamicSharedMem;
  Shared.CurrentLabel = formatv("{0} B", Total).str();
  Trial = In;
  constexpr unsigned NumPoints = 32;
  uint64_t StepBytes = Arch.SharedMemPerBlockOptIn / (NumPoints - 1);
  StepBytes -= StepBytes % Arch.SharedMemAllocationGranularity;
  for (unsigned I = 0; I < NumPoints; ++I) {
    uint64_t Bytes = I * StepBytes;
    Trial.StaticSharedMem = std::min(In.StaticSharedMem, Bytes);
    Trial.DynamicSharedMem = Bytes - Trial.StaticSharedMem;
    Shared.Points.push_back({formatv("{0}K", Bytes / 1024).str(),
                             computeOccupancy(Arch, Trial).occupancy()});
  }
  size_t Nearest = size_t((Total + StepBytes / 2) / StepBytes);
  if (Nearest < NumPoints)
    Shared.Current = Nearest;
  printChart(OS, "Occupancy vs. shared memory per block (static + dynamic)",
             "bytes", Shared, Now);
}

/// Section 5 of the report: the smallest changes that raise occupancy.
void printChanges(raw_ostream &OS, const ArchInfo &Arch,
                  const OccupancyInput &In, const OccupancyResult &R) {
  OS << "\n5) What would change it\n";
  bool Any = false;
  if (auto Regs = registersForNextBlock(Arch, In)) {
    OccupancyInput Changed = In;
    Changed.RegistersPerThread = *Regs;
    OccupancyResult Better = computeOccupancy(Arch, Changed);
    OS << formatv("   At most {0} registers per thread would allow {1} blocks "
                  "per SM ({2}).\n",
                  *Regs, Better.ActiveBlocksPerSM, percent(Better.occupancy()));
    Any = true;
  }
  if (auto Smem = sharedMemForNextBlock(Arch, In)) {
    OccupancyInput Changed = In;
    Changed.StaticSharedMem = std::min(In.StaticSharedMem, *Smem);
    Changed.DynamicSharedMem = *Smem - Changed.StaticSharedMem;
    OccupancyResult Better = computeOccupancy(Arch, Changed);
    OS << formatv("   At most {0} B of shared memory per block would allow {1} "
                  "blocks per SM ({2}).\n",
                  *Smem, Better.ActiveBlocksPerSM, percent(Better.occupancy()));
    Any = true;
  }
  auto Best = bestBlockSizes(Arch, In);
  if (!Best.empty() &&
      (!R.launchable() || Best.front().Occupancy > R.occupancy() + 1e-9)) {
    std::string Sizes =
        join(map_range(ArrayRef(Best).take_front(8),
                       [](const BlockSizeChoice &C) {
                         return std::to_string(C.ThreadsPerBlock);
                       }),
             ", ");
    OS << formatv("   Blocks of {0} threads would reach {1} with these "
                  "registers and shared memory.\n",
                  Sizes, percent(Best.front().Occupancy));
    Any = true;
  }
  if (!Any)
    OS << "   Nothing within this kernel's resources: "
       << (R.launchable() && R.occupancy() >= 1.0
               ? "occupancy is already 100%."
               : "no single change to registers, shared memory or block size "
                 "raises it.")
       << "\n";
}

} // namespace

void printOccupancyReport(raw_ostream &OS, const OccupancyQuery &Q,
                          bool WithCharts) {
  const ArchInfo &Arch = *Q.Arch;
  const OccupancyInput &In = Q.Input;
  OccupancyResult R = computeOccupancy(Arch, In);

  OS << "CUDA occupancy for " << Arch.Name << " (" << Arch.Family
     << ", compute capability " << Arch.computeCapability() << ")";
  if (Q.Gpu)
    OS << " on " << Q.Gpu->Description << " (" << Q.Gpu->SMCount << " SMs)";
  OS << "\n\n";

  OS << "1) Resource usage\n";
  OS << formatv("   {0,-38}{1,10}\n", "Threads per block", In.ThreadsPerBlock);
  OS << formatv("   {0,-38}{1,10}\n", "Registers per thread",
                In.RegistersPerThread);
  OS << formatv("   {0,-38}{1,10} B\n", "Static shared memory per block",
                In.StaticSharedMem);
  OS << formatv("   {0,-38}{1,10} B\n", "Dynamic shared memory per block",
                In.DynamicSharedMem);
  OS << formatv("   {0,-38}{1}\n", "Shared memory carveout", carveoutText(In));
  if (In.MaxDynamicSharedMem)
    OS << formatv("   {0,-38}{1,10} B (opted in)\n",
                  "Max dynamic shared memory", *In.MaxDynamicSharedMem);
  else
    OS << formatv("   {0,-38}{1}\n", "Max dynamic shared memory",
                  "not opted in (48 KiB per-block limit)");
  OS << formatv("   {0,-38}{1,10}\n", "Barriers per block",
                In.BarriersPerBlock);

  OS << "\n2) Allocated resources                 Per block   Limit per SM\n";
  OS << formatv("   {0,-34}{1,13}{2,15}\n", "Warps", R.WarpsPerBlock,
                R.MaxWarpsPerSM);
  OS << formatv("   {0,-34}{1,13}{2,15}\n", "Registers",
                R.AllocatedRegistersPerBlock, Arch.RegistersPerSM);
  OS << formatv("   {0,-34}{1,13}{2,15}", "Shared memory (B)",
                R.AllocatedSharedMemPerBlock, R.SharedMemPerSMConfigured);
  if (Arch.ReservedSharedMemPerBlock)
    OS << formatv("   ({0} B per block reserved by the driver)",
                  Arch.ReservedSharedMemPerBlock);
  OS << "\n";

  OS << "\n3) Maximum thread blocks per SM                 Blocks\n";
  auto LimitRow = [&](StringRef What, Limit L, StringRef Note = "") {
    OS << formatv("   {0,-42}{1,11}", What, blocksText(R.blocksLimitedBy(L)));
    if (R.binds(L))
      OS << "   <- limits occupancy";
    else if (!Note.empty())
      OS << "   " << Note;
    OS << "\n";
  };
  LimitRow(formatv("Limited by max warps ({0} per SM)", R.MaxWarpsPerSM).str(),
           Limit::Warps);
  LimitRow(
      formatv("Limited by max blocks ({0} per SM)", Arch.MaxBlocksPerSM).str(),
      Limit::Blocks);
  LimitRow("Limited by registers per SM", Limit::Registers);
  LimitRow("Limited by shared memory per SM", Limit::SharedMemory);
  LimitRow("Limited by barriers", Limit::Barriers,
           Arch.BarrierSlotsPerBlock ? "" : "(not a limit before sm_90)");

  OS << "\n4) GPU occupancy\n";
  if (!R.launchable()) {
    OS << "   Cannot launch: " << describeFailure(Arch, In, R) << ".\n";
  } else {
    OS << formatv("   {0,-38}{1,10} of {2}\n", "Active threads per SM",
                  uint64_t(R.ActiveBlocksPerSM) * In.ThreadsPerBlock,
                  Arch.MaxThreadsPerSM);
    OS << formatv("   {0,-38}{1,10} of {2}\n", "Active warps per SM",
                  R.ActiveWarpsPerSM, R.MaxWarpsPerSM);
    OS << formatv("   {0,-38}{1,10} of {2}\n", "Active thread blocks per SM",
                  R.ActiveBlocksPerSM, Arch.MaxBlocksPerSM);
    OS << formatv("   {0,-38}{1,10}\n", "Occupancy", percent(R.occupancy()));
    if (Q.Gpu)
      OS << formatv(
          "   {0,-38}{1,10}\n",
          formatv("Resident blocks on {0} (one wave)", Q.Gpu->Name).str(),
          uint64_t(R.ActiveBlocksPerSM) * Q.Gpu->SMCount);
  }

  printChanges(OS, Arch, In, R);

  if (WithCharts && R.WarpsPerBlock <= Arch.MaxThreadsPerBlock / Arch.WarpSize)
    printCharts(OS, Arch, In);
}

void writeOccupancyJSON(json::OStream &JOS, const OccupancyQuery &Q) {
  const ArchInfo &Arch = *Q.Arch;
  const OccupancyInput &In = Q.Input;
  OccupancyResult R = computeOccupancy(Arch, In);

  JOS.attribute("arch", Arch.Name);
  if (Q.Gpu) {
    JOS.attribute("gpu", Q.Gpu->Name);
    JOS.attribute("sm_count", Q.Gpu->SMCount);
  }
  JOS.attribute("threads", In.ThreadsPerBlock);
  JOS.attribute("regs", In.RegistersPerThread);
  JOS.attribute("smem", In.StaticSharedMem);
  JOS.attribute("dyn_smem", In.DynamicSharedMem);
  JOS.attribute("carveout", In.CarveoutPercent);
  JOS.attribute("max_dyn_smem", orNull(In.MaxDynamicSharedMem));
  JOS.attribute("barriers", In.BarriersPerBlock);
  JOS.attribute("launchable", R.launchable());
  if (!R.launchable())
    JOS.attribute("reason", describeFailure(Arch, In, R));
  JOS.attribute("active_blocks_per_sm", R.ActiveBlocksPerSM);
  JOS.attribute("active_warps_per_sm", R.ActiveWarpsPerSM);
  JOS.attribute("max_warps_per_sm", R.MaxWarpsPerSM);
  JOS.attribute("occupancy", R.occupancy());
  if (Q.Gpu)
    JOS.attribute("active_blocks_per_gpu",
                  uint64_t(R.ActiveBlocksPerSM) * Q.Gpu->SMCount);
  if (std::optional<GridWaves> W = wavesOf(Q, R))
    JOS.attributeObject("waves", [&] {
      JOS.attribute("grid_blocks", W->Blocks);
      JOS.attribute("blocks_per_wave", W->BlocksPerWave);
      JOS.attribute("waves", W->Waves);
      JOS.attribute("last_wave_blocks", W->LastWaveBlocks);
      JOS.attribute("idle_share", W->idleShare());
    });
  else if (Q.Gpu && Q.GridBlocks)
    JOS.attribute("waves", nullptr);
  writeLimitsJSON(JOS, AllLimits, limitName, R,
                  &OccupancyResult::blocksLimitedBy);
  JOS.attribute("warps_per_block", R.WarpsPerBlock);
  JOS.attribute("allocated_regs_per_block", R.AllocatedRegistersPerBlock);
  JOS.attribute("allocated_smem_per_block", R.AllocatedSharedMemPerBlock);
  JOS.attribute("smem_per_sm", R.SharedMemPerSMConfigured);
  JOS.attribute("smem_limit_per_block", R.SharedMemLimitPerBlock);
  JOS.attributeObject("suggestions", [&] {
    JOS.attribute("regs_for_next_block",
                  orNull(registersForNextBlock(Arch, In)));
    JOS.attribute("smem_for_next_block",
                  orNull(sharedMemForNextBlock(Arch, In)));
    JOS.attributeArray("best_block_sizes", [&] {
      for (const BlockSizeChoice &C : bestBlockSizes(Arch, In, Q.MaxThreads))
        JOS.value(C.ThreadsPerBlock);
    });
  });
}

std::string occupancySummary(const OccupancyQuery &Q) {
  const ArchInfo &Arch = *Q.Arch;
  const OccupancyInput &In = Q.Input;
  OccupancyResult R = computeOccupancy(Arch, In);
  std::string Out =
      formatv("{0}, {1} threads: ", Arch.Name, In.ThreadsPerBlock);
  if (!R.launchable())
    return Out + "cannot launch: " + describeFailure(Arch, In, R);
  SmallVector<StringRef, 2> Binding;
  for (Limit L : AllLimits)
    if (R.binds(L))
      Binding.push_back(limitName(L));
  Out += formatv("{0} block{1}/SM, {2} of {3} warps, occupancy {4} (limited "
                 "by {5})",
                 R.ActiveBlocksPerSM, R.ActiveBlocksPerSM == 1 ? "" : "s",
                 R.ActiveWarpsPerSM, R.MaxWarpsPerSM,
                 formatv("{0}%", unsigned(std::lround(R.occupancy() * 100))),
                 join(Binding, ", "));
  auto Best = bestBlockSizes(Arch, In, Q.MaxThreads);
  if (!Best.empty() && Best.front().Occupancy > R.occupancy() + 1e-9)
    Out += formatv("; blocks of {0} threads would reach {1}%",
                   join(map_range(ArrayRef(Best).take_front(4),
                                  [](const BlockSizeChoice &C) {
                                    return std::to_string(C.ThreadsPerBlock);
                                  }),
                        ", "),
                   unsigned(std::lround(Best.front().Occupancy * 100)));
  if (Q.Gpu) {
    Out += formatv("; {0}: {1} blocks at once", Q.Gpu->Name,
                   uint64_t(R.ActiveBlocksPerSM) * Q.Gpu->SMCount);
    if (std::optional<GridWaves> W = wavesOf(Q, R))
      Out +=
          W->Waves == 1
              ? formatv(", the grid of {0} fits in one wave", W->Blocks).str()
              : formatv(", the grid of {0} runs in {1} waves (the last "
                        "holding {2} block{3})",
                        W->Blocks, W->Waves, W->LastWaveBlocks,
                        W->LastWaveBlocks == 1 ? "" : "s")
                    .str();
  }
  return Out;
}

} // namespace cudalint
