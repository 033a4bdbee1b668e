//===- ClusterDimsMismatch.cpp - cuda-cluster-dims-mismatch ---------------===//
//
// Thread block clusters (sm_90 and newer): the grid must be a whole number
// of clusters in every dimension, a cluster holds at most 8 blocks unless
// the kernel allows non-portable sizes, and older archs have no clusters.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "cudalint/Facts/SaturatingArithmetic.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

void ClusterDimsMismatch::checkLaunch(const LaunchContext &Ctx,
                                      Findings &Out) const {
  // The launch's cluster attribute wins over the kernel's __cluster_dims__.
  std::array<int64_t, 3> Shape;
  SourceLoc ShapeLoc;
  std::string ShapeWhat;
  const LaunchSite &L = Ctx.Launch;
  if (L.ClusterDims) {
    if (!L.ClusterDims->X.isConstant() || !L.ClusterDims->Y.isConstant() ||
        !L.ClusterDims->Z.isConstant())
      return;
    Shape = {L.ClusterDims->X.value(), L.ClusterDims->Y.value(),
             L.ClusterDims->Z.value()};
    ShapeLoc = L.Loc;
    ShapeWhat = "the launch's cluster dimension attribute";
  } else if (const KernelResources *R = Ctx.Resources;
             R && R->HasPtx && R->ReqNCtaPerCluster) {
    Shape = {(*R->ReqNCtaPerCluster)[0], (*R->ReqNCtaPerCluster)[1],
             (*R->ReqNCtaPerCluster)[2]};
    ShapeWhat = "__cluster_dims__ (.reqnctapercluster)";
    ShapeLoc = Ctx.Kernel ? Ctx.Kernel->Attrs.ClusterDimsLoc : SourceLoc();
  } else if (Ctx.Kernel && Ctx.Kernel->Attrs.ClusterDims &&
             !(Ctx.Resources && Ctx.Resources->HasPtx)) {
    const Dim3Value &C = *Ctx.Kernel->Attrs.ClusterDims;
    if (!C.X.isConstant() || !C.Y.isConstant() || !C.Z.isConstant())
      return;
    Shape = {C.X.value(), C.Y.value(), C.Z.value()};
    ShapeWhat = "__cluster_dims__";
    ShapeLoc = Ctx.Kernel->Attrs.ClusterDimsLoc;
  } else {
    return;
  }
  std::string ShapeText =
      formatv("{0}x{1}x{2}", Shape[0], Shape[1], Shape[2]).str();
  // cudaErrorInvalidClusterSize was seen (CUDA 13.0) for clusters over the
  // portable or the hardware maximum (an H100) and for grids that are not a
  // whole number of clusters (an H200). Clusters before sm_90 were never
  // launched on such a GPU: that finding is a warning naming no error.
  auto Report = [&](const std::string &Message,
                    std::optional<RuntimeError> E) -> Diagnostic & {
    Diagnostic D = launchError(*this, Ctx, Message, E);
    if (!E)
      claimMayFail(D);
    if (ShapeLoc.valid() &&
        !(ShapeLoc.Line == L.Loc.Line && ShapeLoc.File == L.Loc.File))
      addNote(D, ShapeLoc, "cluster shape " + ShapeText + " from " + ShapeWhat);
    Out.push_back(std::move(D));
    return Out.back();
  };

  if (!Ctx.Arch.SupportsClusters) {
    Report(formatv("launch of {0} uses thread block clusters ({1}), which "
                   "{2} does not have (sm_90 and newer); no such launch was "
                   "run on a GPU before sm_90",
                   kernelName(L), ShapeText, Ctx.Arch.Name)
               .str(),
           std::nullopt);
    return;
  }
  int64_t Size = saturatingMul(Shape[0], Shape[1], Shape[2]);
  const KernelSetting *NonPortable =
      Ctx.setting("NonPortableClusterSizeAllowed");
  bool Allowed = NonPortable && (!NonPortable->Value.isConstant() ||
                                 NonPortable->Value.value() != 0);
  // A launch whose kernel is not known may be of a kernel that allows
  // non-portable sizes (an H200 ran one, the attribute set on the symbol or
  // on the CUfunction): then the launch fails only maybe.
  std::vector<const KernelSetting *> OtherAllowing;
  if (!Allowed && Size > Ctx.Arch.MaxPortableClusterSize &&
      Size <= Ctx.Arch.MaxNonPortableClusterSize)
    OtherAllowing = Ctx.settingsThatMayBeThisKernels(
        "NonPortableClusterSizeAllowed", [](int64_t V) { return V != 0; });
  if (!OtherAllowing.empty()) {
    Diagnostic &D = Report(
        formatv("cluster of {0} blocks ({1}) exceeds the portable maximum "
                "of {2}, and the launched kernel is not known: unless it "
                "allows non-portable sizes the launch fails",
                Size, ShapeText, Ctx.Arch.MaxPortableClusterSize)
            .str(),
        RuntimeError::InvalidClusterSize);
    claimMayFail(D);
    addNotesOfOtherKernels(D, OtherAllowing,
                           "non-portable cluster sizes allowed");
    return;
  }
  if (Size > Ctx.Arch.MaxNonPortableClusterSize ||
      (Size > Ctx.Arch.MaxPortableClusterSize && !Allowed)) {
    Report(Size > Ctx.Arch.MaxNonPortableClusterSize
               ? formatv("cluster of {0} blocks ({1}) exceeds the {2} maximum "
                         "of {3}",
                         Size, ShapeText, Ctx.Arch.Name,
                         Ctx.Arch.MaxNonPortableClusterSize)
                     .str()
               : formatv("cluster of {0} blocks ({1}) exceeds the portable "
                         "maximum of {2} and {3} does not allow non-portable "
                         "sizes (cudaFuncSetAttribute(kernel, "
                         "cudaFuncAttributeNonPortableClusterSizeAllowed, 1))",
                         Size, ShapeText, Ctx.Arch.MaxPortableClusterSize,
                         kernelName(L))
                     .str(),
           RuntimeError::InvalidClusterSize);
    return;
  }
  const ResolvedValue *Grid[] = {&L.Grid.X, &L.Grid.Y, &L.Grid.Z};
  const char *Names[] = {"x", "y", "z"};
  for (unsigned I = 0; I < 3; ++I) {
    if (Shape[I] <= 0)
      continue;
    for (int64_t G : possibleValues(*Grid[I]))
      if (G > 0 && G % Shape[I] != 0) {
        Report(formatv("grid {0} = {1} is not a multiple of the cluster's "
                       "{0} = {2}",
                       Names[I], G, Shape[I])
                   .str(),
               RuntimeError::InvalidClusterSize);
        return;
      }
  }
}

} // namespace cudalint
