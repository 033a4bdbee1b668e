//===- HipDevice.cpp - Device compiles of HIP units with Clang's AMDGPU
//----===//
//
// A HIP unit's device side is compiled per gfx target by Clang itself:
// `--cuda-device-only -S` stops before the device link (Debian's lld has no
// AMDGPU emulation), and -Rpass-analysis=kernel-resource-usage makes the
// backend print each kernel's registers, LDS, scratch, spills and
// occupancy, which AmdResourceRemarks parses. The -O level is the
// command's, else -O3 as hipcc's (at -O0 a trivial kernel spills).
//
//===----------------------------------------------------------------------===//

#include "HipDevice.h"
#include "ResourceUsage.h"

#include "cudalint/Device/AmdResourceRemarks.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint::device {

std::vector<std::string> hipDeviceFlags(const TranslatedCommand &T) {
  std::vector<std::string> Flags = T.ClangArgs;
  bool HasOpt = false, HasLanguage = false;
  for (StringRef A : Flags) {
    HasOpt |= A.starts_with("-O");
    HasLanguage |= A == "-x" || (A.starts_with("-x") && A.size() > 2);
  }
  // -fgpu-rdc makes the device compile stop at bitcode (code is made at the
  // device link), and the backend's remarks never come.
  if (isRelocatableHip(T))
    Flags.push_back("-fno-gpu-rdc");
  // hipcc builds `.cu` files as HIP without saying so.
  if (!HasLanguage)
    Flags.insert(Flags.begin(), {"-x", "hip"});
  if (!HasOpt)
    Flags.push_back("-O3");
  return Flags;
}

bool isRelocatableHip(const TranslatedCommand &T) {
  bool Rdc = false;
  for (StringRef A : T.ClangArgs)
    if (A == "-fgpu-rdc" || A == "-fno-gpu-rdc")
      Rdc = A == "-fgpu-rdc";
  return Rdc;
}

std::string findRocmDeviceLibs(StringRef RocmRoot) {
  SmallVector<std::string, 4> Candidates;
  if (!RocmRoot.empty()) {
    for (const char *Sub : {"amdgcn/bitcode", "lib/amdgcn/bitcode"}) {
      SmallString<256> P(RocmRoot);
      sys::path::append(P, Sub);
      Candidates.push_back(P.str().str());
    }
  }
  // Debian's rocm-device-libs.
  Candidates.push_back("/usr/lib/x86_64-linux-gnu/amdgcn/bitcode");
  for (const std::string &C : Candidates) {
    SmallString<256> Ocml(C);
    sys::path::append(Ocml, "ocml.bc");
    if (sys::fs::exists(Ocml))
      return C;
  }
  return std::string();
}

bool deviceLibsCover(StringRef DeviceLibs, StringRef Arch) {
  // oclc_isa_version_90a.bc for gfx90a, _1100 for gfx1100: what Clang's
  // driver looks for (ROCm 5.2's libraries stop at gfx1036 and gfx940).
  SmallString<256> Isa(DeviceLibs);
  sys::path::append(Isa, ("oclc_isa_version_" + Arch.drop_front(3) + ".bc"));
  return sys::fs::exists(Isa);
}

std::vector<std::string>
hipCompileCommand(const std::string &Clang, ArrayRef<std::string> Flags,
                  const std::string &Arch, const std::string &RocmRoot,
                  const std::string &DeviceLibs, const std::string &File) {
  std::vector<std::string> Argv = {Clang};
  Argv.insert(Argv.end(), Flags.begin(), Flags.end());
  bool UserRocmPath = false;
  for (StringRef A : Flags)
    UserRocmPath |= A.starts_with("--rocm-path");
  if (!UserRocmPath && !RocmRoot.empty())
    Argv.push_back("--rocm-path=" + RocmRoot);
  if (!DeviceLibs.empty())
    Argv.push_back("--rocm-device-lib-path=" + DeviceLibs);
  else
    Argv.push_back("-nogpulib");
  Argv.insert(Argv.end(), {"--offload-arch=" + Arch, "--cuda-device-only", "-S",
                           "-w", "-fno-caret-diagnostics",
                           "-Rpass-analysis=kernel-resource-usage", "-MD",
                           "-MF", std::string(TmpMark) + "/deps.d", "-o",
                           std::string(TmpMark) + "/device.s", File});
  return Argv;
}

Expected<std::vector<KernelResources>>
hipKernelResources(StringRef Log, StringRef Arch, StringRef Source) {
  Expected<std::vector<AmdKernelUsage>> Usage = parseAmdResourceRemarks(Log);
  if (!Usage)
    return Usage.takeError();
  std::vector<KernelResources> Out;
  for (AmdKernelUsage &U : *Usage) {
    bool Complete = U.complete();
    Out.push_back(amdKernelResources(std::move(U), Arch, Source, Complete));
  }
  llvm::sort(Out, [](const KernelResources &A, const KernelResources &B) {
    return A.Mangled < B.Mangled;
  });
  return Out;
}

} // namespace cudalint::device
