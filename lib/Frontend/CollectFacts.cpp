//===- CollectFacts.cpp - Parse each unit, collect its facts --------------===//
//
// One ClangTool per file, Opts.Jobs files at a time, each behind its own
// crash recovery boundary: Clang's errors become facts, a crash loses the
// unit's facts but not the run. The AST walk itself: FactCollector.cpp.
// With the facts cache, a unit whose command and files are unchanged is not
// parsed at all (FactsCache.h; the Clang side of it: FrontendCache.h).
//
//===----------------------------------------------------------------------===//

#include "CudaParseSetup.h"
#include "FactCollector.h"
#include "FrontendCache.h"
#include "SpacedChevrons.h"

#include "cudalint/Cache/CacheSupport.h"
#include "cudalint/CompileCommands/CompileCommand.h"
#include "cudalint/Frontend/Frontend.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <atomic>
#include <csignal>

using namespace clang;

namespace cudalint {

namespace {

/// Keeps Clang's errors as facts (the analysis goes on with what Clang
/// recovered) and prints nothing itself.
class ErrorRecorder : public DiagnosticConsumer {
public:
  explicit ErrorRecorder(TranslationUnitFacts &Facts) : Facts(Facts) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    FrontendError E;
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    E.Message = Message.str().str();
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Info.getLocation()));
      if (P.isValid()) {
        E.Loc.File = P.getFilename();
        E.Loc.Line = P.getLine();
        E.Loc.Column = P.getColumn();
      }
    }
    // An error Clang maps to fatal by default (a missing header; the parse
    // goes on, CollectAction makes it an error): code it never read may
    // matter, and no dependency set describes the unit.
    if (!FatalAt &&
        (Level == DiagnosticsEngine::Fatal ||
         DiagnosticIDs::getDefaultMapping(Info.getID()).getSeverity() ==
             diag::Severity::Fatal))
      FatalAt = E.Loc;
    Facts.Errors.push_back(std::move(E));
  }

  std::optional<SourceLoc> FatalAt;

private:
  TranslationUnitFacts &Facts;
};

/// What a unit's analysis is doing, for the one line that reports a crash.
struct UnitStage {
  const char *What = "setting up the parse";
};

/// Where a parse records the files it read, for the facts cache.
struct DependencyCapture {
  ArrayRef<std::string> VirtualPaths;
  int64_t ParseStartNs = 0;
  FileStates *Files = nullptr;
  const SpacedChevronFileSystem *Joined = nullptr;
  std::vector<DependencyRecord> Deps;
  /// The parse reached its end (Clang's errors or not) and the files were
  /// recorded; WhyNot otherwise.
  bool Recorded = false;
  std::string WhyNot = "the parse did not run";
};

class CollectAction : public ASTFrontendAction {
public:
  CollectAction(TranslationUnitFacts &Facts, UnitStage &Stage,
                DependencyCapture *Capture, const ErrorRecorder &Errors)
      : Facts(Facts), Stage(Stage), Capture(Capture), Errors(Errors) {}

  // After a fatal error (a header this machine lacks) Clang instantiates no
  // more templates: every launch of a template kernel, and of a kernel that
  // takes a class template, would vanish without a word. As an ordinary
  // error, the parse recovers as after any other.
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getDiagnostics().setFatalsAsError(true);
    return true;
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    struct Consumer : ASTConsumer {
      CompilerInstance &CI;
      TranslationUnitFacts &Facts;
      UnitStage &Stage;
      DependencyCapture *Capture;
      const ErrorRecorder &Errors;
      Consumer(CompilerInstance &CI, TranslationUnitFacts &F, UnitStage &S,
               DependencyCapture *C, const ErrorRecorder &E)
          : CI(CI), Facts(F), Stage(S), Capture(C), Errors(E) {}
      void HandleTranslationUnit(ASTContext &Ctx) override {
        Stage.What = "collecting kernels and launches";
        collectFactsInto(Ctx, Facts, Errors.FatalAt);
        // Here, while the file manager's working directory is still the
        // command's: relative header names resolve as the parse saw them.
        if (Capture) {
          Stage.What = "recording the files the parse read";
          const SpacedChevronFileSystem *Joined = Capture->Joined;
          Capture->Recorded = recordParseDependencies(
              CI, Capture->VirtualPaths, Capture->ParseStartNs, *Capture->Files,
              [Joined](StringRef Hash) { return Joined->originalHash(Hash); },
              Capture->Deps, Capture->WhyNot);
        }
        Stage.What = "finishing the parse";
      }
    };
    Stage.What = "parsing";
    return std::make_unique<Consumer>(CI, Facts, Stage, Capture, Errors);
  }

