//===- OccupancyBatchFuzzer.cpp - `occupancy --batch` JSON lines ----------===//
//
// DESIGN.md's batch contract: every non-empty input line gets exactly one
// output line, a JSON object; a bad line gets {"line": N, "error": ...}.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Report/OccupancyBatch.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace llvm;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Bytes, size_t Size) {
  StringRef Input(reinterpret_cast<const char *>(Bytes), Size);
  std::string Out;
  raw_string_ostream OS(Out);
  bool AllValid = cudalint::runOccupancyBatch(Input, {}, OS) == 0;
  OS.flush();

  SmallVector<StringRef, 0> InLines, OutLines;
  Input.split(InLines, '\n');
  size_t Questions = 0;
  for (StringRef L : InLines)
    Questions += !L.trim().empty();
  StringRef(Out).split(OutLines, '\n', -1, /*KeepEmpty=*/false);
  if (OutLines.size() != Questions)
    abort(); // a line was dropped, or one answer spans two lines
  bool SawError = false;
  for (StringRef L : OutLines) {
    Expected<json::Value> V = json::parse(L);
    if (!V)
      abort(); // not JSON
    const json::Object *O = V->getAsObject();
    if (!O)
      abort();
    if (O->get("error")) {
      SawError = true;
      if (!O->getInteger("line"))
        abort();
    }
  }
  if (SawError == AllValid)
    abort();
  return 0;
}
