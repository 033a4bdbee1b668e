//===- Pipeline.cpp - One lint run, the same behind every front door -----===//

#include "cudalint/Pipeline/Pipeline.h"

#include "CrossUnitValues.h"

#include "cudalint/Arch/AmdArch.h"
#include "cudalint/Arch/Arch.h"
#include "cudalint/Checks/AmdChecks.h"
#include "cudalint/CompileCommands/CompileCommand.h"
#include "cudalint/Lint/LintConfig.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <future>
#include <set>

using namespace llvm;

namespace cudalint {

const SettingNames SettingNames::CommandLine = {
    "--resource-usage", "--arch", "--gpu",
    "--check-option",   "checks", "--sm-count"};
const SettingNames SettingNames::ClangTidy = {
    "ResourceUsage", "Archs", "Gpu", "CheckOptions", "Checks", "SMCount"};
const SettingNames SettingNames::Plugin = {
    "resource-usage", "arch", "gpu", "", "checks", "sm-count"};

namespace {

/// "<setting>: <why>"; just the reason where the door's setting is the
/// key itself (the plugin's "<check>.<Option>=<value>").
Error settingError(StringRef Name, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           Name.empty() ? Why.str()
                                        : (Name + ": " + Why).str());
}

/// A build output given as --resource-usage: read now, so that a broken
/// or foreign file is a bad argument (exit 2) like a missing one.
Error loadBuildOutput(DeviceFactsOptions &D, StringRef Named) {
  Expected<BinaryDeviceFacts> B = readBinaryDeviceFacts(D.LogFile);
  if (!B)
    return settingError(Named, toString(B.takeError()));
  if (B->Containers == 0)
    return settingError(Named, "no CUDA or HIP device code in it (no "
                               ".nv_fatbin, __nv_relfatbin or .hip_fatbin "
                               "section)");
  D.Binary = std::make_shared<const BinaryDeviceFacts>(std::move(*B));
  return Error::success();
}

/// checkKnownArchs for NVIDIA's archs, lookupAmdArch for gfx targets.
Error checkKnownVendorArchs(ArrayRef<std::string> Archs) {
  std::vector<std::string> Nvidia;
  for (const std::string &A : Archs) {
    if (!isAmdArch(A)) {
      Nvidia.push_back(A);
      continue;
    }
    Expected<const AmdArchInfo &> Amd = lookupAmdArch(A);
    if (!Amd)
      return Amd.takeError();
  }
  return checkKnownArchs(Nvidia);
}

/// --resource-usage: a mode, or a file that must be readable: a saved log,
/// or a build output (read here).
Expected<DeviceFactsOptions> deviceOptions(const LintSettings &S,
                                           const SettingNames &Names) {
  DeviceFactsOptions D;
  D.M = parseResourceUsageMode(S.ResourceUsage, D.LogFile);
  if (D.M == DeviceFactsOptions::Mode::Log) {
    if (S.ResourceUsage.empty())
      return settingError(Names.ResourceUsage,
                          "expected auto, nvcc, clang, none, objects, a log "
                          "file or a build output");
    // "--resource-usage run.log: No such file or directory"
    std::string Named = (Names.ResourceUsage + " " + D.LogFile).str();
    if (sys::fs::is_directory(D.LogFile))
      return settingError(Named, "is a directory");
    if (std::error_code EC =
            sys::fs::access(D.LogFile, sys::fs::AccessMode::Exist))
      return settingError(Named, EC.message());
    if (isBuildOutputFile(D.LogFile))
      if (Error E = loadBuildOutput(D, Named))
        return std::move(E);
  }
  if (!S.Archs.empty()) {
    Expected<std::vector<std::string>> Archs = parseGpuArchList(S.Archs);
    Error Bad = Archs ? checkKnownVendorArchs(*Archs) : Archs.takeError();
    if (Bad)
      return settingError(Names.Archs, toString(std::move(Bad)));
    D.Archs = std::move(*Archs);
  }
  D.Jobs = S.Jobs;
  D.TimeoutSeconds = S.DeviceTimeoutSeconds;
  D.UseCache = !S.NoCache;
  // Absolute now: the run's threads must not depend on the working
  // directory.
  if (!S.CacheDir.empty()) {
    SmallString<256> Dir(S.CacheDir);
    sys::fs::make_absolute(Dir);
    D.CacheDir = Dir.str().str();
  }
  return D;
}

/// Whether one of In's files is compiled as HIP (CompileCommand.h).
bool anyHipUnit(const PipelineInput &In) {
  for (const std::string &F : In.Files) {
    if (sys::path::extension(F) == ".hip")
      return true;
    if (In.UserCommand)
      if (std::optional<clang::tooling::CompileCommand> C = In.UserCommand(F))
        if (isHipCommand(C->CommandLine))
          return true;
  }
  return false;
}

} // namespace

