//===- LspFacts.cpp - The Pipeline on one editor buffer, in editor terms --===//

#include "cudalint/Lsp/LspFacts.h"

#include "cudalint/CompileCommands/CompileCommand.h"
#include "cudalint/Report/OccupancyReport.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace llvm;
using clang::tooling::CompilationDatabase;
using clang::tooling::CompileCommand;

namespace cudalint {

//===-- Compile commands --------------------------------------------------===//

std::string CommandSource::findDatabase(StringRef File) const {
  auto In = [](StringRef D) -> std::string {
    SmallString<256> P(D);
    sys::path::append(P, "compile_commands.json");
    return sys::fs::exists(P) ? P.str().str() : std::string();
  };
  if (!Dir.empty())
    return In(Dir);
  for (StringRef D = sys::path::parent_path(File); !D.empty();
       D = sys::path::parent_path(D)) {
    if (std::string P = In(D); !P.empty())
      return P;
    SmallString<256> Build(D);
    sys::path::append(Build, "build");
    if (std::string P = In(Build); !P.empty())
      return P;
  }
  return {};
}

CommandSource::ForFile CommandSource::commandsFor(StringRef File) {
  std::string Json = findDatabase(File);
  ForFile Found;
  if (!Json.empty()) {
    std::lock_guard<std::mutex> Lock(M);
    auto It = Loaded.find(Json);
    if (It == Loaded.end()) {
      std::string Why;
      std::unique_ptr<CompilationDatabase> DB =
          clang::tooling::JSONCompilationDatabase::loadFromFile(
              Json, Why, clang::tooling::JSONCommandLineSyntax::AutoDetect);
      ForFile L;
      if (DB) {
        L.User = DB.get();
        // Its warnings (unknown nvcc flags dropped) go to the server's log;
        // the stream must outlive the database.
        L.Translated = translateNvccCommands(std::move(DB), errs());
        L.Database = Json;
      } else {
        LoadErrors[Json] = Why;
      }
      It = Loaded.emplace(Json, std::move(L)).first;
    }
    if (It->second.Translated &&
        !It->second.User->getCompileCommands(File).empty())
      return It->second;
    Found.FallbackReason = It->second.Translated
                               ? Json + " has no command for it"
                               : Json + " cannot be read: " + LoadErrors[Json];
  } else {
    Found.FallbackReason =
        Dir.empty()
            ? "no compile_commands.json in its directory, a parent, "
              "or a build/ beside them"
            : "no compile_commands.json in --compile-commands-dir " + Dir;
  }
  // As `cuda-launch-lint file.cu --`: nvcc's defaults for the device side.
  auto Fixed = std::make_unique<clang::tooling::FixedCompilationDatabase>(
      sys::path::parent_path(File), std::vector<std::string>{});
  Found.User = Fixed.get();
  Found.Translated = translateNvccCommands(std::move(Fixed), errs());
  return Found;
}

//===-- Running the Pipeline ----------------------------------------------===//

namespace {

PipelineInput inputFor(const CommandSource::ForFile &Commands, StringRef File) {
  PipelineInput In;
  In.Files = {File.str()};
  CompilationDatabase *User = Commands.User;
  In.UserCommand = [User](StringRef F) -> std::optional<CompileCommand> {
    std::vector<CompileCommand> Cs = User->getCompileCommands(F);
    if (Cs.empty())
      return std::nullopt;
    CompileCommand C = std::move(Cs.front());
    dropPlaceholderCompiler(C.CommandLine);
    return C;
  };
  return In;
}

LintSettings editorSettings(const LintSettings &S) {
  LintSettings E = S;
  E.FindConfig = true;
  E.RequireChecks = false;
  return E;
}

} // namespace

std::shared_ptr<Snapshot>
analyseBuffer(const LintSettings &Settings,
              const CommandSource::ForFile &Commands, StringRef File,
              StringRef Text, int64_t Version,
              std::shared_ptr<const DeviceFacts> Device) {
  auto S = std::make_shared<Snapshot>();
  S->File = File.str();
  S->Text = Text.str();
  S->Version = Version;
  Expected<Pipeline> P = Pipeline::create(editorSettings(Settings),
                                          SettingNames::CommandLine, File);
  if (!P) {
    S->SetupError = toString(P.takeError());
    return S;
  }
  PipelineInput In = inputFor(Commands, File);
  S->DevicePending = !Device;
  // No device facts yet: an empty set, so that an edit never waits for a
  // device compile (the refresh on open and save brings them).
  In.KnownDevice = Device ? std::move(Device) : std::make_shared<DeviceFacts>();
  In.Unsaved = {{File.str(), Text.str()}};
  const CompilationDatabase &Parse = *Commands.Translated;
  In.CollectFacts = [&](const FrontendOptions &Opts) {
    std::string Notes;
    raw_string_ostream NotesOS(Notes);
    return collectFacts(Parse, In.Files, Opts, NotesOS);
  };
  S->Result = P->run(In);
  return S;
}

std::shared_ptr<const DeviceFacts>
refreshDeviceFacts(const LintSettings &Settings,
                   const CommandSource::ForFile &Commands, StringRef File,
                   const std::atomic<bool> *Cancel) {
  Expected<Pipeline> P = Pipeline::create(editorSettings(Settings),
                                          SettingNames::CommandLine, File);
  if (!P) {
    // The analysis of the buffer reports it (once).
    consumeError(P.takeError());
    return std::make_shared<DeviceFacts>();
  }
  PipelineInput In = inputFor(Commands, File);
  In.Cancel = Cancel;
  return std::make_shared<DeviceFacts>(P->deviceFacts(In));
}

//===-- What the editor shows ---------------------------------------------===//

namespace {

std::string where(const SourceLoc &L, StringRef MainFile) {
  if (!L.valid())
    return "";
  if (L.File == MainFile)
    return formatv("line {0}", L.Line);
  return formatv("{0}:{1}", sys::path::filename(L.File), L.Line);
}

/// "- block.x = 256: constexpr variable 'Block' (line 3)"
void describePart(raw_ostream &OS, StringRef Name, const ResolvedValue &V,
                  StringRef MainFile) {
  OS << "- " << Name << " = " << describeValue(V);
  if (!V.isKnown() && !V.Reason.empty())
    OS << ": unknown, " << V.Reason;
  std::vector<std::string> From;
  for (const ValueOrigin &O : V.Origins) {
    std::string W = where(O.Loc, MainFile);
    From.push_back(O.What + (W.empty() ? "" : " (" + W + ")") +
                   (O.BranchTest ? " [on the path that tests it]" : ""));
  }
  if (!From.empty())
    OS << " from " << join(From, "; ");
  OS << "\n";
}

std::string launchHover(const Snapshot &S, size_t UI, size_t LI) {
  const PipelineResult &R = S.Result;
  const LaunchSite &L = R.Units[UI].Launches[LI];
  std::string Out;
  raw_string_ostream OS(Out);
  OS << "**launch of `" << (L.Kernel.empty() ? "<unknown kernel>" : L.Kernel)
     << "`** (" << L.Api << ")\n\n";
  OS << "grid " << describeDim3(L.Grid) << ", block " << describeDim3(L.Block)
     << " (" << describeValue(L.ThreadsPerBlock) << " threads), dynamic "
     << "shared memory " << describeValue(L.DynamicSharedMem) << " B\n\n";
  for (const ConstLaunchPart &P : launchParts(L))
    describePart(OS, P.Id, *P.Value, S.File);
  if (L.OccupancyTuned)
    OS << "- the block size comes from the occupancy API\n";
  bool Any = false;
  for (const LaunchOccupancy &O : R.Occupancy)
    if (O.Unit == UI && O.Launch == LI) {
      if (!Any)
        OS << "\n**occupancy per arch**\n\n";
      Any = true;
      OS << "- " << occupancySummary(O.Query);
      if (O.Query.MaxThreads)
        OS << " (launch bound " << O.Query.MaxThreads << " threads)";
      // What lifts a resource limit, as the occupancy check suggests it.
      const ArchInfo &Arch = *O.Query.Arch;
      OccupancyResult Occ = computeOccupancy(Arch, O.Query.Input);
      if (Occ.launchable() && Occ.binds(Limit::Registers))
        if (std::optional<unsigned> Regs =
                registersForNextBlock(Arch, O.Query.Input))
          OS << "; at most " << *Regs << " registers per thread would allow "
             << Occ.ActiveBlocksPerSM + 1 << " blocks/SM";
      if (Occ.launchable() && Occ.binds(Limit::SharedMemory))
        if (std::optional<uint64_t> Smem =
                sharedMemForNextBlock(Arch, O.Query.Input))
          OS << "; at most " << *Smem
             << " B of shared memory per block would allow "
             << Occ.ActiveBlocksPerSM + 1 << " blocks/SM";
      OS << "\n";
    }
  if (!Any) {
    OS << "\n*occupancy: ";
    if (S.DevicePending)
      OS << "waiting for the device facts (they come with the file's first "
            "device compile, on open and on save)*\n";
    else if (!R.Device.Enabled)
      OS << "no device facts (" << R.Device.Mode << ")*\n";
    else
      OS << "needs a known block size and kernel with device facts*\n";
  }
  return Out;
}

std::string kernelHover(const Snapshot &S, const KernelInfo &K) {
  const PipelineResult &R = S.Result;
  std::string Out;
  raw_string_ostream OS(Out);
  OS << "**kernel `" << K.Name << "`** (`" << K.Mangled << "`)\n\n";
  const KernelAttributes &A = K.Attrs;
  if (A.MaxThreadsPerBlock || A.MaxRegisters) {
    OS << "host view:";
    if (A.MaxThreadsPerBlock)
      OS << " __launch_bounds__(" << *A.MaxThreadsPerBlock
         << (A.MinBlocksPerSM ? ", " + std::to_string(*A.MinBlocksPerSM) : "")
         << ")";
    if (A.MaxRegisters)
      OS << " __maxnreg__(" << *A.MaxRegisters << ")";
    OS << "\n\n";
  }
  std::vector<const KernelResources *> PerArch = R.Device.forKernel(K.Mangled);
  if (PerArch.empty()) {
    OS << (S.DevicePending
               ? "*device facts: waiting for the file's device compile*\n"
               : "*device facts: none for this kernel*\n");
    return Out;
  }
  OS << "**per arch**\n\n";
  for (const KernelResources *KR : PerArch) {
    OS << "- " << KR->Arch << ": ";
    if (KR->HasUsage) {
      OS << KR->Registers << " registers, " << KR->StaticSmem
         << " B static shared memory, ";
      if (KR->SpillsKnown)
        OS << KR->SpillStores << " B spill stores, " << KR->SpillLoads
           << " B spill loads, ";
      else
        OS << "spills unknown, ";
      OS << KR->StackFrame << " B stack";
    } else {
      OS << "no resource report";
    }
    if (std::optional<uint64_t> T = KR->maxThreads())
      OS << "; launch bound " << *T << " threads";
    if (KR->MinNCtaPerSM)
      OS << ", min " << *KR->MinNCtaPerSM << " blocks/SM";
    if (KR->MaxNReg)
      OS << "; max " << *KR->MaxNReg << " registers";
    OS << " (from " << KR->Source << ")\n";
  }
  if (S.DevicePending)
    OS << "\n*from the saved file; a refresh is pending*\n";
  return Out;
}

} // namespace

std::string hoverText(const Snapshot &S, unsigned Line, unsigned Column) {
  const PipelineResult &R = S.Result;
  for (size_t UI = 0; UI < R.Units.size(); ++UI) {
    const TranslationUnitFacts &U = R.Units[UI];
    // The launch on the line that starts nearest before the cursor (or the
    // line's first when the cursor is before all).
    std::optional<size_t> Best;
    auto Better = [&](const SourceLoc &A, const SourceLoc &B) {
      bool AIn = A.Column <= Column, BIn = B.Column <= Column;
      if (AIn != BIn)
        return AIn;
      return AIn ? A.Column > B.Column : A.Column < B.Column;
    };
    for (size_t LI = 0; LI < U.Launches.size(); ++LI) {
      const SourceLoc &L = U.Launches[LI].Loc;
      if (L.File == S.File && L.Line == Line &&
          (!Best || Better(L, U.Launches[*Best].Loc)))
        Best = LI;
    }
    if (Best)
      return launchHover(S, UI, *Best);
    for (const KernelInfo &K : U.Kernels)
      if (K.Loc.File == S.File && K.Loc.Line == Line && !K.Mangled.empty())
        return kernelHover(S, K);
  }
  return "";
}

namespace {

/// The text of a 1-based line of Text (without its newline).
StringRef lineOf(StringRef Text, unsigned Line) {
  for (unsigned I = 1; I < Line; ++I) {
    size_t NL = Text.find('\n');
    if (NL == StringRef::npos)
      return "";
    Text = Text.drop_front(NL + 1);
  }
  return Text.take_until([](char C) { return C == '\n'; });
}

/// The edit that adds Check to the line's NOLINT, or a new one at its end.
TextChange suppression(StringRef Text, const SourceLoc &Loc, StringRef Check) {
  StringRef Line = lineOf(Text, Loc.Line).rtrim("\r");
  TextChange C;
  C.Loc = Loc;
  size_t At = Line.find("NOLINT(");
  if (At != StringRef::npos && Line.find(')', At) != StringRef::npos) {
    size_t Close = Line.find(')', At);
    bool Empty = Line.substr(At + 7, Close - At - 7).trim().empty();
    C.Loc.Column = Close + 1;
    C.Replacement = (Empty ? "" : ", ") + Check.str();
    return C;
  }
  C.Loc.Column = Line.size() + 1;
  C.Replacement = " // NOLINT(" + Check.str() + ")";
  return C;
}

} // namespace

std::vector<CodeFix> codeFixes(const Snapshot &S, unsigned FirstLine,
                               unsigned LastLine) {
  std::vector<CodeFix> Out;
  for (const Diagnostic &D : S.Result.Findings) {
    if (D.Loc.File != S.File || D.Loc.Line < FirstLine || D.Loc.Line > LastLine)
      continue;
    if (!D.Fixes.empty()) {
      CodeFix F;
      F.Title = "Apply the fix-it of " + D.Check;
      F.Finding = &D;
      F.Preferred = true;
      for (const FixIt &X : D.Fixes)
        F.Changes.push_back({X.Loc, X.Length, X.Replacement});
      Out.push_back(std::move(F));
    }
    CodeFix N;
    N.Title = "Suppress " + D.Check + " on this line (NOLINT)";
    N.Finding = &D;
    N.Changes.push_back(suppression(S.Text, D.Loc, D.Check));
    Out.push_back(std::move(N));
  }
  return Out;
}

std::vector<LaunchHint> launchHints(const Snapshot &S) {
  std::vector<LaunchHint> Out;
  const PipelineResult &R = S.Result;
  for (size_t UI = 0; UI < R.Units.size(); ++UI)
    for (size_t LI = 0; LI < R.Units[UI].Launches.size(); ++LI) {
      const LaunchSite &L = R.Units[UI].Launches[LI];
      if (L.Loc.File != S.File || !L.Loc.valid())
        continue;
      std::string Label = describeValue(L.ThreadsPerBlock) + " threads";
      for (const LaunchOccupancy &O : R.Occupancy)
        if (O.Unit == UI && O.Launch == LI) {
          OccupancyResult Occ = computeOccupancy(*O.Query.Arch, O.Query.Input);
          Label += formatv(", {0} {1}%", O.Query.Arch->Name,
                           unsigned(std::lround(Occ.occupancy() * 100)));
        }
      Out.push_back({L.Loc.Line, L.Loc.Column, Label + ":"});
    }
  return Out;
}

std::vector<LaunchNotice> uncheckedNotices(const Snapshot &S) {
  std::vector<LaunchNotice> Out;
  for (const UncheckedLaunch &U : S.Result.Unchecked) {
    const LaunchSite &L = S.Result.Units[U.Unit].Launches[U.Launch];
    if (L.Loc.File != S.File)
      continue;
    std::vector<UncheckedReason> Why;
    for (const UncheckedReason &R : U.Reasons)
      if (!(S.DevicePending && R.K == UncheckedReason::Kind::NoDeviceFacts))
        Why.push_back(R);
    if (!Why.empty())
      Out.push_back({L.Loc, uncheckedLaunchMessage(L, Why)});
  }
  return Out;
}

std::string messageWithArch(const Diagnostic &D) {
  if (D.Arch.empty())
    return D.Message;
  SmallVector<StringRef, 4> Archs;
  StringRef(D.Arch).split(Archs, ", ");
  if (all_of(Archs,
             [&](StringRef A) { return StringRef(D.Message).contains(A); }))
    return D.Message;
  return D.Message + " [" + D.Arch + "]";
}

} // namespace cudalint
