//===- OccupancyReport.h - Occupancy calculator output ----------*- C++ -*-===//
//
// The `occupancy` subcommand's text report (laid out like NVIDIA's occupancy
// calculator, with terminal charts) and its JSON object.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_OCCUPANCYREPORT_H
#define CUDALINT_OCCUPANCYREPORT_H

#include "cudalint/Occupancy.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

/// One question to the calculator: which GPU, which launch.
struct OccupancyQuery {
  const ArchInfo *Arch = nullptr;
  const GpuPreset *Gpu = nullptr; // optional: adds whole-GPU figures
  OccupancyInput Input;
};

/// The human report: inputs, allocated resources, the per-limit table with
/// the binding limits marked, occupancy, suggestions and (optionally) the
/// three charts.
void printOccupancyReport(llvm::raw_ostream &OS, const OccupancyQuery &Q,
                          bool WithCharts);

/// One JSON object (DESIGN.md's occupancy contract), written as attributes of
/// the object currently open in JOS.
void writeOccupancyJSON(llvm::json::OStream &JOS, const OccupancyQuery &Q);

} // namespace cudalint

#endif // CUDALINT_OCCUPANCYREPORT_H
