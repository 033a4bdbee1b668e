//===- FactsJSON.h - The front end's facts, serialized ----------*- C++ -*-===//
//
// A lossless JSON form of TranslationUnitFacts, for the front-end facts
// cache: what is read back must be exactly what was written, field for
// field, or a cache hit would be a silent wrong answer. (The report writer,
// FactsReport.h, is a different thing: the documented output, which leaves
// fields out.) A field added to a facts struct must be added here too:
// FactsJSON.cpp counts the fields of every struct at compile time and fails
// the build until it is, and test/unit/FactsJSONTest.cpp round-trips an
// object with every field set.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_FACTSJSON_H
#define CUDALINT_FACTSJSON_H

#include "cudalint/Facts/Facts.h"

#include "llvm/Support/JSON.h"

namespace cudalint {

/// The version of the serialized form. Bump it when the form changes: the
/// facts cache keys on it, so every older entry becomes a miss.
constexpr unsigned FactsSchemaVersion = 15;

llvm::json::Value toJSON(const TranslationUnitFacts &U);

/// Strict: every field must be there with its type; false (and where in P)
/// otherwise, leaving U partly filled.
bool fromJSON(const llvm::json::Value &V, TranslationUnitFacts &U,
              llvm::json::Path P);

} // namespace cudalint

#endif // CUDALINT_FACTSJSON_H
