//===- OccupancyBatch.cpp - `occupancy --batch` JSON lines ---------------===//

#include "cudalint/Report/OccupancyBatch.h"

#include "cudalint/Report/AmdOccupancyReport.h"
#include "cudalint/Report/OccupancyReport.h"

#include "llvm/ADT/SmallVector.h"

#include <cmath>

using namespace llvm;

namespace cudalint {

void writeAnyOccupancyJSON(json::OStream &JOS, const AnyOccupancyQuery &Q) {
  if (const auto *Amd = std::get_if<AmdOccupancyQuery>(&Q))
    writeAmdOccupancyJSON(JOS, *Amd);
  else
    writeOccupancyJSON(JOS, std::get<OccupancyQuery>(Q));
}

unsigned runOccupancyBatch(StringRef Input, const OccupancyRequest &Defaults,
                           raw_ostream &OS) {
  unsigned Invalid = 0;
  unsigned LineNo = 0;
  SmallVector<StringRef, 0> Lines;
  Input.split(Lines, '\n');
  for (StringRef Line : Lines) {
    ++LineNo;
    if (Line.trim().empty())
      continue;
    json::OStream JOS(OS);
    JOS.object([&] {
      auto Fail = [&](Error E) {
        ++Invalid;
        JOS.attribute("line", LineNo);
        JOS.attribute("error", toString(std::move(E)));
      };
      auto Parsed = json::parse(Line);
      if (!Parsed)
        return Fail(createStringError(inconvertibleErrorCode(),
                                      "not valid JSON: " +
                                          toString(Parsed.takeError())));
      const json::Object *Obj = Parsed->getAsObject();
      if (!Obj)
        return Fail(createStringError(inconvertibleErrorCode(),
                                      "expected a JSON object"));
      if (const json::Value *Id = Obj->get("id")) {
        // 1e999 parses as infinity, which JSON cannot write back.
        if (std::optional<double> N = Id->getAsNumber();
            N && !std::isfinite(*N))
          return Fail(createStringError(inconvertibleErrorCode(),
                                        "id: not a finite number"));
        JOS.attribute("id", *Id);
      }
      OccupancyRequest S = Defaults;
      if (Error E = readOccupancyBatchLine(*Obj, S))
        return Fail(std::move(E));
      auto Q = resolveOccupancyRequest(S);
      if (!Q)
        return Fail(Q.takeError());
      writeAnyOccupancyJSON(JOS, *Q);
    });
    OS << '\n';
  }
  return Invalid;
}

} // namespace cudalint
