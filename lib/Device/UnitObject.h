//===- UnitObject.h - A unit's device facts from its own object -*- C++ -*-===//
//
// --resource-usage=objects: the object a compile command wrote (-o) holds
// the cubins ptxas made for it; when it is newer than everything it was
// built from, its kernels stand for the unit's device compiles.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_DEVICE_UNITOBJECT_H
#define CUDALINT_LIB_DEVICE_UNITOBJECT_H

#include "NinjaDeps.h"

#include "cudalint/Device/DeviceFacts.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace cudalint::device {

/// Whether an object is older than what it was built from: its source, and
/// the headers the build recorded (the command's -MF depfile when it is
/// there, else Ninja's .ninja_deps in the command's directory). Each Ninja
/// log is read once.
class FreshnessCheck {
public:
  /// Why Object cannot stand for a compile of Source now ("older than its
  /// source"), or none when it can.
  std::optional<std::string> staleness(llvm::StringRef Object,
                                       llvm::StringRef Source,
                                       llvm::StringRef Depfile,
                                       llvm::StringRef Directory);

private:
  /// Directory -> its Ninja log; null when it has none (or a broken one).
  std::map<std::string, std::unique_ptr<NinjaDepsLog>> Logs;
  const NinjaDepsLog *ninjaLog(llvm::StringRef Directory);
};

/// Fills U (target archs, archs with results, kernels, notes) from In's
/// object and returns true when that object can stand for the unit's
/// device compiles; else returns false, with a note on U saying why the
/// unit is compiled instead ("<obj>: older than its source, compiled
/// instead"), or none when the command itself is unusable (the planner
/// says so).
bool factsFromObject(const DeviceCompileInput &In,
                     const DeviceFactsOptions &Opts, FreshnessCheck &Fresh,
                     TranslationUnitDeviceFacts &U);

} // namespace cudalint::device

#endif
