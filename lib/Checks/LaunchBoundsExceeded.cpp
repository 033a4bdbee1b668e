//===- LaunchBoundsExceeded.cpp - cuda-launch-bounds-exceeded -------------===//
//
// A block larger than the kernel's __launch_bounds__ maximum does not launch:
// ptxas sized the kernel's registers for at most that many threads. The
// runtime checks the bound before the register file: a launch over both
// returns the bound's cudaErrorInvalidValue (CUDA 13.0, an H100).
//
//===----------------------------------------------------------------------===//

#include "AmdCheckSupport.h"
#include "CheckSupport.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

void LaunchBoundsExceeded::checkLaunch(const LaunchContext &Ctx,
                                       Findings &Out) const {
  std::optional<int64_t> Bound = Ctx.maxThreadsBound();
  if (!Bound || Ctx.Launch.OccupancyTuned)
    return;
  for (int64_t Threads : possibleValues(Ctx.Launch.ThreadsPerBlock)) {
    if (Threads <= *Bound)
      continue;
    bool DeviceView = Ctx.Resources && Ctx.Resources->HasPtx;
    Diagnostic D = launchError(
        *this, Ctx,
        formatv("launch of {0} with {1} threads per block exceeds its "
                "__launch_bounds__ maximum of {2} on {3}",
                kernelName(Ctx.Launch), Threads, *Bound, Ctx.Arch.Name)
            .str(),
        RuntimeError::InvalidValue);
    if (Ctx.Kernel && Ctx.Kernel->Attrs.LaunchBoundsLoc.valid())
      addNote(D, Ctx.Kernel->Attrs.LaunchBoundsLoc,
              DeviceView ? formatv("the device compile for {0} saw a "
                                   "maximum of {1} threads (.maxntid)",
                                   Ctx.Arch.Name, *Bound)
                               .str()
                         : "launch bound declared here");
    addBlockOriginNotes(D, Ctx.Launch);
    Out.push_back(std::move(D));
  }
}

// HIP: ROCm's clr refuses a work-group over the kernel's launch bound (the
// code object's flat work-group size maximum, which HIP's __launch_bounds__
// sets through amdgpu_flat_work_group_size) in ihipLaunchKernel_validate
// (hipamd/src/hip_module.cpp): "Launch params (...) are larger than launch
// bounds (...)", hipErrorLaunchFailure. A size over the device's 1024 is
// refused before that (cuda-block-size-invalid).
void LaunchBoundsExceeded::checkAmdLaunch(const AmdLaunchContext &Ctx,
                                          Findings &Out) const {
  if (!Ctx.Kernel || !Ctx.Kernel->Attrs.MaxThreadsPerBlock)
    return;
  int64_t Bound = *Ctx.Kernel->Attrs.MaxThreadsPerBlock;
  int64_t Device = Ctx.Arch.MaxThreadsPerWorkGroup;
  reportSizes(
      workGroupSizes(Ctx.Launch),
      [&](int64_t T) { return T > Bound && T <= Device; },
      [&](int64_t T) {
        Diagnostic D = amdLaunchError(
            *this, Ctx,
            formatv("{0} threads per block exceed the launch bound of {1} of "
                    "{2} (amdgpu_flat_work_group_size): the HIP runtime "
                    "refuses a launch larger than the kernel's launch bounds",
                    T, amdKernelName(Ctx.Launch), Bound)
                .str(),
            HipErrorLaunchFailure);
        if (Ctx.Kernel->Attrs.LaunchBoundsLoc.valid())
          D.Notes.push_back({Ctx.Kernel->Attrs.LaunchBoundsLoc,
                             "launch bound declared here"});
        return D;
      },
      Out);
}

} // namespace cudalint