Expected<Pipeline> Pipeline::create(const LintSettings &S,
                                    const SettingNames &Names,
                                    StringRef FirstSource) {
  Pipeline P;
  if (!S.Gpu.empty()) {
    // An AMD GPU (MI300X) pins the CUs of HIP launches on its target.
    if (const AmdGpuPreset *Amd = findAmdGpuPreset(S.Gpu)) {
      P.Options.AmdGpu = Amd;
    } else {
      Expected<const GpuPreset &> Gpu = lookupGpuPreset(S.Gpu);
      if (!Gpu)
        return settingError(Names.Gpu, toString(Gpu.takeError()));
      P.Options.Gpu = &*Gpu;
    }
  }
  for (const auto &[Key, Value] : S.CheckOptions) {
    if (Error E = validateCheckOption(Key, Value))
      return settingError(Names.CheckOption, toString(std::move(E)));
    P.Options.Values[Key] = Value;
  }
  Expected<DeviceFactsOptions> Device = deviceOptions(S, Names);
  if (!Device)
    return Device.takeError();
  P.Device = std::move(*Device);
  if (S.SMCount && !S.Gpu.empty())
    return settingError(
        Names.SMCount,
        ("give the SM count or a " + Names.Gpu + " preset, not both").str());

  // The config file; the door's own settings win over it.
  std::optional<LintConfig> Config;
  std::string ConfigFile = S.ConfigFile;
  if (ConfigFile.empty() && S.FindConfig && !FirstSource.empty())
    if (std::optional<std::string> Found = findLintConfig(FirstSource))
      ConfigFile = *Found;
  if (!ConfigFile.empty()) {
    Expected<LintConfig> Loaded = loadLintConfig(ConfigFile);
    if (!Loaded)
      return Loaded.takeError();
    Config = std::move(*Loaded);
    Config->applyCheckOptions(P.Options);
    if (P.Device.Archs.empty())
      for (const std::string &A : Config->Archs)
        if (std::optional<std::string> N = normalizeGpuArch(A))
          P.Device.Archs.push_back(*N);
    P.Policy.HeaderFilterRegex = Config->HeaderFilterRegex;
  }
  // The door's SM count, else the config file's unless the door named a
  // preset: with the run's one arch, which either may give.
  if (S.SMCount) {
    if (Error E = P.useSMCount(*S.SMCount, Names.SMCount, Names.Archs))
      return std::move(E);
  } else if (Config && Config->SMCount && S.Gpu.empty()) {
    if (Error E = P.useSMCount(*Config->SMCount, "SMCount", "Archs"))
      return settingError(Config->Path, toString(std::move(E)));
  }
  std::string Checks = S.Checks                   ? *S.Checks
                       : Config && Config->Checks ? *Config->Checks
                                                  : defaultCheckGlobs().str();
  P.Enabled = cudalint::enabledChecks(GlobList(Checks));
  if (P.Enabled.empty() && S.RequireChecks)
    return createStringError(inconvertibleErrorCode(), Names.Checks + " '" +
                                                           Checks +
                                                           "' enable no check");
  P.Policy.WarningsAsErrorsGlobs = S.WarningsAsErrors ? *S.WarningsAsErrors
                                   : Config && Config->WarningsAsErrors
                                       ? *Config->WarningsAsErrors
                                       : "";
  P.Policy.SystemHeaders = S.SystemHeaders;
  if (!S.BaselineFile.empty()) {
    Expected<Baseline> B = Baseline::load(S.BaselineFile);
    if (!B)
      return B.takeError();
    P.Known = std::move(*B);
  }
  if (!S.ChangedSince.empty()) {
    SmallString<256> Dir(FirstSource);
    sys::fs::make_absolute(Dir);
    Expected<ChangedLines> C = ChangedLines::sinceRevision(
        S.ChangedSince, sys::path::parent_path(Dir));
    if (!C)
      return C.takeError();
    P.Changes = std::move(*C);
    P.ChangedSince = S.ChangedSince;
  }
  P.HostAppliesSuppression = S.HostAppliesSuppression;

  P.Toolkit = findCudaToolkit(S.CudaPath, P.NoToolkitReason);
  P.Rocm = findRocm(S.RocmPath, P.NoRocmReason);
  if (P.Rocm)
    P.Device.RocmRoot = P.Rocm->Root;
  if (P.Toolkit)
    P.Device.CudaRoot = P.Toolkit->Root;
  return P;
}

