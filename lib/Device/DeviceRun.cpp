//===- DeviceRun.cpp - Run the device compile jobs, or import a log -------===//
//
// computeDeviceFacts: plans the jobs (DevicePlan.cpp), runs them Opts.Jobs
// at a time through the cache (DeviceCache.cpp) and the compilers
// (Process.cpp), and turns what ptxas printed and the PTX it compiled
// (PtxasLogParser.cpp, PtxParser.cpp) into KernelResources. With
// --resource-usage=FILE a saved ptxas log, or a build output
// (ObjectFacts.cpp), stands for the compiles; with --resource-usage=objects
// each unit's fresh object stands for its own (UnitObject.cpp).
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/DeviceFacts.h"

#include "CompileFailure.h"
#include "DeviceCache.h"
#include "DevicePlan.h"
#include "HipDevice.h"
#include "Process.h"
#include "ResourceUsage.h"
#include "UnitObject.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <set>

using namespace llvm;

namespace cudalint {

DeviceFactsOptions::Mode parseResourceUsageMode(StringRef Value,
                                                std::string &LogFile) {
  using M = DeviceFactsOptions::Mode;
  M Mode = StringSwitch<M>(Value)
               .Case("auto", M::Auto)
               .Case("nvcc", M::Nvcc)
               .Case("clang", M::Clang)
               .Case("none", M::None)
               .Case("objects", M::Objects)
               .Default(M::Log);
  if (Mode == M::Log)
    LogFile = Value.str();
  return Mode;
}

namespace {

using namespace device;
using Mode = DeviceFactsOptions::Mode;

/// ptxas' report and the PTX directives of one arch, as KernelResources.
std::vector<KernelResources> mergeResults(const PtxasLog &Log,
                                          ArrayRef<PtxEntryDirectives> Ptx,
                                          StringRef Arch, StringRef Source,
                                          bool HavePtx) {
  std::vector<KernelResources> Out;
  std::map<std::string, const PtxEntryDirectives *> ByName;
  for (const PtxEntryDirectives &E : Ptx)
    ByName[E.Name] = &E;
  std::set<std::string> Seen;
  auto Fill = [&](KernelResources &K) {
    auto It = ByName.find(K.Mangled);
    if (!HavePtx || It == ByName.end())
      return;
    applyPtxDirectives(K, *It->second);
  };
  for (const PtxasFunction &F : Log.Functions) {
    if (!F.IsEntry || (!F.Arch.empty() && F.Arch != Arch))
      continue;
    if (!Seen.insert(F.Name).second)
      continue;
    KernelResources K;
    K.Mangled = F.Name;
    K.Arch = Arch.str();
    K.Source = Source.str();
    K.HasUsage = F.HasUsage;
    copyResourceUsage(K, F);
    K.SpillStores = F.SpillStores;
    K.SpillLoads = F.SpillLoads;
    K.CumulativeStack = F.CumulativeStack;
    Fill(K);
    Out.push_back(std::move(K));
  }
  // Entries in the PTX that ptxas did not report (none seen in practice).
  for (const PtxEntryDirectives &E : Ptx)
    if (!Seen.count(E.Name)) {
      KernelResources K;
      K.Mangled = E.Name;
      K.Arch = Arch.str();
      K.Source = Source.str();
      Fill(K);
      Out.push_back(std::move(K));
    }
  llvm::sort(Out, [](const KernelResources &A, const KernelResources &B) {
    return A.Mangled < B.Mangled;
  });
  return Out;
}

/// Runs the jobs of a run and gathers their results into the units.
class Runner {
public:
  Runner(const DeviceFactsOptions &Opts, DeviceFacts &Result)
      : Opts(Opts), Result(Result) {
    if (Opts.UseCache)
      Cache.emplace(Opts.CacheDir.empty() ? defaultCacheDir() : Opts.CacheDir);
  }

