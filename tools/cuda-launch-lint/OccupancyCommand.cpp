//===- OccupancyCommand.cpp - `cuda-launch-lint occupancy` ----------------===//
//
// The command line and the --batch JSON lines describe the same fields; both
// fill a QuerySpec, and one function turns a QuerySpec into a validated
// OccupancyQuery, so every bad value gets the same message either way.
// Command-line values are defaults for batch lines.
//
//===----------------------------------------------------------------------===//

#include "OccupancyCommand.h"

#include "cudalint/Report/AmdOccupancyReport.h"
#include "cudalint/Report/OccupancyReport.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>
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

/// The fields a user can give, in either front end. Numbers are kept wide
/// and signed so that range errors can be reported with the value given.
struct QuerySpec {
  std::optional<std::string> Arch, Gpu, CacheConfig, Mode;
  std::optional<int64_t> Threads, Regs, Smem, DynSmem, MaxDynSmem, Carveout,
      Barriers;
  // AMD targets only.
  std::optional<int64_t> Vgprs, Agprs, Sgprs, Lds, DynLds, WaveSize,
      MinWavesPerEU, MaxWavesPerEU;
};

/// A resolved question for either vendor's calculator.
using AnyQuery = std::variant<OccupancyQuery, AmdOccupancyQuery>;

Error fieldError(StringRef Field, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Field + ": " + Why);
}

/// "256", "48K", "48KiB", "48KB" (K = 1024, as CUDA documentation uses it).
Expected<int64_t> parseNumber(StringRef Field, StringRef Text, bool AllowK) {
  StringRef Digits = Text.trim();
  int64_t Scale = 1;
  if (AllowK) {
    for (StringRef Suffix : {"KiB", "KB", "kB", "K", "k"})
      if (Digits.consume_back(Suffix)) {
        Scale = 1024;
        break;
      }
  }
  int64_t Value;
  if (Digits.empty() || Digits.getAsInteger(10, Value))
    return fieldError(Field, "expected an integer, got '" + Text + "'");
  if (Value > (int64_t(1) << 40))
    return fieldError(Field, Twine(Value) + " is not a plausible value");
  return Value * Scale;
}

Expected<CachePreference> parseCacheConfig(StringRef Text) {
  auto P = StringSwitch<std::optional<CachePreference>>(Text.lower())
               .Cases("none", "prefer-none", CachePreference::None)
               .Case("prefer-shared", CachePreference::PreferShared)
               .Case("prefer-l1", CachePreference::PreferL1)
               .Case("prefer-equal", CachePreference::PreferEqual)
               .Default(std::nullopt);
  if (!P)
    return fieldError("cache_config",
                      "'" + Text +
                          "' is not one of none, prefer-shared, prefer-l1, "
                          "prefer-equal");
  return *P;
}

/// Non-negative and at most Max, else an error naming the field.
Expected<uint64_t> boundedField(StringRef Field, int64_t V, uint64_t Max) {
  if (V < 0)
    return fieldError(Field, "must not be negative, got " + Twine(V));
  if (uint64_t(V) > Max)
    return fieldError(Field, Twine(V) + " is not a plausible value");
  return uint64_t(V);
}

/// Whether a QuerySpec asks about an AMD target.
bool asksAboutAmd(const QuerySpec &S) {
  return (S.Arch && isAmdArchSpelling(*S.Arch)) ||
         (!S.Arch && S.Gpu && findAmdGpuPreset(*S.Gpu));
}

/// Q's GPU and arch from the spec's gpu and arch fields, which must agree;
/// the same for either vendor's query and lookups.
template <typename Query, typename GpuLookup, typename ArchLookup>
Error resolveTarget(const QuerySpec &S, Query &Q, GpuLookup LookupGpu,
                    ArchLookup LookupArch) {
  if (S.Gpu) {
    auto Gpu = LookupGpu(*S.Gpu);
    if (!Gpu)
      return fieldError("gpu", toString(Gpu.takeError()));
    Q.Gpu = &*Gpu;
    Q.Arch = &Gpu->arch();
  }
  if (S.Arch) {
    auto Arch = LookupArch(*S.Arch);
    if (!Arch)
      return fieldError("arch", toString(Arch.takeError()));
    if (Q.Arch && Q.Arch != &*Arch)
      return fieldError("arch", "'" + *S.Arch + "' contradicts gpu " +
                                    Q.Gpu->Name + ", which is " + Q.Arch->Name);
    Q.Arch = &*Arch;
  }
  return Error::success();
}

