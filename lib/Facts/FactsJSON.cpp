//===- FactsJSON.cpp - The front end's facts, serialized and read back ----===//
//
// Every field of every facts struct, raw (a ResolvedValue keeps its Min and
// Max whatever its kind): the round trip is exact, which is what the facts
// cache needs. Each struct lists its fields once, key and member, and that
// one list is both written and read. Reading is strict: a missing or
// mistyped field (an optional one included: absent is not null) makes the
// whole unit unreadable, never a default.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Facts/FactsJSON.h"

#include "FieldCount.h"

#include "llvm/ADT/StringSwitch.h"

#include <limits>
#include <tuple>
#include <type_traits>

using namespace llvm;

namespace cudalint {

// A field added to one of these structs changes its count: list the new
// field below, set it in test/unit/FactsJSONTest.cpp, bump
// FactsSchemaVersion, then update the count here.
static_assert(fieldCount<SourceLoc>() == 3, "serialize the new field");
static_assert(fieldCount<ValueOrigin>() == 4, "serialize the new field");
static_assert(fieldCount<ParameterRef>() == 5, "serialize the new field");
static_assert(fieldCount<SymbolicNode>() == 11, "serialize the new field");
static_assert(fieldCount<ResolvedValue>() == 9, "serialize the new field");
static_assert(fieldCount<Dim3Value>() == 3, "serialize the new field");
static_assert(fieldCount<KernelAttributes>() == 10, "serialize the new field");
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

namespace {

/// One serialized field: its key and the member it holds.
template <typename Struct, typename Member> struct Field {
  StringLiteral Key;
  Member Struct::*Of;
};
template <typename Struct, typename Member>
constexpr Field<Struct, Member> field(StringLiteral Key, Member Struct::*Of) {
  return {Key, Of};
}

/// Chooses a struct's field list by overload (fieldsOf(Tag<T>())).
template <typename T> struct Tag {};

} // namespace

//===-- The field lists ---------------------------------------------------===//

// Each list is found by argument-dependent lookup from the generic writer and
// reader below, so they live in namespace cudalint (static: nothing else
// should call them).

static auto fieldsOf(Tag<SourceLoc>) {
  return std::tuple(field("file", &SourceLoc::File),
                    field("line", &SourceLoc::Line),
                    field("column", &SourceLoc::Column));
}

static auto fieldsOf(Tag<ValueOrigin>) {
  return std::tuple(field("what", &ValueOrigin::What),
                    field("loc", &ValueOrigin::Loc),
                    field("branch_test", &ValueOrigin::BranchTest),
                    field("global", &ValueOrigin::Global));
}

static auto fieldsOf(Tag<ParameterRef>) {
  return std::tuple(field("function", &ParameterRef::Function),
                    field("function_name", &ParameterRef::FunctionName),
                    field("parameter_name", &ParameterRef::ParameterName),
                    field("index", &ParameterRef::Index),
                    field("part", &ParameterRef::Part));
}

static auto fieldsOf(Tag<ResolvedValue>) {
  using R = ResolvedValue;
  return std::tuple(
      field("kind", &R::K), field("values", &R::Values),
      field("proven", &R::Proven), field("min", &R::Min), field("max", &R::Max),
      field("origins", &R::Origins), field("reason", &R::Reason),
      field("parameter", &R::Parameter), field("symbolic", &R::Symbolic));
}

static auto fieldsOf(Tag<SymbolicNode>) {
  using N = SymbolicNode;
  return std::tuple(field("op", &N::Kind), field("from", &N::From),
                    field("a", &N::A), field("b", &N::B), field("lo", &N::Lo),
                    field("hi", &N::Hi), field("name", &N::Name),
                    field("provenance", &N::Provenance),
                    field("type", &N::Type), field("loc", &N::Loc),
                    field("parameter", &N::Parameter));
}

static auto fieldsOf(Tag<Dim3Value>) {
  return std::tuple(field("x", &Dim3Value::X), field("y", &Dim3Value::Y),
                    field("z", &Dim3Value::Z));
}

static auto fieldsOf(Tag<KernelAttributes>) {
  using A = KernelAttributes;
  return std::tuple(
      field("max_threads", &A::MaxThreadsPerBlock),
      field("min_blocks", &A::MinBlocksPerSM),
      field("max_blocks_per_cluster", &A::MaxBlocksPerCluster),
      field("max_registers", &A::MaxRegisters),
      field("cluster_dims", &A::ClusterDims),
      field("min_waves_per_eu", &A::MinWavesPerEU),
      field("launch_bounds_loc", &A::LaunchBoundsLoc),
      field("max_registers_loc", &A::MaxRegistersLoc),
      field("cluster_dims_loc", &A::ClusterDimsLoc),
      field("launch_bounds_depend_on_arch", &A::LaunchBoundsDependOnArch));
}

static auto fieldsOf(Tag<CallStep>) {
  return std::tuple(field("loc", &CallStep::Loc),
                    field("caller", &CallStep::Caller),
                    field("callee", &CallStep::Callee));
}

static auto fieldsOf(Tag<GridSyncFact>) {
  return std::tuple(field("chain", &GridSyncFact::Chain),
                    field("sync", &GridSyncFact::Sync),
                    field("guard_loc", &GridSyncFact::GuardLoc),
                    field("condition_loc", &GridSyncFact::ConditionLoc));
}

static auto fieldsOf(Tag<KernelInfo>) {
  using K = KernelInfo;
  return std::tuple(
      field("name", &K::Name), field("grid_sync", &K::GridSync),
      field("mangled", &K::Mangled), field("loc", &K::Loc),
      field("definition_end", &K::DefinitionEnd),
      field("template_instantiation", &K::IsTemplateInstantiation),
      field("in_system_header", &K::InSystemHeader), field("attrs", &K::Attrs));
}

static auto fieldsOf(Tag<LaunchSite::Guard>) {
  return std::tuple(field("loc", &LaunchSite::Guard::Loc),
                    field("text", &LaunchSite::Guard::Text));
}

static auto fieldsOf(Tag<LaunchSite>) {
  using L = LaunchSite;
  return std::tuple(
      field("loc", &L::Loc), field("api", &L::Api), field("kernel", &L::Kernel),
      field("mangled", &L::Mangled), field("kernel_origins", &L::KernelOrigins),
      field("enclosing_function", &L::EnclosingFunction),
      field("grid", &L::Grid), field("block", &L::Block),
      field("threads_per_block", &L::ThreadsPerBlock),
      field("dynamic_smem", &L::DynamicSharedMem),
      field("occupancy_tuned", &L::OccupancyTuned),
      field("in_template_pattern", &L::InTemplatePattern),
      field("cluster_dims", &L::ClusterDims),
      field("device_guard", &L::DeviceGuard),
      field("cooperative", &L::Cooperative),
      field("settings_skipped_on_some_path", &L::SettingsSkippedOnSomePath),
      field("opt_ins_of_unknown_kernel", &L::OptInsOfUnknownKernel));
}

static auto fieldsOf(Tag<KernelSetting>) {
  using S = KernelSetting;
  return std::tuple(
      field("loc", &S::Loc), field("api", &S::Api), field("kernel", &S::Kernel),
      field("mangled", &S::Mangled), field("attribute", &S::Attribute),
      field("value", &S::Value), field("device_guard", &S::DeviceGuard));
}

static auto fieldsOf(Tag<ExternalCall>) {
  return std::tuple(field("loc", &ExternalCall::Loc),
                    field("function", &ExternalCall::Function),
                    field("arguments", &ExternalCall::Arguments),
                    field("dim3_arguments", &ExternalCall::Dim3Arguments));
}

static auto fieldsOf(Tag<FrontendError>) {
  return std::tuple(field("loc", &FrontendError::Loc),
                    field("message", &FrontendError::Message));
}

static auto fieldsOf(Tag<TranslationUnitFacts>) {
  using U = TranslationUnitFacts;
  return std::tuple(
      field("main_file", &U::MainFile), field("kernels", &U::Kernels),
      field("launches", &U::Launches),
      field("kernel_settings", &U::KernelSettings),
      field("external_calls", &U::ExternalCalls),
      field("defined_functions", &U::DefinedFunctions),
      field("written_globals", &U::WrittenGlobals), field("errors", &U::Errors),
      field("internal_error", &U::InternalError),
      field("wave_size", &U::WaveSize));
}

/// Whether T is one of the structs listed above.
template <typename T, typename = void> struct HasFields : std::false_type {};
template <typename T>
struct HasFields<T, std::void_t<decltype(fieldsOf(Tag<T>()))>>
    : std::true_type {};

//===-- Writers -----------------------------------------------------------===//

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
  case ResolvedValue::Kind::Symbolic:
    return "symbolic";
  }
  return "unknown";
}

