//===- DeviceCommand.cpp - The device compile commands of one unit x arch -===//
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

#include "DeviceCommand.h"

#include "Process.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstring>

using namespace llvm;

namespace cudalint::device {

const char *toolName(Tool T) {
  return T == Tool::Nvcc ? "nvcc" : T == Tool::Clang ? "clang" : "hip-clang";
}

namespace {

/// nvcc flags a device-only compile drops with their values: outputs,
/// GPU arch flags (one -gencode per job replaces them), what only the
/// linker or the driver sees.
const StringSet<> &nvccDropWithValue() {
  static const StringSet<> Flags = {"-o",          "--output-file",
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
  return Flags;
}

/// nvcc flags a device-only compile drops: phases, outputs and verbosity
/// it sets itself, and link-time steps.
const StringSet<> &nvccDrop() {
  static const StringSet<> Flags = {
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
  return Flags;
}

/// The user's nvcc flags for a device-only compile: everything but the
/// compiler, the inputs, the output and phase flags, the GPU arch flags
/// (one -gencode per job replaces them) and what only the host or the
/// linker sees. Values of dropped flags go with them.
std::vector<std::string> nvccDeviceFlags(const TranslatedCommand &T) {
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
    if (nvccDropWithValue().contains(A)) {
      ++I; // and its value
      continue;
    }
    if (A.contains('=') && nvccDropWithValue().contains(Name))
      continue;
    if (nvccDrop().contains(A) || Unknown.count(Name.str()))
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

/// The preprocessor and language flags of a Clang/GCC command built with
/// nvcc; the rest is Clang's.
std::vector<std::string> nvccFlagsOfHostCommand(const TranslatedCommand &T) {
  std::vector<std::string> Flags;
  for (size_t I = 0; I < T.ClangArgs.size(); ++I) {
    StringRef A = T.ClangArgs[I];
    if (A.starts_with("-D") || A.starts_with("-U") || A.starts_with("-I") ||
        A.starts_with("-std=") || A.starts_with("-O")) {
      Flags.push_back(A.str());
    } else if ((A == "-isystem" || A == "-include") &&
               I + 1 < T.ClangArgs.size()) {
      Flags.push_back(A.str());
      Flags.push_back(T.ClangArgs[++I]);
    } else if (A == "-xcuda" || (A == "-x" && I + 1 < T.ClangArgs.size() &&
                                 T.ClangArgs[I + 1] == "cuda")) {
      // A .cpp file parsed as CUDA: nvcc would compile it as C++.
      Flags.insert(Flags.end(), {"-x", "cu"});
      I += A == "-x";
    }
  }
  if (T.MaxRegCount)
    Flags.push_back("-maxrregcount=" + std::to_string(*T.MaxRegCount));
  if (T.FastMath)
    Flags.push_back("--use_fast_math");
  if (T.RelocatableDeviceCode)
    Flags.push_back("-rdc=true");
  for (const std::string &P : T.PtxasOptions) {
    Flags.push_back("-Xptxas");
    Flags.push_back(P);
  }
  return Flags;
}

/// Clang's flags, with nvcc's spellings that Clang does not know, for an
/// nvcc command compiled with Clang. nvcc's -rdc=true is already there: the
/// translation gives the host parse -fgpu-rdc as well.
std::vector<std::string> clangDeviceFlags(const TranslatedCommand &T) {
  std::vector<std::string> Flags = T.ClangArgs;
  if (T.Kind == CompilerKind::Nvcc && T.FastMath)
    Flags.push_back("-ffast-math");
  return Flags;
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

} // namespace

std::vector<std::string> deviceFlags(Tool Use, const TranslatedCommand &T) {
  if (Use == Tool::Clang)
    return clangDeviceFlags(T);
  return T.Kind == CompilerKind::Nvcc ? nvccDeviceFlags(T)
                                      : nvccFlagsOfHostCommand(T);
}

StringRef clangDeviceOptLevel(ArrayRef<std::string> ClangArgs) {
  StringRef OptLevel = "-O0";
  for (StringRef A : ClangArgs)
    if (A.starts_with("-O"))
      OptLevel = A;
  return OptLevel;
}

std::vector<std::string> nvccCompileCommand(const std::string &Nvcc,
                                            ArrayRef<std::string> Flags,
                                            StringRef Arch,
                                            const std::string &File) {
  std::string Num = Arch.drop_front(3).str();
  std::vector<std::string> Argv = {Nvcc};
  Argv.insert(Argv.end(), Flags.begin(), Flags.end());
  Argv.insert(Argv.end(),
              {"-cubin", "-gencode", "arch=compute_" + Num + ",code=sm_" + Num,
               "-Xptxas", "-v", "--keep", "--keep-dir", TmpMark, "-o",
               std::string(TmpMark) + "/device.cubin", File});
  return Argv;
}

std::vector<std::string> clangCompileCommand(const std::string &Clang,
                                             ArrayRef<std::string> Flags,
                                             const std::string &Arch,
                                             const std::string &CudaRoot,
                                             const std::string &File) {
  std::vector<std::string> Argv = {Clang};
  Argv.insert(Argv.end(), Flags.begin(), Flags.end());
  SmallString<256> Cccl(CudaRoot);
  sys::path::append(Cccl, "include", "cccl");
  Argv.insert(Argv.end(),
              {"--cuda-device-only", "-S", "--cuda-gpu-arch=" + Arch,
               "--cuda-path=" + CudaRoot, "-Wno-unknown-cuda-version", "-w",
               "-idirafter", std::string(TmpMark) + "/stub"});
  if (sys::fs::is_directory(Cccl))
    Argv.insert(Argv.end(), {"-isystem", Cccl.str().str()});
  Argv.insert(Argv.end(), {"-MD", "-MF", std::string(TmpMark) + "/deps.d", "-o",
                           std::string(TmpMark) + "/device.ptx", File});
  return Argv;
}

std::vector<std::string> ptxasCommand(const std::string &Ptxas,
                                      const std::string &Arch,
                                      const TranslatedCommand &T) {
  std::vector<std::string> Argv = {Ptxas, "-v", "-arch=" + Arch};
  bool HasMaxReg = false;
  for (const std::string &P : T.PtxasOptions) {
    HasMaxReg |= StringRef(P).contains("maxrregcount");
    Argv.push_back(P);
  }
  if (T.MaxRegCount && !HasMaxReg)
    Argv.push_back("-maxrregcount=" + std::to_string(*T.MaxRegCount));
  if (T.DeviceDebug)
    Argv.push_back("-g");
  if (T.RelocatableDeviceCode)
    Argv.push_back("-c");
  Argv.insert(Argv.end(), {std::string(TmpMark) + "/device.ptx", "-o",
                           std::string(TmpMark) + "/device.cubin"});
  return Argv;
}

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

void collectCompileDeps(StringRef Tmp, StringRef Dir,
                        std::set<std::string> &Deps) {
  std::error_code EC;
  for (sys::fs::directory_iterator It(Tmp, EC), End; It != End && !EC;
       It.increment(EC)) {
    StringRef P = It->path();
    if (P.ends_with(".ii"))
      depsFromLineMarkers(readFile(P), Dir, Deps);
    else if (P.ends_with(".d"))
      depsFromMakefile(readFile(P), Dir, Deps);
  }
}

} // namespace cudalint::device
