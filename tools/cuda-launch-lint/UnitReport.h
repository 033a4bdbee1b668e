//===- UnitReport.h - What the compiler launcher leaves per unit -*- C++
//-*-===//
//
// `--wrap` writes <object>.cuda-launch-lint.json next to each object it
// lints; `merge <build dir>` reads them all back and writes one report in
// any format the lint writes. Version 2 keeps what the JSON and HTML reports
// need besides the findings: the unit's front-end facts (FactsJSON's
// lossless form), its device facts, its archs and the GPU preset. Version 1
// (findings only, merged across archs) is still read.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_TOOLS_UNITREPORT_H
#define CUDALINT_TOOLS_UNITREPORT_H

#include "cudalint/Device/DeviceResources.h"
#include "cudalint/Facts/Diagnostic.h"
#include "cudalint/Facts/Facts.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cudalint {

constexpr llvm::StringLiteral UnitReportSuffix = ".cuda-launch-lint.json";

struct UnitReport {
  unsigned Version = 2;
  std::string Source;
  /// One per arch (version 1: merged across archs, as text prints them).
  std::vector<Diagnostic> Findings;
  /// Version 2: the unit's facts, device facts, default archs and --gpu
  /// preset name (empty for none).
  std::vector<TranslationUnitFacts> Units;
  DeviceResourceTable Device;
  std::vector<std::string> DefaultArchs;
  std::string Gpu;
};

llvm::Error writeUnitReport(llvm::StringRef Path, const UnitReport &R);
llvm::Expected<UnitReport> readUnitReport(llvm::StringRef Path);

} // namespace cudalint

#endif