  void run(ArrayRef<DeviceCompileInput> Inputs);

private:
  void runNote(const std::string &N) {
    std::lock_guard<std::mutex> Lock(M);
    if (RunNotesSeen.insert(N).second)
      Result.Notes.push_back(N);
  }
  void execute(Job &J);
  /// The cache entry of J: its commands, toolchain, environment and source.
  std::string cacheKey(const Job &J) const;
  /// Stores J's results with the hashes of the files the compile in Tmp
  /// read; nothing when one of them cannot be hashed.
  void store(const Job &J, StringRef Key, StringRef Tmp);
  void compile(Job &J, StringRef Tmp);
  /// Runs one compiler of J (Name: for the note when it fails) with its
  /// output into Out and Err; Log: what it printed.
  bool runStep(Job &J, ArrayRef<std::string> Argv, StringRef Name,
               StringRef Tmp, StringRef Out, StringRef Err, std::string &Log);

  const DeviceFactsOptions &Opts;
  DeviceFacts &Result;
  std::optional<DeviceCache> Cache;
  std::mutex M;
  std::set<std::string> RunNotesSeen;
  std::atomic<unsigned> Compiles{0}, Hits{0}, Misses{0}, Writes{0}, Failures{0};
};

std::string Runner::cacheKey(const Job &J) const {
  std::string Material = "cuda-launch-lint device cache 1\n";
  auto Add = [&](StringRef S) {
    Material += S;
    Material += '\0';
  };
  Add(toolName(J.T));
  Add(J.ToolchainId);
  Add(J.Arch);
  Add(J.Directory);
  for (const std::string &A : J.Compile)
    Add(A);
  Add("--ptxas--");
  for (const std::string &A : J.Ptxas)
    Add(A);
  // nvcc reads these; they change the compile as much as a flag.
  for (const char *Var :
       {"NVCC_PREPEND_FLAGS", "NVCC_APPEND_FLAGS", "NVCC_CCBIN", "CPATH",
        "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH"}) {
    Add(Var);
    Add(sys::Process::GetEnv(Var).value_or(""));
  }
  auto SrcHash = hashFileContents(J.File);
  Add(SrcHash.value_or("unreadable"));
  return hashString(Material);
}

void Runner::execute(Job &J) {
  std::string Key;
  if (Cache) {
    Key = cacheKey(J);
    std::vector<std::string> CacheNotes;
    auto Hit = Cache->lookup(Key, CacheNotes);
    for (std::string &N : CacheNotes)
      J.Notes.push_back(J.File + " [" + J.Arch + "]: " + N);
    if (Hit) {
      ++Hits;
      if (Opts.Progress)
        ++Opts.Progress->CacheHits;
      J.Kernels = std::move(*Hit);
      J.Ok = true;
      return;
    }
    ++Misses;
  }

  SmallString<128> Tmp;
  if (std::error_code EC =
          sys::fs::createUniqueDirectory("cudalint-device", Tmp)) {
    J.Gap = DeviceGap{
        J.Arch, DeviceGap::Kind::CompileFailed,
        "cannot create a temporary directory (" + EC.message() + ")", "", ""};
    J.Gap->Message = J.File + " [" + J.Arch + "]: " + J.Gap->Detail +
                     "; no device facts for this arch";
    return;
  }
  compile(J, Tmp);
  if (J.Ok && Cache)
    store(J, Key, Tmp);
  sys::fs::remove_directories(Tmp);
}

void Runner::store(const Job &J, StringRef Key, StringRef Tmp) {
  CachedResult R;
  R.Kernels = J.Kernels;
  std::set<std::string> Deps;
  Deps.insert(J.File);
  collectCompileDeps(Tmp, J.Directory, Deps);
  bool Complete = true;
  for (const std::string &D : Deps) {
    if (StringRef(D).starts_with(Tmp))
      continue; // the stand-in header
    auto H = hashFileContents(D);
    if (!H) {
      Complete = false; // cannot prove it unchanged later: do not cache
      break;
    }
    R.Deps.push_back({D, *H});
  }
  std::vector<std::string> CacheNotes;
  if (Complete && Cache && Cache->store(Key, R, CacheNotes))
    ++Writes;
  for (std::string &N : CacheNotes)
    runNote(N);
}

bool Runner::runStep(Job &J, ArrayRef<std::string> Argv, StringRef Name,
                     StringRef Tmp, StringRef Out, StringRef Err,
                     std::string &Log) {
  ++Compiles;
  ProcessResult R = runProcess(substituteTmp(Argv, Tmp), J.Directory, Out, Err,
                               Opts.TimeoutSeconds, Opts.Cancel);
  Log = readFile(Err) + readFile(Out);
  if (R.succeeded())
    return true;
  ++Failures;
  FailedCompile F;
  F.File = J.File;
  F.Arch = J.Arch;
  F.Tool = Name;
  F.TimedOut = R.TimedOut;
  F.Cancelled = R.Cancelled;
  F.Outcome = R.describe(Opts.TimeoutSeconds);
  F.Log = Log;
  // The sources the diagnostics point at, to tell an #error or a
  // static_assert on __CUDA_ARCH__ from any other.
  J.Gap = classifyCompileFailure(
      F, [&](StringRef Path) -> std::optional<std::string> {
        SmallString<256> Abs(Path);
        if (!J.Directory.empty())
          sys::fs::make_absolute(J.Directory, Abs);
        auto Buf = MemoryBuffer::getFile(Abs, /*IsText=*/true);
        if (!Buf)
          return std::nullopt;
        return (*Buf)->getBuffer().str();
      });
  return false;
}

void Runner::compile(Job &J, StringRef Tmp) {
  std::string Where = J.File + " [" + J.Arch + "]: ";
  SmallString<128> Out(Tmp), Err(Tmp);
  sys::path::append(Out, "stdout.txt");
  sys::path::append(Err, "stderr.txt");
  if (J.T == Tool::Clang) {
    SmallString<128> Stub(Tmp);
    sys::path::append(Stub, "stub");
    sys::fs::create_directories(Stub);
    sys::path::append(Stub, "texture_fetch_functions.h");
    std::error_code EC;
    raw_fd_ostream(Stub, EC) << "/* stand-in: removed in CUDA 13 */\n";
  }
  const char *Name = toolName(J.T);
  std::string Log;
  if (!runStep(J, J.Compile, Name, Tmp, Out, Err, Log))
    return;
  if (J.T == Tool::Hip) {
    // A flag that stops the device compile before the backend (-emit-llvm)
    // leaves no remark, even for a file full of kernels: not a silent pass.
    SmallString<128> Asm(Tmp);
    sys::path::append(Asm, "device.s");
    if (!StringRef(readFile(Asm)).contains(".amdgcn_target")) {
      J.Gap = DeviceGap{J.Arch, DeviceGap::Kind::NoReport,
                        "the device compile made no AMDGPU assembly (a flag "
                        "of the command, such as -emit-llvm, stops it before "
                        "the backend), so no kernel-resource-usage remarks",
                        "", ""};
      J.Gap->Message = Where + J.Gap->Detail;
      return;
    }
    // The AMDGPU backend's remarks, not ptxas' report.
    auto Kernels = hipKernelResources(Log, J.Arch, "clang");
    if (!Kernels) {
      J.Gap = DeviceGap{J.Arch, DeviceGap::Kind::NoReport,
                        "the kernel-resource-usage remarks could not be read "
                        "(" +
                            toString(Kernels.takeError()) + ")",
                        "", ""};
      J.Gap->Message = Where + J.Gap->Detail;
      return;
    }
    J.Kernels = std::move(*Kernels);
    J.Ok = true;
    return;
  }
  if (J.T == Tool::Clang && !runStep(J, J.Ptxas, "ptxas", Tmp, Out, Err, Log))
    return;
  // The PTX: nvcc keeps <stem>.ptx in the keep dir, clang writes
  // device.ptx.
  std::string Ptx;
  bool HavePtx = false;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Tmp, EC), End; It != End && !EC;
       It.increment(EC))
    if (StringRef(It->path()).ends_with(".ptx")) {
      Ptx += readFile(It->path());
      HavePtx = true;
    }
  auto Parsed = parsePtxasLog(Log);
  if (!Parsed) {
    // A device compile of a file without kernels prints no report: fine
    // when the PTX has no entry either.
    std::vector<PtxEntryDirectives> Entries = parsePtxEntries(Ptx);
    if (Entries.empty()) {
      consumeError(Parsed.takeError());
      J.Ok = true;
      return;
    }
    J.Gap = DeviceGap{J.Arch, DeviceGap::Kind::NoReport,
                      "ptxas printed no resource report (" +
                          toString(Parsed.takeError()) + ")",
                      "", ""};
    J.Gap->Message = Where + J.Gap->Detail;
    return;
  }
  if (!HavePtx)
    J.Notes.push_back(Where + "no PTX was kept; launch bounds come from "
                              "the host-side parse");
  J.Kernels =
      mergeResults(*Parsed, parsePtxEntries(Ptx), J.Arch, Name, HavePtx);
  J.Ok = true;
}

