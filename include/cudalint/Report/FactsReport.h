//===- FactsReport.h - Launches and kernels as JSON and text ----*- C++ -*-===//

#ifndef CUDALINT_FACTSREPORT_H
#define CUDALINT_FACTSREPORT_H

#include "cudalint/Checks/AmdChecks.h"
#include "cudalint/Checks/Checks.h"
#include "cudalint/Checks/LaunchOccupancy.h"
#include "cudalint/Device/DeviceResources.h"
#include "cudalint/Facts/Facts.h"
#include "cudalint/Lint/LaunchCoverage.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

/// The "version" of the JSON document (docs/json-output.md): 2 added each
/// launch's "occupancy". Additions that keep every key's meaning (each
/// launch's "checked", the device object's "warnings" and per-file
/// "not_targets" and "failures") keep the version.
constexpr unsigned FactsReportVersion = 2;

/// DESIGN.md's JSON document: every launch and kernel, and the front end's
/// errors, even when there is no diagnostic. With Device, each kernel's
/// per_arch holds its device facts, and a "device" object the archs per file
/// (with the archs a file is not built for and the compiles that failed),
/// the device notes and warnings. Each launch's "occupancy" lists its
/// entries of Occupancy (indices into Units); with Unchecked, each launch's
/// "checked" says whether it was fully checked and why not.
void writeFactsJSON(llvm::raw_ostream &OS,
                    llvm::ArrayRef<TranslationUnitFacts> Units,
                    const DeviceResourceTable *Device = nullptr,
                    llvm::ArrayRef<Diagnostic> Diagnostics = {},
                    llvm::ArrayRef<LaunchOccupancy> Occupancy = {},
                    const std::vector<UncheckedLaunch> *Unchecked = nullptr,
                    llvm::ArrayRef<AmdLaunchOccupancy> AmdOccupancy = {});

/// --list-launches: one line per launch and one per arch (or gfx target)
/// with its occupancy when Occupancy (AmdOccupancy) has it; then one line
/// per launch that was not fully checked, with its reasons, and the
/// summary line (uncheckedSummary).
void printLaunchList(llvm::raw_ostream &OS,
                     llvm::ArrayRef<TranslationUnitFacts> Units,
                     llvm::ArrayRef<LaunchOccupancy> Occupancy = {},
                     llvm::ArrayRef<UncheckedLaunch> Unchecked = {},
                     llvm::ArrayRef<AmdLaunchOccupancy> AmdOccupancy = {});

} // namespace cudalint

#endif
