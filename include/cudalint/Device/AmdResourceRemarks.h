//===- AmdResourceRemarks.h - AMDGPU kernel-resource-usage remarks -*- C++ -*-//
//
// Clang's AMDGPU backend, given -Rpass-analysis=kernel-resource-usage,
// prints one block of remarks per kernel:
//
//   f.hip:3:1: remark: Function Name: _Z2k1Pf [-Rpass-analysis=...]
//   f.hip:3:1: remark:     SGPRs: 10 [...]
//   f.hip:3:1: remark:     VGPRs: 3 [...]
//   f.hip:3:1: remark:     AGPRs: 0 [...]            (targets with AGPRs)
//   f.hip:3:1: remark:     ScratchSize [bytes/lane]: 0 [...]
//   f.hip:3:1: remark:     Dynamic Stack: False [...]
//   f.hip:3:1: remark:     Occupancy [waves/SIMD]: 4 [...]
//   f.hip:3:1: remark:     SGPRs Spill: 0 [...]
//   f.hip:3:1: remark:     VGPRs Spill: 0 [...]
//   f.hip:3:1: remark:     LDS Size [bytes/block]: 16384 [...]
//
// interleaved with source snippets, other diagnostics and, with several
// --offload-arch, the blocks of every target one after the other. The
// parser reads them into plain data; which arch a block belongs to is the
// caller's (compile one arch per run, or split the log). No Clang here.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_AMDRESOURCEREMARKS_H
#define CUDALINT_AMDRESOURCEREMARKS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// One kernel's resources as the AMDGPU backend reported them. A field the
/// block did not carry stays empty: unknown, not zero.
struct AmdKernelUsage {
  std::string Name; // "Function Name": the symbol (mangled for C++)
  std::string File; // where the remarks point: the kernel's declaration
  unsigned Line = 0, Column = 0;
  std::optional<unsigned> SGPRs, VGPRs, AGPRs;
  std::optional<uint64_t> ScratchBytesPerLane;
  std::optional<bool> DynamicStack;
  std::optional<unsigned> Occupancy; // waves per SIMD
  std::optional<unsigned> SGPRSpills, VGPRSpills;
  std::optional<uint64_t> LDSBytes; // static LDS per work-group

  /// Every field the LLVM 19 backend prints for every target (AGPRs only on
  /// targets that have them).
  bool complete() const {
    return SGPRs && VGPRs && ScratchBytesPerLane && DynamicStack && Occupancy &&
           SGPRSpills && VGPRSpills && LDSBytes;
  }
};

/// The kernels of one remark log, in the order they appear. A field line
/// before any "Function Name", a value that is not a number, or a field
/// given twice for one kernel is an error naming the line.
llvm::Expected<std::vector<AmdKernelUsage>>
parseAmdResourceRemarks(llvm::StringRef Log);

} // namespace cudalint

#endif // CUDALINT_AMDRESOURCEREMARKS_H