template <typename T> static json::Value write(const T &X);

template <typename T> static json::Value write(const std::vector<T> &Xs) {
  json::Array A;
  for (const T &X : Xs)
    A.push_back(write(X));
  return A;
}

template <typename T> static json::Value write(const std::optional<T> &X) {
  return X ? write(*X) : json::Value(nullptr);
}

/// A listed struct as an object of its fields; anything else (strings,
/// numbers, booleans, the value kind) as its JSON value.
template <typename T> static json::Value write(const T &X) {
  if constexpr (std::is_same_v<T, ResolvedValue::Kind>) {
    return kindName(X);
  } else if constexpr (std::is_same_v<T, SymbolicNode::Op> ||
                       std::is_same_v<T, SymbolicNode::Source>) {
    return int64_t(X);
  } else if constexpr (HasFields<T>::value) {
    json::Object O;
    std::apply([&](const auto &...F) { ((O[F.Key] = write(X.*F.Of)), ...); },
               fieldsOf(Tag<T>()));
    return O;
  } else {
    return json::Value(X);
  }
}

json::Value toJSON(const TranslationUnitFacts &U) { return write(U); }

//===-- Readers -----------------------------------------------------------===//

// The readers are found by argument-dependent lookup from llvm::json's
// std::vector and std::optional readers, so they live in namespace cudalint.