void Runner::run(ArrayRef<DeviceCompileInput> Inputs) {
  Result.Units.resize(Inputs.size());
  std::vector<std::unique_ptr<Job>> Jobs;
  {
    Planner P(Opts, [this](const std::string &N) { runNote(N); });
    FreshnessCheck Fresh;
    for (size_t I = 0; I < Inputs.size(); ++I) {
      Result.Units[I].MainFile = Inputs[I].File;
      // --resource-usage=objects: the unit's own object, when usable,
      // stands for its device compiles.
      if (Opts.M == Mode::Objects &&
          factsFromObject(Inputs[I], Opts, Fresh, Result.Units[I])) {
        ++Result.Stats.ObjectsRead;
        continue;
      }
      P.plan(I, Inputs[I], Result.Units[I], Jobs);
    }
  }
  {
    DefaultThreadPool Pool(Opts.Jobs ? hardware_concurrency(Opts.Jobs)
                                     : hardware_concurrency());
    if (Opts.Progress)
      Opts.Progress->DeviceJobsTotal += Jobs.size();
    for (auto &J : Jobs)
      Pool.async([this, Ptr = J.get()] {
        execute(*Ptr);
        if (Opts.Progress)
          ++Opts.Progress->DeviceJobsDone;
      });
    Pool.wait();
  }
  // Deterministic: units in input order, archs in target order.
  for (auto &J : Jobs) {
    TranslationUnitDeviceFacts &U = Result.Units[J->Unit];
    for (std::string &N : J->Notes)
      U.Notes.push_back(std::move(N));
    if (J->Ok)
      U.CompiledArchs.push_back(J->Arch);
    if (std::optional<DeviceGap> &Gap = J->Gap)
      U.Gaps.push_back(std::move(*Gap));
    for (KernelResources &K : J->Kernels)
      U.Kernels.push_back(std::move(K));
  }
  Result.Stats.DeviceCompiles = Compiles;
  Result.Stats.CacheHits = Hits;
  Result.Stats.CacheMisses = Misses;
  Result.Stats.CacheWrites = Writes;
  Result.Stats.FailedCompiles = Failures;
}

