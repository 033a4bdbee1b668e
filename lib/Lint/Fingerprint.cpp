//===- Fingerprint.cpp - Findings recognised across edits -----------------===//

#include "cudalint/Lint/Fingerprint.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace cudalint {

std::vector<std::string>
findingFingerprints(ArrayRef<Diagnostic> Findings,
                    function_ref<std::string(const Diagnostic &)> PathOf) {
  std::vector<std::string> Out;
  StringMap<unsigned> Occurrences; // base -> times seen
  for (const Diagnostic &D : Findings) {
    // A named string: a temporary inside the braced list would be gone
    // before the loop reads it (ASan: stack-use-after-scope).
    std::string Path = PathOf(D);
    std::string Key;
    for (StringRef Part : {StringRef(D.Check), StringRef(Path),
                           StringRef(D.Arch), StringRef(D.Message)}) {
      Key += Part;
      Key += '\0';
    }
    std::string Base = utohexstr(xxh3_64bits(Key), /*LowerCase=*/true, 16);
    Out.push_back(formatv("{0}:{1}", Base, ++Occurrences[Base]).str());
  }
  return Out;
}

std::string pathRelativeTo(StringRef File, StringRef Root) {
  SmallString<256> Prefix(Root);
  sys::path::remove_dots(Prefix, /*remove_dot_dot=*/true);
  if (!Prefix.empty() && !sys::path::is_separator(Prefix.back()))
    Prefix += '/';
  StringRef Rest = File;
  if (Prefix.size() > 1 && Rest.consume_front(Prefix))
    return sys::path::convert_to_slash(Rest);
  return File.str();
}

} // namespace cudalint