Error Pipeline::useSMCount(StringRef SMCount, StringRef Setting,
                           StringRef ArchSetting) {
  if (Device.Archs.size() != 1)
    return settingError(
        Setting,
        ("needs exactly one arch, the GPU's own (" + ArchSetting + ")").str());
  auto Gpu = makeCustomGpu(Device.Archs.front(), SMCount, Setting);
  if (!Gpu)
    return settingError(Setting, toString(Gpu.takeError()));
  SMCountGpu = std::move(*Gpu);
  Options.Gpu = &SMCountGpu->Preset;
  return Error::success();
}

std::vector<std::string> Pipeline::defaultArchs(const PipelineInput &In,
                                                PipelineResult &R) const {
  // --arch (or the config file's), else the commands' own, else sm_75; and
  // the --gpu preset's arch.
  std::vector<std::string> Archs = Device.Archs;
  if (Archs.empty() && In.UserCommand)
    for (const std::string &F : In.Files)
      if (std::optional<clang::tooling::CompileCommand> C = In.UserCommand(F)) {
        auto T = translateCompileCommand(C->CommandLine, C->Directory);
        if (!T) {
          consumeError(T.takeError()); // the front end reports it
          continue;
        }
        for (const std::string &A : T->TargetArchs)
          if (!is_contained(Archs, A))
            Archs.push_back(A);
      }
  if (Archs.empty()) {
    Archs = {DefaultTargetArch.str()};
    // With device facts the device plan says so, as it picks the arch.
    if (!R.Device.Enabled)
      R.Notes.push_back("no GPU arch in the compile command; launches are "
                        "judged for " +
                        Archs.front() + " (give --arch to choose)");
  }
  if (Options.Gpu) {
    std::string GpuArch = Options.Gpu->arch().Name.str();
    if (!is_contained(Archs, GpuArch))
      Archs.push_back(GpuArch);
  }
  return Archs;
}

void Pipeline::check(PipelineResult &R, const PipelineInput &In) const {
  CheckRun Run;
  Run.Units = R.Units;
  Run.Resources = &R.Device;
  Run.DefaultArchs = R.DefaultArchs;
  Run.Enabled = Enabled;
  Run.Options = Options;
  if (Toolkit)
    Run.Options.ToolkitVersion = Toolkit->Version;
  std::vector<Diagnostic> Findings = runChecks(Run);
  LintPolicy P = Policy;
  if (HostAppliesSuppression) {
    // clang-tidy filters headers and system headers, promotes warnings and
    // reports unmatched begin/end directives itself. Its NOLINT never
    // suppresses an error-severity diagnostic, though, so NOLINT is applied
    // here for the errors to be suppressible as in the other doors.
    P.HeaderFilterRegex.reset();
    P.SystemHeaders = true;
    P.WarningsAsErrorsGlobs.clear();
    P.ReportUnmatchedNoLint = false;
  }
  applyLintPolicy(P, R.Units, Findings, In.Unsaved);
  if (In.KeepPerArchFindings)
    R.PerArchFindings = Findings;
  // Per arch, before merging: the same fingerprints whatever the format.
  if (Known)
    if (unsigned Hidden = Known->hideKnown(Findings))
      R.Notes.push_back(std::to_string(Hidden) +
                        " known finding(s) hidden by the baseline " +
                        Known->path());
  if (Changes)
    if (unsigned Outside = keepChangedFindings(*Changes, R.Units, Findings))
      R.Notes.push_back(std::to_string(Outside) +
                        " finding(s) away from the changes since " +
                        ChangedSince + " not reported");
  R.Findings = In.MergeArchs ? mergeArchs(Findings) : std::move(Findings);
}

DeviceFacts Pipeline::deviceFacts(const PipelineInput &In) const {
  std::vector<DeviceCompileInput> Inputs;
  for (const std::string &F : In.Files) {
    DeviceCompileInput DI{F, "", {}};
    if (In.UserCommand)
      if (std::optional<clang::tooling::CompileCommand> C = In.UserCommand(F)) {
        DI.Directory = C->Directory;
        DI.Argv = std::move(C->CommandLine);
        DI.CompilerNamed =
            DI.Argv.empty() || !isPlaceholderCompiler(DI.Argv.front());
      }
    Inputs.push_back(std::move(DI));
  }
  DeviceFactsOptions Opts = Device;
  Opts.Progress = In.Progress;
  Opts.Cancel = In.Cancel;
  return computeDeviceFacts(Inputs, Opts);
}

