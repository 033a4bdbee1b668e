//===- HipDevice.h - Device compiles of HIP units -----------------*- C++
//-*-===//
//
// The commands that compile a HIP unit's device side for one gfx target
// with Clang, and the KernelResources its kernel-resource-usage remarks
// give (HipDevice.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_DEVICE_HIPDEVICE_H
#define CUDALINT_LIB_DEVICE_HIPDEVICE_H

#include "DeviceCommand.h"

#include "cudalint/Device/DeviceResources.h"

#include "llvm/Support/Error.h"

namespace cudalint::device {

/// The user's Clang flags for a HIP device compile: `-x hip` unless the
/// command names a language (hipcc compiles `.cu` files as HIP), -O3
/// (hipcc's default) unless it names an -O level, and -fno-gpu-rdc last
/// when it asks for -fgpu-rdc (isRelocatableHip).
std::vector<std::string> hipDeviceFlags(const TranslatedCommand &T);

/// Whether T builds relocatable device code (-fgpu-rdc, the last of it and
/// -fno-gpu-rdc): its code is made at the device link, so the device
/// compile is made without it, of the unit's own code (calls into other
/// units stay unresolved).
bool isRelocatableHip(const TranslatedCommand &T);

/// The AMDGPU device libraries (ocml.bc, ...) below RocmRoot or Debian's
/// /usr/lib/x86_64-linux-gnu/amdgcn/bitcode; empty when there are none.
std::string findRocmDeviceLibs(llvm::StringRef RocmRoot);

/// Whether the device libraries hold Arch's (oclc_isa_version_<N>.bc): a
/// compile for an arch they lack fails unless it is told -nogpulib.
bool deviceLibsCover(llvm::StringRef DeviceLibs, llvm::StringRef Arch);

/// clang++ <flags> [--rocm-path=R] --rocm-device-lib-path=D | -nogpulib
///   --offload-arch=gfxNNN --cuda-device-only -S -w
///   -Rpass-analysis=kernel-resource-usage -MD -MF <tmp>/deps.d
///   -o <tmp>/device.s <file>
std::vector<std::string>
hipCompileCommand(const std::string &Clang, llvm::ArrayRef<std::string> Flags,
                  const std::string &Arch, const std::string &RocmRoot,
                  const std::string &DeviceLibs, const std::string &File);

/// One KernelResources per kernel the remarks of a one-arch compile report,
/// with KernelResources::Amd filled in.
llvm::Expected<std::vector<KernelResources>>
hipKernelResources(llvm::StringRef Log, llvm::StringRef Arch,
                   llvm::StringRef Source);

} // namespace cudalint::device

#endif
