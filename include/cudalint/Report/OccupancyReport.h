//===- OccupancyReport.h - Occupancy calculator output ----------*- C++ -*-===//
//
// The `occupancy` subcommand's text report (laid out like NVIDIA's occupancy
// calculator, with terminal charts) and its JSON object.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_OCCUPANCYREPORT_H
#define CUDALINT_OCCUPANCYREPORT_H

#include "cudalint/Occupancy/Occupancy.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

/// The human report: inputs, allocated resources, the per-limit table with
/// the binding limits marked, occupancy, suggestions and (optionally) the
/// three charts.
void printOccupancyReport(llvm::raw_ostream &OS, const OccupancyQuery &Q,
                          bool WithCharts);

/// One JSON object (DESIGN.md's occupancy contract), written as attributes of
/// the object currently open in JOS; with Q.GridBlocks and a GPU, also
/// "waves" (docs/json-output.md).
void writeOccupancyJSON(llvm::json::OStream &JOS, const OccupancyQuery &Q);

/// One line for a launch's occupancy on one arch (--list-launches):
/// "sm_90, 256 threads: 8 blocks/SM, 64 of 64 warps, occupancy 100% (limited
/// by warps, blocks); H100-SXM: 1056 blocks at once, the grid of 1057 runs in
/// 2 waves (the last holding 1 block)".
std::string occupancySummary(const OccupancyQuery &Q);

} // namespace cudalint

#endif // CUDALINT_OCCUPANCYREPORT_H
