//===- GlobList.cpp - clang-tidy style check-name glob lists --------------===//

#include "cudalint/Lint/GlobList.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace cudalint {

GlobList::GlobList(StringRef Globs, bool KeepNegativeGlobs) {
  // As clang-tidy: every ',' or '\n' separated piece is an item, even an
  // empty one (which then only matches the empty name).
  while (true) {
    size_t Sep = Globs.find_first_of(",\n");
    StringRef Piece = Globs.substr(0, Sep).trim();
    bool Positive = !Piece.consume_front("-");
    Piece = Piece.trim();
    if (Positive || KeepNegativeGlobs)
      Items.push_back({Positive, Piece.str()});
    if (Sep == StringRef::npos)
      break;
    Globs = Globs.substr(Sep + 1);
  }
  // A list that is nothing but blanks holds nothing.
  if (all_of(Items, [](const Item &I) { return I.Pattern.empty(); }))
    Items.clear();
}

bool GlobList::contains(StringRef Name) const {
  for (const Item &I : reverse(Items))
    if (globMatches(I.Pattern, Name))
      return I.Positive;
  return false;
}

bool globMatches(StringRef Pattern, StringRef Name) {
  // Iterative wildcard match with backtracking to the last '*'.
  size_t P = 0, N = 0;
  size_t StarP = StringRef::npos, StarN = 0;
  while (N < Name.size()) {
    if (P < Pattern.size() && Pattern[P] == '*') {
      StarP = P++;
      StarN = N;
    } else if (P < Pattern.size() && Pattern[P] == Name[N]) {
      ++P;
      ++N;
    } else if (StarP != StringRef::npos) {
      P = StarP + 1;
      N = ++StarN;
    } else {
      return false;
    }
  }
  while (P < Pattern.size() && Pattern[P] == '*')
    ++P;
  return P == Pattern.size();
}

} // namespace cudalint
