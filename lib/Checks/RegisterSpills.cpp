//===- RegisterSpills.cpp - cuda-register-spills --------------------------===//
//
// Spilled registers live in local memory (L1, then DRAM): every spill load
// is a memory round trip in what should be a register access.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

void RegisterSpills::checkKernel(const KernelContext &Ctx,
                                 Findings &Out) const {
  const KernelResources *R = Ctx.Resources;
  if (!R || !R->HasUsage || (R->SpillStores == 0 && R->SpillLoads == 0))
    return;
  const KernelAttributes &A = Ctx.Kernel.Attrs;
  Diagnostic D = kernelDiagnostic(
      *this, Ctx, Ctx.Kernel.Loc,
      formatv("'{0}' spills registers on {1}: {2} of spill stores and {3} "
              "of spill loads per thread with {4} registers",
              Ctx.Kernel.Name, R->Arch, formatBytes(R->SpillStores),
              formatBytes(R->SpillLoads), R->Registers)
          .str());
  // What capped the registers, when the code says.
  if (R->MaxNReg || A.MaxRegisters)
    addNote(D, A.MaxRegistersLoc,
            formatv("__maxnreg__({0}) caps the registers",
                    R->MaxNReg ? int64_t(*R->MaxNReg) : *A.MaxRegisters)
                .str());
  else if (std::optional<int64_t> Max = effectiveMaxThreads(A, R))
    addNote(D, A.LaunchBoundsLoc,
            formatv("__launch_bounds__({0}{1}) caps the registers; a "
                    "smaller block bound or fewer minimum blocks leaves "
                    "more per thread",
                    *Max,
                    effectiveMinBlocks(A, R)
                        ? ", " + std::to_string(*effectiveMinBlocks(A, R))
                        : "")
                .str());
  addResourceNote(D, R);
  Out.push_back(std::move(D));
}

} // namespace cudalint
