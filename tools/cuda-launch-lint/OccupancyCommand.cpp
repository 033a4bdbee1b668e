//===- OccupancyCommand.cpp - `cuda-launch-lint occupancy` ----------------===//
//
// The door: the command line fills an OccupancyRequest (its values are the
// defaults of --batch lines), the library resolves it
// (cudalint/Occupancy/OccupancyRequest.h) and answers a batch
// (cudalint/Report/OccupancyBatch.h); this file prints the answer.
//
//===----------------------------------------------------------------------===//

#include "OccupancyCommand.h"

#include "cudalint/Occupancy/OccupancyRequest.h"
#include "cudalint/Report/AmdOccupancyReport.h"
#include "cudalint/Report/OccupancyBatch.h"
#include "cudalint/Report/OccupancyReport.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>
#include <variant>

using namespace llvm;

namespace cudalint {

namespace {

constexpr StringLiteral Usage =
    R"(usage: cuda-launch-lint occupancy (--arch ARCH | --gpu NAME) --threads N --regs N
           [--smem BYTES] [--dyn-smem BYTES] [--max-dyn-smem BYTES]
           [--carveout PERCENT|default] [--cache-config none|prefer-shared|prefer-l1|prefer-equal]
           [--barriers N] [--format text|json] [--no-charts]
       cuda-launch-lint occupancy (--arch gfxNNN | --gpu NAME) --threads N --vgprs N
           [--agprs N] [--sgprs N] [--lds BYTES] [--dyn-lds BYTES]
           [--wave-size 32|64] [--mode wgp|cu]
           [--min-waves-per-eu N] [--max-waves-per-eu N] [--format text|json]
       cuda-launch-lint occupancy --batch FILE|- [defaults as above]
       cuda-launch-lint occupancy --list-archs | --list-gpus

Theoretical occupancy of one kernel launch, computed as the CUDA runtime does;
for an AMD target (gfx...), waves per SIMD as LLVM's AMDGPU backend computes
them, with --regs, --smem and --dyn-smem accepted for --vgprs, --lds and
--dyn-lds.
BYTES accept a K suffix (48K = 49152). --batch reads one JSON object per line
({"arch": "sm_80", "threads": 256, "regs": 32, "smem": 0, "dyn_smem": 0}; also
"gpu", "carveout", "max_dyn_smem", "cache_config", "barriers", "id") and writes
one JSON object per line; a bad line gets {"error": ...} and the rest go on.
Exit status: 0, or 2 when any input was invalid.
)";

int fail(const Twine &Message) {
  errs() << "cuda-launch-lint occupancy: error: " << Message << "\n";
  return 2;
}

} // namespace

int runOccupancyCommand(ArrayRef<StringRef> Args) {
  OccupancyRequest Spec;
  std::optional<std::string> Format, Batch;
  bool Charts = true;

  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg == "-h" || Arg == "--help") {
      outs() << Usage;
      return 0;
    }
    if (Arg == "--list-archs") {
      for (const ArchInfo &A : allArchs())
        outs() << formatv("{0,-8} {1,-10} compute capability {2}\n", A.Name,
                          A.Family, A.computeCapability());
      for (const AmdArchInfo &A : allAmdArchs())
        outs() << formatv("{0,-8} {1,-10} {2}\n", A.Name, A.Family, A.Example);
      return 0;
    }
    if (Arg == "--list-gpus") {
      for (const GpuPreset &P : allGpuPresets())
        outs() << formatv("{0,-18} {1,-7} {2,4} SMs  {3}\n", P.Name,
                          P.arch().Name, P.SMCount, P.Description);
      for (const AmdGpuPreset &P : allAmdGpuPresets())
        outs() << formatv("{0,-18} {1,-7} {2,4} CUs  {3}\n", P.Name, P.ArchName,
                          P.ComputeUnits, P.Description);
      return 0;
    }
    if (Arg == "--no-charts") {
      Charts = false;
      continue;
    }
    // --name=value or --name value.
    auto [Name, Inline] = Arg.split('=');
    if (!Name.starts_with("--"))
      return fail("unexpected argument '" + Arg + "' (see --help)");
    std::string Value;
    if (Arg.contains('=')) {
      Value = Inline.str();
    } else if (I + 1 < Args.size()) {
      Value = Args[++I].str();
    } else {
      return fail(Name + " needs a value");
    }
    std::string Field = Name.drop_front(2).str();
    std::replace(Field.begin(), Field.end(), '-', '_');
    if (Field == "format") {
      Format = Value;
    } else if (Field == "batch") {
      Batch = Value;
    } else if (std::optional<std::string> *Text =
                   requestTextField(Spec, Field)) {
      *Text = Value;
    } else if (Field == "carveout" &&
               StringRef(Value).equals_insensitive("default")) {
      Spec.Carveout = -1;
    } else if (std::optional<int64_t> *Number =
                   requestNumberField(Spec, Field)) {
      auto V = parseRequestNumber(Field, Value, isRequestByteField(Field));
      if (!V)
        return fail(toString(V.takeError()));
      *Number = *V;
    } else {
      return fail("unknown option '" + Name + "' (see --help)");
    }
  }

  if (Format && *Format != "text" && *Format != "json")
    return fail("format: '" + *Format + "' is not one of text, json");

  if (Batch) {
    if (Format && *Format == "text")
      return fail("--batch writes JSON lines; --format text is not available "
                  "with it");
    auto Input = MemoryBuffer::getFileOrSTDIN(*Batch, /*IsText=*/true);
    if (!Input)
      return fail("batch: cannot read '" + *Batch +
                  "': " + Input.getError().message());
    unsigned Invalid = runOccupancyBatch((*Input)->getBuffer(), Spec, outs());
    if (Invalid == 0)
      return 0;
    outs().flush();
    return fail(Twine(Invalid) + " batch line" + (Invalid == 1 ? "" : "s") +
                " could not be answered (see their \"error\")");
  }

  auto Q = resolveOccupancyRequest(Spec);
  if (!Q)
    return fail(toString(Q.takeError()));
  if (Format && *Format == "json") {
    json::OStream JOS(outs(), 2);
    JOS.object([&] { writeAnyOccupancyJSON(JOS, *Q); });
    outs() << "\n";
  } else if (const auto *Amd = std::get_if<AmdOccupancyQuery>(&*Q)) {
    printAmdOccupancyReport(outs(), *Amd);
  } else {
    printOccupancyReport(outs(), std::get<OccupancyQuery>(*Q), Charts);
  }
  return 0;
}

} // namespace cudalint