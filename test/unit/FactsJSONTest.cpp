//===- FactsJSONTest.cpp - The facts' serialized form round-trips ---------===//
//
// The facts cache hands back what FactsJSON read: a field that is not
// serialized would silently come back empty on a cache hit. Every field of
// every facts struct is set here to a value that is not its default; the
// round trip must reproduce the same serialized form and the same values.
// (FactsJSON.cpp also counts each struct's fields at compile time.)
//
//===----------------------------------------------------------------------===//

#include "cudalint/Facts/FactsJSON.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace llvm;

namespace {

/// Different numbers everywhere, so that two fields swapped in the
/// serializer show.
struct Counter {
  int64_t Next = 1;
  int64_t operator()() { return Next++; }
};

SourceLoc loc(Counter &N) {
  int64_t I = N();
  return {"/src/f" + std::to_string(I) + ".cu", unsigned(I),
          unsigned(I + 1000)};
}

ResolvedValue value(Counter &N, ResolvedValue::Kind K) {
  ResolvedValue V;
  V.K = K;
  V.Values = {N(), N()};
  V.Proven = {V.Values.back()};
  V.Min = -N();
  V.Max = N();
  V.Origins = {{"origin " + std::to_string(N()), loc(N), false, ""},
               {"second origin", loc(N), true, "_Z9blockSize"}};
  V.Reason = "reason " + std::to_string(N());
  V.Parameter =
      ParameterRef{"_Z6launchi", "launch", "threads", unsigned(N()), "y"};
  SymbolicNode Input;
  Input.Kind = SymbolicNode::Op::Input;
  Input.Lo = N();
  Input.Hi = N() + 1000;
  Input.Name = "ne1";
  Input.Provenance = "dst->ne[1]";
  Input.Type = "int64_t";
  Input.Loc = loc(N);
  Input.Parameter = ParameterRef{"_Z1fl", "f", "n", unsigned(N()), ""};
  SymbolicNode Sum;
  Sum.Kind = SymbolicNode::Op::Add;
  Sum.A = 0;
  Sum.B = unsigned(N());
  Sum.Name = "long";
  V.Symbolic = {Input, Sum};
  return V;
}

Dim3Value dim3(Counter &N) {
  return {value(N, ResolvedValue::Kind::Constant),
          value(N, ResolvedValue::Kind::Set),
          value(N, ResolvedValue::Kind::Range)};
}

TranslationUnitFacts everyFieldSet() {
  Counter N;
  TranslationUnitFacts U;
  U.MainFile = "/src/main.cu";

  KernelInfo K;
  K.Name = "ns::scale<256>";
  K.Mangled = "_ZN2ns5scaleILi256EEEvPf";
  K.Loc = loc(N);
  K.DefinitionEnd = loc(N);
  K.IsTemplateInstantiation = true;
  K.InSystemHeader = true;
  K.Attrs.MaxThreadsPerBlock = N();
  K.Attrs.MinBlocksPerSM = N();
  K.Attrs.MaxBlocksPerCluster = N();
  K.Attrs.MaxRegisters = N();
  K.Attrs.ClusterDims = dim3(N);
  K.Attrs.MinWavesPerEU = N();
  K.Attrs.LaunchBoundsLoc = loc(N);
  K.Attrs.MaxRegistersLoc = loc(N);
  K.Attrs.ClusterDimsLoc = loc(N);
  K.Attrs.LaunchBoundsDependOnArch = true;
  GridSyncFact Sync;
  Sync.Chain = {{loc(N), "ns::scale<256>", "helper"}, {loc(N), "helper", "g"}};
  Sync.Sync = "cooperative_groups::grid_group::sync";
  Sync.GuardLoc = loc(N);
  Sync.ConditionLoc = loc(N);
  K.GridSync = Sync;
  U.Kernels.push_back(K);
  KernelInfo Plain; // the empty optionals must round-trip too
  Plain.Name = "plain";
  U.Kernels.push_back(Plain);

  LaunchSite L;
  L.Loc = loc(N);
  L.Api = "cudaLaunchKernelEx";
  L.Kernel = "ns::scale<256>";
  L.Mangled = "_ZN2ns5scaleILi256EEEvPf";
  L.EnclosingFunction = "run";
  L.Grid = dim3(N);
  L.Block = dim3(N);
  L.ThreadsPerBlock = value(N, ResolvedValue::Kind::Set);
  L.DynamicSharedMem = value(N, ResolvedValue::Kind::Unknown);
  L.OccupancyTuned = true;
  L.InTemplatePattern = true;
  L.ClusterDims = dim3(N);
  L.DeviceGuard = {loc(N), "prop.major >= 9"};
  L.Cooperative = true;
  L.SettingsSkippedOnSomePath = {loc(N), loc(N)};
  L.KernelOrigins = {{"variable 'kp' in 'run'", loc(N), false, ""}};
  L.OptInsOfUnknownKernel = {
      {"parameter 'kernel' of 'setup'", loc(N), false, ""}};
  U.Launches.push_back(L);
  U.Launches.push_back(LaunchSite());
  LaunchSite UnknownCooperation;
  UnknownCooperation.Cooperative = std::nullopt;
  U.Launches.push_back(UnknownCooperation);

  KernelSetting S;
  S.Loc = loc(N);
  S.Api = "cudaFuncSetAttribute";
  S.Kernel = "ns::scale<256>";
  S.Mangled = "_ZN2ns5scaleILi256EEEvPf";
  S.Attribute = "MaxDynamicSharedMemorySize";
  S.Value = value(N, ResolvedValue::Kind::Constant);
  S.DeviceGuard = {loc(N), "prop.sharedMemPerMultiprocessor >= 73728"};
  U.KernelSettings.push_back(S);

  U.ExternalCalls.push_back(
      {loc(N), "_Z6launchi", {value(N, ResolvedValue::Kind::Set)}, {dim3(N)}});
  U.DefinedFunctions = {"_Z4mainv", "_Z6helperv"};
  U.WrittenGlobals = {"nthreads"};
  U.Errors.push_back({loc(N), "no member named 'x' in 'dim3'"});
  U.InternalError = "internal error (SIGSEGV) while parsing";
  U.WaveSize = 64;
  return U;
}

std::string text(const json::Value &V) {
  std::string S;
  raw_string_ostream(S) << V;
  return S;
}

TEST(FactsJSON, EveryFieldRoundTrips) {
  TranslationUnitFacts U = everyFieldSet();
  std::string Before = text(toJSON(U));
  Expected<json::Value> Parsed = json::parse(Before);
  ASSERT_TRUE(bool(Parsed)) << toString(Parsed.takeError());
  TranslationUnitFacts Back;
  json::Path::Root Root;
  ASSERT_TRUE(fromJSON(*Parsed, Back, Root)) << toString(Root.getError());
  EXPECT_EQ(Before, text(toJSON(Back)));

  // The same values, spot-checked through fields the report never writes.
  ASSERT_EQ(Back.Kernels.size(), 2u);
  EXPECT_EQ(Back.Kernels[0].DefinitionEnd.Line,
            U.Kernels[0].DefinitionEnd.Line);
  EXPECT_TRUE(Back.Kernels[0].InSystemHeader);
  EXPECT_EQ(Back.Kernels[0].Attrs.MinWavesPerEU,
            U.Kernels[0].Attrs.MinWavesPerEU);
  EXPECT_TRUE(Back.Kernels[0].Attrs.LaunchBoundsDependOnArch);
  EXPECT_EQ(Back.Kernels[0].Attrs.ClusterDimsLoc.File,
            U.Kernels[0].Attrs.ClusterDimsLoc.File);
  EXPECT_FALSE(Back.Kernels[1].Attrs.MaxThreadsPerBlock);
  EXPECT_FALSE(Back.Kernels[1].Attrs.ClusterDims);
  ASSERT_TRUE(Back.Kernels[0].GridSync);
  EXPECT_EQ(Back.Kernels[0].GridSync->Chain[1].Callee, "g");
  ASSERT_EQ(Back.Launches.size(), 3u);
  EXPECT_EQ(Back.Launches[0].Cooperative, std::optional<bool>(true));
  EXPECT_FALSE(Back.Launches[2].Cooperative);
  EXPECT_EQ(Back.Launches[0].SettingsSkippedOnSomePath[1].Line,
            U.Launches[0].SettingsSkippedOnSomePath[1].Line);
  ASSERT_EQ(Back.Launches[0].OptInsOfUnknownKernel.size(), 1u);
  EXPECT_EQ(Back.Launches[0].OptInsOfUnknownKernel[0].What,
            "parameter 'kernel' of 'setup'");
  EXPECT_EQ(Back.Launches[0].OptInsOfUnknownKernel[0].Loc.Line,
            U.Launches[0].OptInsOfUnknownKernel[0].Loc.Line);
  ASSERT_EQ(Back.Launches[0].KernelOrigins.size(), 1u);
  EXPECT_EQ(Back.Launches[0].KernelOrigins[0].What, "variable 'kp' in 'run'");
  EXPECT_EQ(Back.Launches[0].Block.X.Reason, U.Launches[0].Block.X.Reason);
  ASSERT_TRUE(Back.Launches[0].Block.X.Parameter);
  EXPECT_EQ(Back.Launches[0].Block.X.Parameter->Index,
            U.Launches[0].Block.X.Parameter->Index);
  ASSERT_EQ(Back.ExternalCalls.size(), 1u);
  EXPECT_EQ(Back.ExternalCalls[0].Arguments[0].Values,
            U.ExternalCalls[0].Arguments[0].Values);
  EXPECT_EQ(Back.DefinedFunctions, U.DefinedFunctions);
  EXPECT_EQ(Back.WrittenGlobals, U.WrittenGlobals);
  EXPECT_EQ(Back.Launches[0].Block.Z.Min, U.Launches[0].Block.Z.Min);
  EXPECT_EQ(Back.Launches[0].Grid.X.Origins[1].Loc.Column,
            U.Launches[0].Grid.X.Origins[1].Loc.Column);
  EXPECT_TRUE(Back.Launches[0].Grid.X.Origins[1].BranchTest);
  EXPECT_FALSE(Back.Launches[0].Grid.X.Origins[0].BranchTest);
  EXPECT_EQ(Back.Launches[0].DeviceGuard.Text, "prop.major >= 9");
  EXPECT_EQ(Back.KernelSettings[0].DeviceGuard.Text,
            "prop.sharedMemPerMultiprocessor >= 73728");
  EXPECT_EQ(Back.Launches[0].DynamicSharedMem.K, ResolvedValue::Kind::Unknown);
  ASSERT_EQ(Back.Launches[0].Grid.Y.Symbolic.size(), 2u);
  const SymbolicNode &Input = Back.Launches[0].Grid.Y.Symbolic[0];
  EXPECT_EQ(Input.Kind, SymbolicNode::Op::Input);
  EXPECT_EQ(Input.Hi, U.Launches[0].Grid.Y.Symbolic[0].Hi);
  EXPECT_EQ(Input.Provenance, "dst->ne[1]");
  EXPECT_EQ(Input.Loc.Line, U.Launches[0].Grid.Y.Symbolic[0].Loc.Line);
  ASSERT_TRUE(Input.Parameter);
  EXPECT_EQ(Back.Launches[0].Grid.Y.Symbolic[1].Kind, SymbolicNode::Op::Add);
  EXPECT_EQ(Back.Launches[0].Grid.Y.Symbolic[1].B,
            U.Launches[0].Grid.Y.Symbolic[1].B);
  EXPECT_EQ(Back.InternalError, U.InternalError);
  EXPECT_EQ(Back.WaveSize, U.WaveSize);
}

TEST(FactsJSON, EveryFieldIsWritten) {
  // Each struct's fields have a key of their own: a field written under an
  // existing key, or not at all, leaves fewer keys than fields.
  json::Value V = toJSON(everyFieldSet());
  const json::Object &U = *V.getAsObject();
  EXPECT_EQ(U.size(), 10u);
  const json::Object &L = *(*U.getArray("launches"))[0].getAsObject();
  EXPECT_EQ(L.size(), 17u);
  const json::Object &K = *(*U.getArray("kernels"))[0].getAsObject();
  EXPECT_EQ(K.size(), 8u);
  EXPECT_EQ(K.getObject("grid_sync")->size(), 4u);
  EXPECT_EQ(K.getObject("attrs")->size(), 10u);
  EXPECT_EQ(L.getObject("grid")->getObject("x")->size(), 9u);
  EXPECT_EQ((*L.getObject("grid")->getObject("x")->getArray("symbolic"))[0]
                .getAsObject()
                ->size(),
            11u);
  EXPECT_EQ(L.getObject("grid")->getObject("x")->getObject("parameter")->size(),
            5u);
  EXPECT_EQ((*U.getArray("external_calls"))[0].getAsObject()->size(), 4u);
  EXPECT_EQ((*U.getArray("kernel_settings"))[0].getAsObject()->size(), 7u);
}

TEST(FactsJSON, MissingFieldIsAnError) {
  json::Value V = toJSON(everyFieldSet());
  json::Object &L = *(*V.getAsObject()->getArray("launches"))[0].getAsObject();
  L.erase("cluster_dims"); // an optional: absent is not the same as null
  TranslationUnitFacts Back;
  json::Path::Root Root;
  EXPECT_FALSE(fromJSON(V, Back, Root));
  consumeError(Root.getError());
}

TEST(FactsJSON, MistypedFieldIsAnError) {
  json::Value V = toJSON(everyFieldSet());
  json::Object &K = *(*V.getAsObject()->getArray("kernels"))[0].getAsObject();
  (*K.getObject("loc"))["line"] = -3;
  TranslationUnitFacts Back;
  json::Path::Root Root;
  EXPECT_FALSE(fromJSON(V, Back, Root));
  consumeError(Root.getError());

  json::Value W = toJSON(everyFieldSet());
  json::Object &G = *(*W.getAsObject()->getArray("launches"))[0]
                         .getAsObject()
                         ->getObject("grid")
                         ->getObject("x");
  G["kind"] = "sometimes";
  EXPECT_FALSE(fromJSON(W, Back, Root));
  consumeError(Root.getError());
}

} // namespace
