//===- Pipeline.h - One lint run, the same behind every front door -*- C++ -*-//
//
// settings -> validation -> compile commands -> front-end facts -> device
// facts -> join -> checks -> policy -> report.
//
// The standalone tool, the clang-tidy module and the compiler plugin each
// fill LintSettings from their own options, create a Pipeline (which
// validates everything and names the bad setting as the user spelled it),
// and run it on their input: the tool parses the sources itself, the module
// and the plugin hand over the AST their host parsed. What comes back has
// passed the lint policy; the door only writes it (text, JSON, SARIF, or its
// host's diagnostics).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_PIPELINE_H
#define CUDALINT_PIPELINE_H

#include "cudalint/Checks/AmdChecks.h"
#include "cudalint/Checks/Checks.h"
#include "cudalint/Checks/LaunchOccupancy.h"
#include "cudalint/Device/DeviceFacts.h"
#include "cudalint/Facts/Facts.h"
#include "cudalint/Frontend/Frontend.h"
#include "cudalint/Lint/Baseline.h"
#include "cudalint/Lint/GlobList.h"
#include "cudalint/Lint/LaunchCoverage.h"
#include "cudalint/Lint/LintPolicy.h"
#include "cudalint/Pipeline/ChangedLines.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang::tooling {
struct CompileCommand;
} // namespace clang::tooling

namespace cudalint {

/// Every setting a door can take, as the user wrote it.
struct LintSettings {
  /// auto | nvcc | clang | none | <ptxas log file>.
  std::string ResourceUsage = "auto";
  /// Comma-separated archs ("sm_80,sm_90"); empty: the config file's, else
  /// the compile commands', else sm_75.
  std::string Archs;
  /// A GPU preset (pins the SM count for the grid checks); empty: none.
  std::string Gpu;
  /// A GPU without a preset: its SM count, with the run's one arch
  /// (--sm-count, SMCount), as written; unset: the config file's, else
  /// none. Excludes Gpu.
  std::optional<std::string> SMCount;
  /// The CUDA toolkit; empty: $CUDA_PATH, $CUDA_HOME, nvcc on $PATH,
  /// /usr/local/cuda.
  std::string CudaPath;
  /// The ROCm HIP headers (HIP units); empty: $ROCM_PATH, $HIP_PATH,
  /// /opt/rocm, /usr.
  std::string RocmPath;
  std::string CacheDir; // empty: the default
  bool NoCache = false;
  unsigned Jobs = 0; // 0: one per core
  unsigned DeviceTimeoutSeconds = DefaultDeviceTimeoutSeconds;
  /// Check globs; unset: the config file's, else the default.
  std::optional<std::string> Checks;
  std::optional<std::string> WarningsAsErrors;
  /// "<check>.<Option>" and its value; they win over the config file's.
  std::vector<std::pair<std::string, std::string>> CheckOptions;
  /// A config file; empty with FindConfig: the nearest .cuda-launch-lint.yaml
  /// above the first source.
  std::string ConfigFile;
  bool FindConfig = false;
  bool SystemHeaders = false;
  /// Findings this baseline records are not reported (Baseline.h).
  std::string BaselineFile;
  /// Only findings on lines changed since this git revision, or at launches
  /// of kernels whose definition changed (ChangedLines.h).
  std::string ChangedSince;
  /// Whether a glob list that enables no check is an error.
  bool RequireChecks = true;
  /// The clang-tidy module leaves the header filters, warnings-as-errors and
  /// unmatched NOLINTBEGIN to clang-tidy, which implements them the same way.
  bool HostAppliesSuppression = false;
};

/// How a door spells each setting, for error messages that name what the
/// user wrote ("--arch: ...", "Archs: ...", "arch=...: ...").
struct SettingNames {
  llvm::StringRef ResourceUsage, Archs, Gpu, CheckOption, Checks, SMCount;
  static const SettingNames CommandLine, ClangTidy, Plugin;
};

/// One lint run's input, from the door.
struct PipelineInput {
  /// Absolute paths of the translation units.
  std::vector<std::string> Files;
  /// The user's own compile command for a file (device facts, target
  /// archs); none when the door has none.
  std::function<std::optional<clang::tooling::CompileCommand>(llvm::StringRef)>
      UserCommand;
  /// The front end: parses Files (the tool), or reads the AST the host
  /// parsed (clang-tidy, the plugin).
  std::function<std::vector<TranslationUnitFacts>(const FrontendOptions &)>
      CollectFacts;
  /// Whether the front end parses the sources (its toolkit note says so).
  bool ParsesSources = true;
  /// --list-launches: the facts, the device facts and each launch's
  /// occupancy, but no checks.
  bool SkipChecks = false;
  /// One finding for all the archs it holds on (text, the hosts'
  /// diagnostics); JSON and SARIF keep one per arch, their data contract.
  bool MergeArchs = true;
  /// Keep the findings per arch, after the policy and before the baseline
  /// (--write-baseline records them).
  bool KeepPerArchFindings = false;
  /// Advanced by the front end and the device stage; may be null.
  RunProgress *Progress = nullptr;
  /// Waited for before the device stage reads its inputs (may be empty):
  /// the compiler launcher parses while the compile that writes its
  /// resource report still runs.
  std::function<void()> DeviceInputsReady;
  /// Device facts the door already has for Files, from deviceFacts() on
  /// this Pipeline (the language server keeps them between edits): the
  /// device stage does not run and these are joined. Null: it runs.
  std::shared_ptr<const DeviceFacts> KnownDevice;
  /// Unsaved editor buffers (absolute path, text): the front end parses
  /// them and their NOLINT comments count, in place of the files on disk
  /// (device compiles still read the files).
  std::vector<std::pair<std::string, std::string>> Unsaved;
  /// Set by another thread: the device compiles stop (DeviceFactsOptions).
  const std::atomic<bool> *Cancel = nullptr;
};

struct PipelineResult {
  std::vector<TranslationUnitFacts> Units;
  DeviceResourceTable Device;
  std::optional<DeviceFactsStats> DeviceStats;
  /// When the front end parsed the sources with the facts cache on.
  std::optional<FrontendCacheStats> FrontendCache;
  /// After the lint policy (and merged across archs when asked), in
  /// file/line order.
  std::vector<Diagnostic> Findings;
  /// With KeepPerArchFindings.
  std::vector<Diagnostic> PerArchFindings;
  /// The archs launches were checked for where device facts name none.
  std::vector<std::string> DefaultArchs;
  /// Each launch's occupancy per arch (indices into Units), where the
  /// device facts give it.
  std::vector<LaunchOccupancy> Occupancy;
  /// The same for HIP launches on their gfx targets (AmdChecks.h).
  std::vector<AmdLaunchOccupancy> AmdOccupancy;
  /// The GPU preset (--gpu or the config's Gpu); null for none.
  const GpuPreset *Gpu = nullptr;
  /// One line each: no toolkit, device facts problems, front-end errors,
  /// findings the baseline hid, archs a file is not built for.
  std::vector<std::string> Notes;
  /// One line each: device compiles that failed or timed out (their
  /// launches are not fully checked on that arch).
  std::vector<std::string> Warnings;
  /// The launches that were not fully checked, and why (every door reports
  /// them; LaunchCoverage.h).
  std::vector<UncheckedLaunch> Unchecked;
  /// One line each: a unit the front end crashed on (it was skipped).
  std::vector<std::string> InternalErrors;
};

class Pipeline {
public:
  /// Validates every setting and reads the config file. FirstSource is
  /// where the config file is searched from.
  static llvm::Expected<Pipeline> create(const LintSettings &S,
                                         const SettingNames &Names,
                                         llvm::StringRef FirstSource);

