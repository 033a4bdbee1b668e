//===- LimitsJSON.h - The limits of an occupancy answer as JSON -*- C++ -*-===//
//
// The CUDA and AMD occupancy reports name their limits the same way: a
// "limits" object with what each limit allows (null where it is no limit)
// and a "binding" array of the limits that set the answer. Both write a
// value that is not there as null.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_REPORT_LIMITSJSON_H
#define CUDALINT_LIB_REPORT_LIMITSJSON_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstddef>
#include <limits>
#include <optional>

namespace cudalint {

/// The value, or null without one.
template <typename T> llvm::json::Value orNull(const std::optional<T> &V) {
  return V ? llvm::json::Value(*V) : llvm::json::Value(nullptr);
}

/// AllowedBy is the result's member giving what one limit allows; the
/// largest unsigned means "not a limit" in both models (Unlimited,
/// AmdUnlimited).
template <typename LimitT, std::size_t N, typename Result>
void writeLimitsJSON(llvm::json::OStream &JOS, const LimitT (&AllLimits)[N],
                     llvm::StringRef (*NameOf)(LimitT), const Result &R,
                     unsigned (Result::*AllowedBy)(LimitT) const) {
  JOS.attributeObject("limits", [&] {
    for (LimitT L : AllLimits) {
      unsigned Allowed = (R.*AllowedBy)(L);
      JOS.attribute(NameOf(L), Allowed == std::numeric_limits<unsigned>::max()
                                   ? llvm::json::Value(nullptr)
                                   : llvm::json::Value(Allowed));
    }
  });
  JOS.attributeArray("binding", [&] {
    for (LimitT L : AllLimits)
      if (R.binds(L))
        JOS.value(NameOf(L));
  });
}

} // namespace cudalint

#endif
