//===- CheckSupport.h - Helpers shared by the checks ------------*- C++ -*-===//

#ifndef CUDALINT_LIB_CHECKS_CHECKSUPPORT_H
#define CUDALINT_LIB_CHECKS_CHECKSUPPORT_H

#include "cudalint/Checks/AmdChecks.h"
#include "cudalint/Checks/Checks.h"
#include "cudalint/Occupancy/Occupancy.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// The values a launch parameter certainly takes in some execution: the
/// constant, or each member of a set. A range says only what is possible,
/// so it gives none; neither does unknown.
std::vector<int64_t> possibleValues(const ResolvedValue &V);

/// The possible threads per block of the launch that the arch can run
/// (1..MaxThreadsPerBlock); larger blocks are cuda-block-size-invalid's.
std::vector<int64_t> runnableBlockSizes(const LaunchContext &Ctx);

/// The runnable block sizes the user chose: none where the occupancy API
/// chose the block size (OccupancyTuned), since the runtime picked it for
/// this kernel on this GPU and a check of the choice has nothing to say.
std::vector<int64_t> userChosenBlockSizes(const LaunchContext &Ctx);

/// One error per possible value of a component of Dims (a block's or a
/// grid's, named What) that is 0 or over its Max; returns whether any.
bool reportDimensionLimits(const Check &C, const LaunchContext &Ctx,
                           const Dim3Value &Dims,
                           const std::array<uint64_t, 3> &Max,
                           llvm::StringRef What, std::vector<Diagnostic> &Out);

/// The options declared in Checks.def: <Id>Option.
#define CUDALINT_OPTION(Id, Kind, Default, Min, Max, MinExclusive, Doc)        \
  inline constexpr CheckOptionSpec Id##Option{                                 \
      #Id, CheckOptionSpec::Type::Kind, Default, Min, Max, MinExclusive, Doc};
#include "Checks.def"

/// The checks declared in Checks.def; <Class>.cpp defines check<Facts>
/// and/or checkAmd<Facts>, as its Vendors say.
// Each body a check's Vendors (Checks.def) declares.
#define CUDALINT_CUDA_BODY_Cuda(Facts)                                         \
  void check##Facts(const Facts##Context &Ctx, Findings &Out) const override;
#define CUDALINT_CUDA_BODY_Amd(Facts)
#define CUDALINT_CUDA_BODY_Both(Facts) CUDALINT_CUDA_BODY_Cuda(Facts)
#define CUDALINT_AMD_BODY_Cuda(Facts)
#define CUDALINT_AMD_BODY_Amd(Facts)                                           \
  void checkAmd##Facts(const Amd##Facts##Context &Ctx, Findings &Out)          \
      const override;
#define CUDALINT_AMD_BODY_Both(Facts) CUDALINT_AMD_BODY_Amd(Facts)
#define CUDALINT_CHECK(Class, Facts, Vendors, Name, Sev, Sizes, Summary, ...)  \
  class Class final : public Check {                                           \
  public:                                                                      \
    Class();                                                                   \
    CUDALINT_CUDA_BODY_##Vendors(Facts) CUDALINT_AMD_BODY_##Vendors(Facts)     \
  };
#include "Checks.def"

/// A block of one thread, or a known grid of at most one warp of threads in
/// all: the launch is deliberately small, and its lanes and occupancy do not
/// matter.
bool isTinyLaunch(const LaunchSite &L, int64_t Threads);

/// Whether an occupancy finding for this launch at Threads threads per
/// block is worth reading, by check C's IgnoreTinyLaunches and
/// IgnoreSmallGrids options.
bool occupancyMatters(const Check &C, const LaunchContext &Ctx,
                      int64_t Threads);
/// The same for any GPU family: FewestProcessors gives the fewest SMs (or
/// CUs) a GPU of the target has, none when no preset has it.
bool occupancyMattersOn(
    const Check &C, const CheckOptions &Options, const LaunchSite &L,
    int64_t Threads,
    llvm::function_ref<std::optional<unsigned>()> FewestProcessors);

/// The fewest SMs a GPU of this arch has: the --gpu preset's when it is of
/// this arch, else the smallest preset's; none when no preset has the arch.
std::optional<unsigned> fewestSMs(const LaunchContext &Ctx);

/// The GPU of this arch with the most SMs: the --gpu preset when it is of
/// this arch, else the preset with the most SMs; null when no preset has
/// the arch. A bound that holds for it holds for every known GPU of the
/// arch.
const GpuPreset *largestGpu(const LaunchContext &Ctx);

/// "48 KiB", "1.5 KiB", "100 B".
std::string formatBytes(uint64_t Bytes);
/// "25%"
std::string formatPercent(double Fraction);

/// The cudaError_t values error findings name (docs/checks/README.md,
/// "Runtime errors").
enum class RuntimeError {
  InvalidValue,
  LaunchOutOfResources,
  CooperativeLaunchTooLarge,
  InvalidClusterSize,
};

/// The toolkit the names were checked on: 526 launches run on an H100 and
/// 633 on an H200 and an H100 with the CUDA 13.0 runtime (DESIGN.md,
/// bench/gpu/recordings). Older toolkits are reported to return other codes
/// (cudaErrorInvalidConfiguration for a bad block).
inline constexpr llvm::StringLiteral RuntimeErrorsCheckedOn = "13.0";

