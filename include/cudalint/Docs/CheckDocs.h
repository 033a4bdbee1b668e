//===- CheckDocs.h - The check pages, built into the tool --------*- C++
//-*-===//
//
// docs/checks/<check>.md, embedded at build time (lib/Docs/EmbedDocs.cmake):
// `--explain CHECK` prints a page, SARIF rules carry it as help text.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_CHECKDOCS_H
#define CUDALINT_CHECKDOCS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cudalint {

/// The Markdown page of CheckName; empty when there is none.
llvm::StringRef checkDocumentation(llvm::StringRef CheckName);

/// The page's one-line summary: the first paragraph after the "# name"
/// title, its lines joined with single spaces. Empty without a page.
std::string checkDocSummary(llvm::StringRef CheckName);

/// The index table of docs/checks/README.md, from the checks' declarations
/// (name, severity, options with their defaults, in registry order) and
/// their pages' summaries.
std::string checkIndexTable();

/// --list-checks: one line per check (name, severity, summary) and one per
/// option (accepted values, default, what it does), in registry order.
std::string checkListText();

/// The checks that have a page, sorted.
std::vector<llvm::StringRef> documentedChecks();

} // namespace cudalint

#endif // CUDALINT_CHECKDOCS_H
