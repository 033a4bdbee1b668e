//===- DevicePlan.cpp - Device compile jobs: one per unit x target arch ---===//
//
// Which compiler builds a unit's device side (the one that builds the user's
// code, unless --resource-usage says otherwise), which archs it is compiled
// for, and the commands of each job. The compilers are looked up, and asked
// for their versions (part of the cache key), the first time a unit needs
// them.
//
//===----------------------------------------------------------------------===//

#include "DevicePlan.h"

#include "cudalint/Arch/Arch.h"

#include "HipDevice.h"
#include "Process.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint::device {

namespace {

using Mode = DeviceFactsOptions::Mode;

/// Whether T compiles its sources as CUDA: `-x cuda`, or a `.cu` source.
bool compilesAsCuda(const TranslatedCommand &T) {
  for (size_t I = 0; I < T.ClangArgs.size(); ++I)
    if (T.ClangArgs[I] == "-xcuda" ||
        (T.ClangArgs[I] == "-x" && I + 1 < T.ClangArgs.size() &&
         T.ClangArgs[I + 1] == "cuda"))
      return true;
  return llvm::any_of(T.SourceFiles, [](StringRef S) {
    return sys::path::extension(S) == ".cu";
  });
}

std::string baseArch(StringRef Arch) {
  if (Arch.ends_with("a") || Arch.ends_with("f"))
    return Arch.drop_back().str();
  return Arch.str();
}

} // namespace

void Planner::plan(size_t UnitIndex, const DeviceCompileInput &In,
                   TranslationUnitDeviceFacts &U,
                   std::vector<std::unique_ptr<Job>> &Jobs) {
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
  if (T->Hip) {
    planHip(UnitIndex, In, *T, U, Jobs);
    return;
  }
  Tool Use = chooseTool(*T, In.CompilerNamed);
  // A C++ command (`c++ -c os.cc` in a CMake database) has no device side:
  // Clang's "device" compile of it is a host one, whose assembly ptxas
  // refuses. Like nvcc's host-only object, it has no kernels on any arch.
  if (Use == Tool::Clang && !compilesAsCuda(*T)) {
    U.TargetArchs = U.CompiledArchs = targetArchs(*T);
    return;
  }
  std::string Clang;
  if (Use == Tool::Clang) {
    Clang = findClang(*T);
    if (Clang.empty())
      return;
  }
  if (!prepareToolchain(Use, Clang))
    return;

  std::vector<std::string> Archs = targetArchs(*T);
  U.TargetArchs = Archs;

  std::vector<std::string> Flags = deviceFlags(Use, *T);
  // Clang compiles device code at the command's own -O level.
  if (Use == Tool::Clang && T->Kind != CompilerKind::Nvcc &&
      clangDeviceOptLevel(T->ClangArgs) == "-O0")
    Note("the device side is compiled by " + sys::path::filename(Clang) +
         " at -O0, as its command says: register, stack and spill figures "
         "describe an unoptimised build");

  for (const std::string &Arch : Archs)
    if (canTarget(Use, Arch))
      Jobs.push_back(makeJob(UnitIndex, In, Use, Clang, Arch, Flags, *T));
}

Tool Planner::chooseTool(const TranslatedCommand &T, bool CompilerNamed) const {
  switch (Opts.M) {
  case Mode::Nvcc:
    return Tool::Nvcc;
  case Mode::Clang:
    return Tool::Clang;
  default:
    return T.Kind == CompilerKind::Nvcc || !CompilerNamed ? Tool::Nvcc
                                                          : Tool::Clang;
  }
}

std::string Planner::findClang(const TranslatedCommand &T) {
  std::string Clang;
  if (T.Kind == CompilerKind::Clang)
    Clang = findExecutable(T.Compiler);
  if (Clang.empty())
    Clang = findExecutable(Opts.ClangFallback);
  if (Clang.empty())
    RunNote("no clang to compile device code (tried " +
            (T.Kind == CompilerKind::Clang ? T.Compiler + ", " : "") +
            Opts.ClangFallback + ")");
  return Clang;
}

std::string Planner::toolkitProgram(StringRef Name) const {
  if (Opts.CudaRoot.empty())
    return std::string();
  SmallString<256> P(Opts.CudaRoot);
  sys::path::append(P, "bin", Name);
  return sys::fs::can_execute(P) ? P.str().str() : std::string();
}

