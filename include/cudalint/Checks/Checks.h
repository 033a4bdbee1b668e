//===- Checks.h - Diagnostics from collected facts --------------*- C++ -*-===//
//
// Every check is a pure function of the facts: the front end's launches and
// kernels, the device facts per arch, the arch model and the occupancy
// calculator. No Clang, no processes: the standalone tool, the clang-tidy
// module and the compiler plugin all run the same checks on the same facts.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_CHECKS_H
#define CUDALINT_CHECKS_H

#include "cudalint/Arch/Arch.h"
#include "cudalint/Device/DeviceResources.h"
#include "cudalint/Facts/Diagnostic.h"
#include "cudalint/Facts/Facts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

class Check;
struct AmdGpuPreset;
struct AmdLaunchContext;
struct AmdKernelContext;
struct AmdSettingContext;

/// One option of a check, declared once with the check. --list-checks,
/// the docs index, value validation (command line, config file, clang-tidy
/// CheckOptions, plugin arguments) and the clang-tidy module's
/// storeOptions all read the declaration.
struct CheckOptionSpec {
  enum class Type { Number, Bool };
  llvm::StringRef Name; // "MinOccupancy"
  Type T = Type::Number;
  double Default = 0; // a Bool's default is 0 (false) or 1 (true)
  /// A Number's accepted values: [Min, Max], or (Min, Max] with MinExclusive.
  double Min = 0, Max = 0;
  bool MinExclusive = false;
  llvm::StringRef Doc; // one line

  /// "0.5", "true"
  std::string defaultText() const;
  /// "a number in [0, 1]", "true or false"
  std::string acceptedText() const;
};

/// Checks one `<check>.<Option>` = value against the check's declaration:
/// an unknown check or option, or a value that does not parse or is out of
/// range, is an error naming the option and the accepted values.
llvm::Error validateCheckOption(llvm::StringRef Key, llvm::StringRef Value);

/// Per-check options (`cuda-occupancy-limited.MinOccupancy: 0.5`) and the
/// run's settings the checks read.
struct CheckOptions {
  /// "<check>.<Option>" -> value, validated by validateCheckOption.
  llvm::StringMap<std::string> Values;
  /// --gpu: pins the SM count for the grid checks.
  const GpuPreset *Gpu = nullptr;
  /// --gpu naming an AMD GPU (MI300X, ...): pins the CU count for HIP
  /// launches on its gfx target (AmdChecks.h).
  const AmdGpuPreset *AmdGpu = nullptr;
  /// The version of the CUDA toolkit the run builds with ("13.0"); empty
  /// when no toolkit was found. Error findings name the cudaError_t the
  /// runtime returns only for toolkits the name was checked on.
  std::string ToolkitVersion;

  /// The value of C's option Option (validated when it was set), else its
  /// declared default. C must declare Option.
  double number(const Check &C, const CheckOptionSpec &Option) const;
  bool flag(const Check &C, const CheckOptionSpec &Option) const;
};

/// What a launch check sees: one launch on one target arch.
struct LaunchContext {
  const LaunchSite &Launch;
  /// The launched kernel's facts; null when the kernel could not be traced
  /// or is defined in another file.
  const KernelInfo *Kernel;
  const ArchInfo &Arch;
  /// The device compiler's numbers for this kernel on this arch; null
  /// without device facts (--resource-usage=none, no toolkit, failed
  /// compile) or for an untraced kernel.
  const KernelResources *Resources;
  /// cudaFuncSetAttribute / cudaFuncSetCacheConfig calls for this kernel.
  llvm::ArrayRef<const KernelSetting *> Settings;
  /// Every launch of the same kernel (in every file of the run).
  llvm::ArrayRef<const LaunchSite *> LaunchesOfKernel;
  /// When the launched kernel is not known (a driver API CUfunction the
  /// front end cannot trace): every per-kernel setting of the run, of any
  /// kernel, since one of them may be this kernel's. Empty otherwise.
  llvm::ArrayRef<const KernelSetting *> SettingsOfAnyKernel;
  const CheckOptions &Options;