private:
  TranslationUnitFacts &Facts;
  UnitStage &Stage;
  DependencyCapture *Capture;
  const ErrorRecorder &Errors;
};

/// "SIGSEGV" for a crash's return code from CrashRecoveryContext (128 +
/// the signal on POSIX systems).
std::string crashName(int RetCode) {
  int Signal = RetCode - 128;
  switch (Signal) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGABRT:
    return "SIGABRT";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  default:
    return "exit code " + std::to_string(RetCode);
  }
}

/// A parse setup with the run's own extra flags, ready for one unit.
struct UnitSetup {
  UnitSetup(CudaParseSetup S, const FrontendOptions &Opts)
      : Setup(std::move(S)), Extra(Setup.Args) {
    Extra.insert(Extra.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
    for (const auto &[Path, Text] : Setup.VirtualFiles)
      VirtualPaths.push_back(Path);
  }
  CudaParseSetup Setup;
  std::vector<std::string> Extra;
  std::vector<std::string> VirtualPaths;
};
struct ParseSetups {
  UnitSetup Cuda, Hip;
};

/// Whether File's command compiles it as HIP (a .hip file, `-x hip`, a gfx
/// --offload-arch, hipcc): it is then parsed in Clang's HIP mode.
bool isHipUnit(const tooling::CompilationDatabase &DB, StringRef File) {
  if (llvm::sys::path::extension(File) == ".hip")
    return true;
  std::vector<tooling::CompileCommand> Commands = DB.getCompileCommands(File);
  return !Commands.empty() && isHipCommand(Commands.front().CommandLine);
}

/// The wave size a HIP command asks for: the last -mwavefrontsize64 (64) or
/// -mno-wavefrontsize64 (32); 0 when neither is given. The host-side parse
/// cannot tell (the driver passes the flag to the device side only, and
/// the host's __AMDGCN_WAVEFRONT_SIZE is 64 whatever the flag).
unsigned hipWaveSize(const tooling::CompilationDatabase &DB, StringRef File) {
  std::vector<tooling::CompileCommand> Commands = DB.getCompileCommands(File);
  if (Commands.empty())
    return 0;
  unsigned Size = 0;
  for (StringRef Arg : Commands.front().CommandLine)
    if (Arg == "-mwavefrontsize64")
      Size = 64;
    else if (Arg == "-mno-wavefrontsize64")
      Size = 32;
  return Size;
}

/// A HIP unit's command, made to parse as HIP: a `.cu` file that hipcc or
/// a gfx --offload-arch builds as HIP would otherwise be read as CUDA, and
/// Clang rejects a gfx arch for CUDA. An earlier `-x cuda` gives way.
tooling::CommandLineArguments
parseAsHip(const tooling::CommandLineArguments &Args, StringRef) {
  tooling::CommandLineArguments Out = Args;
  bool SawLanguage = false;
  for (size_t I = 1; I < Out.size(); ++I) {
    if (Out[I] == "-x" && I + 1 < Out.size()) {
      Out[I + 1] = "hip";
      SawLanguage = true;
    } else if (StringRef(Out[I]).starts_with("-x") && Out[I].size() > 2) {
      Out[I] = "-xhip";
      SawLanguage = true;
    }
  }
  if (!SawLanguage && !Out.empty())
    Out.insert(Out.begin() + 1, {"-x", "hip"});
  return Out;
}

} // namespace

