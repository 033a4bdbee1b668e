//===- RegisterSpills.cpp - cuda-register-spills --------------------------===//
//
// Spilled registers live in local memory (L1, then DRAM): every spill load
// is a memory round trip in what should be a register access.
//
//===----------------------------------------------------------------------===//

#include "AmdCheckSupport.h"
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
  // What capped the registers, when the code says; a launch bound only when
  // its cap binds (a 256-thread bound allows 255 registers: ptxas spilling
  // at 64 under it chose to, the bound did not make it).
  std::optional<int64_t> Max = effectiveMaxThreads(A, R);
  std::optional<int64_t> MinBlocks = effectiveMinBlocks(A, R);
  std::string Bound =
      Max ? formatv("__launch_bounds__({0}{1})", *Max,
                    MinBlocks ? ", " + std::to_string(*MinBlocks) : "")
                .str()
          : "";
  if (R->MaxNReg || A.MaxRegisters)
    addNote(
        D, A.MaxRegistersLoc,
        formatv("__maxnreg__({0}) caps the registers",
                R->MaxNReg ? int64_t(*R->MaxNReg) : A.MaxRegisters.value_or(0))
            .str());
  else if (R->Registers >= Ctx.Arch.MaxRegistersPerThread)
    addNote(D, SourceLoc(),
            formatv("{0} registers per thread is the most {1} allows: no cap "
                    "in the code lowers it",
                    R->Registers, R->Arch)
                .str());
  else if (launchBoundCapsRegisters(Ctx.Arch, Ctx.Kernel, *R))
    addNote(D, A.LaunchBoundsLoc,
            Bound + " caps the registers; a smaller block bound or fewer "
                    "minimum blocks leaves more per thread");
  else if (Max)
    if (std::optional<unsigned> Allowed =
            registersAllowedByBound(Ctx.Arch, *Max, MinBlocks))
      addNote(D, A.LaunchBoundsLoc,
              formatv("{0} allows up to {1} registers per thread on {2}; the "
                      "kernel spills at {3}, below that cap",
                      Bound, *Allowed, R->Arch, R->Registers)
                  .str());
  addResourceNote(D, R);
  Out.push_back(std::move(D));
}

// HIP: the AMDGPU backend's "VGPRs Spill" and "SGPRs Spill" remarks: spilled
// registers go to scratch memory (or, for SGPRs, to VGPR lanes first).
void RegisterSpills::checkAmdKernel(const AmdKernelContext &Ctx,
                                    Findings &Out) const {
  const KernelResources *R = Ctx.Resources;
  if (!R || !R->Amd)
    return;
  const AmdKernelUsage &U = *R->Amd;
  unsigned V = U.VGPRSpills.value_or(0), S = U.SGPRSpills.value_or(0);
  if (!V && !S)
    return;
  Out.push_back(amdKernelDiagnostic(
      *this, Ctx,
      formatv("'{0}' spills {1} VGPRs and {2} SGPRs on {3} (scratch {4} "
              "bytes per lane, {5} VGPRs, {6} SGPRs)",
              Ctx.Kernel.Name, V, S, Ctx.Arch.Name,
              U.ScratchBytesPerLane.value_or(0), U.VGPRs.value_or(0),
              U.SGPRs.value_or(0))
          .str()));
}

} // namespace cudalint