std::string Planner::missingProgram(StringRef Name) const {
  if (Opts.CudaRoot.empty())
    return std::string("no CUDA toolkit found");
  SmallString<256> P(Opts.CudaRoot);
  sys::path::append(P, "bin", Name);
  return ("no " + Name + " at " + P).str();
}

bool Planner::prepareToolchain(Tool T, const std::string &Clang) {
  return T == Tool::Nvcc ? prepareNvcc() : prepareClang(Clang);
}

bool Planner::prepareNvcc() {
  if (NvccChecked)
    return NvccUsable;
  NvccChecked = true;
  TC.Nvcc = toolkitProgram("nvcc");
  if (TC.Nvcc.empty()) {
    RunNote(missingProgram("nvcc") + ": no nvcc device facts (register-based "
                                     "checks are off for those files)");
    return NvccUsable;
  }
  NvccUsable = true;
  TC.NvccVersion = captureOutput({TC.Nvcc, "--version"}, Opts.TimeoutSeconds);
  std::string List =
      captureOutput({TC.Nvcc, "--list-gpu-code"}, Opts.TimeoutSeconds);
  SmallVector<StringRef, 16> Lines;
  StringRef(List).split(Lines, '\n', -1, false);
  for (StringRef L : Lines)
    if (L.trim().starts_with("sm_"))
      TC.NvccArchs.insert(L.trim().str());
  return NvccUsable;
}