/// Line, column and index: unsigned, which llvm::json has no reader for (and
/// argument-dependent lookup would not find one for a built-in type).
static bool readUnsigned(const json::Value &V, unsigned &Out, json::Path P) {
  std::optional<int64_t> I = V.getAsInteger();
  if (!I || *I < 0 || *I > std::numeric_limits<unsigned>::max()) {
    P.report("expected an unsigned integer");
    return false;
  }
  Out = unsigned(*I);
  return true;
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
                                       .Case("symbolic", Kind::Symbolic)
                                       .Default(std::nullopt)
                                 : std::nullopt;
  if (!Parsed) {
    P.report("expected a value kind");
    return false;
  }
  K = *Parsed;
  return true;
}

static bool fromJSON(const json::Value &V, SymbolicNode::Op &O, json::Path P) {
  std::optional<int64_t> I = V.getAsInteger();
  if (!I || *I < 0 || *I > int64_t(SymbolicNode::Op::NotEqual)) {
    P.report("expected a symbolic operation");
    return false;
  }
  O = SymbolicNode::Op(*I);
  return true;
}

static bool fromJSON(const json::Value &V, SymbolicNode::Source &S,
                     json::Path P) {
  std::optional<int64_t> I = V.getAsInteger();
  if (!I || *I < 0 || *I > int64_t(SymbolicNode::Source::RangeLength)) {
    P.report("expected an input's source");
    return false;
  }
  S = SymbolicNode::Source(*I);
  return true;
}

/// A listed struct: every field of its list must be present (an empty
/// optional as null) and read.
template <typename T>
static std::enable_if_t<HasFields<T>::value, bool>
fromJSON(const json::Value &V, T &Out, json::Path P) {
  const json::Object *O = V.getAsObject();
  if (!O) {
    P.report("expected object");
    return false;
  }
  auto Read = [&](StringLiteral Key, auto &Member) {
    const json::Value *Item = O->get(Key);
    if (!Item) {
      P.field(Key).report("missing value");
      return false;
    }
    if constexpr (std::is_same_v<std::remove_reference_t<decltype(Member)>,
                                 unsigned>)
      return readUnsigned(*Item, Member, P.field(Key));
    else
      return fromJSON(*Item, Member, P.field(Key));
  };
  return std::apply(
      [&](const auto &...F) { return (Read(F.Key, Out.*F.Of) && ...); },
      fieldsOf(Tag<T>()));
}

bool fromJSON(const json::Value &V, TranslationUnitFacts &U, json::Path P) {
  return fromJSON<TranslationUnitFacts>(V, U, P);
}

} // namespace cudalint
