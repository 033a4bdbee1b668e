//===- LaunchConfigAttributes.cpp - A launch config's attributes ----------===//

#include "LaunchConfigAttributes.h"

#include "cudalint/Values/ValueResolver.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace cudalint {

/// The value of the enumerator Name the file declares (the runtime's
/// cudaLaunchAttributeID values), if it does.
static std::optional<int64_t> enumeratorValue(ASTContext &Ctx, StringRef Name) {
  for (const NamedDecl *D : Ctx.getTranslationUnitDecl()->lookup(
           DeclarationName(&Ctx.Idents.get(Name))))
    if (const auto *E = dyn_cast<EnumConstantDecl>(D))
      return E->getInitVal().getExtValue();
  return std::nullopt;
}

std::optional<Dim3Value> clusterAttribute(const Expr *Cfg,
                                          const LaunchAttributeNames &Names,
                                          ValueResolver &Resolver,
                                          ASTContext &Ctx) {
  ResolvedValue Count = Resolver.resolveMember(Cfg, {"numAttrs"});
  std::optional<int64_t> ClusterId =
      enumeratorValue(Ctx, Names.ClusterDimension);
  if (Count.isConstant() && Count.value() == 0)
    return std::nullopt;
  if (!Count.isConstant() || !ClusterId || Count.value() > 16)
    return Dim3Value{};
  for (int64_t I = 0; I < Count.value(); ++I) {
    std::string Index = "[" + std::to_string(I) + "]";
    ResolvedValue Id = Resolver.resolveMember(Cfg, {"attrs", Index, "id"});
    if (!Id.isConstant())
      return Dim3Value{}; // this one may be the cluster shape
    if (Id.value() != *ClusterId)
      continue;
    auto Dim = [&](const char *Field) {
      return Resolver.resolveMember(
          Cfg, {"attrs", Index, Names.Value, "clusterDim", Field});
    };
    return Dim3Value{Dim("x"), Dim("y"), Dim("z")};
  }
  return std::nullopt;
}

std::optional<bool> cooperativeAttribute(const Expr *Cfg,
                                         const LaunchAttributeNames &Names,
                                         ValueResolver &Resolver,
                                         ASTContext &Ctx) {
  ResolvedValue Count = Resolver.resolveMember(Cfg, {"numAttrs"});
  if (Count.isConstant() && Count.value() == 0)
    return false;
  std::optional<int64_t> CooperativeId =
      enumeratorValue(Ctx, Names.Cooperative);
  if (!Count.isConstant() || !CooperativeId || Count.value() > 16)
    return std::nullopt;
  bool Cooperative = false;
  for (int64_t I = 0; I < Count.value(); ++I) {
    std::string Index = "[" + std::to_string(I) + "]";
    ResolvedValue Id = Resolver.resolveMember(Cfg, {"attrs", Index, "id"});
    if (!Id.isConstant())
      return std::nullopt; // this one may be the cooperative attribute
    if (Id.value() != *CooperativeId)
      continue;
    ResolvedValue On = Resolver.resolveMember(
        Cfg, {"attrs", Index, Names.Value, "cooperative"});
    if (!On.isConstant())
      return std::nullopt;
    Cooperative = On.value() != 0;
  }
  return Cooperative;
}

} // namespace cudalint