  /// __launch_bounds__ max threads as the device compiler saw it on this
  /// arch (the host view without device facts).
  std::optional<int64_t> maxThreadsBound() const;
  std::optional<int64_t> minBlocksBound() const;
  /// The setting of Attribute that holds for this kernel on this arch
  /// ("MaxDynamicSharedMemorySize", "CacheConfig", ...): the last one the
  /// runtime accepts (a refused one leaves the previous value); null when
  /// the code sets none, or sets only refused ones.
  const KernelSetting *setting(llvm::StringRef Attribute) const;
  /// The last setting of Attribute the runtime refuses on this arch; null
  /// when there is none.
  const KernelSetting *refusedSetting(llvm::StringRef Attribute) const;
  /// When the launched kernel is not known: the settings of Attribute, made
  /// for any kernel, that would permit what Permits asks of their value (an
  /// unknown value permits everything). One of them may be this kernel's,
  /// so a limit they lift fails only maybe.
  std::vector<const KernelSetting *>
  settingsThatMayBeThisKernels(llvm::StringRef Attribute,
                               llvm::function_ref<bool(int64_t)> Permits) const;
};

/// Why the runtime refuses a cudaFuncSetAttribute / cuFuncSetAttribute call
/// (it returns an error and the kernel keeps its previous value).
enum class SettingRefusal {
  None,
  /// MaxDynamicSharedMemorySize + the kernel's static shared memory over
  /// the arch's opt-in maximum per block.
  OverOptInMaximum,
  /// PreferredSharedMemoryCarveout outside -1..100.
  CarveoutOutOfRange,
  /// NonPortableClusterSizeAllowed on an arch without clusters.
  NoClusters,
};

/// Whether the runtime refuses S on Arch, for a kernel with Resources (its
/// static shared memory counts against the opt-in maximum; null: counted
/// as 0, a lower bound). A value that is not a constant is not refused:
/// unknown stays unknown.
SettingRefusal settingRefusal(const KernelSetting &S, const ArchInfo &Arch,
                              const KernelResources *Resources);

/// What a setting check sees: one cudaFuncSetAttribute-like call on one
/// target arch.
struct SettingContext {
  const KernelSetting &Setting;
  /// The kernel's facts; null when the call's kernel could not be traced.
  const KernelInfo *Kernel;
  const ArchInfo &Arch;
  /// The kernel's device facts on this arch; null as in LaunchContext.
  const KernelResources *Resources;
  /// Every setting of the same kernel (in every file of the run, in the
  /// order the files and calls come), this one included; only this one
  /// when its kernel could not be traced.
  llvm::ArrayRef<const KernelSetting *> SettingsOfKernel;
  const CheckOptions &Options;
};

/// What a kernel check sees: one kernel on one target arch.
struct KernelContext {
  const KernelInfo &Kernel;
  const ArchInfo &Arch;
  const KernelResources *Resources; // as in LaunchContext
  llvm::ArrayRef<const LaunchSite *> LaunchesOfKernel;
  const CheckOptions &Options;
};

/// How a check's failures follow a launch's sizes.
enum class SizeTrend {
  /// A failure at one size says nothing about another.
  Unordered,
  /// A launch error whose limit only gets harder to meet as the sizes grow
  /// (more threads, blocks or shared memory never help): what fails at the
  /// lowest value of a range fails at every value of it.
  FailsUpward,
};

/// The launches a check judges: on CUDA archs (its check<Facts> body), on
/// AMD gfx targets (its checkAmd<Facts> body, AmdChecks.h), or both.
enum class CheckVendors { Cuda, Amd, Both };

/// What a check is, declared once in lib/Checks/Checks.def: the name that
/// is part of the contract, the vendors it judges, a severity, a one-line
/// summary, its options and how its failures follow the launch's sizes.
struct CheckDeclaration {
  llvm::StringRef Name; // "cuda-block-size-invalid"
  Severity Sev;
  llvm::StringRef Summary;
  llvm::ArrayRef<CheckOptionSpec> Options;
  SizeTrend Sizes = SizeTrend::Unordered;
  CheckVendors Vendors = CheckVendors::Cuda;
};

using Findings = std::vector<Diagnostic>;

