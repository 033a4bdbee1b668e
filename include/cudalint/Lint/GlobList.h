//===- GlobList.h - clang-tidy style check-name glob lists -------*- C++
//-*-===//
//
// "-*,cuda-occupancy-*" and friends, with clang-tidy's semantics: items are
// separated by ',' or newlines and trimmed, a leading '-' makes an item
// negative, '*' matches any run of characters (nothing else is special), and
// the last item that matches a name decides. Used by NOLINT check lists,
// --warnings-as-errors and the config file's glob keys.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_GLOBLIST_H
#define CUDALINT_GLOBLIST_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cudalint {

class GlobList {
public:
  /// KeepNegativeGlobs = false drops '-' items (NOLINT check lists do that).
  explicit GlobList(llvm::StringRef Globs, bool KeepNegativeGlobs = true);

  /// Whether the last item matching Name is positive; false when none does.
  bool contains(llvm::StringRef Name) const;

  /// No items at all (an empty or all-blank list).
  bool empty() const { return Items.empty(); }

private:
  struct Item {
    bool Positive;
    std::string Pattern; // trimmed, without the '-'
  };
  std::vector<Item> Items;
};

/// Whether Name matches Pattern, where '*' matches any (possibly empty) run of
/// characters and every other character matches itself.
bool globMatches(llvm::StringRef Pattern, llvm::StringRef Name);

} // namespace cudalint

#endif // CUDALINT_GLOBLIST_H
