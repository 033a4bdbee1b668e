//===- Facts.h - What the front end learns about kernels and launches -*- C++
//-*-===//
//
// Plain data, no Clang types: the front end fills these in, the checks and
// reports read them. Every resolved value keeps where it came from so that a
// diagnostic can point at it.
//
// The front-end facts cache stores these structs and hands them back instead
// of parsing: a new field must be serialized in lib/Facts/FactsJSON.cpp
// (both directions), set in test/unit/FactsJSONTest.cpp, and
// FactsSchemaVersion bumped. The build fails until the field counts asserted
// in FactsJSON.cpp are updated, so a field cannot be forgotten silently.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_FACTS_H
#define CUDALINT_FACTS_H

#include "cudalint/Diagnostic.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// Where a resolved value came from: "constexpr variable 'Block'", "template
/// argument 'N' = 256", "macro 'THREADS'", "caller at f.cu:20:5".
struct ValueOrigin {
  std::string What;
  SourceLoc Loc;
};

/// A launch parameter as far as static analysis can tell: one value, a small
/// set of values, a range, or unknown. Never a guess.
struct ResolvedValue {
  enum class Kind { Unknown, Constant, Set, Range };
  Kind K = Kind::Unknown;
  std::vector<int64_t> Values; // Constant: one; Set: sorted, unique, >= 2
  int64_t Min = 0, Max = 0;    // Range, inclusive
  std::vector<ValueOrigin> Origins;

  static ResolvedValue unknown() { return {}; }
  static ResolvedValue constant(int64_t V) {
    ResolvedValue R;
    R.K = Kind::Constant;
    R.Values = {V};
    return R;
  }
  /// A constant for one value, a set for several; unknown for none or too
  /// many to be useful.
  static ResolvedValue oneOf(std::vector<int64_t> Values);
  static ResolvedValue range(int64_t Min, int64_t Max);

  bool isKnown() const { return K != Kind::Unknown; }
  bool isConstant() const { return K == Kind::Constant; }
  int64_t value() const { return Values.front(); }
  /// The smallest and largest value it can take (Known values only).
  int64_t lowest() const { return K == Kind::Range ? Min : Values.front(); }
  int64_t highest() const { return K == Kind::Range ? Max : Values.back(); }
};

/// The most values a set keeps before it becomes unknown.
constexpr size_t MaxSetSize = 16;

/// "256", "{128, 256}", "[1, 1024]", "?"
std::string describeValue(const ResolvedValue &V);

struct Dim3Value {
  ResolvedValue X, Y, Z;
};

/// "256x{1, 2}x1"
std::string describeDim3(const Dim3Value &D);

/// x * y * z of a block: every product of known values, or a range when x
/// is a range and y and z are constants; unknown otherwise. It carries no
/// origins (the components do).
ResolvedValue threadsPerBlock(const Dim3Value &Block);

/// __launch_bounds__, __maxnreg__ and __cluster_dims__ as the host-side
/// parse sees them (the device view per arch comes from device compilation).
struct KernelAttributes {
  std::optional<int64_t> MaxThreadsPerBlock;
  std::optional<int64_t> MinBlocksPerSM;
  std::optional<int64_t> MaxBlocksPerCluster;
  std::optional<int64_t> MaxRegisters;
  std::optional<Dim3Value> ClusterDims; // constants only
  SourceLoc LaunchBoundsLoc, MaxRegistersLoc, ClusterDimsLoc;
};

struct KernelInfo {
  std::string Name;    // qualified, with template arguments
  std::string Mangled; // as the device compiler names the entry
  SourceLoc Loc;
  /// The end of its definition (invalid without one): an edit between Loc
  /// and here may change its registers and shared memory.
  SourceLoc DefinitionEnd;
  bool IsTemplateInstantiation = false;
  /// Defined in a system header or the CUDA toolkit (CUB, Thrust, ...): the
  /// user cannot change it, so findings located there are not reported.
  bool InSystemHeader = false;
  KernelAttributes Attrs;
};

struct LaunchSite {
  SourceLoc Loc;   // where the user wrote it (macro use, not definition)
  std::string Api; // "<<<>>>", "cudaLaunchKernel", ...
  std::string Kernel, Mangled; // empty when the kernel cannot be traced
  std::string EnclosingFunction;
  Dim3Value Grid, Block;
  ResolvedValue ThreadsPerBlock; // x * y * z
  ResolvedValue DynamicSharedMem;
  /// The block size comes from cudaOccupancyMaxPotentialBlockSize & co.
  bool OccupancyTuned = false;
  /// In a template that this file never instantiates: values that depend
  /// on its parameters are unknown, and the kernel has no mangled name.
  bool InTemplatePattern = false;
  /// cudaLaunchKernelEx with a cudaLaunchAttributeClusterDimension
  /// attribute: the cluster shape it asks for.
  std::optional<Dim3Value> ClusterDims;
  /// The launch runs only when a condition that queries the device holds
  /// (`if (prop.sharedMemPerMultiprocessor >= SMEM)`, a cudaDeviceGetAttribute
  /// result): on some GPUs of an arch it may not run at all, so only errors
  /// that hold on every target arch are reported. Text is the condition as
  /// written; Loc invalid when there is no such guard.
  struct Guard {
    SourceLoc Loc;
    std::string Text;
  } DeviceGuard;
};

/// A per-kernel setting made on the host that a launch depends on:
/// cudaFuncSetAttribute(kernel, cudaFuncAttribute<Attribute>, Value) or
/// cudaFuncSetCacheConfig(kernel, Value) (Attribute "CacheConfig").
struct KernelSetting {
  SourceLoc Loc;
  std::string Kernel, Mangled;
  /// The enumerator without its prefix: "MaxDynamicSharedMemorySize",
  /// "PreferredSharedMemoryCarveout", "NonPortableClusterSizeAllowed", ...;
  /// empty when the attribute is not a constant.
  std::string Attribute;
  ResolvedValue Value;
};

struct FrontendError {
  SourceLoc Loc;
  std::string Message;
};

struct TranslationUnitFacts {
  std::string MainFile;
  std::vector<KernelInfo> Kernels;
  std::vector<LaunchSite> Launches;
  std::vector<KernelSetting> KernelSettings;
  std::vector<FrontendError>
      Errors; // Clang errors; analysis used what it recovered
  /// Set when the analysis of this unit failed inside the tool (a crash
  /// caught at the unit's recovery boundary): what failed, in one line. The
  /// unit's facts are then empty; the other units are unaffected.
  std::string InternalError;
};

} // namespace cudalint

#endif // CUDALINT_FACTS_H
