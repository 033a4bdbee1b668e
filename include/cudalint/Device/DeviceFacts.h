//===- DeviceFacts.h - Per-arch resources from device compilation -*- C++
//-*-===//
//
// What the device compiler produced for each kernel and target architecture:
// registers, barriers, shared/constant memory, stack and spills (ptxas -v,
// nvcc --resource-usage) and the launch bounds the device side really saw
// (the PTX .entry directives, which follow #if __CUDA_ARCH__), and the
// runner that computes it: the device compiles, the cache, the join onto the
// front end's kernels. No Clang types. The joined table the checks and
// reports read is in DeviceResources.h. How it is computed and cached:
// docs/device-facts.md.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_DEVICEFACTS_H
#define CUDALINT_DEVICEFACTS_H

#include "cudalint/Device/DeviceResources.h"
#include "cudalint/Facts/Facts.h"
#include "cudalint/Facts/Progress.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

//===-- Parsers
//------------------------------------------------------------===//

/// The performance directives of one PTX `.entry` (PTX ISA "Performance-
/// Tuning Directives"), as nvcc 13 / Clang 19 print them, e.g.
/// `.maxntid 256, 1, 1`, `.minnctapersm 2`, `.maxnreg 40`,
/// `.maxclusterrank 4`, `.explicitcluster`, `.reqnctapercluster 2, 1, 1`.
struct PtxEntryDirectives {
  std::string Name; // mangled, as in the PTX
  bool Visible = false;
  std::optional<std::array<unsigned, 3>> MaxNTid, ReqNTid, ReqNCtaPerCluster;
  std::optional<unsigned> MinNCtaPerSM, MaxNReg, MaxClusterRank;
  bool ExplicitCluster = false;
  /// The body was read (BodySeen), and its only instruction is `ret;`.
  bool BodySeen = false, EmptyBody = false;
};

/// Every `.entry` of a PTX module, in file order. Text that is not PTX gives
/// no entries.
std::vector<PtxEntryDirectives> parsePtxEntries(llvm::StringRef Ptx);

/// Sets K's device view of the launch bounds (and HasPtx) from its entry's
/// directives.
void applyPtxDirectives(KernelResources &K, const PtxEntryDirectives &E);

/// One function in a ptxas -v report.
struct PtxasFunction {
  std::string Name; // mangled
  std::string Arch; // "sm_80"; empty for a device function reported
                    // before any entry of its arch
  bool IsEntry = false;
  bool HasUsage = false; // a "Used N registers, ..." line was seen
  unsigned Registers = 0, Barriers = 0;
  uint64_t StaticSmem = 0, StackFrame = 0, SpillStores = 0, SpillLoads = 0;
  uint64_t CumulativeStack = 0;
  /// cmem[0] (kernel parameters and compiler constants), when printed;
  /// nvcc 13 prints it up to sm_90 only.
  std::optional<uint64_t> ConstMem0;
};

struct PtxasLog {
  std::vector<PtxasFunction> Functions; // in log order
  /// "ptxas error", "ptxas fatal", "nvcc fatal", "... error: ..." lines.
  std::vector<std::string> Errors;
  /// ptxas warnings ("... .minnctapersm will be ignored").
  std::vector<std::string> Warnings;
};

/// The kernels of a build output (an object, library, executable, fatbin or
/// cubin; CudaBinary.h), per arch, as KernelResources.
struct BinaryDeviceFacts {
  /// Sorted by arch, then name. Where one (kernel, arch) comes several
  /// times, a linked cubin wins over a relocatable one, then the first.
  std::vector<KernelResources> Kernels;
  /// The archs with machine code, sorted: a cubin ("sm_80", "sm_90a") or
  /// an AMDGPU code object ("gfx90a").
  std::vector<std::string> CubinArchs;
  /// The archs whose only code is PTX ("sm_80" for compute_80 alone: the
  /// driver compiles it at run time) or LTO IR (-dlto: code is made at the
  /// device link).
  std::vector<std::string> PtxOnlyArchs, LtoOnlyArchs;
  /// HIP: the gfx targets whose only code is LLVM bitcode (-fgpu-rdc: code
  /// is made at the device link).
  std::vector<std::string> BitcodeOnlyArchs;
  /// Fatbin containers and offload bundles found (0: the file has no
  /// device code).
  unsigned Containers = 0;
};

