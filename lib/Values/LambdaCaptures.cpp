//===- LambdaCaptures.cpp - A variable read in a lambda by reference ------===//
//
// `int bs = c ? 256 : 128; auto g = [&] { k<<<1, bs>>>(); };`: the lambda
// reads bs whenever it runs, which may be any time after it is made. So its
// value there is what reaches the lambda's creation, or any definition that
// may run after it; a lambda that changes bs itself is a change like any
// other (DefinitionCollector), and one that only reads it changes nothing.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "BranchTests.h"
#include "DefinitionCollector.h"
#include "ResolverSupport.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;
using llvm::SmallVector;

namespace cudalint {

using namespace resolver;

const LambdaExpr *DefinitionValues::referenceCaptureAround(const VarDecl *V,
                                                           const Expr *Use) {
  if (!V->hasLocalStorage())
    return nullptr;
  const LambdaExpr *Outermost = nullptr;
  DynTypedNode Node = DynTypedNode::create(*Use);
  while (true) {
    DynTypedNodeList Parents = Engine.Ctx.getParents(Node);
    if (Parents.empty() || Parents[0].get<TranslationUnitDecl>())
      break;
    if (const auto *L = Parents[0].get<LambdaExpr>())
      Outermost = L;
    // V's own function: the lambdas around the use are inside it.
    if (const auto *F = Parents[0].get<FunctionDecl>();
        F && F == enclosingFunction(V))
      break;
    Node = Parents[0];
  }
  if (!Outermost)
    return nullptr;
  for (const LambdaCapture &C : Outermost->captures())
    if (C.capturesVariable() && C.getCapturedVar() == V)
      return C.getCaptureKind() == LCK_ByRef ? Outermost : nullptr;
  return nullptr;
}

std::optional<ResolvedValue> DefinitionValues::capturedByReference(
    const VarDecl *V, const LambdaExpr *Lambda, const FunctionDecl *F,
    llvm::ArrayRef<std::string> Path, const DefinitionCollector &Collect,
    const DefinitionReader &Read, const ValueQuery &Q) {
  const std::string &What = Read.What;
  const FunctionFlow *Flow = Engine.flowOf(F);
  if (!Flow || !Flow->contains(Lambda))
    return std::nullopt;
  // The lambda's creation stands for the use in F's flow.
  QueryScope AtLambda = Q.scope();
  AtLambda.Anchors[F] = Lambda;
  ValueQuery InF = Q.within(AtLambda);
  auto IsV = [&](const Expr *E) { return refersTo(E, V); };
  std::optional<ResolvedValue> AtCreation =
      reachingFlow(FlowSubject{IsV, V, V->getType(), V->getLocation()}, F,
                   Lambda, Path, Collect.Defs, Read, InF);
  if (!AtCreation)
    return std::nullopt;
  SmallVector<ResolvedValue, 4> Parts{std::move(*AtCreation)};
  auto AnyEdge = [](const CFGBlock &, unsigned) { return true; };
  for (const Definition &Def : Collect.Defs) {
    auto Prefix = [](llvm::ArrayRef<std::string> A,
                     llvm::ArrayRef<std::string> B) {
      return A.size() <= B.size() && std::equal(A.begin(), A.end(), B.begin());
    };
    bool Whole = Prefix(Def.Path, Path), Inside = Prefix(Path, Def.Path);
    if (!Whole && !Inside)
      continue; // another part
    if (!Def.Site || !Flow->contains(Def.Site))
      return std::nullopt;
    if (!Flow->reachesAlong(Lambda, {}, Def.Site, AnyEdge))
      continue;
    if (!Whole)
      return ResolvedValue::unknown(What +
                                    ": a part of it is assigned separately");
    Parts.push_back(withOrigin(Read.PartOf(Def, InF.deeper()), What,
                               Engine.Locate(Def.Loc)));
  }
  ResolvedValue R = join(Parts);
  // Which one the lambda sees depends on when it runs.
  if (Parts.size() > 1 && R.K == ResolvedValue::Kind::Set)
    R.Proven.clear();
  return R;
}

} // namespace cudalint
