//===- LaunchOccupancy.h - Each launch's occupancy, per arch ----*- C++ -*-===//
//
// What the occupancy calculator says about each launch of a run on each of
// its archs: the same input the occupancy checks use (registers and static
// shared memory from the device facts, the dynamic shared memory, the
// kernel's carveout, cache preference and opt-in), so the reports show the
// numbers the findings are made of.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LAUNCHOCCUPANCY_H
#define CUDALINT_LAUNCHOCCUPANCY_H

#include "cudalint/Checks/Checks.h"
#include "cudalint/Occupancy/Occupancy.h"

#include <cstddef>
#include <vector>

namespace cudalint {

/// One launch on one arch at one block size.
struct LaunchOccupancy {
  /// The launch: CheckRun::Units[Unit].Launches[Launch].
  size_t Unit = 0, Launch = 0;
  /// The arch, the --gpu preset when it is of that arch, the calculator's
  /// input, the kernel's launch bound and the grid's blocks when known.
  OccupancyQuery Query;
};

/// Every launch x arch whose block size is known (each value of a set) and
/// whose kernel has device facts there, with a constant dynamic shared
/// memory; in unit, launch and arch order.
std::vector<LaunchOccupancy> launchOccupancies(const CheckRun &Run);

} // namespace cudalint

#endif // CUDALINT_LAUNCHOCCUPANCY_H
