//===- OccupancyRequest.cpp - An occupancy question, as asked ------------===//

#include "cudalint/Occupancy/OccupancyRequest.h"

#include "cudalint/Arch/AmdArch.h"
#include "cudalint/Arch/Arch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <functional>

using namespace llvm;

namespace cudalint {

namespace {

Error fieldError(StringRef Field, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(), Field + ": " + Why);
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

/// A number field of a request and where its value goes, once it is known
/// to be non-negative and at most Max.
struct NumberField {
  StringRef Field;
  std::optional<int64_t> Value;
  uint64_t Max;
  std::function<void(uint64_t)> Set;
};

/// Sets every given field, in order; the first out of range is the error.
Error setFields(ArrayRef<NumberField> Fields) {
  for (const NumberField &F : Fields) {
    if (!F.Value)
      continue;
    auto V = boundedField(F.Field, *F.Value, F.Max);
    if (!V)
      return V.takeError();
    F.Set(*V);
  }
  return Error::success();
}

/// Whether a request asks about an AMD target.
bool asksAboutAmd(const OccupancyRequest &S) {
  return (S.Arch && isAmdArchSpelling(*S.Arch)) ||
         (!S.Arch && S.Gpu && findAmdGpuPreset(*S.Gpu));
}

/// Q's GPU and arch from the spec's gpu and arch fields, which must agree;
/// the same for either vendor's query and lookups.
template <typename Query, typename GpuLookup, typename ArchLookup>
Error resolveTarget(const OccupancyRequest &S, Query &Q, GpuLookup LookupGpu,
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

/// A OccupancyRequest for an AMD target into a query its calculator accepts.
/// The CUDA names of the register and LDS fields are accepted for the AMD ones.
Expected<AmdOccupancyQuery> resolveAmd(const OccupancyRequest &S) {
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
  const NumberField Fields[] = {
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
  if (Error E = setFields(Fields))
    return E;
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

/// Checks a CUDA request and turns it into a query the calculator accepts.
Expected<OccupancyQuery> resolveCuda(const OccupancyRequest &S) {
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
  const NumberField Fields[] = {
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
  if (Error E = setFields(Fields))
    return E;
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
Error checkOneVendor(const OccupancyRequest &S) {
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

} // namespace

/// "256", "48K", "48KiB", "48KB" (K = 1024, as CUDA documentation uses it).
Expected<int64_t> parseRequestNumber(StringRef Field, StringRef Text,
                                     bool AllowK) {
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

Expected<AnyOccupancyQuery> resolveOccupancyRequest(const OccupancyRequest &S) {
  if (Error E = checkOneVendor(S))
    return std::move(E);
  if (asksAboutAmd(S)) {
    auto Q = resolveAmd(S);
    if (!Q)
      return Q.takeError();
    return AnyOccupancyQuery(*Q);
  }
  auto Q = resolveCuda(S);
  if (!Q)
    return Q.takeError();
  return AnyOccupancyQuery(*Q);
}

/// The text field a batch key or an option (its dashes as underscores)
/// names, or null.
std::optional<std::string> *requestTextField(OccupancyRequest &S,
                                             StringRef Field) {
  return StringSwitch<std::optional<std::string> *>(Field)
      .Case("arch", &S.Arch)
      .Case("gpu", &S.Gpu)
      .Case("cache_config", &S.CacheConfig)
      .Case("mode", &S.Mode)
      .Default(nullptr);
}

/// The number field a batch key or an option names, or null.
std::optional<int64_t> *requestNumberField(OccupancyRequest &S,
                                           StringRef Field) {
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
bool isRequestByteField(StringRef Field) {
  return is_contained({"smem", "dyn_smem", "max_dyn_smem", "lds", "dyn_lds"},
                      Field);
}

Error readOccupancyBatchLine(const json::Object &Line, OccupancyRequest &S) {
  for (const auto &[Key, Value] : Line) {
    StringRef K = Key;
    if (K == "id")
      continue;
    if (std::optional<std::string> *Text = requestTextField(S, K)) {
      auto Str = Value.getAsString();
      if (!Str)
        return fieldError(K, "expected a string");
      *Text = Str->str();
      continue;
    }
    std::optional<int64_t> *Number = requestNumberField(S, K);
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
    *Number = Int;
  }
  return Error::success();
}

} // namespace cudalint
