//===- DeviceFacts.cpp - Device compiles per unit x arch, cache, join -----===//
//
// One device compile per (translation unit, target arch), with the compiler
// that builds the user's code:
//   nvcc:  nvcc <user flags> -cubin -gencode arch=compute_XY,code=sm_XY
//               -Xptxas -v --keep --keep-dir <tmp> -o <tmp>/device.cubin src
//          (one invocation: the PTX is kept, ptxas' report is on stderr)
//   clang: clang++ <user flags> --cuda-device-only -S --cuda-gpu-arch=sm_XY
//               -MD -MF <tmp>/deps.d -o <tmp>/device.ptx src
//          ptxas -v -arch=sm_XY <-Xcuda-ptxas flags> <tmp>/device.ptx
// See docs/device-facts.md for why these and not others.
//
//===----------------------------------------------------------------------===//

#include "cudalint/DeviceFacts.h"

#include "DeviceCache.h"
#include "Process.h"

#include "cudalint/CompileCommand.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>

using namespace llvm;

namespace cudalint {

DeviceFactsOptions::Mode parseResourceUsageMode(StringRef Value,
                                                std::string &LogFile) {
  using M = DeviceFactsOptions::Mode;
  if (Value == "auto")
    return M::Auto;
  if (Value == "nvcc")
    return M::Nvcc;
  if (Value == "clang")
    return M::Clang;
  if (Value == "none")
    return M::None;
  LogFile = Value.str();
  return M::Log;
}

std::string defaultDeviceCacheDir() {
  SmallString<256> P;
  if (auto X = sys::Process::GetEnv("XDG_CACHE_HOME"); X && !X->empty()) {
    P = *X;
  } else if (auto H = sys::Process::GetEnv("HOME"); H && !H->empty()) {
    P = *H;
    sys::path::append(P, ".cache");
  } else {
    sys::path::system_temp_directory(/*ErasedOnReboot=*/false, P);
  }
  sys::path::append(P, "cuda-launch-lint");
  return P.str().str();
}

std::string kernelJoinKey(StringRef Mangled) {
  if (!Mangled.starts_with("_Z"))
    return Mangled.str();
  std::string D = llvm::demangle(Mangled);
  return D.empty() ? Mangled.str() : D;
}

namespace {

using Mode = DeviceFactsOptions::Mode;
enum class Tool { Nvcc, Clang };

const char *toolName(Tool T) { return T == Tool::Nvcc ? "nvcc" : "clang"; }

/// The placeholder for the per-job temporary directory in argv templates:
/// the cache key is computed on the template, the run on the real path.
const char *const TmpMark = "@CUDALINT_TMP@";

std::string readFile(StringRef Path) {
  auto B = MemoryBuffer::getFile(Path, /*IsText=*/true);
  return B ? (*B)->getBuffer().str() : std::string();
}

/// The first line that says what went wrong, for a one-line note.
std::string firstErrorLine(StringRef Text) {
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n', -1, false);
  for (StringRef L : Lines)
    if (L.contains("error") || L.contains("fatal"))
      return L.trim().take_front(240).str();
  for (StringRef L : llvm::reverse(Lines))
    if (!L.trim().empty())
      return L.trim().take_front(240).str();
  return "";
}

/// What one run needs to know about the installed compilers, found once.
struct Toolchain {
  std::string CudaRoot;
  std::string Nvcc, Ptxas; // empty: not there
  std::string NvccVersion; // `nvcc --version`, for the cache key
  std::string PtxasVersion;
  std::set<std::string> NvccArchs; // --list-gpu-code, "sm_75" ...
  std::map<std::string, std::string> ClangVersions; // clang path -> version
  std::mutex M;
};

/// Runs Argv and returns its stdout ("" on failure).
std::string captureOutput(ArrayRef<std::string> Argv, unsigned Timeout) {
  SmallString<128> Out, Err;
  if (sys::fs::createTemporaryFile("cudalint-out", "txt", Out) ||
      sys::fs::createTemporaryFile("cudalint-err", "txt", Err))
    return "";
  ProcessResult R = runProcess(Argv, "", Out, Err, Timeout);
  std::string Text = R.succeeded() ? readFile(Out) : std::string();
  sys::fs::remove(Out);
  sys::fs::remove(Err);
  return Text;
}

std::string baseArch(StringRef Arch) {
  if (Arch.ends_with("a") || Arch.ends_with("f"))
    return Arch.drop_back().str();
  return Arch.str();
}

/// The user's nvcc flags for a device-only compile: everything but the
/// compiler, the inputs, the output and phase flags, the GPU arch flags
/// (one -gencode per job replaces them) and what only the host or the
/// linker sees. Values of dropped flags go with them.
std::vector<std::string> nvccDeviceFlags(const TranslatedCommand &T) {
  static const StringSet<> DropWithValue = {
      "-o",          "--output-file",
      "-MF",         "--dependency-output",
      "-MT",         "--dependency-target-name",
      "-arch",       "--gpu-architecture",
      "-code",       "--gpu-code",
      "-gencode",    "--generate-code",
      "-keep-dir",   "--keep-dir",
      "-odir",       "--output-directory",
      "-Xlinker",    "--linker-options",
      "-Xarchive",   "--archive-options",
      "-Xnvlink",    "--nvlink-options",
      "-l",          "--library",
      "-L",          "--library-path",
      "-ldir",       "--libdevice-directory",
      "-time",       "--time",
      "-run-args",   "--run-args",
      "-cudart",     "--cudart",
      "-cudadevrt",  "--cudadevrt",
      "-target-dir", "--target-directory",
      "-dlto-dir"};
  static const StringSet<> Drop = {
      "-c",
      "--compile",
      "-E",
      "--preprocess",
      "-M",
      "--generate-dependencies",
      "-MM",
      "--generate-nonsystem-dependencies",
      "-MD",
      "--generate-dependencies-with-compile",
      "-MMD",
      "--generate-nonsystem-dependencies-with-compile",
      "-MP",
      "--generate-dependency-targets",
      "-cuda",
      "--cuda",
      "-cubin",
      "--cubin",
      "-fatbin",
      "--fatbin",
      "-ptx",
      "--ptx",
      "-optix-ir",
      "--optix-ir",
      "-ltoir",
      "--ltoir",
      "-link",
      "--link",
      "-lib",
      "--lib",
      "-run",
      "--run",
      "-dlink",
      "--device-link",
      "-dw",
      "--device-w",
      "-keep",
      "--keep",
      "-save-temps",
      "--save-temps",
      "-clean",
      "--clean-targets",
      "-dryrun",
      "--dryrun",
      "-v",
      "--verbose",
      "-res-usage",
      "--resource-usage",
      "-dlto",
      "--dlink-time-opt",
      "-lto",
      "-gen-opt-lto",
      "--gen-opt-lto",
      "-shared",
      "--shared",
      "-nodlink",
      "--no-device-link",
      "-jobserver",
      "--jobserver",
      "-fdevice-syntax-only",
      "--fdevice-syntax-only"};
  std::set<std::string> Sources(T.SourceFiles.begin(), T.SourceFiles.end());
  // Flags the translator did not know (it warned "unknown nvcc flag 'X'
  // dropped" once): nvcc would reject them too, so a device compile with
  // them would only fail; they are dropped here as well.
  std::set<std::string> Unknown;
  for (StringRef W : T.Warnings)
    if (W.consume_front("unknown nvcc flag '") && W.consume_back("' dropped"))
      Unknown.insert(W.str());
  std::vector<std::string> Out;
  ArrayRef<std::string> Args = T.Original;
  // Skip the compiler and any wrapper in front of it.
  size_t Start = 1;
  for (size_t I = 0; I < Args.size(); ++I)
    if (Args[I] == T.Compiler) {
      Start = I + 1;
      break;
    }
  for (size_t I = Start; I < Args.size(); ++I) {
    StringRef A = Args[I];
    StringRef Name = A.take_until([](char C) { return C == '='; });
    if (DropWithValue.contains(A)) {
      ++I; // and its value
      continue;
    }
    if (A.contains('=') && DropWithValue.contains(Name))
      continue;
    if (Drop.contains(A) || Unknown.count(Name.str()))
      continue;
    // Glued forms nvcc accepts: -lfoo, -Lpath.
    if ((A.starts_with("-l") || A.starts_with("-L")) && A.size() > 2 &&
        !A.starts_with("-lineinfo") && !A.starts_with("-link") &&
        !A.starts_with("-lib") && !A.starts_with("-ldir") &&
        !A.starts_with("-lto"))
      continue;
    if (A == "-dc" || A == "--device-c") {
      Out.push_back("-rdc=true");
      continue;
    }
    if (Sources.count(A.str()))
      continue;
    Out.push_back(A.str());
  }
  return Out;
}

struct Job {
  size_t Unit;
  std::string Arch;
  Tool T;
  /// Argv templates (TmpMark for the temporary directory).
  std::vector<std::string> Compile, Ptxas;
  std::string Directory, File;
  std::string ToolchainId;
  // Results.
  std::vector<KernelResources> Kernels;
  std::vector<std::string> Notes;
  bool Ok = false;
};

std::vector<std::string> substituteTmp(ArrayRef<std::string> Argv,
                                       StringRef Tmp) {
  std::vector<std::string> Out;
  for (const std::string &A : Argv) {
    std::string S = A;
    for (size_t P; (P = S.find(TmpMark)) != std::string::npos;)
      S.replace(P, strlen(TmpMark), Tmp.str());
    Out.push_back(std::move(S));
  }
  return Out;
}

/// Files named in the line markers of a preprocessed file (`# 12 "a.h" 2`),
/// resolved against Dir.
void depsFromLineMarkers(StringRef Text, StringRef Dir,
                         std::set<std::string> &Out) {
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines) {
    if (!L.starts_with("# ") && !L.starts_with("#line "))
      continue;
    size_t Q = L.find('"');
    if (Q == StringRef::npos)
      continue;
    size_t E = L.find('"', Q + 1);
    if (E == StringRef::npos)
      continue;
    StringRef P = L.slice(Q + 1, E);
    if (P.empty() || P.starts_with("<"))
      continue;
    SmallString<256> Abs(P);
    if (!sys::path::is_absolute(Abs) && !Dir.empty())
      sys::fs::make_absolute(Dir, Abs);
    Out.insert(Abs.str().str());
  }
}

/// Files in a Makefile dependency file (`out: a.cu b.h \`).
void depsFromMakefile(StringRef Text, StringRef Dir,
                      std::set<std::string> &Out) {
  size_t Colon = Text.find(": ");
  if (Colon == StringRef::npos)
    return;
  StringRef Rest = Text.drop_front(Colon + 2);
  std::string Cur;
  auto Flush = [&] {
    if (Cur.empty())
      return;
    SmallString<256> Abs(Cur);
    if (!sys::path::is_absolute(Abs) && !Dir.empty())
      sys::fs::make_absolute(Dir, Abs);
    Out.insert(Abs.str().str());
    Cur.clear();
  };
  for (size_t I = 0; I < Rest.size(); ++I) {
    char C = Rest[I];
    if (C == '\\' && I + 1 < Rest.size()) {
      char N = Rest[I + 1];
      if (N == '\n' || N == '\r') {
        Flush();
        ++I;
        continue;
      }
      if (N == ' ' || N == '#' || N == '\\') {
        Cur += N;
        ++I;
        continue;
      }
    }
    if (C == ' ' || C == '\n' || C == '\t' || C == '\r') {
      Flush();
      continue;
    }
    Cur += C;
  }
  Flush();
}

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
    const PtxEntryDirectives &E = *It->second;
    K.HasPtx = true;
    K.MaxNTid = E.MaxNTid;
    K.ReqNTid = E.ReqNTid;
    K.ReqNCtaPerCluster = E.ReqNCtaPerCluster;
    K.MinNCtaPerSM = E.MinNCtaPerSM;
    K.MaxNReg = E.MaxNReg;
    K.MaxClusterRank = E.MaxClusterRank;
    K.ExplicitCluster = E.ExplicitCluster;
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
    K.Registers = F.Registers;
    K.Barriers = F.Barriers;
    K.StaticSmem = F.StaticSmem;
    K.StackFrame = F.StackFrame;
    K.SpillStores = F.SpillStores;
    K.SpillLoads = F.SpillLoads;
    K.CumulativeStack = F.CumulativeStack;
    K.ConstMem0 = F.ConstMem0;
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

class Runner {
public:
  Runner(const DeviceFactsOptions &Opts, DeviceFacts &Result)
      : Opts(Opts), Result(Result) {
    if (Opts.UseCache)
      Cache.emplace(Opts.CacheDir.empty() ? defaultDeviceCacheDir()
                                          : Opts.CacheDir);
  }

