//===- EmbeddedRun.cpp - The checks inside someone else's Clang -----------===//

#include "cudalint/EmbeddedRun.h"

#include "cudalint/CompileCommand.h"
#include "cudalint/LintPolicy.h"
#include "cudalint/Frontend.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <future>

using namespace llvm;

namespace cudalint {

/// The Archs setting, with its name in the error.
static Expected<std::vector<std::string>> parseArchs(StringRef List) {
  Expected<std::vector<std::string>> Archs = parseGpuArchList(List);
  Error Unknown = Archs ? checkKnownArchs(*Archs) : Archs.takeError();
  if (Unknown)
    return createStringError(inconvertibleErrorCode(),
                             "Archs: " + toString(std::move(Unknown)));
  return Archs;
}

Error validateEmbeddedSettings(const EmbeddedSettings &S) {
  if (auto A = parseArchs(S.Archs); !A)
    return A.takeError();
  if (!S.Gpu.empty()) {
    Expected<const GpuPreset &> G = lookupGpuPreset(S.Gpu);
    if (!G)
      return createStringError(inconvertibleErrorCode(),
                               "Gpu: " + toString(G.takeError()));
  }
  std::string Log;
  if (parseResourceUsageMode(S.ResourceUsage, Log) ==
      DeviceFactsOptions::Mode::Log) {
    if (S.ResourceUsage.empty())
      return createStringError(
          inconvertibleErrorCode(),
          "ResourceUsage: expected auto, nvcc, clang, none or a log file");
    if (sys::fs::is_directory(Log) ||
        sys::fs::access(Log, sys::fs::AccessMode::Exist))
      return createStringError(inconvertibleErrorCode(),
                               "ResourceUsage: " + Log +
                                   ": not a readable log file");
  }
  return Error::success();
}

EmbeddedAnalysis EmbeddedAnalysis::run(clang::ASTContext &Ctx,
                                       StringRef MainFile,
                                       const EmbeddedSettings &S) {
  EmbeddedAnalysis A;
  DeviceFactsOptions DevOpts;
  DevOpts.M = parseResourceUsageMode(S.ResourceUsage, DevOpts.LogFile);
  if (auto Archs = parseArchs(S.Archs))
    DevOpts.Archs = *Archs;
  else
    consumeError(Archs.takeError()); // validated by the caller
  if (!S.Gpu.empty()) {
    if (Expected<const GpuPreset &> G = lookupGpuPreset(S.Gpu))
      A.Gpu = &*G;
    else
      consumeError(G.takeError());
  }
  DevOpts.UseCache = !S.NoCache;
  DevOpts.CacheDir = S.CacheDir;

  // The user's own command: given, else from the build directory's database.
  SmallString<256> Main(MainFile);
  sys::fs::make_absolute(Main);
  sys::path::remove_dots(Main, /*remove_dot_dot=*/true);
  DeviceCompileInput In{Main.str().str(), S.Directory, S.Argv};
  // (The parent is a prefix of Dir: shortening Dir in place, because
  // assigning Dir a StringRef into itself reads the buffer it clears.)
  for (SmallString<256> Dir(S.BuildDir); In.Argv.empty() && !Dir.empty();
       Dir.resize(sys::path::parent_path(Dir).size())) {
    SmallString<256> Json(Dir);
    sys::path::append(Json, "compile_commands.json");
    std::string Why;
    if (sys::fs::exists(Json))
      if (auto DB = clang::tooling::JSONCompilationDatabase::loadFromFile(
              Json, Why, clang::tooling::JSONCommandLineSyntax::AutoDetect)) {
        std::vector<clang::tooling::CompileCommand> Commands =
            DB->getCompileCommands(In.File);
        if (!Commands.empty()) {
          In.Directory = Commands.front().Directory;
          In.Argv = Commands.front().CommandLine;
        }
      }
    if (!S.SearchUpwards)
      break;
  }

  std::string Why;
  std::optional<CudaToolkit> Toolkit = findCudaToolkit(S.CudaPath, Why);
  if (Toolkit)
    DevOpts.CudaRoot = Toolkit->Root;
  bool WantDevice = DevOpts.M == DeviceFactsOptions::Mode::None ||
                    DevOpts.M == DeviceFactsOptions::Mode::Log ||
                    (Toolkit && !In.Argv.empty());
  if (!Toolkit && !WantDevice)
    A.Notes.push_back(Why + "; register-based checks are off");
  else if (In.Argv.empty() && !WantDevice)
    A.Notes.push_back(In.File +
                      ": no compile command (give BuildDir, or run with a "
                      "compile database); register-based checks are off");

  // The device side runs beside the AST walk.
  std::future<DeviceFacts> DeviceRun;
  if (WantDevice)
    DeviceRun = std::async(std::launch::async, [In, DevOpts] {
      return computeDeviceFacts({In}, DevOpts);
    });
  A.Units.push_back(collectFactsFromAST(Ctx, In.File));
  if (DeviceRun.valid()) {
    A.Device = joinDeviceFacts(DeviceRun.get(), A.Units);
    for (const std::string &N : A.Device.Notes)
      A.Notes.push_back(N);
  }

  A.DefaultArchs = DevOpts.Archs;
  if (A.DefaultArchs.empty() && !In.Argv.empty()) {
    if (auto T = translateCompileCommand(In.Argv, In.Directory))
      A.DefaultArchs = T->TargetArchs;
    else
      consumeError(T.takeError());
  }
  if (A.DefaultArchs.empty())
    A.DefaultArchs = {"sm_75"};
  if (A.Gpu) {
    std::string GpuArch = A.Gpu->arch().Name.str();
    if (!is_contained(A.DefaultArchs, GpuArch))
      A.DefaultArchs.push_back(GpuArch);
  }
  return A;
}

std::vector<Diagnostic>
EmbeddedAnalysis::check(const GlobList &Filter,
                        const CheckOptions &Options) const {
  CheckRun Run;
  Run.Units = Units;
  Run.Resources = &Device;
  Run.DefaultArchs = DefaultArchs;
  Run.Enabled = enabledChecks(Filter);
  Run.Options = Options;
  if (!Run.Options.Gpu)
    Run.Options.Gpu = Gpu;
  return mergeArchs(runChecks(Run));
}

clang::SourceLocation toSourceLocation(clang::SourceManager &SM,
                                       const SourceLoc &Loc) {
  if (!Loc.valid())
    return {};
  clang::OptionalFileEntryRef File =
      SM.getFileManager().getOptionalFileRef(Loc.File);
  if (!File)
    return {};
  return SM.translateFileLineCol(*File, Loc.Line, Loc.Column);
}

std::string escapeForDiagnostic(StringRef Message) {
  std::string Out;
  for (char C : Message) {
    if (C == '%')
      Out += '%';
    Out += C;
  }
  return Out;
}

} // namespace cudalint
