//===- LaunchConfigAttributes.cpp - A launch config's attributes ----------===//

#include "LaunchConfigAttributes.h"

#include "cudalint/Values/ValueResolver.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

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

namespace {
/// How a walk of a config's attrs[0 .. numAttrs) ended.
enum class AttributeWalk {
  /// numAttrs is 0: the launch sets no attribute.
  NoAttributes,
  /// Every entry was read, or the caller stopped at one.
  Done,
  /// Which entries hold the attribute cannot be told: numAttrs or an id
  /// is not a constant, there are more than 16, or the file declares no
  /// such id.
  Unknown,
};
} // namespace

/// Walks Cfg.attrs[0 .. numAttrs) in order, calling Found with the index
/// ("[I]") of each entry whose id is the enumerator IdName until Found
/// returns false. An entry whose id cannot be followed ends the walk: it
/// may be the attribute.
static AttributeWalk
walkAttributes(const Expr *Cfg, const char *IdName, ValueResolver &Resolver,
               ASTContext &Ctx,
               llvm::function_ref<bool(const std::string &Index)> Found) {
  ResolvedValue Count = Resolver.resolveMember(Cfg, {"numAttrs"});
  if (Count.isConstant() && Count.value() == 0)
    return AttributeWalk::NoAttributes;
  std::optional<int64_t> Wanted = enumeratorValue(Ctx, IdName);
  if (!Count.isConstant() || !Wanted || Count.value() > 16)
    return AttributeWalk::Unknown;
  for (int64_t I = 0; I < Count.value(); ++I) {
    std::string Index = "[" + std::to_string(I) + "]";
    ResolvedValue Id = Resolver.resolveMember(Cfg, {"attrs", Index, "id"});
    if (!Id.isConstant())
      return AttributeWalk::Unknown;
    if (Id.value() == *Wanted && !Found(Index))
      break;
  }
  return AttributeWalk::Done;
}

std::optional<Dim3Value> clusterAttribute(const Expr *Cfg,
                                          const LaunchAttributeNames &Names,
                                          ValueResolver &Resolver,
                                          ASTContext &Ctx) {
  std::optional<Dim3Value> Shape;
  AttributeWalk Walk = walkAttributes(
      Cfg, Names.ClusterDimension, Resolver, Ctx,
      [&](const std::string &Index) {
        auto Dim = [&](const char *Field) {
          return Resolver.resolveMember(
              Cfg, {"attrs", Index, Names.Value, "clusterDim", Field});
        };
        Shape = Dim3Value{Dim("x"), Dim("y"), Dim("z")};
        return false; // the first cluster attribute is the shape
      });
  if (Walk == AttributeWalk::Unknown)
    return Dim3Value{};
  return Shape;
}

std::optional<bool> cooperativeAttribute(const Expr *Cfg,
                                         const LaunchAttributeNames &Names,
                                         ValueResolver &Resolver,
                                         ASTContext &Ctx) {
  bool Cooperative = false, Followed = true;
  AttributeWalk Walk = walkAttributes(
      Cfg, Names.Cooperative, Resolver, Ctx, [&](const std::string &Index) {
        ResolvedValue On = Resolver.resolveMember(
            Cfg, {"attrs", Index, Names.Value, "cooperative"});
        Followed = On.isConstant();
        if (Followed)
          Cooperative = On.value() != 0;
        return Followed;
      });
  if (Walk == AttributeWalk::NoAttributes)
    return false;
  if (Walk == AttributeWalk::Unknown || !Followed)
    return std::nullopt;
  return Cooperative;
}

} // namespace cudalint