/// A QuerySpec for an AMD target into a query its calculator accepts. The
/// CUDA names of the register and LDS fields are accepted for the AMD ones.
Expected<AmdOccupancyQuery> resolveAmd(const QuerySpec &S) {
  AmdOccupancyQuery Q;
  if (Error E = resolveTarget(S, Q, lookupAmdGpuPreset, lookupAmdArch))
    return std::move(E);
  for (auto [Field, Given] : {std::pair{"carveout", S.Carveout.has_value()},
                              {"max_dyn_smem", S.MaxDynSmem.has_value()},
                              {"barriers", S.Barriers.has_value()},
                              {"cache_config", S.CacheConfig.has_value()}})
    if (Given)
      return fieldError(Field, "a CUDA setting; " + Q.Arch->Name +
                                   " is an AMD target");
  if (!S.Threads)
    return fieldError("threads", "missing: give the threads per work-group");
  std::optional<int64_t> Vgprs = S.Vgprs ? S.Vgprs : S.Regs;
  if (!Vgprs)
    return fieldError("vgprs", "missing: give the VGPRs per lane");
  AmdOccupancyInput &In = Q.Input;
  struct {
    StringRef Field;
    std::optional<int64_t> Value;
    uint64_t Max;
    std::function<void(uint64_t)> Set;
  } Fields[] = {
      {"threads", S.Threads, UINT32_MAX,
       [&](uint64_t V) { In.WorkGroupSize = unsigned(V); }},
      {"vgprs", Vgprs, UINT32_MAX, [&](uint64_t V) { In.VGPRs = unsigned(V); }},
      {"agprs", S.Agprs, UINT32_MAX,
       [&](uint64_t V) { In.AGPRs = unsigned(V); }},
      {"sgprs", S.Sgprs, UINT32_MAX,
       [&](uint64_t V) { In.SGPRs = unsigned(V); }},
      {"lds", S.Lds ? S.Lds : S.Smem, UINT64_MAX,
       [&](uint64_t V) { In.StaticLDS = V; }},
      {"dyn_lds", S.DynLds ? S.DynLds : S.DynSmem, UINT64_MAX,
       [&](uint64_t V) { In.DynamicLDS = V; }},
      {"wave_size", S.WaveSize, UINT32_MAX,
       [&](uint64_t V) { In.WaveSize = unsigned(V); }},
      {"min_waves_per_eu", S.MinWavesPerEU, UINT32_MAX,
       [&](uint64_t V) { In.MinWavesPerEU = unsigned(V); }},
      {"max_waves_per_eu", S.MaxWavesPerEU, UINT32_MAX,
       [&](uint64_t V) { In.MaxWavesPerEU = unsigned(V); }},
  };
  for (auto &F : Fields) {
    if (!F.Value)
      continue;
    auto V = boundedField(F.Field, *F.Value, F.Max);
    if (!V)
      return V.takeError();
    F.Set(*V);
  }
  if (S.Mode) {
    if (StringRef(*S.Mode).equals_insensitive("cu"))
      In.Mode = AmdCuMode::CU;
    else if (!StringRef(*S.Mode).equals_insensitive("wgp"))
      return fieldError("mode", "'" + *S.Mode + "' is not one of wgp, cu");
  }
  if (Error E = validateAmdInput(In))
    return std::move(E);
  return Q;
}

