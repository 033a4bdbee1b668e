//===- HtmlReport.h - One offline page, for people --------------*- C++ -*-===//
//
// `--format html`: a self-contained page (inline CSS and SVG, no script, no
// network): a summary by file, check and arch; a kernel x arch table of
// registers, shared memory, spills, occupancy and the binding limit; every
// finding with its source lines and notes; a table of each launch's
// occupancy per arch (blocks and warps per SM, the binding limits, the block
// sizes that would lift it, and with a GPU preset blocks per GPU and waves);
// and for each launch with a known block size, its occupancy against block
// size, registers and shared memory with the launch marked.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_HTMLREPORT_H
#define CUDALINT_HTMLREPORT_H

#include "cudalint/Checks/LaunchOccupancy.h"
#include "cudalint/Device/DeviceResources.h"
#include "cudalint/Facts/Diagnostic.h"
#include "cudalint/Facts/Facts.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace cudalint {

struct HtmlReportInput {
  llvm::ArrayRef<TranslationUnitFacts> Units;
  const DeviceResourceTable *Device = nullptr;
  /// Merged across archs, as text prints them.
  llvm::ArrayRef<Diagnostic> Findings;
  /// The archs launches were checked for where the device facts name none.
  std::vector<std::string> DefaultArchs;
  std::string ToolVersion;
  /// Each launch's occupancy per arch (indices into Units): the launch
  /// occupancy table.
  llvm::ArrayRef<LaunchOccupancy> Occupancy;
};

void writeHtmlReport(llvm::raw_ostream &OS, const HtmlReportInput &In);

} // namespace cudalint

#endif // CUDALINT_HTMLREPORT_H
