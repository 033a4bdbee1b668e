//===- CrossUnitValues.h - Parameters resolved from other files -*- C++ -*-===//

#ifndef CUDALINT_LIB_PIPELINE_CROSSUNITVALUES_H
#define CUDALINT_LIB_PIPELINE_CROSSUNITVALUES_H

#include "cudalint/Facts/Facts.h"

#include <vector>

namespace cudalint {

/// A launch value that is a parameter no call in its own file passes
/// (ResolvedValue::Parameter) becomes what the other files' calls of that
/// function pass (their ExternalCalls), through a few files of callers;
/// the threads per block follow. A function no analysed file calls stays
/// unknown, and says so.
void resolveAcrossUnits(std::vector<TranslationUnitFacts> &Units);

} // namespace cudalint

#endif