/// Checks a QuerySpec and turns it into a query the calculator accepts.
Expected<OccupancyQuery> resolveCuda(const QuerySpec &S) {
  OccupancyQuery Q;
  if (Error E = resolveTarget(S, Q, lookupGpuPreset, lookupArch))
    return std::move(E);
  if (!Q.Arch)
    return fieldError("arch", "missing: give an architecture (sm_80, gfx90a) "
                              "or a GPU preset (gpu)");
  for (auto [Field, Given] : {std::pair{"vgprs", S.Vgprs.has_value()},
                              {"agprs", S.Agprs.has_value()},
                              {"sgprs", S.Sgprs.has_value()},
                              {"lds", S.Lds.has_value()},
                              {"dyn_lds", S.DynLds.has_value()},
                              {"wave_size", S.WaveSize.has_value()},
                              {"min_waves_per_eu", S.MinWavesPerEU.has_value()},
                              {"max_waves_per_eu", S.MaxWavesPerEU.has_value()},
                              {"mode", S.Mode.has_value()}})
    if (Given)
      return fieldError(Field, "an AMD setting; " + Q.Arch->Name +
                                   " is a CUDA architecture");
  if (!S.Threads)
    return fieldError("threads", "missing: give the threads per block");
  if (!S.Regs)
    return fieldError("regs", "missing: give the registers per thread");

  OccupancyInput &In = Q.Input;
  struct {
    StringRef Field;
    const std::optional<int64_t> &Value;
    uint64_t Max;
    std::function<void(uint64_t)> Set;
  } Fields[] = {
      {"threads", S.Threads, UINT32_MAX,
       [&](uint64_t V) { In.ThreadsPerBlock = unsigned(V); }},
      {"regs", S.Regs, UINT32_MAX,
       [&](uint64_t V) { In.RegistersPerThread = unsigned(V); }},
      {"smem", S.Smem, UINT64_MAX, [&](uint64_t V) { In.StaticSharedMem = V; }},
      {"dyn_smem", S.DynSmem, UINT64_MAX,
       [&](uint64_t V) { In.DynamicSharedMem = V; }},
      {"max_dyn_smem", S.MaxDynSmem, UINT64_MAX,
       [&](uint64_t V) { In.MaxDynamicSharedMem = V; }},
      {"barriers", S.Barriers, UINT32_MAX,
       [&](uint64_t V) { In.BarriersPerBlock = unsigned(V); }},
  };
  for (auto &F : Fields) {
    if (!F.Value)
      continue;
    auto V = boundedField(F.Field, *F.Value, F.Max);
    if (!V)
      return V.takeError();
    F.Set(*V);
  }
  if (S.Carveout) {
    if (*S.Carveout < -1 || *S.Carveout > 100)
      return fieldError("carveout", Twine(*S.Carveout) +
                                        " is not a percentage (0..100, or -1 "
                                        "for the default)");
    In.CarveoutPercent = int(*S.Carveout);
  }
  if (S.CacheConfig) {
    auto P = parseCacheConfig(*S.CacheConfig);
    if (!P)
      return P.takeError();
    In.CacheConfig = *P;
  }
  if (Error E = validateInput(In))
    return std::move(E);
  // cudaFuncSetAttribute refuses a maximum that, with the static shared
  // memory, exceeds the arch's opt-in maximum (cudaErrorInvalidValue on
  // CUDA 13.0, an H100): no launch runs with it, the kernel keeps 48 KiB.
  const ArchInfo &A = *Q.Arch;
  if (In.MaxDynamicSharedMem &&
      *In.MaxDynamicSharedMem + In.StaticSharedMem > A.SharedMemPerBlockOptIn)
    return fieldError(
        "max_dyn_smem",
        Twine(*In.MaxDynamicSharedMem) + " B + " + Twine(In.StaticSharedMem) +
            " B static shared memory exceed the " + A.Name +
            " opt-in maximum of " + Twine(A.SharedMemPerBlockOptIn) +
            " B per block; the runtime refuses it (at most " +
            Twine(A.SharedMemPerBlockOptIn -
                  std::min(In.StaticSharedMem, A.SharedMemPerBlockOptIn)) +
            " accepted)");
  return Q;
}

/// An error when the arch and the GPU preset are of different vendors.
Error checkOneVendor(const QuerySpec &S) {
  if (!S.Arch || !S.Gpu)
    return Error::success();
  const bool AmdArch = isAmdArchSpelling(*S.Arch);
  if (const AmdGpuPreset *Amd = findAmdGpuPreset(*S.Gpu); Amd && !AmdArch)
    return fieldError("arch", "'" + *S.Arch + "' contradicts gpu " + Amd->Name +
                                  ", an AMD GPU (" + Amd->ArchName + ")");
  if (const GpuPreset *Cuda = findGpuPreset(*S.Gpu); Cuda && AmdArch)
    return fieldError("arch", "'" + *S.Arch + "' contradicts gpu " +
                                  Cuda->Name + ", an NVIDIA GPU (" +
                                  Cuda->arch().Name + ")");
  return Error::success();
}

Expected<AnyQuery> resolve(const QuerySpec &S) {
  if (Error E = checkOneVendor(S))
    return std::move(E);
  if (asksAboutAmd(S)) {
    auto Q = resolveAmd(S);
    if (!Q)
      return Q.takeError();
    return AnyQuery(*Q);
  }
  auto Q = resolveCuda(S);
  if (!Q)
    return Q.takeError();
  return AnyQuery(*Q);
}

void writeJSON(json::OStream &JOS, const AnyQuery &Q) {
  if (const auto *Amd = std::get_if<AmdOccupancyQuery>(&Q))
    writeAmdOccupancyJSON(JOS, *Amd);
  else
    writeOccupancyJSON(JOS, std::get<OccupancyQuery>(Q));
}

/// Fills S from one batch line. Unknown keys are errors: a typo such as
/// "thread" must not silently fall back to a default.
/// The text field a batch key or an option (its dashes as underscores)
/// names, or null.
std::optional<std::string> *textField(QuerySpec &S, StringRef Field) {
  return StringSwitch<std::optional<std::string> *>(Field)
      .Case("arch", &S.Arch)
      .Case("gpu", &S.Gpu)
      .Case("cache_config", &S.CacheConfig)
      .Case("mode", &S.Mode)
      .Default(nullptr);
}