/// An arch the table does not know is judged for nothing: one warning for
/// each that a file is judged for. Not for an arch a command names and
/// --arch replaced (issue 37: "sm_60 is not in the architecture table" on
/// every run of a project that names it, with --arch sm_80).
static void warnUnknownArchs(PipelineResult &R) {
  std::set<std::string> Said;
  for (const TranslationUnitFacts &U : R.Units)
    for (const std::string &A :
         R.Device.archsToJudge(U.MainFile, R.DefaultArchs))
      if (!isAmdArch(A) && !findArch(A) && Said.insert(A).second)
        R.Warnings.push_back("GPU architecture '" + A +
                             "' is not in the architecture table: no launch "
                             "is judged for it");
}

PipelineResult Pipeline::run(const PipelineInput &In) const {
  using Mode = DeviceFactsOptions::Mode;
  PipelineResult R;
  // Objects are read without the toolkit (it compiles only what they
  // cannot stand for).
  bool DeviceNeedsNoToolkit = Device.M == Mode::None || Device.M == Mode::Log ||
                              Device.M == Mode::Objects;
  // HIP units are compiled by Clang alone.
  bool WantDevice = DeviceNeedsNoToolkit || Toolkit || anyHipUnit(In);
  if (!Toolkit)
    R.Notes.push_back(
        NoToolkitReason +
        (In.ParsesSources ? "; parsing with built-in CUDA declarations" : "") +
        (WantDevice         ? ""
         : In.ParsesSources ? ", and register-based checks are off"
                            : "; register-based checks are off"));

  // Device facts need only the commands: they run beside the front end.
  std::future<DeviceFacts> DeviceRun;
  if (In.KnownDevice) {
    std::promise<DeviceFacts> Known;
    Known.set_value(*In.KnownDevice);
    DeviceRun = Known.get_future();
  } else if (WantDevice) {
    DeviceRun = std::async(std::launch::async, [this, &In] {
      if (In.DeviceInputsReady)
        In.DeviceInputsReady();
      return deviceFacts(In);
    });
  }

  if (!Rocm && In.ParsesSources && anyHipUnit(In))
    R.Notes.push_back(NoRocmReason + "; parsing HIP files with built-in HIP "
                                     "declarations");

  FrontendOptions Front;
  Front.Toolkit = Toolkit;
  Front.Rocm = Rocm;
  Front.Jobs = Device.Jobs;
  Front.Progress = In.Progress;
  // One cache directory for both caches; only a door that parses has
  // front-end facts to keep.
  FrontendCacheStats FrontStats;
  Front.UseCache = In.ParsesSources && Device.UseCache;
  Front.CacheDir = Device.CacheDir;
  Front.CacheStats = &FrontStats;
  Front.Overlays = In.Unsaved;
  R.Units = In.CollectFacts(Front);
  if (Front.UseCache) {
    append_range(R.Notes, FrontStats.Notes);
    R.FrontendCache = std::move(FrontStats);
  }
  resolveAcrossUnits(R.Units);

  if (DeviceRun.valid()) {
    DeviceFacts D = DeviceRun.get();
    R.Device = joinDeviceFacts(D, R.Units);
    R.DeviceStats = D.Stats;
    append_range(R.Notes, R.Device.Notes);
    // A failed compile costs the arch's checks: a warning. An arch the
    // code is not built for is a fact about the code: a note.
    for (const auto &[File, Gaps] : R.Device.GapsByFile)
      for (const DeviceGap &G : Gaps)
        (G.isFailure() ? R.Warnings : R.Notes).push_back(G.Message);
  }
  for (const TranslationUnitFacts &U : R.Units) {
    if (!U.InternalError.empty())
      R.InternalErrors.push_back(U.MainFile + ": " + U.InternalError +
                                 "; the file was skipped");
    if (!U.Errors.empty()) {
      // The first error's file when it is a header the unit includes.
      const SourceLoc &First = U.Errors.front().Loc;
      std::string Where = First.File == U.MainFile || First.File.empty()
                              ? std::string()
                              : First.File + ":";
      R.Notes.push_back(
          U.MainFile + ": " + std::to_string(U.Errors.size()) +
          " front-end error(s) (first: " + Where + std::to_string(First.Line) +
          ":" + std::to_string(First.Column) + ": " + U.Errors.front().Message +
          "); analysed what Clang recovered");
    }
  }
  R.DefaultArchs = defaultArchs(In, R);
  warnUnknownArchs(R);
  R.Gpu = Options.Gpu;
  CheckRun Run;
  Run.Units = R.Units;
  Run.Resources = &R.Device;
  Run.DefaultArchs = R.DefaultArchs;
  Run.Options = Options;
  if (R.Device.Enabled) {
    R.Occupancy = launchOccupancies(Run);
    R.AmdOccupancy = amdLaunchOccupancies(Run);
  }
  R.Unchecked = uncheckedLaunches(Run);
  if (!In.SkipChecks)
    check(R, In);
  return R;
}

} // namespace cudalint
