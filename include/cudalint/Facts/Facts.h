//===- Facts.h - What the front end learns about kernels and launches -*- C++
//-*-===//
//
// Plain data, no Clang types: the front end fills these in, the checks and
// reports read them. Every resolved value keeps where it came from so that a
// diagnostic can point at it.
//
// The front-end facts cache stores these structs and hands them back instead
// of parsing: a new field must be listed in lib/Facts/FactsJSON.cpp (its
// struct's field list), set in test/unit/FactsJSONTest.cpp, and
// FactsSchemaVersion bumped. The build fails until the field counts asserted
// in FactsJSON.cpp are updated, so a field cannot be forgotten silently.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_FACTS_H
#define CUDALINT_FACTS_H

#include "cudalint/Facts/Diagnostic.h"

#include "llvm/ADT/StringRef.h"

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
  /// The value is known here only from the branch tests on the way
  /// (`case 512:` of `switch (threads)`): what that path would launch, not
  /// a value the program is known to choose.
  bool BranchTest = false;
  /// The mangled name of a global variable (external linkage) whose
  /// initialiser the value is: it holds only if no analysed file writes
  /// that global (TranslationUnitFacts::WrittenGlobals).
  std::string Global;
};

/// A parameter of a function defined in the file: the function (mangled
/// name, the key other files call it by) and the parameter's position.
struct ParameterRef {
  std::string Function;
  std::string FunctionName, ParameterName; // for messages
  unsigned Index = 0;
  /// "" for an integer parameter; "x", "y" or "z" for that field of a dim3
  /// parameter.
  std::string Part;
};

/// One node of a symbolic value: a size the program reads at run time (an
/// input), a constant, or an operation on earlier nodes. A symbolic value's
/// nodes are in postfix order, each operation after its operands, the value
/// itself last (SymbolicValues.h builds and evaluates them).
struct SymbolicNode {
  enum class Op {
    Input,    // a run-time size within [Lo, Hi] (its type's range, or less)
    Constant, // Lo
    Interval, // some value in [Lo, Hi] (a known range or set)
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    And,
    Min,
    Max,
    Assume,  // A, on a path whose branches allow B only [Lo, Hi] (B may be A)
    Join,    // A on some paths, B on others
    Differs, // A, on a path whose branches allow B anything but Lo
    Or,
    Call, // A, the result of a call, shown as Name where A reads long
    // A compared with B: 1 where the comparison holds, 0 where not.
    Less,
    LessEqual,
    Greater,
    GreaterEqual,
    Equal,
    NotEqual,
  };
  Op Kind = Op::Constant;
  /// Input: where the program reads it.
  enum class Source {
    Read,            // a field or element read through a parameter or a global
    Parameter,       // a parameter that no call in the analysed files passes
    LaunchParameter, // a field of a dim3 parameter of that kind
    Parsed,          // a number parsed from text (atoi)
    Size,            // a container's size
    Device,          // a device property, within what every GPU reports
    IndirectParameter, // a parameter of a function also called through
                       // pointers: no run over other files knows all its
                       // callers
    DeviceResult,      // a value the GPU computed, copied back to the host
                       // (a count after a scan or a filter): it may be 0
    RangeLength,       // the length of an iterator range (std::distance(
                       // first, last)): an empty range is valid input
  };
  Source From = Source::Read;
  unsigned A = 0, B = 0; // operands: indices of earlier nodes
  /// Input: its values; Constant: Lo; Interval and Assume: the bounds;
  /// Differs: the value excluded; an arithmetic operation: the bounds of its
  /// C type.
  int64_t Lo = 0, Hi = 0;
  /// Input: its name in messages ("ne1", "argv[1]"); an operation: its C
  /// type ("int", "size_t").
  std::string Name;
  /// Input: what it is, in the code's words ("dst->ne[1], read through
  /// parameter 'dst'", "the result of 'atoi'"), and its C type.
  std::string Provenance, Type;
  SourceLoc Loc;
  /// Input: the parameter it is, when it is a parameter that no call in the
  /// file passes (a run over several files may know its callers).
  std::optional<ParameterRef> Parameter;
};

