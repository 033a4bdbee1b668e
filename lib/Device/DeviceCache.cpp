//===- DeviceCache.cpp - Content-addressed cache of device compile results ===//

#include "DeviceCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cudalint {

std::string DeviceCache::entryPath(StringRef Key) const {
  SmallString<256> P(Dir);
  sys::path::append(P, "device", "v2", Key.take_front(2), Key + ".json");
  return P.str().str();
}

namespace {

json::Value dimToJSON(const std::optional<std::array<unsigned, 3>> &D) {
  if (!D)
    return nullptr;
  return json::Array{(*D)[0], (*D)[1], (*D)[2]};
}

json::Value optToJSON(const std::optional<unsigned> &V) {
  if (!V)
    return nullptr;
  return *V;
}

/// The AMDGPU backend's figures (KernelResources::Amd); an absent field
/// stays absent.
json::Object amdToJSON(const AmdKernelUsage &U) {
  json::Object O{{"name", U.Name}};
  auto Put = [&](StringRef Key, auto V) {
    if (V)
      O[Key] = int64_t(*V);
  };
  Put("sgprs", U.SGPRs);
  Put("vgprs", U.VGPRs);
  Put("agprs", U.AGPRs);
  Put("scratch", U.ScratchBytesPerLane);
  Put("occupancy", U.Occupancy);
  Put("sgpr_spills", U.SGPRSpills);
  Put("vgpr_spills", U.VGPRSpills);
  Put("lds", U.LDSBytes);
  if (U.DynamicStack)
    O["dynamic_stack"] = *U.DynamicStack;
  return O;
}

bool amdFromJSON(const json::Object &O, AmdKernelUsage &U) {
  bool Ok = true;
  auto Get = [&](StringRef Key, auto &Out) {
    if (const json::Value *V = O.get(Key)) {
      std::optional<int64_t> X = V->getAsInteger();
      Ok &= X && *X >= 0;
      if (X && *X >= 0)
        Out = std::remove_reference_t<decltype(*Out)>(*X);
    }
  };
  if (std::optional<StringRef> Name = O.getString("name"))
    U.Name = Name->str();
  else
    Ok = false;
  Get("sgprs", U.SGPRs);
  Get("vgprs", U.VGPRs);
  Get("agprs", U.AGPRs);
  Get("scratch", U.ScratchBytesPerLane);
  Get("occupancy", U.Occupancy);
  Get("sgpr_spills", U.SGPRSpills);
  Get("vgpr_spills", U.VGPRSpills);
  Get("lds", U.LDSBytes);
  if (std::optional<bool> D = O.getBoolean("dynamic_stack"))
    U.DynamicStack = *D;
  return Ok;
}

} // namespace

json::Object resourcesToJSON(const KernelResources &K) {
  json::Object O{{"mangled", K.Mangled},
                 {"arch", K.Arch},
                 {"source", K.Source},
                 {"has_usage", K.HasUsage},
                 {"registers", K.Registers},
                 {"barriers", K.Barriers},
                 {"static_smem", int64_t(K.StaticSmem)},
                 {"stack_frame", int64_t(K.StackFrame)},
                 {"spill_stores", int64_t(K.SpillStores)},
                 {"spill_loads", int64_t(K.SpillLoads)},
                 {"cumulative_stack", int64_t(K.CumulativeStack)},
                 {"has_ptx", K.HasPtx},
                 {"maxntid", dimToJSON(K.MaxNTid)},
                 {"reqntid", dimToJSON(K.ReqNTid)},
                 {"reqnctapercluster", dimToJSON(K.ReqNCtaPerCluster)},
                 {"minnctapersm", optToJSON(K.MinNCtaPerSM)},
                 {"maxnreg", optToJSON(K.MaxNReg)},
                 {"maxclusterrank", optToJSON(K.MaxClusterRank)},
                 {"explicitcluster", K.ExplicitCluster},
                 {"empty_body", K.EmptyBody ? json::Value(*K.EmptyBody)
                                            : json::Value(nullptr)}};
  if (K.ConstMem0)
    O["cmem0"] = int64_t(*K.ConstMem0);
  if (K.Amd)
    O["amd"] = amdToJSON(*K.Amd);
  return O;
}

bool resourcesFromJSON(const json::Object &O, KernelResources &K) {
  auto Str = [&](StringRef Key, std::string &Out) {
    auto V = O.getString(Key);
    if (!V)
      return false;
    Out = V->str();
    return true;
  };
  auto Int = [&](StringRef Key, auto &Out) {
    auto V = O.getInteger(Key);
    if (!V || *V < 0)
      return false;
    Out = *V;
    return true;
  };
  auto Bool = [&](StringRef Key, bool &Out) {
    auto V = O.getBoolean(Key);
    if (!V)
      return false;
    Out = *V;
    return true;
  };
  auto OptBool = [&](StringRef Key, std::optional<bool> &Out) {
    const json::Value *V = O.get(Key);
    if (!V)
      return false;
    if (V->getAsNull())
      return true;
    Out = V->getAsBoolean();
    return Out.has_value();
  };
  auto Dim = [&](StringRef Key, std::optional<std::array<unsigned, 3>> &Out) {
    const json::Value *V = O.get(Key);
    if (!V)
      return false;
    if (V->getAsNull())
      return true;
    const json::Array *A = V->getAsArray();
    if (!A || A->size() != 3)
      return false;
    std::array<unsigned, 3> D;
    for (size_t I = 0; I < 3; ++I) {
      auto X = (*A)[I].getAsInteger();
      if (!X || *X < 0)
        return false;
      D[I] = unsigned(*X);
    }
    Out = D;
    return true;
  };
  auto Opt = [&](StringRef Key, std::optional<unsigned> &Out) {
    const json::Value *V = O.get(Key);
    if (!V)
      return false;
    if (V->getAsNull())
      return true;
    auto X = V->getAsInteger();
    if (!X || *X < 0)
      return false;
    Out = unsigned(*X);
    return true;
  };
  bool Ok =
      Str("mangled", K.Mangled) && Str("arch", K.Arch) &&
      Str("source", K.Source) && Bool("has_usage", K.HasUsage) &&
      Int("registers", K.Registers) && Int("barriers", K.Barriers) &&
      Int("static_smem", K.StaticSmem) && Int("stack_frame", K.StackFrame) &&
      Int("spill_stores", K.SpillStores) && Int("spill_loads", K.SpillLoads) &&
      Int("cumulative_stack", K.CumulativeStack) && Bool("has_ptx", K.HasPtx) &&
      Dim("maxntid", K.MaxNTid) && Dim("reqntid", K.ReqNTid) &&
      Dim("reqnctapercluster", K.ReqNCtaPerCluster) &&
      Opt("minnctapersm", K.MinNCtaPerSM) && Opt("maxnreg", K.MaxNReg) &&
      Opt("maxclusterrank", K.MaxClusterRank) &&
      Bool("explicitcluster", K.ExplicitCluster) &&
      OptBool("empty_body", K.EmptyBody);
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
    if (!Pair || Pair->size() != 2 || !(*Pair)[0].getAsString() ||
        !(*Pair)[1].getAsString())
      return Corrupt("bad dependency record");
    auto H = Files.hash(*(*Pair)[0].getAsString());
    if (!H || H->Hash != *(*Pair)[1].getAsString())
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