/// The number field a batch key or an option names, or null.
std::optional<int64_t> *numberField(QuerySpec &S, StringRef Field) {
  return StringSwitch<std::optional<int64_t> *>(Field)
      .Case("threads", &S.Threads)
      .Case("regs", &S.Regs)
      .Case("smem", &S.Smem)
      .Case("dyn_smem", &S.DynSmem)
      .Case("max_dyn_smem", &S.MaxDynSmem)
      .Case("carveout", &S.Carveout)
      .Case("barriers", &S.Barriers)
      .Case("vgprs", &S.Vgprs)
      .Case("agprs", &S.Agprs)
      .Case("sgprs", &S.Sgprs)
      .Case("lds", &S.Lds)
      .Case("dyn_lds", &S.DynLds)
      .Case("wave_size", &S.WaveSize)
      .Case("min_waves_per_eu", &S.MinWavesPerEU)
      .Case("max_waves_per_eu", &S.MaxWavesPerEU)
      .Default(nullptr);
}

/// Sizes in bytes, which accept a K suffix on the command line.
bool isByteField(StringRef Field) {
  return is_contained({"smem", "dyn_smem", "max_dyn_smem", "lds", "dyn_lds"},
                      Field);
}

Error readBatchLine(const json::Object &Line, QuerySpec &S) {
  for (const auto &[Key, Value] : Line) {
    StringRef K = Key;
    if (K == "id")
      continue;
    if (std::optional<std::string> *Text = textField(S, K)) {
      auto Str = Value.getAsString();
      if (!Str)
        return fieldError(K, "expected a string");
      *Text = Str->str();
      continue;
    }
    std::optional<int64_t> *Number = numberField(S, K);
    if (!Number)
      return fieldError(K, "unknown field (known: id, arch, gpu, threads, "
                           "regs, smem, dyn_smem, max_dyn_smem, carveout, "
                           "cache_config, barriers; for AMD targets vgprs, "
                           "agprs, sgprs, lds, dyn_lds, wave_size, mode, "
                           "min_waves_per_eu, max_waves_per_eu)");
    if (Value.kind() == json::Value::Null && K == "max_dyn_smem") {
      Number->reset();
      continue;
    }
    auto Int = Value.getAsInteger();
    if (!Int) {
      std::string Shown;
      raw_string_ostream(Shown) << Value;
      return fieldError(K, "expected an integer, got " + Shown);
    }
    *Number = *Int;
  }
  return Error::success();
}

/// Answers every line of Input; returns how many lines were not valid.
unsigned runBatch(StringRef Input, const QuerySpec &Defaults, raw_ostream &OS) {
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
      QuerySpec S = Defaults;
      if (Error E = readBatchLine(*Obj, S))
        return Fail(std::move(E));
      auto Q = resolve(S);
      if (!Q)
        return Fail(Q.takeError());
      writeJSON(JOS, *Q);
    });
    OS << '\n';
  }
  return Invalid;
}

int fail(const Twine &Message) {
  errs() << "cuda-launch-lint occupancy: error: " << Message << "\n";
  return 2;
}

} // namespace

bool runOccupancyBatch(StringRef Input, raw_ostream &OS) {
  return runBatch(Input, QuerySpec(), OS) == 0;
}

int runOccupancyCommand(ArrayRef<StringRef> Args) {
  QuerySpec Spec;
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
    } else if (std::optional<std::string> *Text = textField(Spec, Field)) {
      *Text = Value;
    } else if (Field == "carveout" &&
               StringRef(Value).equals_insensitive("default")) {
      Spec.Carveout = -1;
    } else if (std::optional<int64_t> *Number = numberField(Spec, Field)) {
      auto V = parseNumber(Field, Value, isByteField(Field));
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
    unsigned Invalid = runBatch((*Input)->getBuffer(), Spec, outs());
    if (Invalid == 0)
      return 0;
    outs().flush();
    return fail(Twine(Invalid) + " batch line" + (Invalid == 1 ? "" : "s") +
                " could not be answered (see their \"error\")");
  }

  auto Q = resolve(Spec);
  if (!Q)
    return fail(toString(Q.takeError()));
  if (Format && *Format == "json") {
    json::OStream JOS(outs(), 2);
    JOS.object([&] { writeJSON(JOS, *Q); });
    outs() << "\n";
  } else if (const auto *Amd = std::get_if<AmdOccupancyQuery>(&*Q)) {
    printAmdOccupancyReport(outs(), *Amd);
  } else {
    printOccupancyReport(outs(), std::get<OccupancyQuery>(*Q), Charts);
  }
  return 0;
}

} // namespace cudalint