/// A launch parameter as far as static analysis can tell: one value, a small
/// set of values, a range, a symbolic value of run-time sizes, or unknown.
/// Never a guess.
struct ResolvedValue {
  enum class Kind { Unknown, Constant, Set, Range, Symbolic };
  Kind K = Kind::Unknown;
  std::vector<int64_t> Values; // Constant: one; Set: sorted, unique, >= 2
  int64_t Min = 0, Max = 0;    // Range and Symbolic, inclusive
  std::vector<ValueOrigin> Origins;
  /// The values shown to reach the use on a feasible path: every step from
  /// where the value is chosen to the use passes only branches that cannot
  /// depend on that choice (a loop over a constant array, a caller passing
  /// 1024). A constant's one value always is. A set's other values may be
  /// excluded by correlated branches the analysis does not decide.
  std::vector<int64_t> Proven;
  /// Unknown: why, in words a reader can act on ("parameter 'bs' of
  /// 'launch': its address is taken, so its callers are not all known");
  /// empty when no reason was recorded. Symbolic: which run-time inputs it
  /// is made of ("'n' (the result of 'atoi', an int) is read at run time").
  std::string Reason;
  /// Unknown only: the value is exactly this parameter, which no call in
  /// the file passes; a run over several files gives it what their calls
  /// pass (resolveAcrossUnits).
  std::optional<ParameterRef> Parameter;
  /// Symbolic, or a range made of run-time inputs: the expression over
  /// them (a Symbolic value's Reason says which inputs, in words; its Min
  /// and Max are the values it may take for sizes from 1).
  std::vector<SymbolicNode> Symbolic;

  static ResolvedValue unknown(std::string Reason = {}) {
    ResolvedValue R;
    R.Reason = std::move(Reason);
    return R;
  }
  static ResolvedValue constant(int64_t V) {
    ResolvedValue R;
    R.K = Kind::Constant;
    R.Values = {V};
    R.Proven = {V};
    return R;
  }
  /// A constant for one value, a set for several (none of them proven);
  /// unknown for none or too many to be useful.
  static ResolvedValue oneOf(std::vector<int64_t> Values);
  static ResolvedValue range(int64_t Min, int64_t Max);

  /// Proven becomes those of Shown that are among Values.
  void keepProven(std::vector<int64_t> Shown);

  /// Known: a constant, a set or a range. A value of kind Symbolic is not
  /// known: it depends on inputs the program reads at run time.
  bool isKnown() const { return K != Kind::Unknown && K != Kind::Symbolic; }
  /// Made of run-time inputs (it has Symbolic nodes): of kind Symbolic, or
  /// a range whose bounds hold whatever the inputs are (`min(n, 256)` is at
  /// most 256) and which the nodes say more about.
  bool isSymbolic() const { return !Symbolic.empty(); }
  bool isConstant() const { return K == Kind::Constant; }
  int64_t value() const { return Values.front(); }
  /// The smallest and largest value it can take (Known values only).
  int64_t lowest() const { return K == Kind::Range ? Min : Values.front(); }
  int64_t highest() const { return K == Kind::Range ? Max : Values.back(); }
};

/// The most values a set keeps before it becomes unknown.
constexpr size_t MaxSetSize = 16;

/// Any of several possible values: a set (a range if any is a range), with
/// every part's origins; unknown, for its reason, if any part is unknown.
ResolvedValue joinValues(const std::vector<ResolvedValue> &Parts);

/// "256", "{128, 256}", "[1, 1024]", "?"
std::string describeValue(const ResolvedValue &V);

struct Dim3Value {
  ResolvedValue X, Y, Z;
};

/// "256x{1, 2}x1"
std::string describeDim3(const Dim3Value &D);

/// x * y * z of a block: every product of known values (their range when
/// there are too many to list), or a range when x is a range and y and z
/// are constants; unknown otherwise, with the reason
/// of the first unknown component. It carries no origins (the components
/// do).
ResolvedValue threadsPerBlock(const Dim3Value &Block);

