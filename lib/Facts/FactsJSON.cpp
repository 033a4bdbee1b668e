//===- FactsJSON.cpp - The front end's facts, serialized and read back ----===//
//
// Every field of every facts struct, raw (a ResolvedValue keeps its Min and
// Max whatever its kind): the round trip is exact, which is what the facts
// cache needs. Readers are strict (llvm::json::ObjectMapper): a missing or
// mistyped field makes the whole unit unreadable, never a default.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Facts/FactsJSON.h"

#include "FieldCount.h"

#include "llvm/ADT/StringSwitch.h"

#include <limits>

using namespace llvm;

namespace cudalint {

// A field added to one of these structs changes its count: serialize the
// new field below (both directions), set it in test/unit/FactsJSONTest.cpp,
// bump FactsSchemaVersion, then update the count here.
static_assert(fieldCount<SourceLoc>() == 3, "serialize the new field");
static_assert(fieldCount<ValueOrigin>() == 4, "serialize the new field");
static_assert(fieldCount<ParameterRef>() == 5, "serialize the new field");
static_assert(fieldCount<ResolvedValue>() == 8, "serialize the new field");
static_assert(fieldCount<Dim3Value>() == 3, "serialize the new field");
static_assert(fieldCount<KernelAttributes>() == 9, "serialize the new field");
static_assert(fieldCount<CallStep>() == 3, "serialize the new field");
static_assert(fieldCount<GridSyncFact>() == 4, "serialize the new field");
static_assert(fieldCount<KernelInfo>() == 8, "serialize the new field");
static_assert(fieldCount<LaunchSite::Guard>() == 2, "serialize the new field");
static_assert(fieldCount<LaunchSite>() == 17, "serialize the new field");
static_assert(fieldCount<KernelSetting>() == 7, "serialize the new field");
static_assert(fieldCount<ExternalCall>() == 4, "serialize the new field");
static_assert(fieldCount<FrontendError>() == 2, "serialize the new field");
static_assert(fieldCount<TranslationUnitFacts>() == 10,
              "serialize the new field");

// The readers below are found by argument-dependent lookup from
// llvm::json's std::vector and std::optional readers, so they live in
// namespace cudalint (static: nothing else should call them).

//===-- Writers -----------------------------------------------------------===//

static json::Value toJSON(const SourceLoc &L) {
  return json::Object{{"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}

static json::Value toJSON(const ValueOrigin &O) {
  return json::Object{{"what", O.What},
                      {"loc", toJSON(O.Loc)},
                      {"branch_test", O.BranchTest},
                      {"global", O.Global}};
}

static StringRef kindName(ResolvedValue::Kind K) {
  switch (K) {
  case ResolvedValue::Kind::Unknown:
    return "unknown";
  case ResolvedValue::Kind::Constant:
    return "constant";
  case ResolvedValue::Kind::Set:
    return "set";
  case ResolvedValue::Kind::Range:
    return "range";
  }
  return "unknown";
}

static json::Value toJSON(const std::string &S) { return S; }

template <typename T> static json::Array arrayOf(const std::vector<T> &Xs) {
  json::Array A;
  for (const T &X : Xs)
    A.push_back(toJSON(X));
  return A;
}

static json::Value toJSON(const ParameterRef &R) {
  return json::Object{{"function", R.Function},
                      {"function_name", R.FunctionName},
                      {"parameter_name", R.ParameterName},
                      {"index", R.Index},
                      {"part", R.Part}};
}

template <typename T> static json::Value optional(const std::optional<T> &V);

static json::Value toJSON(const ResolvedValue &V) {
  return json::Object{{"kind", kindName(V.K)},
                      {"values", json::Array(V.Values)},
                      {"proven", json::Array(V.Proven)},
                      {"min", V.Min},
                      {"max", V.Max},
                      {"origins", arrayOf(V.Origins)},
                      {"reason", V.Reason},
                      {"parameter", optional(V.Parameter)}};
}

static json::Value toJSON(const Dim3Value &D) {
  return json::Object{
      {"x", toJSON(D.X)}, {"y", toJSON(D.Y)}, {"z", toJSON(D.Z)}};
}

template <typename T> static json::Value optional(const std::optional<T> &V) {
  if (!V)
    return nullptr;
  if constexpr (std::is_integral_v<T>)
    return *V;
  else
    return toJSON(*V);
}

static json::Value toJSON(const KernelAttributes &A) {
  return json::Object{
      {"max_threads", optional(A.MaxThreadsPerBlock)},
      {"min_blocks", optional(A.MinBlocksPerSM)},
      {"max_blocks_per_cluster", optional(A.MaxBlocksPerCluster)},
      {"max_registers", optional(A.MaxRegisters)},
      {"cluster_dims", optional(A.ClusterDims)},
      {"min_waves_per_eu", optional(A.MinWavesPerEU)},
      {"launch_bounds_loc", toJSON(A.LaunchBoundsLoc)},
      {"max_registers_loc", toJSON(A.MaxRegistersLoc)},
      {"cluster_dims_loc", toJSON(A.ClusterDimsLoc)}};
}

static json::Value toJSON(const CallStep &C) {
  return json::Object{
      {"loc", toJSON(C.Loc)}, {"caller", C.Caller}, {"callee", C.Callee}};
}

static json::Value toJSON(const GridSyncFact &G) {
  return json::Object{{"chain", arrayOf(G.Chain)},
                      {"sync", G.Sync},
                      {"guard_loc", toJSON(G.GuardLoc)},
                      {"condition_loc", toJSON(G.ConditionLoc)}};
}

static json::Value toJSON(const KernelInfo &K) {
  return json::Object{{"name", K.Name},
                      {"grid_sync", optional(K.GridSync)},
                      {"mangled", K.Mangled},
                      {"loc", toJSON(K.Loc)},
                      {"definition_end", toJSON(K.DefinitionEnd)},
                      {"template_instantiation", K.IsTemplateInstantiation},
                      {"in_system_header", K.InSystemHeader},
                      {"attrs", toJSON(K.Attrs)}};
}

static json::Value toJSON(const LaunchSite::Guard &G) {
  return json::Object{{"loc", toJSON(G.Loc)}, {"text", G.Text}};
}

static json::Value toJSON(const LaunchSite &L) {
  return json::Object{
      {"loc", toJSON(L.Loc)},
      {"api", L.Api},
      {"kernel", L.Kernel},
      {"mangled", L.Mangled},
      {"kernel_origins", arrayOf(L.KernelOrigins)},
      {"enclosing_function", L.EnclosingFunction},
      {"grid", toJSON(L.Grid)},
      {"block", toJSON(L.Block)},
      {"threads_per_block", toJSON(L.ThreadsPerBlock)},
      {"dynamic_smem", toJSON(L.DynamicSharedMem)},
      {"occupancy_tuned", L.OccupancyTuned},
      {"in_template_pattern", L.InTemplatePattern},
      {"cluster_dims", optional(L.ClusterDims)},
      {"device_guard", toJSON(L.DeviceGuard)},
      {"cooperative", optional(L.Cooperative)},
      {"settings_skipped_on_some_path", arrayOf(L.SettingsSkippedOnSomePath)},
      {"opt_ins_of_unknown_kernel", arrayOf(L.OptInsOfUnknownKernel)}};
}

static json::Value toJSON(const KernelSetting &S) {
  return json::Object{{"loc", toJSON(S.Loc)},
                      {"api", S.Api},
                      {"kernel", S.Kernel},
                      {"mangled", S.Mangled},
                      {"attribute", S.Attribute},
                      {"value", toJSON(S.Value)},
                      {"device_guard", toJSON(S.DeviceGuard)}};
}

static json::Value toJSON(const ExternalCall &C) {
  return json::Object{{"loc", toJSON(C.Loc)},
                      {"function", C.Function},
                      {"arguments", arrayOf(C.Arguments)},
                      {"dim3_arguments", arrayOf(C.Dim3Arguments)}};
}

static json::Value toJSON(const FrontendError &E) {
  return json::Object{{"loc", toJSON(E.Loc)}, {"message", E.Message}};
}

json::Value toJSON(const TranslationUnitFacts &U) {
  return json::Object{{"main_file", U.MainFile},
                      {"kernels", arrayOf(U.Kernels)},
                      {"launches", arrayOf(U.Launches)},
                      {"kernel_settings", arrayOf(U.KernelSettings)},
                      {"external_calls", arrayOf(U.ExternalCalls)},
                      {"defined_functions", arrayOf(U.DefinedFunctions)},
                      {"written_globals", arrayOf(U.WrittenGlobals)},
                      {"errors", arrayOf(U.Errors)},
                      {"internal_error", U.InternalError},
                      {"wave_size", int64_t(U.WaveSize)}};
}

//===-- Readers -----------------------------------------------------------===//

/// Line and column: unsigned, which llvm::json has no reader for (and
/// argument-dependent lookup would not find one for a built-in type).
static bool mapUnsigned(const json::Object &O, StringLiteral Key, unsigned &Out,
                        json::Path P) {
  std::optional<int64_t> I = O.getInteger(Key);
  if (!I || *I < 0 || *I > std::numeric_limits<unsigned>::max()) {
    P.field(Key).report("expected an unsigned integer");
    return false;
  }
  Out = unsigned(*I);
  return true;
}

static bool fromJSON(const json::Value &V, SourceLoc &L, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("file", L.File) &&
         mapUnsigned(*V.getAsObject(), "line", L.Line, P) &&
         mapUnsigned(*V.getAsObject(), "column", L.Column, P);
}

static bool fromJSON(const json::Value &V, ValueOrigin &Origin, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("what", Origin.What) && O.map("loc", Origin.Loc) &&
         O.map("branch_test", Origin.BranchTest) &&
         O.map("global", Origin.Global);
}

static bool fromJSON(const json::Value &V, ResolvedValue::Kind &K,
                     json::Path P) {
  std::optional<StringRef> S = V.getAsString();
  using Kind = ResolvedValue::Kind;
  std::optional<Kind> Parsed = S ? StringSwitch<std::optional<Kind>>(*S)
                                       .Case("unknown", Kind::Unknown)
                                       .Case("constant", Kind::Constant)
                                       .Case("set", Kind::Set)
                                       .Case("range", Kind::Range)
                                       .Default(std::nullopt)
                                 : std::nullopt;
  if (!Parsed) {
    P.report("expected a value kind");
    return false;
  }
  K = *Parsed;
  return true;
}

static bool fromJSON(const json::Value &V, ParameterRef &R, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("function", R.Function) &&
         O.map("function_name", R.FunctionName) &&
         O.map("parameter_name", R.ParameterName) && O.map("part", R.Part) &&
         mapUnsigned(*V.getAsObject(), "index", R.Index, P);
}

template <typename T>
static bool mapOptional(json::ObjectMapper &O, const json::Value &V,
                        StringLiteral Key, std::optional<T> &Out, json::Path P);

static bool fromJSON(const json::Value &V, ResolvedValue &R, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("kind", R.K) && O.map("values", R.Values) &&
         O.map("proven", R.Proven) && O.map("min", R.Min) &&
         O.map("max", R.Max) && O.map("origins", R.Origins) &&
         O.map("reason", R.Reason) &&
         mapOptional(O, V, "parameter", R.Parameter, P);
}

static bool fromJSON(const json::Value &V, Dim3Value &D, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("x", D.X) && O.map("y", D.Y) && O.map("z", D.Z);
}

/// An optional field must be present (null when empty): a missing key is a
/// damaged entry, not an empty value.
template <typename T>
static bool mapOptional(json::ObjectMapper &O, const json::Value &V,
                        StringLiteral Key, std::optional<T> &Out,
                        json::Path P) {
  const json::Object *Obj = V.getAsObject();
  if (!Obj || !Obj->get(Key)) {
    P.field(Key).report("missing value");
    return false;
  }
  return O.map(Key, Out);
}

static bool fromJSON(const json::Value &V, KernelAttributes &A, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && mapOptional(O, V, "max_threads", A.MaxThreadsPerBlock, P) &&
         mapOptional(O, V, "min_blocks", A.MinBlocksPerSM, P) &&
         mapOptional(O, V, "max_blocks_per_cluster", A.MaxBlocksPerCluster,
                     P) &&
         mapOptional(O, V, "max_registers", A.MaxRegisters, P) &&
         mapOptional(O, V, "cluster_dims", A.ClusterDims, P) &&
         mapOptional(O, V, "min_waves_per_eu", A.MinWavesPerEU, P) &&
         O.map("launch_bounds_loc", A.LaunchBoundsLoc) &&
         O.map("max_registers_loc", A.MaxRegistersLoc) &&
         O.map("cluster_dims_loc", A.ClusterDimsLoc);
}

static bool fromJSON(const json::Value &V, CallStep &C, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("loc", C.Loc) && O.map("caller", C.Caller) &&
         O.map("callee", C.Callee);
}

static bool fromJSON(const json::Value &V, GridSyncFact &G, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("chain", G.Chain) && O.map("sync", G.Sync) &&
         O.map("guard_loc", G.GuardLoc) &&
         O.map("condition_loc", G.ConditionLoc);
}

static bool fromJSON(const json::Value &V, KernelInfo &K, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("name", K.Name) && O.map("mangled", K.Mangled) &&
         mapOptional(O, V, "grid_sync", K.GridSync, P) && O.map("loc", K.Loc) &&
         O.map("definition_end", K.DefinitionEnd) &&
         O.map("template_instantiation", K.IsTemplateInstantiation) &&
         O.map("in_system_header", K.InSystemHeader) && O.map("attrs", K.Attrs);
}

static bool fromJSON(const json::Value &V, LaunchSite::Guard &G, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("loc", G.Loc) && O.map("text", G.Text);
}

static bool fromJSON(const json::Value &V, LaunchSite &L, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("loc", L.Loc) && O.map("api", L.Api) &&
         O.map("kernel", L.Kernel) && O.map("mangled", L.Mangled) &&
         O.map("kernel_origins", L.KernelOrigins) &&
         O.map("enclosing_function", L.EnclosingFunction) &&
         O.map("grid", L.Grid) && O.map("block", L.Block) &&
         O.map("threads_per_block", L.ThreadsPerBlock) &&
         O.map("dynamic_smem", L.DynamicSharedMem) &&
         O.map("occupancy_tuned", L.OccupancyTuned) &&
         O.map("in_template_pattern", L.InTemplatePattern) &&
         mapOptional(O, V, "cluster_dims", L.ClusterDims, P) &&
         O.map("device_guard", L.DeviceGuard) &&
         mapOptional(O, V, "cooperative", L.Cooperative, P) &&
         O.map("settings_skipped_on_some_path", L.SettingsSkippedOnSomePath) &&
         O.map("opt_ins_of_unknown_kernel", L.OptInsOfUnknownKernel);
}

static bool fromJSON(const json::Value &V, KernelSetting &S, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("loc", S.Loc) && O.map("api", S.Api) &&
         O.map("kernel", S.Kernel) && O.map("mangled", S.Mangled) &&
         O.map("attribute", S.Attribute) && O.map("value", S.Value) &&
         O.map("device_guard", S.DeviceGuard);
}

static bool fromJSON(const json::Value &V, ExternalCall &C, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("loc", C.Loc) && O.map("function", C.Function) &&
         O.map("arguments", C.Arguments) &&
         O.map("dim3_arguments", C.Dim3Arguments);
}

static bool fromJSON(const json::Value &V, FrontendError &E, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("loc", E.Loc) && O.map("message", E.Message);
}

bool fromJSON(const json::Value &V, TranslationUnitFacts &U, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("main_file", U.MainFile) && O.map("kernels", U.Kernels) &&
         O.map("launches", U.Launches) &&
         O.map("kernel_settings", U.KernelSettings) &&
         O.map("external_calls", U.ExternalCalls) &&
         O.map("defined_functions", U.DefinedFunctions) &&
         O.map("written_globals", U.WrittenGlobals) &&
         O.map("errors", U.Errors) &&
         O.map("internal_error", U.InternalError) &&
         mapUnsigned(*V.getAsObject(), "wave_size", U.WaveSize, P);
}

} // namespace cudalint