  void run(ArrayRef<DeviceCompileInput> Inputs);

private:
  void runNote(const std::string &N) {
    std::lock_guard<std::mutex> Lock(M);
    if (RunNotesSeen.insert(N).second)
      Result.Notes.push_back(N);
  }
  bool prepareToolchain(Tool T, const std::string &Clang);
  void plan(size_t UnitIndex, const DeviceCompileInput &In,
            std::vector<std::unique_ptr<Job>> &Jobs);
  void execute(Job &J);
  void compile(Job &J, StringRef Tmp);

  const DeviceFactsOptions &Opts;
  DeviceFacts &Result;
  Toolchain TC;
  std::optional<DeviceCache> Cache;
  std::mutex M;
  std::set<std::string> RunNotesSeen;
  std::atomic<unsigned> Compiles{0}, Hits{0}, Misses{0}, Writes{0}, Failures{0};
  bool NvccChecked = false, NvccUsable = false, PtxasChecked = false,
       PtxasUsable = false;
};

bool Runner::prepareToolchain(Tool T, const std::string &Clang) {
  auto Bin = [&](StringRef Name) {
    if (Opts.CudaRoot.empty())
      return std::string();
    SmallString<256> P(Opts.CudaRoot);
    sys::path::append(P, "bin", Name);
    return sys::fs::can_execute(P) ? P.str().str() : std::string();
  };
  auto Where = [&](StringRef Name) {
    if (Opts.CudaRoot.empty())
      return std::string("no CUDA toolkit found");
    SmallString<256> P(Opts.CudaRoot);
    sys::path::append(P, "bin", Name);
    return ("no " + Name + " at " + P).str();
  };
  if (T == Tool::Nvcc) {
    if (!NvccChecked) {
      NvccChecked = true;
      TC.Nvcc = Bin("nvcc");
      if (TC.Nvcc.empty()) {
        runNote(Where("nvcc") + ": no nvcc device facts (register-based "
                                "checks are off for those files)");
      } else {
        NvccUsable = true;
        TC.NvccVersion =
            captureOutput({TC.Nvcc, "--version"}, Opts.TimeoutSeconds);
        std::string List =
            captureOutput({TC.Nvcc, "--list-gpu-code"}, Opts.TimeoutSeconds);
        SmallVector<StringRef, 16> Lines;
        StringRef(List).split(Lines, '\n', -1, false);
        for (StringRef L : Lines)
          if (L.trim().starts_with("sm_"))
            TC.NvccArchs.insert(L.trim().str());
      }
    }
    return NvccUsable;
  }
  if (!PtxasChecked) {
    PtxasChecked = true;
    TC.Ptxas = Bin("ptxas");
    if (TC.Ptxas.empty()) {
      runNote(Where("ptxas") + ": no clang device facts (register-based "
                               "checks are off for those files)");
    } else {
      PtxasUsable = true;
      TC.PtxasVersion =
          captureOutput({TC.Ptxas, "--version"}, Opts.TimeoutSeconds);
    }
  }
  if (!PtxasUsable)
    return false;
  if (!TC.ClangVersions.count(Clang)) {
    std::string V = captureOutput({Clang, "--version"}, Opts.TimeoutSeconds);
    if (V.empty())
      runNote(Clang + " --version failed: no clang device facts for the "
                      "files it builds");
    TC.ClangVersions[Clang] = V;
  }
  return !TC.ClangVersions[Clang].empty();
}

void Runner::plan(size_t UnitIndex, const DeviceCompileInput &In,
                  std::vector<std::unique_ptr<Job>> &Jobs) {
  TranslationUnitDeviceFacts &U = Result.Units[UnitIndex];
  auto Note = [&](const Twine &N) {
    U.Notes.push_back((In.File + ": " + N).str());
  };
  if (In.Argv.empty()) {
    Note("no compile command; no device facts");
    return;
  }
  auto T = translateCompileCommand(In.Argv, In.Directory);
  if (!T) {
    Note("compile command not usable for device compilation (" +
         toString(T.takeError()) + ")");
    return;
  }
  Tool Use;
  switch (Opts.M) {
  case Mode::Nvcc:
    Use = Tool::Nvcc;
    break;
  case Mode::Clang:
    Use = Tool::Clang;
    break;
  default:
    Use = T->Kind == CompilerKind::Nvcc || !In.CompilerNamed ? Tool::Nvcc
                                                             : Tool::Clang;
  }
  std::string Clang;
  if (Use == Tool::Clang) {
    if (T->Kind == CompilerKind::Clang)
      Clang = findExecutable(T->Compiler);
    if (Clang.empty())
      Clang = findExecutable(Opts.ClangFallback);
    if (Clang.empty()) {
      runNote("no clang to compile device code (tried " +
              (T->Kind == CompilerKind::Clang ? T->Compiler + ", " : "") +
              Opts.ClangFallback + ")");
      return;
    }
  }
  // Planning runs on one thread, before any job.
  if (!prepareToolchain(Use, Clang))
    return;

  // Archs: --arch, else the command's, else nvcc's default (the oldest it
  // supports: sm_75 for CUDA 13).
  std::vector<std::string> Archs = Opts.Archs;
  if (Archs.empty())
    Archs = T->TargetArchs;
  if (Archs.empty()) {
    std::string Default = "sm_75";
    if (!TC.NvccArchs.empty()) {
      Default = *llvm::min_element(
          TC.NvccArchs, [](const std::string &A, const std::string &B) {
            unsigned X = 0, Y = 0;
            StringRef(A).drop_front(3).getAsInteger(10, X);
            StringRef(B).drop_front(3).getAsInteger(10, Y);
            return X < Y;
          });
    }
    runNote(std::string(T->ArchIsNativeOrAll
                            ? "-arch=native/all cannot be resolved without "
                              "a GPU"
                            : "no GPU arch in the compile command") +
            "; using " + Default +
            ", the toolkit's default (give --arch "
            "to choose)");
    Archs = {Default};
  }
  U.TargetArchs = Archs;

  std::vector<std::string> Flags;
  if (Use == Tool::Nvcc) {
    if (T->Kind == CompilerKind::Nvcc) {
      Flags = nvccDeviceFlags(*T);
    } else {
      // A Clang/GCC command built with nvcc: the preprocessor and language
      // flags carry over; the rest is Clang's.
      for (size_t I = 0; I < T->ClangArgs.size(); ++I) {
        StringRef A = T->ClangArgs[I];
        if (A.starts_with("-D") || A.starts_with("-U") || A.starts_with("-I") ||
            A.starts_with("-std=") || A.starts_with("-O")) {
          Flags.push_back(A.str());
        } else if ((A == "-isystem" || A == "-include") &&
                   I + 1 < T->ClangArgs.size()) {
          Flags.push_back(A.str());
          Flags.push_back(T->ClangArgs[++I]);
        }
      }
      if (T->MaxRegCount)
        Flags.push_back("-maxrregcount=" + std::to_string(*T->MaxRegCount));
      if (T->FastMath)
        Flags.push_back("--use_fast_math");
      if (T->RelocatableDeviceCode)
        Flags.push_back("-rdc=true");
      for (const std::string &P : T->PtxasOptions) {
        Flags.push_back("-Xptxas");
        Flags.push_back(P);
      }
    }
  } else {
    Flags = T->ClangArgs;
    // Clang compiles device code at the command's own -O level, which is
    // -O0 unless it says otherwise (nvcc optimises device code regardless).
    StringRef OptLevel = "-O0";
    for (StringRef A : Flags)
      if (A.starts_with("-O"))
        OptLevel = A;
    if (OptLevel == "-O0" && T->Kind != CompilerKind::Nvcc)
      Note("the device side is compiled by " + sys::path::filename(Clang) +
           " at -O0, as its command says: register, stack and spill figures "
           "describe an unoptimised build");
    // nvcc's spellings that Clang does not know, for an nvcc command
    // compiled with Clang.
    if (T->Kind == CompilerKind::Nvcc && T->FastMath)
      Flags.push_back("-ffast-math");
    if (T->Kind == CompilerKind::Nvcc && T->RelocatableDeviceCode)
      Flags.push_back("-fgpu-rdc");
  }

  for (const std::string &Arch : Archs) {
    // Archs this toolkit cannot target: said once per run.
    if (!normalizeGpuArch(Arch)) {
      runNote("--arch " + Arch + ": not a GPU architecture; skipped");
      continue;
    }
    if (Use == Tool::Nvcc && !TC.NvccArchs.empty() &&
        !TC.NvccArchs.count(baseArch(Arch))) {
      runNote(Arch + ": not supported by this toolkit's nvcc (" +
              join(TC.NvccArchs, ", ") + "); skipped");
      continue;
    }
    auto J = std::make_unique<Job>();
    J->Unit = UnitIndex;
    J->Arch = Arch;
    J->T = Use;
    J->File = In.File;
    J->Directory = In.Directory;
    std::string Num = StringRef(Arch).drop_front(3).str();
    if (Use == Tool::Nvcc) {
      J->ToolchainId = TC.NvccVersion;
      J->Compile = {TC.Nvcc};
      J->Compile.insert(J->Compile.end(), Flags.begin(), Flags.end());
      J->Compile.insert(J->Compile.end(),
                        {"-cubin", "-gencode",
                         "arch=compute_" + Num + ",code=sm_" + Num, "-Xptxas",
                         "-v", "--keep", "--keep-dir", TmpMark, "-o",
                         std::string(TmpMark) + "/device.cubin", In.File});
    } else {
      J->ToolchainId = TC.ClangVersions[Clang] + TC.PtxasVersion;
      J->Compile = {Clang};
      J->Compile.insert(J->Compile.end(), Flags.begin(), Flags.end());
      SmallString<256> Cccl(Opts.CudaRoot);
      sys::path::append(Cccl, "include", "cccl");
      J->Compile.insert(J->Compile.end(),
                        {"--cuda-device-only", "-S", "--cuda-gpu-arch=" + Arch,
                         "--cuda-path=" + Opts.CudaRoot,
                         "-Wno-unknown-cuda-version", "-w", "-idirafter",
                         std::string(TmpMark) + "/stub"});
      if (sys::fs::is_directory(Cccl))
        J->Compile.insert(J->Compile.end(), {"-isystem", Cccl.str().str()});
      J->Compile.insert(J->Compile.end(),
                        {"-MD", "-MF", std::string(TmpMark) + "/deps.d", "-o",
                         std::string(TmpMark) + "/device.ptx", In.File});
      J->Ptxas = {TC.Ptxas, "-v", "-arch=" + Arch};
      bool HasMaxReg = false;
      for (const std::string &P : T->PtxasOptions) {
        HasMaxReg |= StringRef(P).contains("maxrregcount");
        J->Ptxas.push_back(P);
      }
      if (T->MaxRegCount && !HasMaxReg)
        J->Ptxas.push_back("-maxrregcount=" + std::to_string(*T->MaxRegCount));
      if (T->DeviceDebug)
        J->Ptxas.push_back("-g");
      if (T->RelocatableDeviceCode)
        J->Ptxas.push_back("-c");
      J->Ptxas.insert(J->Ptxas.end(),
                      {std::string(TmpMark) + "/device.ptx", "-o",
                       std::string(TmpMark) + "/device.cubin"});
    }
    Jobs.push_back(std::move(J));
  }
}

void Runner::execute(Job &J) {
  std::string Key;
  if (Cache) {
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
    Key = hashString(Material);
    std::vector<std::string> CacheNotes;
    auto Hit = Cache->lookup(Key, CacheNotes);
    for (std::string &N : CacheNotes)
      J.Notes.push_back(J.File + " [" + J.Arch + "]: " + N);
    if (Hit) {
      ++Hits;
      J.Kernels = std::move(*Hit);
      J.Ok = true;
      return;
    }
    ++Misses;
  }

  SmallString<128> Tmp;
  if (std::error_code EC =
          sys::fs::createUniqueDirectory("cudalint-device", Tmp)) {
    J.Notes.push_back(J.File + " [" + J.Arch +
                      "]: cannot create a temporary directory (" +
                      EC.message() + "); no device facts");
    return;
  }
  compile(J, Tmp);
  if (J.Ok && Cache) {
    CachedResult R;
    R.Kernels = J.Kernels;
    std::set<std::string> Deps;
    Deps.insert(J.File);
    std::error_code EC;
    for (sys::fs::directory_iterator It(Tmp, EC), End; It != End && !EC;
         It.increment(EC)) {
      StringRef P = It->path();
      if (P.ends_with(".ii"))
        depsFromLineMarkers(readFile(P), J.Directory, Deps);
      else if (P.ends_with(".d"))
        depsFromMakefile(readFile(P), J.Directory, Deps);
    }
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
    if (Complete && Cache->store(Key, R, CacheNotes))
      ++Writes;
    for (std::string &N : CacheNotes)
      runNote(N);
  }
  sys::fs::remove_directories(Tmp);
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
  ++Compiles;
  ProcessResult R = runProcess(substituteTmp(J.Compile, Tmp), J.Directory, Out,
                               Err, Opts.TimeoutSeconds);
  std::string Log = readFile(Err) + readFile(Out);
  const char *Name = J.T == Tool::Nvcc ? "nvcc" : "clang";
  if (!R.succeeded()) {
    ++Failures;
    std::string First = firstErrorLine(Log);
    J.Notes.push_back(Where + Name + " " + R.describe(Opts.TimeoutSeconds) +
                      (First.empty() ? "" : ": " + First) +
                      "; no device facts for this arch");
    return;
  }
  if (J.T == Tool::Clang) {
    ++Compiles;
    R = runProcess(substituteTmp(J.Ptxas, Tmp), J.Directory, Out, Err,
                   Opts.TimeoutSeconds);
    Log = readFile(Err) + readFile(Out);
    if (!R.succeeded()) {
      ++Failures;
      std::string First = firstErrorLine(Log);
      J.Notes.push_back(Where + "ptxas " + R.describe(Opts.TimeoutSeconds) +
                        (First.empty() ? "" : ": " + First) +
                        "; no device facts for this arch");
      return;
    }
  }
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
    J.Notes.push_back(Where + "ptxas printed no resource report (" +
                      toString(Parsed.takeError()) + ")");
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
  for (size_t I = 0; I < Inputs.size(); ++I) {
    Result.Units[I].MainFile = Inputs[I].File;
    plan(I, Inputs[I], Jobs);
  }
  {
    DefaultThreadPool Pool(Opts.Jobs ? hardware_concurrency(Opts.Jobs)
                                     : hardware_concurrency());
    for (auto &J : Jobs)
      Pool.async([this, Ptr = J.get()] { execute(*Ptr); });
    Pool.wait();
  }
  // Deterministic: units in input order, archs in target order.
  for (auto &J : Jobs) {
    TranslationUnitDeviceFacts &U = Result.Units[J->Unit];
    for (std::string &N : J->Notes)
      U.Notes.push_back(std::move(N));
    if (J->Ok)
      U.CompiledArchs.push_back(J->Arch);
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
    Result.Mode = "log";
    importLog(Opts, Result);
    break;
  default:
    Result.Mode = Opts.M == Mode::Nvcc    ? "nvcc"
                  : Opts.M == Mode::Clang ? "clang"
                                          : "auto";
    Runner(Opts, Result).run(Inputs);
  }
  Result.Stats.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return Result;
}

/// Clang 19 does not know __cluster_dims__ and __maxnreg__: its PTX lacks
/// them, which with HasPtx would read as "no such annotation on this arch".
/// The source's annotation stands for the checks, with a note saying so.
static void keepSourceAnnotations(KernelResources &R, const KernelInfo &K,
                                  const std::string &File,
                                  std::set<std::string> &Said,
                                  std::vector<std::string> &Notes) {
  if (R.Source != "clang" || !R.HasPtx)
    return;
  auto Note = [&](StringRef Annotation, StringRef Value) {
    std::string N =
        (File + ": clang does not compile " + Annotation + " (kernel '" +
         K.Name + "'); the source's " + Value + " is used")
            .str();
    if (Said.insert(N).second)
      Notes.push_back(std::move(N));
  };
  const KernelAttributes &A = K.Attrs;
  if (!R.ReqNCtaPerCluster && A.ClusterDims && A.ClusterDims->X.isConstant() &&
      A.ClusterDims->Y.isConstant() && A.ClusterDims->Z.isConstant()) {
    R.ReqNCtaPerCluster = {unsigned(A.ClusterDims->X.value()),
                           unsigned(A.ClusterDims->Y.value()),
                           unsigned(A.ClusterDims->Z.value())};
    Note("__cluster_dims__", describeDim3(*A.ClusterDims));
  }
  if (!R.MaxNReg && A.MaxRegisters) {
    R.MaxNReg = unsigned(*A.MaxRegisters);
    Note("__maxnreg__", std::to_string(*A.MaxRegisters) + " registers");
  }
}

DeviceResourceTable joinDeviceFacts(const DeviceFacts &Device,
                                    ArrayRef<TranslationUnitFacts> Units) {
  DeviceResourceTable Table;
  Table.Mode = Device.Mode;
  Table.Notes = Device.Notes;
  for (const TranslationUnitDeviceFacts &D : Device.Units)
    Table.Notes.insert(Table.Notes.end(), D.Notes.begin(), D.Notes.end());
  bool Any = false;
  for (const TranslationUnitDeviceFacts &D : Device.Units)
    Any |= !D.CompiledArchs.empty();
  Table.Enabled = Any;

  std::set<std::string> Said;
  for (const TranslationUnitFacts &U : Units) {
    std::vector<const TranslationUnitDeviceFacts *> Mine;
    for (const TranslationUnitDeviceFacts &D : Device.Units)
      if (D.MainFile.empty() || D.MainFile == U.MainFile)
        Mine.push_back(&D);
    std::vector<std::string> &Archs = Table.ArchsByFile[U.MainFile];
    for (const TranslationUnitDeviceFacts *D : Mine)
      for (const std::string &A : D->TargetArchs)
        if (!is_contained(Archs, A))
          Archs.push_back(A);
    if (Mine.empty())
      continue;
    // Exact names first, then join keys; per arch.
    std::map<std::pair<std::string, std::string>, const KernelResources *>
        Exact;
    std::map<std::pair<std::string, std::string>,
             std::vector<const KernelResources *>>
        ByKey;
    for (const TranslationUnitDeviceFacts *D : Mine)
      for (const KernelResources &K : D->Kernels) {
        Exact[{K.Mangled, K.Arch}] = &K;
        auto &V = ByKey[{kernelJoinKey(K.Mangled), K.Arch}];
        if (llvm::none_of(V, [&](const KernelResources *O) {
              return O->Mangled == K.Mangled;
            }))
          V.push_back(&K);
      }
    for (const KernelInfo &K : U.Kernels) {
      if (K.Mangled.empty())
        continue;
      auto Join = [&](const KernelResources &R, const std::string &Arch) {
        KernelResources &Joined = Table.Resources[{K.Mangled, Arch}];
        Joined = R;
        keepSourceAnnotations(Joined, K, U.MainFile, Said, Table.Notes);
      };
      for (const std::string &Arch : Archs) {
        if (auto It = Exact.find({K.Mangled, Arch}); It != Exact.end()) {
          Join(*It->second, Arch);
          continue;
        }
        auto It = ByKey.find({kernelJoinKey(K.Mangled), Arch});
        if (It == ByKey.end())
          continue;
        if (It->second.size() == 1) {
          Join(*It->second.front(), Arch);
          continue;
        }
        std::string N = U.MainFile + ": kernel " + K.Name + " (" + K.Mangled +
                        ") matches " + std::to_string(It->second.size()) +
                        " device entries on " + Arch +
                        " (same demangled name); not joined";
        if (Said.insert(N).second)
          Table.Notes.push_back(N);
      }
    }
  }
  return Table;
}

} // namespace cudalint