/// __launch_bounds__, __maxnreg__ and __cluster_dims__ as the host-side
/// parse sees them (the device view per arch comes from device compilation).
struct KernelAttributes {
  std::optional<int64_t> MaxThreadsPerBlock;
  std::optional<int64_t> MinBlocksPerSM;
  std::optional<int64_t> MaxBlocksPerCluster;
  std::optional<int64_t> MaxRegisters;
  std::optional<Dim3Value> ClusterDims; // constants only
  /// HIP: the minimum waves per EU (SIMD) the kernel asks for, from
  /// amdgpu_waves_per_eu, which HIP's __launch_bounds__(MAX_THREADS,
  /// MIN_WAVES_PER_EU) lowers its second argument to: not CUDA's minimum
  /// blocks per SM. (Its first argument, amdgpu_flat_work_group_size's
  /// maximum, is MaxThreadsPerBlock.)
  std::optional<int64_t> MinWavesPerEU;
  SourceLoc LaunchBoundsLoc, MaxRegistersLoc, ClusterDimsLoc;
  /// The __launch_bounds__ (or a macro its arguments use) sits in a
  /// preprocessor conditional that tests the device arch (`#if
  /// __CUDA_ARCH__ >= 800`): the host parse sees one branch, each arch's
  /// device compile its own, so without device facts it holds on no arch.
  bool LaunchBoundsDependOnArch = false;
};

/// One call on the way from a kernel to something it does: `Caller` calls
/// `Callee` at Loc (in Caller's body; a macro's use, not its definition).
struct CallStep {
  SourceLoc Loc;
  std::string Caller, Callee; // qualified, with template arguments
};

/// The kernel synchronizes the whole grid (cooperative_groups'
/// grid_group::sync() or grid_group::barrier_arrive(), which trap unless the
/// kernel was launched cooperatively), itself or through the device
/// functions it calls in its translation unit. Self-contained, so that a
/// facts cache serializes it as one value: KernelInfo::GridSync.
struct GridSyncFact {
  /// The calls from the kernel to the sync, the kernel's own call first.
  /// Calls inside system headers (the toolkit's own helpers, such as
  /// cooperative_groups::sync(g)) are left out: the last step is the call
  /// in the user's code that leads there.
  std::vector<CallStep> Chain;
  /// What synchronizes the grid: "cooperative_groups::grid_group::sync".
  std::string Sync;
  /// A cooperative_groups grid_group::is_valid() query in a function on the
  /// chain: the code tells a cooperative launch from another and may avoid
  /// the sync. Invalid when there is none.
  SourceLoc GuardLoc;
  /// A call on the chain runs only under a branch condition (if, switch,
  /// ?:, &&, ||; loops do not count): the innermost condition of the first
  /// such call. Invalid when the chain runs whenever the kernel does.
  SourceLoc ConditionLoc;

  bool guarded() const { return GuardLoc.valid(); }
  bool conditional() const { return ConditionLoc.valid(); }
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
  /// Set when the kernel synchronizes the whole grid (an unguarded chain is
  /// preferred over a guarded one); unset when it does not, or the sync is
  /// beyond what the front end follows (another translation unit, a call
  /// through a pointer or a virtual function, a generic thread_group).
  std::optional<GridSyncFact> GridSync;
};

