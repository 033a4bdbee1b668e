//===- TableLookup.h - Finding a row of an arch or preset table -*- C++ -*-===//
//
// The CUDA and AMD arch tables and GPU preset tables are looked up the same
// way: find the row, or refuse the spelling naming every row that exists.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_ARCH_TABLELOOKUP_H
#define CUDALINT_LIB_ARCH_TABLELOOKUP_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <string>

namespace cudalint {

/// Found, or "unknown <What> '<Spelling>' (known: <every row's Name><Hint>)".
template <typename Row>
llvm::Expected<const Row &>
foundOrKnownList(const Row *Found, llvm::ArrayRef<Row> All,
                 llvm::StringRef What, llvm::StringRef Spelling,
                 llvm::StringRef Hint = "") {
  if (Found)
    return *Found;
  std::string Known = llvm::join(
      llvm::map_range(All, [](const Row &R) { return R.Name.str(); }), ", ");
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "unknown " + What + " '" + Spelling +
                                     "' (known: " + Known + Hint + ")");
}

/// Preset names compare this way: "h100-sxm", "H100_SXM" and "H100 SXM" are
/// one name.
inline std::string normalizePresetName(llvm::StringRef S) {
  std::string Out;
  for (char C : S.trim())
    Out += (C == '_' || C == ' ') ? '-' : llvm::toLower(C);
  return Out;
}

/// The preset whose name normalizes as Name does, or null.
template <typename Preset>
const Preset *findPresetByName(llvm::ArrayRef<Preset> All,
                               llvm::StringRef Name) {
  std::string Wanted = normalizePresetName(Name);
  for (const Preset &P : All)
    if (normalizePresetName(P.Name) == Wanted)
      return &P;
  return nullptr;
}

} // namespace cudalint

#endif