/// Parses File, a HIP unit when Hip, into Facts with Chosen's setup,
/// recording the files it reads in Capture when Record (for the facts
/// cache). Returns whether the parse ran to its end (no fatal error).
static bool parseUnit(const tooling::CompilationDatabase &DB,
                      const std::string &File, bool Hip,
                      const UnitSetup &Chosen, const FrontendOptions &Opts,
                      DependencyCapture &Capture, bool Record,
                      TranslationUnitFacts &Facts) {
  const CudaParseSetup &Setup = Chosen.Setup;
  const std::vector<std::string> &Extra = Chosen.Extra;
  Facts.MainFile = File;
  if (Hip)
    Facts.WaveSize = hipWaveSize(DB, File);
  // A file system of its own, whose working directory is the command's:
  // ClangTool on the shared real file system changes the process's
  // working directory for each command, which units parsed at once (and
  // the device stage, running beside) would see change under them. The
  // user's files are read with nvcc's launch syntax (spaced chevrons,
  // braced dims) as Clang reads it.
  auto Joined = llvm::makeIntrusiveRefCnt<SpacedChevronFileSystem>(
      llvm::vfs::createPhysicalFileSystem(), Setup.SystemRoots);
  tooling::ClangTool Tool(DB, {File},
                          std::make_shared<PCHContainerOperations>(), Joined);
  for (const auto &[Path, Text] : Setup.VirtualFiles)
    Tool.mapVirtualFile(Path, Text);
  // An editor's unsaved buffers lie above that file system. (The tool
  // keeps the text's address: the joined texts live as long as it.)
  std::vector<std::string> OverlayTexts;
  OverlayTexts.reserve(Opts.Overlays.size());
  for (const auto &[Path, Text] : Opts.Overlays) {
    OverlayTexts.push_back(nvccLaunchSyntax(Text).value_or(Text));
    Tool.mapVirtualFile(Path, OverlayTexts.back());
  }
  if (Hip)
    Tool.appendArgumentsAdjuster(parseAsHip);
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      Extra, tooling::ArgumentInsertPosition::END));
  ErrorRecorder Errors(Facts);
  Tool.setDiagnosticConsumer(&Errors);
  // The errors are summarised by the driver; Clang's own "N errors
  // generated" and "Error while processing" lines would only repeat them.
  Tool.setPrintErrorMessage(false);
  UnitStage Stage;
  Capture.VirtualPaths = Chosen.VirtualPaths;
  Capture.ParseStartNs = nowNs();
  Capture.Joined = Joined.get();
  struct Factory : tooling::FrontendActionFactory {
    TranslationUnitFacts &Facts;
    UnitStage &Stage;
    DependencyCapture *Capture;
    const ErrorRecorder &Errors;
    Factory(TranslationUnitFacts &F, UnitStage &S, DependencyCapture *C,
            const ErrorRecorder &E)
        : Facts(F), Stage(S), Capture(C), Errors(E) {}
    std::unique_ptr<FrontendAction> create() override {
      return std::make_unique<CollectAction>(Facts, Stage, Capture, Errors);
    }
  } F(Facts, Stage, Record ? &Capture : nullptr, Errors);
  // Each unit behind its own recovery boundary: a crash in Clang or in
  // the collector loses this unit's facts, not the run. What the crashed
  // unit had collected may be inconsistent, so none of it is kept.
  llvm::CrashRecoveryContext Boundary;
  if (!Boundary.RunSafely([&] { Tool.run(&F); })) {
    noteRecoveredCrash();
    TranslationUnitFacts Lost;
    Lost.MainFile = File;
    Lost.InternalError = "internal error (" + crashName(Boundary.RetCode) +
                         ") while " + Stage.What;
    Facts = std::move(Lost);
    // A crash is not a fact of the sources (and may not happen again).
    Capture.Recorded = false;
  }
  return !Errors.FatalAt;
}

