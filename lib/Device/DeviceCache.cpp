//===- DeviceCache.cpp - Content-addressed cache of device compile results ===//

#include "DeviceCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <type_traits>

using namespace llvm;

namespace cudalint {

std::string DeviceCache::entryPath(StringRef Key) const {
  SmallString<256> P(Dir);
  sys::path::append(P, "device", "v2", Key.take_front(2), Key + ".json");
  return P.str().str();
}

namespace {
/// Every field of a kernel record but cmem0: the one list that both writing
/// and reading a record follow. Reading stops at the first bad field.
template <typename Resources, typename Visit>
bool visitFields(Resources &K, Visit &&Field) {
  return Field("mangled", K.Mangled) && Field("arch", K.Arch) &&
         Field("source", K.Source) && Field("has_usage", K.HasUsage) &&
         Field("registers", K.Registers) && Field("barriers", K.Barriers) &&
         Field("static_smem", K.StaticSmem) &&
         Field("stack_frame", K.StackFrame) &&
         Field("spill_stores", K.SpillStores) &&
         Field("spill_loads", K.SpillLoads) &&
         Field("cumulative_stack", K.CumulativeStack) &&
         Field("has_ptx", K.HasPtx) && Field("maxntid", K.MaxNTid) &&
         Field("reqntid", K.ReqNTid) &&
         Field("reqnctapercluster", K.ReqNCtaPerCluster) &&
         Field("minnctapersm", K.MinNCtaPerSM) && Field("maxnreg", K.MaxNReg) &&
         Field("maxclusterrank", K.MaxClusterRank) &&
         Field("explicitcluster", K.ExplicitCluster) &&
         Field("empty_body", K.EmptyBody);
}

// A kernel record's values as written. Counts are written as int64_t (JSON's
// integers); a nullable value is null when absent, never a missing key.
json::Value writeValue(const std::string &S) { return S; }
json::Value writeValue(bool B) { return B; }
template <typename Count>
std::enable_if_t<std::is_integral_v<Count>, json::Value> writeValue(Count C) {
  return int64_t(C);
}
json::Value writeValue(const std::array<unsigned, 3> &D) {
  return json::Array{D[0], D[1], D[2]};
}
template <typename T> json::Value writeValue(const std::optional<T> &V) {
  return V ? writeValue(*V) : json::Value(nullptr);
}

// The same values as read back: counts are never negative.
bool readValue(const json::Value &V, std::string &Out) {
  std::optional<StringRef> S = V.getAsString();
  if (S)
    Out = S->str();
  return S.has_value();
}

bool readValue(const json::Value &V, bool &Out) {
  std::optional<bool> B = V.getAsBoolean();
  if (B)
    Out = *B;
  return B.has_value();
}

template <typename Count>
std::enable_if_t<std::is_integral_v<Count>, bool>
readValue(const json::Value &V, Count &Out) {
  std::optional<int64_t> I = V.getAsInteger();
  if (!I || *I < 0)
    return false;
  Out = Count(*I);
  return true;
}

bool readValue(const json::Value &V, std::array<unsigned, 3> &Out) {
  const json::Array *A = V.getAsArray();
  if (!A || A->size() != 3)
    return false;
  for (size_t I = 0; I < 3; ++I)
    if (!readValue((*A)[I], Out[I]))
      return false;
  return true;
}

template <typename T>
bool readValue(const json::Value &V, std::optional<T> &Out) {
  if (V.getAsNull())
    return true;
  T Value;
  if (!readValue(V, Value))
    return false;
  Out = std::move(Value);
  return true;
}
/// The AMDGPU backend's figures (KernelResources::Amd), one list for writing
/// and reading as for the kernel record; a field the remarks did not give
/// is null.
template <typename Usage, typename Visit>
bool visitAmdFields(Usage &U, Visit &&Field) {
  return Field("name", U.Name) && Field("sgprs", U.SGPRs) &&
         Field("vgprs", U.VGPRs) && Field("agprs", U.AGPRs) &&
         Field("scratch", U.ScratchBytesPerLane) &&
         Field("occupancy", U.Occupancy) &&
         Field("sgpr_spills", U.SGPRSpills) &&
         Field("vgpr_spills", U.VGPRSpills) && Field("lds", U.LDSBytes) &&
         Field("dynamic_stack", U.DynamicStack);
}

json::Object amdToJSON(const AmdKernelUsage &U) {
  json::Object O;
  visitAmdFields(U, [&](StringRef Key, const auto &Value) {
    O[Key] = writeValue(Value);
    return true;
  });
  return O;
}

bool amdFromJSON(const json::Object &O, AmdKernelUsage &U) {
  return visitAmdFields(U, [&](StringRef Key, auto &Out) {
    const json::Value *V = O.get(Key);
    return V && readValue(*V, Out);
  });
}

} // namespace

json::Object resourcesToJSON(const KernelResources &K) {
  json::Object O;
  visitFields(K, [&](StringRef Key, const auto &Value) {
    O[Key] = writeValue(Value);
    return true;
  });
  if (K.ConstMem0)
    O["cmem0"] = writeValue(*K.ConstMem0);
  if (K.Amd)
    O["amd"] = amdToJSON(*K.Amd);
  return O;
}

bool resourcesFromJSON(const json::Object &O, KernelResources &K) {
  bool Ok = visitFields(K, [&](StringRef Key, auto &Out) {
    const json::Value *V = O.get(Key);
    return V && readValue(*V, Out);
  });
  if (auto C = O.getInteger("cmem0"))
    K.ConstMem0 = uint64_t(*C);
  if (const json::Object *Amd = O.getObject("amd")) {
    K.Amd.emplace();
    Ok &= amdFromJSON(*Amd, *K.Amd);
  }
  return Ok;
}

std::optional<std::vector<KernelResources>>
DeviceCache::lookup(StringRef Key, std::vector<std::string> &Notes) {
  CacheEntryReader Entry(entryPath(Key), "cache entry", "compiling again",
                         Notes);
  std::optional<json::Value> V = Entry.read();
  if (!V)
    return std::nullopt;
  auto Corrupt = [&](const Twine &Why) { return Entry.corrupt(Why); };
  const json::Object *O = V->getAsObject();
  if (!O)
    return Corrupt("not an object");
  if (O->getString("key") != std::optional<StringRef>(Key))
    return Corrupt("key mismatch");
  const json::Array *Deps = O->getArray("deps");
  const json::Array *Kernels = O->getArray("kernels");
  if (!Deps || !Kernels)
    return Corrupt("missing deps or kernels");
  // The include closure must be unchanged.
  for (const json::Value &D : *Deps) {
    const json::Array *Pair = D.getAsArray();
    if (!Pair || Pair->size() != 2)
      return Corrupt("bad dependency record");
    std::optional<StringRef> File = (*Pair)[0].getAsString();
    std::optional<StringRef> Hash = (*Pair)[1].getAsString();
    if (!File || !Hash)
      return Corrupt("bad dependency record");
    auto H = Files.hash(*File);
    if (!H || H->Hash != *Hash)
      return std::nullopt; // stale
  }
  std::vector<KernelResources> Out;
  for (const json::Value &K : *Kernels) {
    const json::Object *KO = K.getAsObject();
    KernelResources R;
    if (!KO || !resourcesFromJSON(*KO, R))
      return Corrupt("bad kernel record");
    Out.push_back(std::move(R));
  }
  return Out;
}

bool DeviceCache::store(StringRef Key, const CachedResult &R,
                        std::vector<std::string> &Notes) {
  std::string Path = entryPath(Key);
  auto Unwritable = [&](const Twine &Why) {
    std::lock_guard<std::mutex> Lock(M);
    if (!ReportedUnwritable)
      Notes.push_back("cache " + Dir + " is not writable (" + Why.str() +
                      "); results are not cached");
    ReportedUnwritable = true;
    return false;
  };
  json::Object O{{"key", Key}};
  json::Array Deps, Kernels;
  for (auto &[P, H] : R.Deps)
    Deps.push_back(json::Array{P, H});
  for (const KernelResources &K : R.Kernels)
    Kernels.push_back(resourcesToJSON(K));
  O["deps"] = std::move(Deps);
  O["kernels"] = std::move(Kernels);
  std::string Text;
  raw_string_ostream(Text) << json::Value(std::move(O)) << "\n";
  if (std::error_code EC = writeFileAtomically(Path, Text))
    return Unwritable(EC.message());
  return true;
}

} // namespace cudalint
