//===- LaunchCoverage.h - Which launches were not fully checked -*- C++ -*-===//
//
// No silent pass: a launch whose kernel, values or device facts are missing
// was not fully checked, and every output says so with the reason (the text
// summary line and --list-launches, JSON's "checked", SARIF's notifications,
// the language server's information diagnostics, the --fail-on-unchecked
// gate). Computed from the same facts and archs the checks read.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LAUNCHCOVERAGE_H
#define CUDALINT_LAUNCHCOVERAGE_H

#include "cudalint/Checks/Checks.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <string>
#include <vector>

namespace cudalint {

/// One reason a launch was not fully checked.
struct UncheckedReason {
  enum class Kind {
    /// The launched kernel could not be traced (a function pointer, a
    /// CUfunction): its launch bounds and device facts are unknown.
    UnknownKernel,
    /// A value of the launch is unknown (Detail: which part and why).
    UnknownGrid,
    UnknownBlock,
    UnknownDynamicSharedMemory,
    UnknownCluster,
    /// A value of the launch is made of sizes read at run time (Detail:
    /// which part, its inputs, and what keeps it launchable: "safe while
    /// ne1 <= 65535").
    RuntimeGrid,
    RuntimeBlock,
    RuntimeDynamicSharedMemory,
    /// The kernel has no device facts on Arch (registers, shared memory,
    /// the launch bounds the device compiler saw): Cause says why.
    NoDeviceFacts,
    /// The file's code is built for none of the archs asked for: it was
    /// judged for no arch.
    NoTargetArch,
  };
  Kind K;
  /// NoDeviceFacts: the arch; empty when device facts are off altogether.
  std::string Arch;
  /// NoDeviceFacts: "timed_out", "compile_failed", "cancelled",
  /// "no_report" (deviceGapKindName), "not_in_device_output",
  /// "versioned_namespace_differs",
  /// "not_compiled", "device_facts_off".
  std::string Cause;
  /// Why, in words: the value's reason, the device compile's outcome.
  std::string Detail;
};

/// A launch (Units[Unit].Launches[Launch]) that was not fully checked.
struct UncheckedLaunch {
  size_t Unit = 0, Launch = 0;
  std::vector<UncheckedReason> Reasons; // never empty
};

/// "unknown_kernel", "unknown_grid", "unknown_block",
/// "unknown_dynamic_smem", "unknown_cluster", "runtime_grid",
/// "runtime_block", "runtime_dynamic_smem", "no_device_facts",
/// "no_target_arch": the kind's name in JSON, SARIF and the summary.
llvm::StringRef uncheckedKindName(UncheckedReason::Kind K);

/// One reason for people: "unknown block size (block.x: ...)", "no device
/// facts on sm_80 (nvcc timed out after 300 s (killed))".
std::string describeUncheckedReason(const UncheckedReason &R);
/// Each reason described, joined with "; ".
std::string describeUncheckedReasons(llvm::ArrayRef<UncheckedReason> Reasons);

/// "launch of 'k' not fully checked: <each reason>": the one line that
/// every door without a summary (SARIF, the language server, the embedded
/// hosts) gives a launch that was not fully checked.
std::string uncheckedLaunchMessage(const LaunchSite &L,
                                   llvm::ArrayRef<UncheckedReason> Reasons);

/// Whether L is a launch its file makes: not one in a template the file
/// never instantiates (a header's, most often), which is listed and checked
/// for what its own text says but is no launch of this file, so it is
/// neither counted nor said to be not fully checked.
bool isLaunchOfTheFile(const LaunchSite &L);
/// How many launches of Units are launches of their files.
size_t launchesOfTheFiles(llvm::ArrayRef<TranslationUnitFacts> Units);

/// Every launch of Run.Units that was not fully checked, in unit and launch
/// order, judged on the archs the checks use for its file (without the
/// archs the file is not built for).
std::vector<UncheckedLaunch> uncheckedLaunches(const CheckRun &Run);

/// The text output's summary: "2 of 5 launches not fully checked: 1 unknown
/// block size, 2 no device facts (sm_90: nvcc timed out after 300 s
/// (killed))"; empty when every launch was checked.
std::string uncheckedSummary(llvm::ArrayRef<UncheckedLaunch> Unchecked,
                             size_t TotalLaunches);

} // namespace cudalint

#endif // CUDALINT_LAUNCHCOVERAGE_H