/// Reads Path (see readCudaBinary) into BinaryDeviceFacts; every kernel's
/// Source is "object:<Path>". Fails with a one-line reason on a file that
/// cannot be read or is malformed.
llvm::Expected<BinaryDeviceFacts> readBinaryDeviceFacts(llvm::StringRef Path);

/// Whether the file at Path starts like a build output (ELF, ar archive,
/// fatbin) rather than a ptxas log; false when it cannot be read.
bool isBuildOutputFile(llvm::StringRef Path);

/// Whether Line is one of ptxas -v's report lines ("ptxas info    : Used 8
/// registers, ...", and the indented "N bytes stack frame, ..." after
/// "Function properties for"): the lines the compiler launcher hides when
/// it asked for the report itself.
bool isPtxasReportLine(llvm::StringRef Line);

/// Parses the output of `ptxas -v`, `nvcc -Xptxas -v` or
/// `nvcc --resource-usage` (one or several archs, other compiler output mixed
/// in). Fails, with a one-line reason, on text with no ptxas report line at
/// all and no ptxas/nvcc error either.
llvm::Expected<PtxasLog> parsePtxasLog(llvm::StringRef Text);

//===-- Results
//------------------------------------------------------------===//

/// The device facts of one translation unit.
struct TranslationUnitDeviceFacts {
  std::string MainFile; // absolute
  /// The archs analysed for this unit (the compile command's, or --arch),
  /// including any that were skipped or failed.
  std::vector<std::string> TargetArchs;
  /// The archs with results.
  std::vector<std::string> CompiledArchs;
  std::vector<KernelResources> Kernels;
  /// The archs whose device compile gave no results, and why: failed or
  /// timed-out compiles, archs the code is not built for. Each carries its
  /// own message (not repeated in Notes).
  std::vector<DeviceGap> Gaps;
  /// One line each: skipped archs, cache problems, what stood in the way of
  /// compiling at all. Already prefixed with the file name.
  std::vector<std::string> Notes;
};

struct DeviceFactsStats {
  unsigned DeviceCompiles = 0; // compiler invocations run (nvcc, clang+ptxas)
  unsigned CacheHits = 0, CacheMisses = 0, CacheWrites = 0;
  unsigned FailedCompiles = 0;
  unsigned ObjectsRead = 0; // --resource-usage=objects: objects used
  double Seconds = 0;
};

struct DeviceFacts {
  /// How the facts were obtained: "auto", "nvcc", "clang", "none", "log",
  /// "objects".
  std::string Mode;
  std::vector<TranslationUnitDeviceFacts> Units; // input order
  /// Run-wide notes (toolkit missing, unsupported arch skipped, log file
  /// problems), each once.
  std::vector<std::string> Notes;
  DeviceFactsStats Stats;
};

//===-- Running
//------------------------------------------------------------===//

/// One translation unit and the user's own compile command for it (before
/// any translation for the Clang parse).
struct DeviceCompileInput {
  std::string File;      // absolute
  std::string Directory; // the command's working directory
  std::vector<std::string> Argv;
  /// False for a bare flag list (`file.cu -- -std=c++17`): Argv[0] is a
  /// placeholder, and the device side is compiled by nvcc, the toolkit's
  /// compiler, which optimises device code by default.
  bool CompilerNamed = true;
};

/// Seconds before a device compile is killed (--device-timeout). nvcc's
/// compile of one 2,285-line file with 96 kernels (bench/gpu/gen.py's
/// suite-regs.cu, sm_90) took 35 s on 16 cores, 175-210 s on this 2-core
/// machine under a load average of 12-17, and more than 300 s on such a
/// machine before: 600 s lets a slow but healthy compile finish (and be
/// cached) while a hung compiler is still stopped. A timeout is a warning
/// that says what to do.
constexpr unsigned DefaultDeviceTimeoutSeconds = 600;