void importLog(const DeviceFactsOptions &Opts, DeviceFacts &Result) {
  auto Buf = MemoryBuffer::getFile(Opts.LogFile, /*IsText=*/true);
  if (!Buf) {
    Result.Notes.push_back("--resource-usage " + Opts.LogFile + ": " +
                           Buf.getError().message() +
                           "; register-based checks are off");
    return;
  }
  auto Log = parsePtxasLog((*Buf)->getBuffer());
  if (!Log) {
    Result.Notes.push_back("--resource-usage " + Opts.LogFile + ": " +
                           toString(Log.takeError()) +
                           "; register-based checks are off");
    return;
  }
  TranslationUnitDeviceFacts U; // MainFile empty: joins with every unit
  std::string Source = "log:" + Opts.LogFile;
  for (const PtxasFunction &F : Log->Functions) {
    if (!F.IsEntry || F.Arch.empty())
      continue;
    if (!Opts.Archs.empty() && !is_contained(Opts.Archs, F.Arch))
      continue;
    if (!is_contained(U.TargetArchs, F.Arch)) {
      U.TargetArchs.push_back(F.Arch);
      U.CompiledArchs.push_back(F.Arch);
    }
  }
  for (const std::string &Arch : U.TargetArchs)
    for (KernelResources &K : mergeResults(*Log, {}, Arch, Source, false))
      U.Kernels.push_back(std::move(K));
  if (U.Kernels.empty())
    Result.Notes.push_back("--resource-usage " + Opts.LogFile +
                           ": no kernel entry in the log" +
                           (Opts.Archs.empty() ? "" : " for --arch"));
  for (const std::string &E : Log->Errors)
    Result.Notes.push_back("--resource-usage " + Opts.LogFile +
                           ": the log reports an error: " + E);
  Result.Units.push_back(std::move(U));
}

