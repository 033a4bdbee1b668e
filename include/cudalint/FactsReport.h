//===- FactsReport.h - Launches and kernels as JSON and text ----*- C++ -*-===//

#ifndef CUDALINT_FACTSREPORT_H
#define CUDALINT_FACTSREPORT_H

#include "cudalint/Checks.h"
#include "cudalint/DeviceResources.h"
#include "cudalint/Facts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

/// DESIGN.md's JSON document: every launch and kernel, and the front end's
/// errors, even when there is no diagnostic. With Device, each kernel's
/// per_arch holds its device facts, and a "device" object the archs per file
/// and the device notes.
void writeFactsJSON(llvm::raw_ostream &OS,
                    llvm::ArrayRef<TranslationUnitFacts> Units,
                    const DeviceResourceTable *Device = nullptr,
                    llvm::ArrayRef<Diagnostic> Diagnostics = {});

/// --list-launches: one line per launch.
void printLaunchList(llvm::raw_ostream &OS,
                     llvm::ArrayRef<TranslationUnitFacts> Units);

} // namespace cudalint

#endif