bool Planner::prepareClang(const std::string &Clang) {
  if (!PtxasChecked) {
    PtxasChecked = true;
    TC.Ptxas = toolkitProgram("ptxas");
    if (TC.Ptxas.empty()) {
      RunNote(missingProgram("ptxas") +
              ": no clang device facts (register-based "
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
      RunNote(Clang + " --version failed: no clang device facts for the "
                      "files it builds");
    TC.ClangVersions[Clang] = V;
  }
  return !TC.ClangVersions[Clang].empty();
}

std::vector<std::string> vendorArchs(ArrayRef<std::string> Archs, bool Amd) {
  std::vector<std::string> Out;
  for (const std::string &A : Archs)
    if (isAmdArch(A) == Amd)
      Out.push_back(A);
  return Out;
}

void Planner::planHip(size_t UnitIndex, const DeviceCompileInput &In,
                      const TranslatedCommand &T, TranslationUnitDeviceFacts &U,
                      std::vector<std::unique_ptr<Job>> &Jobs) {
  if (Opts.M == Mode::Nvcc) {
    U.Notes.push_back(In.File + ": a HIP unit, which nvcc does not compile "
                                "(--resource-usage=nvcc); no device facts");
    return;
  }
  // The command's own compiler when it is Clang's (clang++, hipcc and
  // amdclang++ take Clang's flags), else Clang 19.
  std::string Clang;
  if (T.Kind == CompilerKind::Clang && In.CompilerNamed)
    Clang = findExecutable(T.Compiler);
  if (Clang.empty())
    Clang = findExecutable(Opts.ClangFallback);
  if (Clang.empty()) {
    RunNote("no clang to compile HIP device code (tried " +
            (In.CompilerNamed ? T.Compiler + ", " : "") + Opts.ClangFallback +
            "): no device facts for HIP files");
    return;
  }
  if (!TC.ClangVersions.count(Clang))
    TC.ClangVersions[Clang] =
        captureOutput({Clang, "--version"}, Opts.TimeoutSeconds);
  if (TC.ClangVersions[Clang].empty()) {
    RunNote(Clang + " --version failed: no device facts for the HIP files "
                    "it builds");
    return;
  }
  if (!HipDeviceLibsChecked) {
    HipDeviceLibsChecked = true;
    TC.HipDeviceLibs = findRocmDeviceLibs(Opts.RocmRoot);
    if (TC.HipDeviceLibs.empty())
      RunNote("no AMDGPU device libraries (ocml.bc; rocm-device-libs): HIP "
              "device code is compiled with -nogpulib, its calls into them "
              "left external");
  }
  std::vector<std::string> Archs = vendorArchs(Opts.Archs, /*Amd=*/true);
  if (Archs.empty())
    Archs = T.TargetArchs;
  if (Archs.empty()) {
    Archs = {DefaultHipTargetArch.str()};
    RunNote("no gfx arch in a HIP compile command; using " +
            DefaultHipTargetArch.str() +
            ", Clang's default (give --arch or --offload-arch to choose)");
  }
  U.TargetArchs = Archs;
  if (isRelocatableHip(T))
    U.Notes.push_back(In.File + ": -fgpu-rdc: its device side is compiled "
                                "without it (the unit's own code: the device "
                                "link, which makes the real code, is not run)");
  std::vector<std::string> Flags = hipDeviceFlags(T);
  for (const std::string &Arch : Archs) {
    std::string Libs = TC.HipDeviceLibs;
    if (!Libs.empty() && !deviceLibsCover(Libs, Arch)) {
      RunNote("the AMDGPU device libraries in " + Libs + " have no " + Arch +
              " (oclc_isa_version_" + Arch.substr(3) +
              ".bc): its device code is compiled with -nogpulib, calls into "
              "them left external");
      Libs.clear();
    }
    auto J = std::make_unique<Job>();
    J->Unit = UnitIndex;
    J->Arch = Arch;
    J->T = Tool::Hip;
    J->File = In.File;
    J->Directory = In.Directory;
    J->ToolchainId = TC.ClangVersions[Clang] + Libs;
    J->Compile =
        hipCompileCommand(Clang, Flags, Arch, Opts.RocmRoot, Libs, In.File);
    Jobs.push_back(std::move(J));
  }
}

std::vector<std::string> Planner::targetArchs(const TranslatedCommand &T) {
  std::vector<std::string> Archs = vendorArchs(Opts.Archs, /*Amd=*/false);
  if (Archs.empty())
    Archs = T.TargetArchs;
  if (!Archs.empty())
    return Archs;
  // nvcc's default: the oldest arch it supports.
  std::string Default = DefaultTargetArch.str();
  if (!TC.NvccArchs.empty()) {
    Default = *llvm::min_element(
        TC.NvccArchs, [](const std::string &A, const std::string &B) {
          unsigned X = 0, Y = 0;
          StringRef(A).drop_front(3).getAsInteger(10, X);
          StringRef(B).drop_front(3).getAsInteger(10, Y);
          return X < Y;
        });
  }
  RunNote(std::string(T.ArchIsNativeOrAll
                          ? "-arch=native/all cannot be resolved without "
                            "a GPU"
                          : "no GPU arch in the compile command") +
          "; using " + Default +
          ", the toolkit's default (give --arch "
          "to choose)");
  return {Default};
}

bool Planner::canTarget(Tool Use, const std::string &Arch) {
  // Archs this toolkit cannot target: said once per run.
  if (!normalizeGpuArch(Arch)) {
    RunNote("--arch " + Arch + ": not a GPU architecture; skipped");
    return false;
  }
  if (Use == Tool::Nvcc && !TC.NvccArchs.empty() &&
      !TC.NvccArchs.count(baseArch(Arch))) {
    RunNote(Arch + ": not supported by this toolkit's nvcc (" +
            join(TC.NvccArchs, ", ") + "); skipped");
    return false;
  }
  return true;
}

std::unique_ptr<Job>
Planner::makeJob(size_t UnitIndex, const DeviceCompileInput &In, Tool Use,
                 const std::string &Clang, const std::string &Arch,
                 ArrayRef<std::string> Flags, const TranslatedCommand &T) {
  auto J = std::make_unique<Job>();
  J->Unit = UnitIndex;
  J->Arch = Arch;
  J->T = Use;
  J->File = In.File;
  J->Directory = In.Directory;
  if (Use == Tool::Nvcc) {
    J->ToolchainId = TC.NvccVersion;
    J->Compile = nvccCompileCommand(TC.Nvcc, Flags, Arch, In.File);
  } else {
    J->ToolchainId = TC.ClangVersions[Clang] + TC.PtxasVersion;
    J->Compile =
        clangCompileCommand(Clang, Flags, Arch, Opts.CudaRoot, In.File);
    J->Ptxas = ptxasCommand(TC.Ptxas, Arch, T);
  }
  return J;
}

} // namespace cudalint::device
