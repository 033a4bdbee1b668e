//===- RunIndex.h - The facts of a run, indexed for the checks --*- C++ -*-===//
//
// The facts of all files of a run together: a kernel defined in one file may
// be launched, or configured, in another. runChecks and launchOccupancies
// see each launch through the same contexts, on CUDA archs and gfx targets.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_CHECKS_RUNINDEX_H
#define CUDALINT_LIB_CHECKS_RUNINDEX_H

#include "cudalint/Arch/AmdArch.h"
#include "cudalint/Checks/Checks.h"

#include <map>
#include <string>
#include <vector>

namespace cudalint {

class RunIndex {
public:
  explicit RunIndex(const CheckRun &Run);

  /// The kernel's facts (its definition preferred over a declaration);
  /// null when no file has it.
  const KernelInfo *kernel(const std::string &Mangled) const;
  /// The archs a unit's launches and kernels are evaluated for.
  std::vector<const ArchInfo *> archsOf(const TranslationUnitFacts &U) const;
  /// Whether the kernel's code is removed on A (DeviceResourceTable::
  /// compiledOut): nothing of it is judged for A.
  bool compiledOut(llvm::StringRef Mangled, const ArchInfo &A) const;
  /// The kernel's device facts on A; null without them.
  const KernelResources *resources(llvm::StringRef Mangled,
                                   const ArchInfo &A) const;
  /// Every launch of the kernel, in every file.
  llvm::ArrayRef<const LaunchSite *>
  launchesOf(const std::string &Mangled) const;
  /// Every cudaFuncSetAttribute-like call of the kernel, in every file.
  llvm::ArrayRef<const KernelSetting *>
  settingsOf(const std::string &Mangled) const;
  /// The gfx targets a unit's HIP launches and kernels are evaluated for.
  std::vector<const AmdArchInfo *>
  amdArchsOf(const TranslationUnitFacts &U) const;
  /// The kernel's device facts on gfx target A; null without them.
  const KernelResources *resources(llvm::StringRef Mangled,
                                   const AmdArchInfo &A) const;
  /// Launch L of unit U on each of the unit's archs.
  std::vector<LaunchContext> launchContexts(const TranslationUnitFacts &U,
                                            const LaunchSite &L) const;

private:
  const CheckRun &Run;
  std::map<std::string, const KernelInfo *> Kernels;
  std::map<std::string, std::vector<const KernelSetting *>> Settings;
  /// Every setting of the run, a CUfunction's whose kernel is not known
  /// included.
  std::vector<const KernelSetting *> AllSettings;
  std::map<std::string, std::vector<const LaunchSite *>> Launches;
};

} // namespace cudalint

#endif
