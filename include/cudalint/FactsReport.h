//===- FactsReport.h - Launches and kernels as JSON and text ----*- C++ -*-===//

#ifndef CUDALINT_FACTSREPORT_H
#define CUDALINT_FACTSREPORT_H

#include "cudalint/Checks.h"
#include "cudalint/DeviceResources.h"
#include "cudalint/Facts.h"
#include "cudalint/LaunchOccupancy.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

/// The "version" of the JSON document (docs/json-output.md): 2 added each
/// launch's "occupancy".
constexpr unsigned FactsReportVersion = 2;

/// DESIGN.md's JSON document: every launch and kernel, and the front end's
/// errors, even when there is no diagnostic. With Device, each kernel's
/// per_arch holds its device facts, and a "device" object the archs per file
/// and the device notes. Each launch's "occupancy" lists its entries of
/// Occupancy (indices into Units).
void writeFactsJSON(llvm::raw_ostream &OS,
                    llvm::ArrayRef<TranslationUnitFacts> Units,
                    const DeviceResourceTable *Device = nullptr,
                    llvm::ArrayRef<Diagnostic> Diagnostics = {},
                    llvm::ArrayRef<LaunchOccupancy> Occupancy = {});

/// --list-launches: one line per launch, and one per arch with its
/// occupancy when Occupancy has it.
void printLaunchList(llvm::raw_ostream &OS,
                     llvm::ArrayRef<TranslationUnitFacts> Units,
                     llvm::ArrayRef<LaunchOccupancy> Occupancy = {});

} // namespace cudalint

#endif
