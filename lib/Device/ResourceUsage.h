//===- ResourceUsage.h - Usage figures into KernelResources ----*- C++ -*-===//
//
// ptxas' report (PtxasFunction) and a cubin (CubinKernel) record the same
// usage figures of a kernel under the same names; both become
// KernelResources the same way.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_DEVICE_RESOURCEUSAGE_H
#define CUDALINT_LIB_DEVICE_RESOURCEUSAGE_H

#include "cudalint/Device/DeviceResources.h"

namespace cudalint {

/// Copies the figures both sources record: registers, barriers, static
/// shared memory, the stack frame and cmem[0].
template <typename Usage>
void copyResourceUsage(KernelResources &K, const Usage &U) {
  K.Registers = U.Registers;
  K.Barriers = U.Barriers;
  K.StaticSmem = U.StaticSmem;
  K.StackFrame = U.StackFrame;
  K.ConstMem0 = U.ConstMem0;
}

/// A kernel's figures from the AMDGPU backend (its remarks, or a code
/// object's metadata) as KernelResources: the fields whose meaning is the
/// same on both vendors mirror them (Registers: VGPRs, StaticSmem: LDS,
/// StackFrame: scratch bytes per lane); spills are registers on AMD, bytes
/// on NVIDIA, so they live only in Amd. HasUsage: Complete.
inline KernelResources amdKernelResources(AmdKernelUsage U,
                                          llvm::StringRef Arch,
                                          llvm::StringRef Source,
                                          bool Complete) {
  KernelResources K;
  K.Mangled = U.Name;
  K.Arch = Arch.str();
  K.Source = Source.str();
  K.HasUsage = Complete;
  K.Registers = U.VGPRs.value_or(0);
  K.StaticSmem = U.LDSBytes.value_or(0);
  K.StackFrame = U.ScratchBytesPerLane.value_or(0);
  K.Amd = std::move(U);
  return K;
}

} // namespace cudalint

#endif