namespace {
std::atomic<bool> RecoveredCrash{false};
} // namespace

bool recoveredFromCrash() { return RecoveredCrash; }
void noteRecoveredCrash() { RecoveredCrash = true; }

std::vector<TranslationUnitFacts>
collectFacts(const tooling::CompilationDatabase &DB,
             llvm::ArrayRef<std::string> Files, const FrontendOptions &Opts,
             llvm::raw_ostream &Notes) {
  registerKernelAttributes();
  // A CUDA unit and a HIP unit parse with different setups (HipUnit).
  ParseSetups Setups{UnitSetup(cudaParseSetup(Opts.Toolkit), Opts),
                     UnitSetup(hipParseSetup(Opts.Rocm), Opts)};

  // The facts cache: hashes are shared by the units of the run (they all
  // read the same toolkit headers).
  FileStates States;
  std::optional<FactsCache> Cache;
  if (Opts.UseCache && Opts.Overlays.empty()) {
    std::string Root =
        Opts.CacheDir.empty() ? defaultCacheDir() : Opts.CacheDir;
    Cache.emplace(cacheSubdir(Root, "facts"), Root, States);
  }
  std::atomic<unsigned> Hits{0}, Misses{0}, Writes{0}, Uncached{0};
  std::vector<std::vector<std::string>> CacheNotes(Files.size());

  std::vector<TranslationUnitFacts> All(Files.size());
  // One ClangTool per file; files are parsed Opts.Jobs at a time and the
  // results keep the input order.
  auto Parse = [&](size_t I) {
    TranslationUnitFacts &Facts = All[I];
    bool Hip = isHipUnit(DB, Files[I]);
    const UnitSetup &Chosen = Hip ? Setups.Hip : Setups.Cuda;
    std::string Key;
    if (Cache) {
      Key =
          factsCacheKey(DB, Files[I], Chosen.Extra, Chosen.Setup.VirtualFiles);
      if (std::optional<FactsCache::Hit> Hit =
              Cache->lookup(Key, CacheNotes[I])) {
        Facts = std::move(Hit->Facts);
        // Times moved, contents did not (a checkout, a touch): record the
        // new times so that the next run needs no hashing.
        if (Hit->Refreshed && Cache->store(Key, *Hit->Refreshed, Facts))
          ++Writes;
        ++Hits;
        if (Opts.Progress) {
          ++Opts.Progress->FactsCacheHits;
          ++Opts.Progress->FilesParsed;
        }
        return;
      }
      ++Misses;
    }
    DependencyCapture Capture;
    Capture.Files = &States;
    bool Finished = parseUnit(DB, Files[I], Hip, Chosen, Opts, Capture,
                              Cache.has_value(), Facts);
    // Only a parse that ran to its end is described by the files it read.
    if (Cache && Capture.Recorded && Finished) {
      if (Cache->store(Key, Capture.Deps, Facts))
        ++Writes;
    } else if (Cache) {
      ++Uncached;
    }
    if (Opts.Progress)
      ++Opts.Progress->FilesParsed;
  };
  if (Opts.Progress)
    Opts.Progress->FilesTotal += Files.size();
  llvm::CrashRecoveryContext::Enable();
  if (Opts.Jobs == 1 || Files.size() <= 1) {
    for (size_t I = 0; I < Files.size(); ++I)
      Parse(I);
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Opts.Jobs));
    for (size_t I = 0; I < Files.size(); ++I)
      Pool.async([&, I] { Parse(I); });
    Pool.wait();
  }
  if (Opts.CacheStats && Cache) {
    FrontendCacheStats &S = *Opts.CacheStats;
    S.Hits += Hits;
    S.Misses += Misses;
    S.Writes += Writes;
    S.Uncached += Uncached;
    llvm::append_range(S.Notes, Cache->runNotes());
    for (size_t I = 0; I < Files.size(); ++I)
      for (std::string &N : CacheNotes[I])
        S.Notes.push_back(Files[I] + ": " + N);
  }
  return All;
}

} // namespace cudalint