  PipelineResult run(const PipelineInput &In) const;

  /// The device stage alone (compiles or the cache) for In's files, for a
  /// door that keeps device facts between runs (PipelineInput::KnownDevice).
  DeviceFacts deviceFacts(const PipelineInput &In) const;

  const std::vector<const Check *> &enabledChecks() const { return Enabled; }

private:
  Pipeline() = default;
  /// The GPU of SMCount SMs (as Setting spells it) on the run's one arch
  /// (an error naming ArchSetting when it has none or several).
  llvm::Error useSMCount(llvm::StringRef SMCount, llvm::StringRef Setting,
                         llvm::StringRef ArchSetting);
  /// The archs a unit is checked for when its device facts name none; a
  /// note in R when that is the default arch and no device plan said so.
  std::vector<std::string> defaultArchs(const PipelineInput &In,
                                        PipelineResult &R) const;
  /// Checks, policy, baseline and merging: R.Findings from R's facts.
  void check(PipelineResult &R, const PipelineInput &In) const;

  DeviceFactsOptions Device;
  /// The GPU of an SM count (the door's or the config file's), which
  /// Options.Gpu then points into.
  std::shared_ptr<const CustomGpu> SMCountGpu;
  std::optional<CudaToolkit> Toolkit;
  std::string NoToolkitReason;
  std::optional<RocmInstall> Rocm;
  std::string NoRocmReason;
  std::vector<const Check *> Enabled;
  CheckOptions Options;
  LintPolicy Policy;
  std::optional<Baseline> Known;
  std::optional<ChangedLines> Changes;
  std::string ChangedSince;
  bool HostAppliesSuppression = false;
};

/// The lint of one compile command, as the compiler launcher runs it: the
/// one Source that Argv (the user's command, its compiler first) compiles,
/// parsed as `cuda-launch-lint Source -- <Argv>` would, the config file
/// found from Source, the device facts from ResourceUsage (a
/// --resource-usage value: the compile's ptxas report, "objects", "none"),
/// read once DeviceInputsReady returns. One finding per arch (as `merge`
/// needs them for JSON and SARIF). What the front end has to say goes to
/// Notes.
llvm::Expected<PipelineResult>
lintCompileCommand(llvm::ArrayRef<std::string> Argv, llvm::StringRef Source,
                   llvm::StringRef ResourceUsage,
                   std::function<void()> DeviceInputsReady,
                   llvm::raw_ostream &Notes);

} // namespace cudalint

#endif // CUDALINT_PIPELINE_H
