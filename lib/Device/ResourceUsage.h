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

} // namespace cudalint

#endif
