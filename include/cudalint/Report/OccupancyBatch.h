//===- OccupancyBatch.h - `occupancy --batch` JSON lines -------*- C++ -*-===//
//
// DESIGN.md's batch contract: every non-empty input line gets exactly one
// output line, a JSON object, in either vendor's occupancy form; a bad line
// gets {"line": N, "error": ...} and the other lines are still answered.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_OCCUPANCYBATCH_H
#define CUDALINT_OCCUPANCYBATCH_H

#include "cudalint/Occupancy/OccupancyRequest.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace cudalint {

/// Q's JSON members (writeOccupancyJSON or writeAmdOccupancyJSON), written
/// as attributes of the object currently open in JOS.
void writeAnyOccupancyJSON(llvm::json::OStream &JOS,
                           const AnyOccupancyQuery &Q);

/// Answers every line of a --batch Input, each line's fields over Defaults
/// (the command line's); returns how many lines were not valid. The batch
/// fuzzer's entry point.
unsigned runOccupancyBatch(llvm::StringRef Input,
                           const OccupancyRequest &Defaults,
                           llvm::raw_ostream &OS);

} // namespace cudalint

#endif // CUDALINT_OCCUPANCYBATCH_H
