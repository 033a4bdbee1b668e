//===- LocationMapper.h - Clang locations as the user sees them -*- C++ -*-===//
//
// The value engine records where each value came from; the front end decides
// how a Clang location is shown (a macro's use site, the file as named on
// the command line). Both share this one signature.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LOCATIONMAPPER_H
#define CUDALINT_LOCATIONMAPPER_H

#include "cudalint/Facts/Facts.h"

#include "clang/Basic/SourceLocation.h"

#include <functional>

namespace cudalint {

/// Turns a Clang location into the user-visible one (a macro's use site).
using LocationMapper = std::function<SourceLoc(clang::SourceLocation)>;

} // namespace cudalint

#endif