struct LaunchSite {
  SourceLoc Loc;   // where the user wrote it (macro use, not definition)
  std::string Api; // "<<<>>>", "cudaLaunchKernel", ...
  std::string Kernel, Mangled; // empty when the kernel cannot be traced
  /// A launch through a function pointer or reference that may hold several
  /// kernels is one LaunchSite per kernel: where each choice came from
  /// (`wide ? kwide : knarrow`, a table of kernels, a caller's argument).
  /// Empty when the launch names its kernel.
  std::vector<ValueOrigin> KernelOrigins;
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
  /// A cooperative launch (the blocks are co-resident, grid_group::sync
  /// works): true for cudaLaunchCooperativeKernel and
  /// cuLaunchCooperativeKernel, false for <<<>>>, cudaLaunchKernel and
  /// cuLaunchKernel; for cudaLaunchKernelEx whether its config carries
  /// cudaLaunchAttributeCooperative with a nonzero value, unset when the
  /// config's attributes cannot be followed.
  std::optional<bool> Cooperative = false;
  /// cudaFuncSetAttribute / cudaFuncSetCacheConfig calls of this kernel,
  /// earlier in the same function, that some path to the launch skips (an
  /// opt-in under `if (big)`): on that path the launch runs without them.
  std::vector<SourceLoc> SettingsSkippedOnSomePath;
  /// cudaFuncSetAttribute / cuFuncSetAttribute calls earlier in the same
  /// function, on a path to the launch, that may set the maximum dynamic
  /// shared memory of a kernel the front end cannot name (a pointer whose
  /// kernels are not all known): one may be this kernel's opt-in. What says
  /// why the call's kernel is not known.
  std::vector<ValueOrigin> OptInsOfUnknownKernel;
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

/// One value of a launch's configuration: a stable id ("grid.x", "block.z",
/// "smem", "cluster.y"), as --list-launches and the editor's hover name it,
/// and its name in prose ("grid x", "dynamic shared memory"), as findings
/// name it.
template <typename ValueT> struct BasicLaunchPart {
  llvm::StringRef Id;
  llvm::StringRef Name;
  ValueT *Value;
};
using LaunchPart = BasicLaunchPart<ResolvedValue>;
using ConstLaunchPart = BasicLaunchPart<const ResolvedValue>;

/// L's parts, always in this order: grid x, y, z, block x, y, z, the
/// dynamic shared memory, then cluster x, y, z when L asks for a cluster
/// shape.
std::vector<LaunchPart> launchParts(LaunchSite &L);
std::vector<ConstLaunchPart> launchParts(const LaunchSite &L);

/// A per-kernel setting made on the host that a launch depends on:
/// cudaFuncSetAttribute(kernel, cudaFuncAttribute<Attribute>, Value) or
/// cudaFuncSetCacheConfig(kernel, Value) (Attribute "CacheConfig"), or the
/// driver API's cuFuncSetAttribute / cuFuncSetCacheConfig, whose CUfunction
/// rarely names its kernel (Kernel and Mangled then stay empty).
struct KernelSetting {
  SourceLoc Loc;
  /// The function called: "cudaFuncSetAttribute", "cuFuncSetAttribute",
  /// "cudaFuncSetCacheConfig" or "cuFuncSetCacheConfig".
  std::string Api;
  std::string Kernel, Mangled;
  /// The runtime API's enumerator without its prefix (a driver API
  /// enumerator as its runtime API twin): "MaxDynamicSharedMemorySize",
  /// "PreferredSharedMemoryCarveout", "NonPortableClusterSizeAllowed", ...;
  /// empty when the attribute is not a constant.
  std::string Attribute;
  ResolvedValue Value;
  /// As a launch's: a call made only when a device query says so (the
  /// opt-in under `if (prop.sharedMemPerMultiprocessor >= SMEM)`).
  LaunchSite::Guard DeviceGuard;
};

/// A call to a function the file declares but does not define, with what
/// it passes to each integer parameter (unknown for the others): the
/// callers another file's launch helper has in this one.
struct ExternalCall {
  SourceLoc Loc;
  std::string Function; // mangled
  /// Per parameter: the integer argument (unknown for other types).
  std::vector<ResolvedValue> Arguments;
  /// Per parameter: the dim3 argument (all unknown for other types).
  std::vector<Dim3Value> Dim3Arguments;
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
  std::vector<ExternalCall> ExternalCalls;
  /// Mangled names of the functions with external linkage this file
  /// defines (not inline): a function several files define belongs to
  /// several programs, and their calls cannot be told apart.
  std::vector<std::string> DefinedFunctions;
  /// Mangled names of the globals with external linkage this file writes
  /// (or lets escape) but does not define: a value taken from such a
  /// global's initialiser in another file does not hold.
  std::vector<std::string> WrittenGlobals;
  std::vector<FrontendError>
      Errors; // Clang errors; analysis used what it recovered
  /// A HIP unit's wave size from its command: 64 with -mwavefrontsize64,
  /// 32 with -mno-wavefrontsize64 (the last one given); 0 without either
  /// (each gfx target's default: 64 on GCN/CDNA, 32 on RDNA).
  unsigned WaveSize = 0;
  /// Set when the analysis of this unit failed inside the tool (a crash
  /// caught at the unit's recovery boundary): what failed, in one line. The
  /// unit's facts are then empty; the other units are unaffected.
  std::string InternalError;
};

} // namespace cudalint

#endif // CUDALINT_FACTS_H
