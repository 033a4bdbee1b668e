//===- HtmlReport.cpp - One offline page, for people ----------------------===//

#include "cudalint/Report/HtmlReport.h"

#include "cudalint/Arch/Arch.h"
#include "cudalint/Occupancy/Occupancy.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <map>
#include <set>

using namespace llvm;

namespace cudalint {

namespace {

std::string escape(StringRef Text) {
  std::string Out;
  raw_string_ostream OS(Out);
  printHTMLEscaped(Text, OS);
  return Out;
}

constexpr StringLiteral Style = R"(<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 8px;text-align:left}
th{background:#f3f3f3}.num{text-align:right}
.finding{border-left:4px solid #999;padding:2px 10px;margin:10px 0}
.error{border-color:#c0392b}.warning{border-color:#d68910}
.sev{font-weight:bold;text-transform:uppercase;font-size:.85em}
.error .sev{color:#c0392b}.warning .sev{color:#d68910}
pre{background:#f7f7f7;padding:4px 8px;margin:4px 0;overflow-x:auto}
.hit{background:#fdebd0}.note{color:#555}
.charts{display:flex;gap:12px;flex-wrap:wrap}
svg.occupancy-chart{background:#fafafa;border:1px solid #ddd}
svg text{font:10px sans-serif;fill:#444}
</style>
)";

/// The source lines around Loc, the finding's line marked.
void writeSnippet(raw_ostream &OS, const SourceLoc &Loc,
                  std::map<std::string, std::vector<std::string>> &Files) {
  if (!Loc.valid())
    return;
  auto [It, New] = Files.try_emplace(Loc.File);
  if (New)
    if (auto Buffer = MemoryBuffer::getFile(Loc.File)) {
      SmallVector<StringRef, 0> Lines;
      (*Buffer)->getBuffer().split(Lines, '\n');
      for (StringRef L : Lines)
        It->second.push_back(L.rtrim('\r').str());
    }
  const std::vector<std::string> &Lines = It->second;
  if (Loc.Line > Lines.size())
    return;
  unsigned First = Loc.Line > 2 ? Loc.Line - 2 : 1;
  unsigned Last = std::min<unsigned>(Loc.Line + 1, Lines.size());
  OS << "<pre>";
  for (unsigned L = First; L <= Last; ++L) {
    std::string Text = formatv("{0,5} | {1}", L, Lines[L - 1]).str();
    if (L == Loc.Line)
      OS << "<span class=\"hit\">" << escape(Text) << "</span>\n";
    else
      OS << escape(Text) << "\n";
  }
  OS << "</pre>\n";
}

std::string location(const SourceLoc &L) {
  return L.valid() ? formatv("{0}:{1}:{2}", L.File, L.Line, L.Column).str()
                   : std::string();
}

void writeSummary(raw_ostream &OS, ArrayRef<Diagnostic> Findings) {
  std::map<std::string, std::pair<unsigned, unsigned>> ByFile, ByCheck,
      ByArch; // errors, warnings
  for (const Diagnostic &D : Findings) {
    auto Count = [&](std::pair<unsigned, unsigned> &C) {
      (D.Sev == Severity::Error ? C.first : C.second)++;
    };
    Count(ByFile[D.Loc.File.empty() ? "(no file)" : D.Loc.File]);
    Count(ByCheck[D.Check]);
    SmallVector<StringRef, 4> Archs;
    StringRef(D.Arch).split(Archs, ", ", -1, false);
    if (Archs.empty())
      Count(ByArch["(every arch)"]);
    for (StringRef A : Archs)
      Count(ByArch[A.str()]);
  }
  auto Table = [&](StringRef Title, StringRef Id, const auto &Rows) {
    OS << "<table id=\"" << Id << "\"><tr><th>" << Title
       << "</th><th>errors</th><th>warnings</th></tr>\n";
    for (const auto &[Key, Counts] : Rows)
      OS << "<tr><td>" << escape(Key) << "</td><td class=\"num\">"
         << Counts.first << "</td><td class=\"num\">" << Counts.second
         << "</td></tr>\n";
    OS << "</table>\n";
  };
  OS << "<h2>Summary</h2>\n<div class=\"charts\">";
  Table("file", "by-file", ByFile);
  Table("check", "by-check", ByCheck);
  Table("arch", "by-arch", ByArch);
  OS << "</div>\n";
}

/// One polyline chart: Points (x, occupancy in [0, 1]) and the launch's
/// own (x, occupancy) marked, when it is known.
void writeChart(raw_ostream &OS, StringRef Title, StringRef XLabel,
                ArrayRef<std::pair<double, double>> Points,
                std::optional<std::pair<double, double>> Mark) {
  constexpr double W = 240, H = 120, Left = 30, Bottom = 20, Top = 16;
  if (Points.empty())
    return;
  double MinX = Points.front().first, MaxX = Points.back().first;
  auto X = [&](double V) {
    return Left +
           (MaxX > MinX ? (V - MinX) / (MaxX - MinX) : 0) * (W - Left - 8);
  };
  auto Y = [&](double V) { return Top + (1 - V) * (H - Top - Bottom); };
  OS << formatv("<svg class=\"occupancy-chart\" width=\"{0}\" height=\"{1}\" "
                "role=\"img\"><title>{2}</title>",
                W, H, escape(Title));
  OS << formatv("<text x=\"{0}\" y=\"11\">{1}</text>", Left, escape(Title));
  OS << formatv("<text x=\"2\" y=\"{0}\">100%</text><text x=\"8\" "
                "y=\"{1}\">0%</text>",
                Y(1) + 4, Y(0));
  OS << formatv("<text x=\"{0}\" y=\"{1}\">{2}</text>", Left, H - 4,
                escape((Twine(XLabel) + " " + Twine(int64_t(MinX)) + ".." +
                        Twine(int64_t(MaxX)))
                           .str()));
  OS << "<polyline fill=\"none\" stroke=\"#2e86c1\" points=\"";
  for (const auto &[PX, PY] : Points)
    OS << formatv("{0:f1},{1:f1} ", X(PX), Y(PY));
  OS << "\"/>";
  if (Mark)
    OS << formatv("<circle class=\"launch-marker\" cx=\"{0:f1}\" cy=\"{1:f1}\" "
                  "r=\"4\" fill=\"#c0392b\"><title>this launch: {2}%"
                  "</title></circle>",
                  X(Mark->first), Y(Mark->second),
                  int64_t(std::lround(Mark->second * 100)));
  OS << "</svg>\n";
}

/// The kernel's occupancy input on Arch at Threads, with Dynamic bytes.
OccupancyInput inputFor(const ArchInfo &A, const KernelResources *R,
                        unsigned Threads, uint64_t Dynamic) {
  OccupancyInput In;
  In.ThreadsPerBlock = Threads;
  if (R && R->HasUsage) {
    In.RegistersPerThread = R->Registers;
    In.StaticSharedMem = R->StaticSmem;
    In.BarriersPerBlock = std::max(1u, R->Barriers);
  }
  In.DynamicSharedMem = Dynamic;
  // A chart shows what the hardware allows: the opt-in maximum (all ones
  // would wrap around in the calculator's static + opt-in sum and leave the
  // 48 KiB default in force).
  In.MaxDynamicSharedMem = A.SharedMemPerBlockOptIn;
  return In;
}

void writeLaunchCharts(raw_ostream &OS, const LaunchSite &L, const ArchInfo &A,
                       const KernelResources *R) {
  unsigned Threads = unsigned(L.ThreadsPerBlock.value());
  uint64_t Dynamic =
      L.DynamicSharedMem.isConstant()
          ? uint64_t(std::max<int64_t>(0, L.DynamicSharedMem.value()))
          : 0;
  auto Occupancy = [&](OccupancyInput In) {
    OccupancyResult Res = computeOccupancy(A, In);
    return Res.launchable() ? Res.occupancy() : 0.0;
  };
  std::vector<std::pair<double, double>> ByBlock, ByRegs, BySmem;
  for (unsigned T = A.WarpSize; T <= A.MaxThreadsPerBlock; T += A.WarpSize)
    ByBlock.push_back({double(T), Occupancy(inputFor(A, R, T, Dynamic))});
  for (unsigned Regs = 8; Regs <= A.MaxRegistersPerThread; Regs += 8) {
    OccupancyInput In = inputFor(A, R, Threads, Dynamic);
    In.RegistersPerThread = Regs;
    ByRegs.push_back({double(Regs), Occupancy(In)});
  }
  uint64_t Step = 4096;
  for (uint64_t Smem = 0; Smem <= A.SharedMemPerBlockOptIn; Smem += Step) {
    OccupancyInput In = inputFor(A, R, Threads, 0);
    In.StaticSharedMem = 0;
    In.DynamicSharedMem = Smem;
    BySmem.push_back({double(Smem) / 1024, Occupancy(In)});
  }
  bool Regs = R && R->HasUsage;
  using Point = std::pair<double, double>;
  double Here = Occupancy(inputFor(A, R, Threads, Dynamic));
  OS << "<div class=\"charts\">";
  writeChart(OS, "occupancy vs block size", "threads", ByBlock,
             Point(Threads, Here));
  writeChart(OS, "occupancy vs registers", "registers/thread", ByRegs,
             Regs ? std::optional<Point>(Point(R->Registers, Here))
                  : std::nullopt);
  writeChart(OS, "occupancy vs shared memory", "KiB/block", BySmem,
             Point(double((Regs ? R->StaticSmem : 0) + Dynamic) / 1024, Here));
  OS << "</div>\n";
}

void writeKernelTable(
    raw_ostream &OS, const HtmlReportInput &In,
    const std::map<std::string, const KernelInfo *> &Kernels,
    const std::map<std::string, const LaunchSite *> &FirstLaunch) {
  OS << "<h2>Kernels</h2>\n";
  if (!In.Device || !In.Device->Enabled || In.Device->Resources.empty()) {
    OS << "<p>No device facts (--resource-usage=none, no toolkit, or failed "
          "device compiles): registers and shared memory are unknown.</p>\n";
    return;
  }
  OS << "<table id=\"kernels\"><tr><th>kernel</th><th>arch</th><th>registers"
        "</th><th>static shared</th><th>spills (st/ld)</th><th>occupancy"
        "</th><th>binding limit</th></tr>\n";
  for (const auto &[Key, R] : In.Device->Resources) {
    auto K = Kernels.find(R.Mangled);
    // Kernels of the same name in different files: where each one is.
    std::string Name =
        K != Kernels.end()
            ? formatv("{0} <small>({1}:{2})</small>", escape(K->second->Name),
                      escape(sys::path::filename(K->second->Loc.File)),
                      K->second->Loc.Line)
                  .str()
            : escape(R.Mangled);
    std::string Occ = "—", Binding = "—";
    auto L = FirstLaunch.find(R.Mangled);
    const ArchInfo *A = findArch(R.Arch);
    if (L != FirstLaunch.end() && A && R.HasUsage) {
      OccupancyResult Res = computeOccupancy(
          *A,
          inputFor(*A, &R, unsigned(L->second->ThreadsPerBlock.value()), 0));
      Occ = formatv("{0}% at {1} threads",
                    int64_t(std::lround(Res.occupancy() * 100)),
                    L->second->ThreadsPerBlock.value())
                .str();
      SmallVector<StringRef, 2> Limits;
      for (Limit Lim : AllLimits)
        if (Res.binds(Lim))
          Limits.push_back(limitName(Lim));
      Binding = join(Limits, ", ");
    }
    OS << "<tr><td>" << Name << "</td><td>" << R.Arch
       << "</td><td class=\"num\">"
       << (R.HasUsage ? std::to_string(R.Registers) : "?")
       << "</td><td class=\"num\">" << R.StaticSmem
       << " B</td><td class=\"num\">"
       << (R.SpillsKnown ? std::to_string(R.SpillStores) + " / " +
                               std::to_string(R.SpillLoads) + " B"
                         : std::string("?"))
       << "</td><td>" << escape(Occ) << "</td><td>" << escape(Binding)
       << "</td></tr>\n";
  }
  OS << "</table>\n";
}

/// A table of each launch's occupancy per arch: the calculator's answer for
/// the launch's own input, the limits that bind, the block sizes that would
/// lift it and, with a GPU preset, the blocks at once and the grid's waves.
void writeLaunchOccupancyTable(raw_ostream &OS, const HtmlReportInput &In) {
  OS << "<h2>Launch occupancy</h2>\n";
  if (In.Occupancy.empty()) {
    OS << "<p>No launch with a known block size and device facts.</p>\n";
    return;
  }
  OS << "<table id=\"launch-occupancy\"><tr><th>launch</th><th>arch</th>"
        "<th>threads</th><th>blocks/SM</th><th>warps/SM</th><th>occupancy"
        "</th><th>binding limit</th><th>block sizes that reach the best</th>"
        "<th>blocks at once (GPU)</th><th>waves</th></tr>\n";
  for (const LaunchOccupancy &O : In.Occupancy) {
    const LaunchSite &L = In.Units[O.Unit].Launches[O.Launch];
    const OccupancyQuery &Q = O.Query;
    OccupancyResult R = computeOccupancy(*Q.Arch, Q.Input);
    OS << "<tr><td><code>" << escape(L.Kernel) << "</code> "
       << escape(sys::path::filename(L.Loc.File)) << ":" << L.Loc.Line
       << "</td><td>" << Q.Arch->Name << "</td><td class=\"num\">"
       << Q.Input.ThreadsPerBlock << "</td>";
    if (!R.launchable()) {
      OS << "<td colspan=\"7\">cannot launch: "
         << escape(describeFailure(*Q.Arch, Q.Input, R)) << "</td></tr>\n";
      continue;
    }
    SmallVector<StringRef, 2> Binding;
    for (Limit Lim : AllLimits)
      if (R.binds(Lim))
        Binding.push_back(limitName(Lim));
    std::string Better = "—";
    auto Best = bestBlockSizes(*Q.Arch, Q.Input, Q.MaxThreads);
    if (!Best.empty() && Best.front().Occupancy > R.occupancy() + 1e-9)
      Better =
          formatv("{0} ({1}%)",
                  join(map_range(ArrayRef(Best).take_front(4),
                                 [](const BlockSizeChoice &C) {
                                   return std::to_string(C.ThreadsPerBlock);
                                 }),
                       ", "),
                  int64_t(std::lround(Best.front().Occupancy * 100)))
              .str();
    std::string PerGpu = "—", Waves = "—";
    if (Q.Gpu) {
      uint64_t AtOnce = uint64_t(R.ActiveBlocksPerSM) * Q.Gpu->SMCount;
      PerGpu = formatv("{0} on {1}", AtOnce, Q.Gpu->Name).str();
      std::optional<uint64_t> Blocks = Q.GridBlocks;
      if (Blocks && AtOnce) {
        GridWaves W = gridWaves(*Blocks, AtOnce);
        Waves = W.Waves == 1
                    ? formatv("{0} blocks: 1 wave", W.Blocks).str()
                    : formatv("{0} blocks: {1} waves, the last holding {2}",
                              W.Blocks, W.Waves, W.LastWaveBlocks)
                          .str();
      }
    }
    OS << "<td class=\"num\">" << R.ActiveBlocksPerSM
       << "</td><td class=\"num\">" << R.ActiveWarpsPerSM << " of "
       << R.MaxWarpsPerSM << "</td><td class=\"num\">"
       << int64_t(std::lround(R.occupancy() * 100)) << "%</td><td>"
       << escape(join(Binding, ", ")) << "</td><td>" << escape(Better)
       << "</td><td>" << escape(PerGpu) << "</td><td>" << escape(Waves)
       << "</td></tr>\n";
  }
  OS << "</table>\n";
}

} // namespace

void writeHtmlReport(raw_ostream &OS, const HtmlReportInput &In) {
  std::map<std::string, const KernelInfo *> Kernels;
  std::map<std::string, const LaunchSite *> FirstLaunch; // constant block
  std::vector<const LaunchSite *> Charted;
  for (const TranslationUnitFacts &U : In.Units)
    for (const KernelInfo &K : U.Kernels)
      Kernels.try_emplace(K.Mangled, &K);
  // A block size that launches: within the hardware's and the kernel's
  // bounds (the others have their findings).
  auto Launches = [&](const LaunchSite &L) {
    auto K = Kernels.find(L.Mangled);
    int64_t Threads = L.ThreadsPerBlock.value();
    return Threads > 0 && Threads <= 1024 &&
           (K == Kernels.end() || !K->second->Attrs.MaxThreadsPerBlock ||
            Threads <= *K->second->Attrs.MaxThreadsPerBlock);
  };
  for (const TranslationUnitFacts &U : In.Units) {
    for (const LaunchSite &L : U.Launches)
      if (!L.Mangled.empty() && L.ThreadsPerBlock.isConstant() && Launches(L)) {
        FirstLaunch.try_emplace(L.Mangled, &L);
        Charted.push_back(&L);
      }
  }
  unsigned Errors = count_if(In.Findings, [](const Diagnostic &D) {
    return D.Sev == Severity::Error;
  });
  OS << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<title>cuda-launch-lint report</title>\n"
     << Style << "</head><body>\n<h1>cuda-launch-lint report</h1>\n"
     << formatv("<p id=\"totals\">{0} error(s), {1} warning(s) in {2} "
                "file(s); cuda-launch-lint {3}</p>\n",
                Errors, In.Findings.size() - Errors, In.Units.size(),
                escape(In.ToolVersion));
  writeSummary(OS, In.Findings);
  writeKernelTable(OS, In, Kernels, FirstLaunch);
  writeLaunchOccupancyTable(OS, In);

  OS << "<h2>Findings</h2>\n";
  std::map<std::string, std::vector<std::string>> Files;
  for (const Diagnostic &D : In.Findings) {
    StringRef Sev = severityName(D.Sev);
    OS << "<div class=\"finding " << Sev << "\"><span class=\"sev\">" << Sev
       << "</span> <code>" << escape(D.Check) << "</code> "
       << escape(location(D.Loc))
       << (D.Arch.empty() ? "" : " [" + escape(D.Arch) + "]") << "<br>"
       << escape(D.Message) << "\n";
    writeSnippet(OS, D.Loc, Files);
    for (const DiagnosticNote &N : D.Notes)
      OS << "<div class=\"note\">note: " << escape(N.Message)
         << (N.Loc.valid() ? " (" + escape(location(N.Loc)) + ")" : "")
         << "</div>\n";
    OS << "</div>\n";
  }

  OS << "<h2>Launches</h2>\n";
  for (const LaunchSite *L : Charted) {
    std::vector<std::string> Archs = In.DefaultArchs;
    if (In.Device)
      if (auto FileArchs = In.Device->archsFor(L->Loc.File); !FileArchs.empty())
        Archs.assign(FileArchs.begin(), FileArchs.end());
    const ArchInfo *A = Archs.empty() ? nullptr : findArch(Archs.front());
    if (!A || L->ThreadsPerBlock.value() > A->MaxThreadsPerBlock)
      continue;
    const KernelResources *R =
        In.Device ? In.Device->find(L->Mangled, A->Name) : nullptr;
    OS << "<div class=\"launch\"><code>" << escape(L->Kernel) << "</code> "
       << escape(location(L->Loc)) << ": " << L->ThreadsPerBlock.value()
       << " threads per block, on " << A->Name
       << (R && R->HasUsage
               ? formatv(" with {0} registers", R->Registers).str()
               : std::string(" (no device facts: the ceiling without "
                             "registers)"))
       << "\n";
    writeLaunchCharts(OS, *L, *A, R);
    OS << "</div>\n";
  }
  OS << "</body></html>\n";
}

} // namespace cudalint