/// The error of a launch no block of which can be resident on an SM (its
/// shared memory or registers are over what one block may have): a
/// cooperative launch returns cudaErrorCooperativeLaunchTooLarge, checked
/// on an H200 (CUDA 13.0) for shared memory without an opt-in and for the
/// register file; any other launch returns Otherwise. None when whether the
/// launch is cooperative is not known.
std::optional<RuntimeError> notResidentError(const LaunchSite &L,
                                             RuntimeError Otherwise);
/// ", and a cooperative launch needs every block resident at once" for a
/// cooperative launch, to follow why no block can be resident; empty
/// otherwise.
std::string cooperativeResidencyReason(const LaunchSite &L);

/// E's name as the call Api returns it ("cudaErrorInvalidValue", a driver
/// API call's "CUDA_ERROR_INVALID_VALUE") when the run's toolkit is
/// RuntimeErrorsCheckedOn or newer; empty for an older or unknown toolkit:
/// no name is better than a wrong one.
std::string runtimeErrorName(const CheckOptions &O, RuntimeError E,
                             llvm::StringRef Api);

/// States a launch finding's claim at the end of its message, once the
/// checks and their policy are done: "; the launch fails with
/// cudaErrorInvalidValue", "; the launch may fail" (no name when it is not
/// known); nothing for advice.
void stateLaunchOutcome(Diagnostic &D);
/// A failure that cannot be promised for every value or path: a warning
/// that claims the launch may fail.
void claimMayFail(Diagnostic &D);
/// Found, the findings of launch L on one arch, when a value of L is known
/// only from the branch tests on the way (ValueOrigin::BranchTest): its
/// failures may fail, its advice is dropped; with NameTests, notes name
/// those tests (LaunchFindings.cpp).
void settleBranchTestValues(const LaunchSite &L, std::vector<Diagnostic> &Found,
                            bool NameTests);

/// A diagnostic of check C at the launch, for the launch's arch, with a note
/// at the kernel's declaration.
Diagnostic launchDiagnostic(const Check &C, const LaunchContext &Ctx,
                            std::string Message);
/// A launch that fails: launchDiagnostic claiming Claim::Fails, with E's
/// name in Diagnostic::CudaError (none when the run's toolkit is not one the
/// name was checked on, or E is none).
Diagnostic launchError(const Check &C, const LaunchContext &Ctx,
                       llvm::StringRef Message, std::optional<RuntimeError> E);
/// A diagnostic of check C at a cudaFuncSetAttribute-like call, for the
/// context's arch, with a note at the kernel's declaration.
Diagnostic settingDiagnostic(const Check &C, const SettingContext &Ctx,
                             std::string Message);
Diagnostic kernelDiagnostic(const Check &C, const KernelContext &Ctx,
                            const SourceLoc &Loc, std::string Message);

/// Notes saying where a value came from (template argument, macro, caller).
void addOriginNotes(Diagnostic &D, const ResolvedValue &V,
                    llvm::StringRef What);
/// Where the block's dimensions came from.
void addBlockOriginNotes(Diagnostic &D, const LaunchSite &L);
/// "sm_80: 108 registers, 0 B spilled (nvcc)"
void addResourceNote(Diagnostic &D, const KernelResources *R);
void addNote(Diagnostic &D, SourceLoc Loc, std::string Message);
/// A note at each of Settings, made for other kernels than the launch's
/// (its kernel not being known), that What of theirs may be the launch's.
void addNotesOfOtherKernels(Diagnostic &D,
                            llvm::ArrayRef<const KernelSetting *> Settings,
                            llvm::StringRef What);

/// "'scale'" or "the kernel" when it could not be traced.
std::string kernelName(const LaunchSite &L);

/// The occupancy calculator's input for this launch with Threads threads
/// per block: registers and static shared memory from the device facts,
/// dynamic shared memory when it is a constant, the carveout, cache
/// preference and opt-in from the kernel's settings. None without device
/// facts, when the dynamic shared memory is not a constant, or when Threads
/// is not a block size of the arch (1 to its maximum).
std::optional<OccupancyInput> occupancyInput(const LaunchContext &Ctx,
                                             int64_t Threads);

/// The registers per thread a __launch_bounds__(MaxThreads, MinBlocks) lets
/// ptxas use on the arch: the most (up to the arch's per-thread maximum) at
/// which MinBlocks (at least 1) blocks of MaxThreads threads fit in the
/// register file. None when MaxThreads is not a block size of the arch or
/// not even one register per thread fits.
std::optional<unsigned>
registersAllowedByBound(const ArchInfo &Arch, int64_t MaxThreads,
                        std::optional<int64_t> MinBlocks);

/// Whether a kernel's launch bound is what limits its registers on the arch:
/// the bound allows fewer registers than the arch's per-thread maximum and
/// the kernel uses all of them. A bound that allows more than the kernel
/// uses (a 256-thread bound allows 255 on every arch) did not cause spills.
bool launchBoundCapsRegisters(const ArchInfo &Arch, const KernelInfo &Kernel,
                              const KernelResources &R);

} // namespace cudalint

#endif
