//===- OccupancyRequest.h - An occupancy question, as asked -*- C++ -*-===//
//
// `cuda-launch-lint occupancy` takes its question from the command line or
// from --batch JSON lines. Both describe the same fields and fill an
// OccupancyRequest; one function turns a request into a validated query for
// either vendor's calculator, so every bad value gets the same message
// either way. Command-line values are defaults for batch lines.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_OCCUPANCYREQUEST_H
#define CUDALINT_OCCUPANCYREQUEST_H

#include "cudalint/Occupancy/AmdOccupancy.h"
#include "cudalint/Occupancy/Occupancy.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace cudalint {

/// The fields a user can give, in either front end. Numbers are kept wide
/// and signed so that range errors can be reported with the value given.
struct OccupancyRequest {
  std::optional<std::string> Arch, Gpu, CacheConfig, Mode;
  std::optional<int64_t> Threads, Regs, Smem, DynSmem, MaxDynSmem, Carveout,
      Barriers;
  // AMD targets only.
  std::optional<int64_t> Vgprs, Agprs, Sgprs, Lds, DynLds, WaveSize,
      MinWavesPerEU, MaxWavesPerEU;
};

/// A resolved question for either vendor's calculator.
using AnyOccupancyQuery = std::variant<OccupancyQuery, AmdOccupancyQuery>;

/// Checks a request and turns it into a query the calculator of its vendor
/// accepts (an AMD one for a gfx arch or an AMD GPU preset); an error names
/// the field ("threads: missing: ...").
llvm::Expected<AnyOccupancyQuery>
resolveOccupancyRequest(const OccupancyRequest &R);

/// The text field a batch key or an option (its dashes as underscores)
/// names, or null.
std::optional<std::string> *requestTextField(OccupancyRequest &R,
                                             llvm::StringRef Field);

/// The number field a batch key or an option names, or null.
std::optional<int64_t> *requestNumberField(OccupancyRequest &R,
                                           llvm::StringRef Field);

/// Sizes in bytes, which accept a K suffix on the command line.
bool isRequestByteField(llvm::StringRef Field);

/// "256", "48K", "48KiB", "48KB" (K = 1024, as CUDA documentation uses it;
/// suffixes only with AllowK); an error names Field.
llvm::Expected<int64_t> parseRequestNumber(llvm::StringRef Field,
                                           llvm::StringRef Text, bool AllowK);

/// Fills R from one --batch line (its "id" is skipped). Unknown keys are
/// errors: a typo such as "thread" must not silently fall back to a
/// default.
llvm::Error readOccupancyBatchLine(const llvm::json::Object &Line,
                                   OccupancyRequest &R);

} // namespace cudalint

#endif // CUDALINT_OCCUPANCYREQUEST_H