/// One check: its declaration, and a pure function from facts to findings.
class Check {
public:
  explicit Check(const CheckDeclaration &D) : Decl(D) {}
  virtual ~Check() = default;
  const CheckDeclaration &declaration() const { return Decl; }
  llvm::StringRef name() const { return Decl.Name; }
  Severity severity() const { return Decl.Sev; }
  llvm::StringRef summary() const { return Decl.Summary; }
  llvm::ArrayRef<CheckOptionSpec> options() const { return Decl.Options; }
  /// Whether a failure at the lowest value of a range of sizes holds for
  /// every larger value (SizeTrend::FailsUpward).
  bool failsUpward() const { return Decl.Sizes == SizeTrend::FailsUpward; }
  /// Whether the check judges CUDA launches (check<Facts>).
  bool judgesCuda() const { return Decl.Vendors != CheckVendors::Amd; }
  /// Whether the check judges HIP launches on gfx targets (checkAmd<Facts>).
  bool judgesAmd() const { return Decl.Vendors != CheckVendors::Cuda; }
  /// The declaration of option Name; null when the check has none.
  const CheckOptionSpec *option(llvm::StringRef Name) const;
  virtual void checkLaunch(const LaunchContext &, Findings &) const {}
  virtual void checkKernel(const KernelContext &, Findings &) const {}
  virtual void checkSetting(const SettingContext &, Findings &) const {}
  /// The same check on a HIP launch, kernel or setting on a gfx target:
  /// what the HIP runtime and the AMD arch model say (AmdChecks.h).
  virtual void checkAmdLaunch(const AmdLaunchContext &, Findings &) const {}
  virtual void checkAmdKernel(const AmdKernelContext &, Findings &) const {}
  virtual void checkAmdSetting(const AmdSettingContext &, Findings &) const {}

private:
  CheckDeclaration Decl;
};

/// Every check, in a stable order (the registry in lib/Checks/Registry.cpp).
llvm::ArrayRef<std::unique_ptr<Check>> allChecks();
const Check *findCheck(llvm::StringRef Name);

/// The defaults: every check except those that only make sense on request.
llvm::StringRef defaultCheckGlobs();

struct CheckRun {
  llvm::ArrayRef<TranslationUnitFacts> Units;
  /// Null, or with Enabled false: checks that need resources stay silent.
  const DeviceResourceTable *Resources = nullptr;
  /// The archs each launch and kernel is evaluated for when the table has
  /// none for its file (the command's archs, --arch, or the default).
  std::vector<std::string> DefaultArchs;
  /// The checks that run; unset: every check.
  std::optional<std::vector<const Check *>> Enabled;
  CheckOptions Options;
};

/// A range of values at the launch (max(n, 2048), a clamp, a guarded
/// parameter), checked at its lowest value by the checks that fail upward
/// (Check::failsUpward): what fails there fails for every value. Adds to
/// Found.
void checkRangesAtLowest(llvm::ArrayRef<const Check *> Checks,
                         const LaunchContext &Ctx,
                         std::vector<Diagnostic> &Found);

/// The precision rules for one launch, applied to what Checks found on each
/// of its archs (Found[I] for PerArch[I]), reading and setting each
/// finding's Claim: one finding per check over sets of values, naming the
/// values that give it; a failure over sets of values needs every value to
/// fail (by any of Checks), or a value proven to reach the launch, else the
/// launch may fail; one under a device query (`if (prop.major >= 8)`) is
/// dropped unless it fires on every arch; a launch certain to fail on an
/// arch keeps its failures only. Then each message states its claim.
void settleLaunchFindings(llvm::ArrayRef<const Check *> Checks,
                          llvm::ArrayRef<LaunchContext> PerArch,
                          std::vector<std::vector<Diagnostic>> &Found);

/// A launch or setting that runs only when a device query says so
/// (`if (prop.sharedMemPerMultiprocessor >= SMEM)`) may never run on the
/// GPUs of an arch where its error fires: the code checks the device for
/// that very case. Its failures (Found[I] on the I-th target arch) are kept
/// only for a check that fails on every target arch.
void settleDeviceGuard(llvm::ArrayRef<const Check *> Checks,
                       const LaunchSite::Guard &Guard,
                       std::vector<std::vector<Diagnostic>> &PerArch);

/// Runs every enabled check over every launch, kernel and kernel setting
/// for every target arch. Diagnostics come out sorted by file, line,
/// column, then check in the order of Checks.def (the order in which the
/// runtime checks a launch: the first error of a launch is the one it
/// returns), check name, arch.
std::vector<Diagnostic> runChecks(const CheckRun &Run);

} // namespace cudalint

#endif // CUDALINT_CHECKS_H