struct DeviceFactsOptions {
  /// Objects: each unit's facts from its compile command's output, when it
  /// is there and newer than its sources, else compiled as Auto.
  enum class Mode { Auto, Nvcc, Clang, None, Log, Objects };
  Mode M = Mode::Auto;
  /// Mode::Log: a saved ptxas log, or a build output (looksLikeCudaBinary).
  std::string LogFile;
  /// Mode::Log with a build output: its facts, read when the settings were
  /// checked (a broken file is a bad argument); shared by copies.
  std::shared_ptr<const BinaryDeviceFacts> Binary;
  /// --arch: replaces every command's archs when not empty.
  std::vector<std::string> Archs;
  /// The toolkit root (nvcc, ptxas, headers); empty: none found.
  std::string CudaRoot;
  /// The ROCm root HIP units' device compiles are given (--rocm-path);
  /// empty: none found.
  std::string RocmRoot;
  /// Clang for Clang compile commands whose compiler cannot be run
  /// (default: clang++-19 on PATH).
  std::string ClangFallback = "clang++-19";
  bool UseCache = true;
  /// The cache directory (device results go to its device/ folder); empty:
  /// defaultCacheDir() (CacheSupport.h).
  std::string CacheDir;
  /// Device compiles at a time (-j); 0: one per core.
  unsigned Jobs = 0;
  unsigned TimeoutSeconds = DefaultDeviceTimeoutSeconds;
  /// Advanced as device compiles (or cache lookups) finish; may be null.
  RunProgress *Progress = nullptr;
  /// When set (by another thread), running compiles are killed and the
  /// rest fail at once; nothing of them is cached. May be null.
  const std::atomic<bool> *Cancel = nullptr;
};

/// Parses --resource-usage's value: auto, nvcc, clang, none, objects, or a
/// file (a ptxas log or a build output).
DeviceFactsOptions::Mode parseResourceUsageMode(llvm::StringRef Value,
                                                std::string &LogFile);

/// Compiles (or imports, or reads from the cache) the device side of every
/// input for every target arch, Opts.Jobs at a time. Never fails: what goes
/// wrong becomes a note on the affected unit or the run. Thread-safe; meant
/// to run beside the front end.
DeviceFacts computeDeviceFacts(llvm::ArrayRef<DeviceCompileInput> Inputs,
                               const DeviceFactsOptions &Opts);

//===-- Joining onto the front end's kernels (DeviceResources.h) --------===//

/// The key under which a kernel's name from one compiler matches the same
/// kernel's name from another: the demangled name, in which Clang's
/// `12_GLOBAL__N_1` and nvcc's `36_GLOBAL__N__<hash>_<file>_<hash>` both read
/// "(anonymous namespace)" and internal linkage (Clang's `_ZL2sk`, nvcc's
/// `_Z2sk`) leaves no trace. extern "C" names are their own key.
std::string kernelJoinKey(llvm::StringRef Mangled);

/// Joins device facts to the front end's kernels by mangled name (exactly,
/// else through kernelJoinKey when that is unambiguous).
/// A unit's kernels are joined with that unit's device facts; facts imported
/// from a log (no unit) join with every unit. The table's Notes are the
/// device facts' notes (run-wide first, then per unit) and the join's own
/// (ambiguous names).
DeviceResourceTable joinDeviceFacts(const DeviceFacts &Device,
                                    llvm::ArrayRef<TranslationUnitFacts> Units);

/// One kernel's resources on one arch as JSON, as the device cache keeps a
/// compile's results (and the compiler launcher's per-unit reports for
/// `merge`): everything but SpillsKnown and BoundsFromCubin, which only
/// facts read from objects set.
llvm::json::Object resourcesToJSON(const KernelResources &K);
/// Strict: every key must be there with its type; false otherwise.
bool resourcesFromJSON(const llvm::json::Object &O, KernelResources &K);

} // namespace cudalint

#endif // CUDALINT_DEVICEFACTS_H