/// "sm_80" -> "compute_80": how PTX and LTO IR archs are named.
std::vector<std::string> computeNames(ArrayRef<std::string> Archs) {
  std::vector<std::string> Out;
  for (StringRef A : Archs)
    Out.push_back(("compute_" + A.drop_front(3)).str());
  return Out;
}

/// --resource-usage=FILE with a build output: its kernels join with every
/// unit, as a log's do.
void importBinary(const DeviceFactsOptions &Opts, const BinaryDeviceFacts &B,
                  DeviceFacts &Result) {
  std::string Named = "--resource-usage " + Opts.LogFile;
  TranslationUnitDeviceFacts U; // MainFile empty: joins with every unit
  for (const std::string &Arch : B.CubinArchs)
    if (Opts.Archs.empty() || is_contained(Opts.Archs, Arch)) {
      U.TargetArchs.push_back(Arch);
      U.CompiledArchs.push_back(Arch);
    }
  for (const KernelResources &K : B.Kernels)
    if (is_contained(U.TargetArchs, K.Arch))
      U.Kernels.push_back(K);
  for (const std::string &Arch : Opts.Archs)
    if (!is_contained(B.CubinArchs, Arch))
      Result.Notes.push_back(Named + ": no " + Arch + " code in it" +
                             (is_contained(B.PtxOnlyArchs, Arch)
                                  ? " (only PTX: the driver compiles it at "
                                    "run time)"
                                  : ""));
  if (B.CubinArchs.empty()) {
    std::string Only;
    if (!B.PtxOnlyArchs.empty())
      Only = " (only PTX for " + join(computeNames(B.PtxOnlyArchs), ", ") +
             ": the driver compiles it at run time)";
    else if (!B.LtoOnlyArchs.empty())
      Only = " (only LTO IR for " + join(computeNames(B.LtoOnlyArchs), ", ") +
             ": code is made at the device link)";
    else if (!B.BitcodeOnlyArchs.empty())
      Only = " (only LLVM bitcode for " + join(B.BitcodeOnlyArchs, ", ") +
             ": -fgpu-rdc, code is made at the device link)";
    Result.Notes.push_back(
        Named + ": no " +
        (B.BitcodeOnlyArchs.empty() ? "cubin" : "code object") + " in it" +
        Only + "; register-based checks are off");
  }
  Result.Units.push_back(std::move(U));
}

} // namespace

DeviceFacts computeDeviceFacts(ArrayRef<DeviceCompileInput> Inputs,
                               const DeviceFactsOptions &Opts) {
  auto Start = std::chrono::steady_clock::now();
  DeviceFacts Result;
  switch (Opts.M) {
  case Mode::None:
    Result.Mode = "none";
    Result.Notes.push_back("--resource-usage=none: no device facts; "
                           "register-based checks are off");
    break;
  case Mode::Log:
    if (Opts.Binary || isBuildOutputFile(Opts.LogFile)) {
      Result.Mode = "objects";
      if (Opts.Binary) {
        importBinary(Opts, *Opts.Binary, Result);
      } else if (Expected<BinaryDeviceFacts> B =
                     readBinaryDeviceFacts(Opts.LogFile)) {
        importBinary(Opts, *B, Result);
      } else {
        Result.Notes.push_back("--resource-usage " + Opts.LogFile + ": " +
                               toString(B.takeError()) +
                               "; register-based checks are off");
      }
      break;
    }
    Result.Mode = "log";
    importLog(Opts, Result);
    break;
  default:
    Result.Mode = Opts.M == Mode::Nvcc      ? "nvcc"
                  : Opts.M == Mode::Clang   ? "clang"
                  : Opts.M == Mode::Objects ? "objects"
                                            : "auto";
    Runner(Opts, Result).run(Inputs);
  }
  Result.Stats.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return Result;
}

} // namespace cudalint
