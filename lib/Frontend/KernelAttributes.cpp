//===- KernelAttributes.cpp - Recovering __maxnreg__ & co. from the AST ---===//
//
// The override header turns __launch_bounds__, __maxnreg__ and
// __cluster_dims__ into GNU attributes named cudalint_*. Registered here,
// each becomes an AnnotateAttr carrying its argument expressions; Clang
// substitutes template arguments into AnnotateAttr arguments when it
// instantiates a kernel template, so every instantiation gets its own values.
//
//===----------------------------------------------------------------------===//

#include "KernelAttributes.h"
#include "ArchConditionals.h"
#include "CudaParseSetup.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace cudalint {

namespace {

template <const char *Spelled, const char *Annotation, unsigned MaxArgs>
struct KernelAttrInfo : public ParsedAttrInfo {
  KernelAttrInfo() {
    OptArgs = MaxArgs;
    static constexpr Spelling S[] = {{ParsedAttr::AS_GNU, Spelled}};
    Spellings = S;
  }
  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    return isa<FunctionDecl>(D) || isa<FunctionTemplateDecl>(D);
  }
  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    // Argument 0 is the override header's placeholder (see CudaToolkit.cpp).
    SmallVector<Expr *, 3> Args;
    for (unsigned I = 1; I < Attr.getNumArgs(); ++I) {
      if (!Attr.isArgExpr(I))
        return AttributeNotApplied;
      Args.push_back(Attr.getArgAsExpr(I));
    }
    D->addAttr(AnnotateAttr::Create(S.Context, Annotation, Args.data(),
                                    Args.size(), Attr));
    return AttributeApplied;
  }
};

constexpr char LaunchBoundsSpelling[] = "cudalint_launch_bounds";
constexpr char MaxNRegSpelling[] = "cudalint_maxnreg";
constexpr char ClusterDimsSpelling[] = "cudalint_cluster_dims";

ParsedAttrInfoRegistry::Add<
    KernelAttrInfo<LaunchBoundsSpelling, LaunchBoundsAnnotation, 4>>
    LaunchBounds(LaunchBoundsSpelling, "__launch_bounds__");
ParsedAttrInfoRegistry::Add<
    KernelAttrInfo<MaxNRegSpelling, MaxNRegAnnotation, 2>>
    MaxNReg(MaxNRegSpelling, "__maxnreg__");
ParsedAttrInfoRegistry::Add<
    KernelAttrInfo<ClusterDimsSpelling, ClusterDimsAnnotation, 4>>
    ClusterDims(ClusterDimsSpelling, "__cluster_dims__");

std::optional<int64_t> evaluate(const Expr *E, const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  Expr::EvalResult Result;
  if (!E->EvaluateAsInt(Result, Ctx))
    return std::nullopt;
  return Result.Val.getInt().getExtValue();
}

} // namespace

// Referenced from the driver so that the linker keeps the registrations above.
void registerKernelAttributes() {}
void registerKernelAttributeSpellings() { registerKernelAttributes(); }

/// Whether the attribute, or one of its arguments, was written under a
/// test of the device arch.
static bool underArchTest(const Attr *Attribute,
                          llvm::ArrayRef<const Expr *> Args,
                          ArchConditionals &Arch) {
  return Arch.contain(Attribute->getLocation()) ||
         llvm::any_of(Args, [&](const Expr *E) {
           return E && Arch.contain(E->getBeginLoc());
         });
}

KernelAttributes readKernelAttributes(const FunctionDecl &FD,
                                      const ASTContext &Ctx,
                                      const LocationMapper &Locate,
                                      ArchConditionals &Arch) {
  KernelAttributes A;
  for (const AnnotateAttr *Attr : FD.specific_attrs<AnnotateAttr>()) {
    SmallVector<std::optional<int64_t>, 3> Args;
    for (const Expr *E : Attr->args())
      Args.push_back(evaluate(E, Ctx));
    auto Arg = [&](unsigned I) {
      return I < Args.size() ? Args[I] : std::nullopt;
    };
    StringRef Name = Attr->getAnnotation();
    if (Name == LaunchBoundsAnnotation) {
      A.MaxThreadsPerBlock = Arg(0);
      A.MinBlocksPerSM = Arg(1);
      A.MaxBlocksPerCluster = Arg(2);
      A.LaunchBoundsLoc = Locate(Attr->getLocation());
      A.LaunchBoundsDependOnArch = underArchTest(
          Attr,
          llvm::ArrayRef<const Expr *>(Attr->args_begin(), Attr->args_end()),
          Arch);
    } else if (Name == MaxNRegAnnotation) {
      A.MaxRegisters = Arg(0);
      A.MaxRegistersLoc = Locate(Attr->getLocation());
    } else if (Name == ClusterDimsAnnotation) {
      // A missing dimension is 1; one that is given but not a constant
      // stays unknown.
      auto Dim = [&](unsigned I) {
        if (I >= Args.size())
          return ResolvedValue::constant(1);
        return Args[I] ? ResolvedValue::constant(*Args[I])
                       : ResolvedValue::unknown();
      };
      Dim3Value Dims{Dim(0), Dim(1), Dim(2)};
      if (Args.empty())
        Dims.X = ResolvedValue::unknown();
      A.ClusterDims = Dims;
      A.ClusterDimsLoc = Locate(Attr->getLocation());
    }
  }
  // A kernel declared with Clang's own spelling,
  // __attribute__((launch_bounds(...))), bypasses the override header.
  if (!A.MaxThreadsPerBlock)
    if (const auto *LB = FD.getAttr<CUDALaunchBoundsAttr>()) {
      A.MaxThreadsPerBlock = evaluate(LB->getMaxThreads(), Ctx);
      A.MinBlocksPerSM = evaluate(LB->getMinBlocks(), Ctx);
      A.MaxBlocksPerCluster = evaluate(LB->getMaxBlocks(), Ctx);
      A.LaunchBoundsLoc = Locate(LB->getLocation());
      A.LaunchBoundsDependOnArch =
          underArchTest(LB, {LB->getMaxThreads(), LB->getMinBlocks()}, Arch);
    }
  // HIP: amd_hip_runtime.h lowers __launch_bounds__(T, W) to
  // amdgpu_flat_work_group_size(1, T) and amdgpu_waves_per_eu(W); either
  // may also be written directly.
  if (const auto *Flat = FD.getAttr<AMDGPUFlatWorkGroupSizeAttr>()) {
    if (!A.MaxThreadsPerBlock) {
      A.MaxThreadsPerBlock = evaluate(Flat->getMax(), Ctx);
      A.LaunchBoundsLoc = Locate(Flat->getLocation());
      A.LaunchBoundsDependOnArch = underArchTest(Flat, {Flat->getMax()}, Arch);
    }
  }
  if (const auto *Waves = FD.getAttr<AMDGPUWavesPerEUAttr>())
    A.MinWavesPerEU = evaluate(Waves->getMin(), Ctx);
  return A;
}

} // namespace cudalint
