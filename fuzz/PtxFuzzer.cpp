//===- PtxFuzzer.cpp - .entry directives of a PTX module ------------------===//

#include "cudalint/Device/DeviceFacts.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Bytes, size_t Size) {
  llvm::StringRef Ptx(reinterpret_cast<const char *>(Bytes), Size);
  for (const cudalint::PtxEntryDirectives &E : cudalint::parsePtxEntries(Ptx))
    if (E.Name.empty() || E.Name.size() > Size)
      abort(); // an entry always has a name taken from the input
  return 0;
}
