//===- AmdOccupancyReport.h - AMD occupancy calculator output ----*- C++
//-*-===//
//
// `occupancy --arch gfx90a`'s text report and JSON object: waves per SIMD,
// work-groups per CU, the limits in waves per SIMD with the binding ones
// marked, and the smallest changes that add a wave (docs/occupancy.md).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_AMDOCCUPANCYREPORT_H
#define CUDALINT_AMDOCCUPANCYREPORT_H

#include "cudalint/Occupancy/AmdOccupancy.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace cudalint {

/// The human report for one AMD query.
void printAmdOccupancyReport(llvm::raw_ostream &OS, const AmdOccupancyQuery &Q);

/// One line for --list-launches: "gfx90a, 256 threads: 8 of 8 waves per
/// SIMD, occupancy 100%, 8 work-groups per CU (limited by waves)".
std::string amdOccupancySummary(const AmdOccupancyQuery &Q);

/// One JSON object's attributes (docs/occupancy.md, AMD), written into the
/// object currently open in JOS.
void writeAmdOccupancyJSON(llvm::json::OStream &JOS,
                           const AmdOccupancyQuery &Q);

/// Resident work-groups on the whole GPU: work-groups per CU (per WGP in
/// WGP mode, a WGP being two CUs) times the units.
uint64_t amdWorkGroupsPerGpu(const AmdOccupancyQuery &Q,
                             const AmdOccupancyResult &R);

} // namespace cudalint

#endif // CUDALINT_AMDOCCUPANCYREPORT_H
