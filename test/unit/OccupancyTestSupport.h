//===- OccupancyTestSupport.h - What the arch and occupancy tests share ---===//
//
// An arch looked up by name (a misspelt name fails the test where it is
// used), and the names of the limits an occupancy result binds, for the
// CUDA and the AMD model alike.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_TEST_UNIT_OCCUPANCYTESTSUPPORT_H
#define CUDALINT_TEST_UNIT_OCCUPANCYTESTSUPPORT_H

#include "cudalint/Arch/AmdArch.h"
#include "cudalint/Arch/Arch.h"
#include "cudalint/Occupancy/AmdOccupancy.h"
#include "cudalint/Occupancy/Occupancy.h"

#include "gtest/gtest.h"

#include <cstddef>
#include <set>
#include <string>

namespace cudalint::occtest {

inline const ArchInfo &arch(const char *Name) {
  const ArchInfo *A = findArch(Name);
  EXPECT_NE(A, nullptr) << Name;
  return *A;
}

inline const AmdArchInfo &amd(const char *Name) {
  const AmdArchInfo *A = findAmdArch(Name);
  EXPECT_NE(A, nullptr) << Name;
  return *A;
}

using Names = std::set<std::string>;

/// The names of the limits of All that bind R.
template <typename LimitT, std::size_t N, typename ResultT>
Names bindingOf(const ResultT &R, const LimitT (&All)[N],
                llvm::StringRef (*NameOf)(LimitT)) {
  Names Out;
  for (LimitT L : All)
    if (R.binds(L))
      Out.insert(NameOf(L).str());
  return Out;
}

inline Names binding(const OccupancyResult &R) {
  return bindingOf(R, AllLimits, limitName);
}

inline Names binding(const AmdOccupancyResult &R) {
  return bindingOf(R, AllAmdLimits, amdLimitName);
}

} // namespace cudalint::occtest

#endif // CUDALINT_TEST_UNIT_OCCUPANCYTESTSUPPORT_H
