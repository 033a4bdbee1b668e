//===- ValueElements.cpp - Elements of arrays, lists and range-fors -------===//
//
// `sizes[i]` of an array only ever read: any of its initialisers, or the one
// at a constant index; with i counting through the array in the `for` that
// declares it, each element in turn. `for (int bs : {128, 256})`: each
// element of the braced list, const array or const std::array iterated.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "ResolverSupport.h"
#include "StdObjects.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <tuple>

using namespace clang;
using llvm::SmallVector;

namespace cudalint {

using namespace resolver;

/// Whether S assigns, increments or decrements, or takes the address of an
/// expression that Target accepts.
static bool writesTo(const Stmt *S,
                     llvm::function_ref<bool(const Expr *)> Target) {
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return B->isAssignmentOp() && Target(B->getLHS());
  if (const auto *U = dyn_cast<UnaryOperator>(S))
    return (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
           Target(U->getSubExpr());
  return false;
}

bool ResolverEngine::elementsOnlyRead(const VarDecl *V, const FunctionDecl *F) {
  auto [It, New] = ElementsOnlyRead.try_emplace(V);
  if (!New)
    return It->second;
  // Every mention must be an element read: no assignment to an element,
  // no pointer to the array handed anywhere.
  struct ReadChecker : RecursiveASTVisitor<ReadChecker> {
    const VarDecl *V;
    unsigned Mentions = 0, Reads = 0;
    bool Written = false;
    const DeclRefExpr *arrayOf(const Expr *E) const {
      if (const auto *S = dyn_cast<ArraySubscriptExpr>(E->IgnoreParens()))
        if (const auto *D =
                dyn_cast<DeclRefExpr>(S->getBase()->IgnoreParenImpCasts());
            D && D->getDecl() == V)
          return D;
      return nullptr;
    }
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      Mentions += D->getDecl() == V;
      return true;
    }
    // sizeof(sizes) reads nothing.
    bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
      return true;
    }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *S) {
      Reads += arrayOf(S) != nullptr;
      return true;
    }
    bool VisitStmt(Stmt *S) {
      Written |= writesTo(S, [&](const Expr *E) { return arrayOf(E); });
      return true;
    }
  } Check;
  Check.V = V;
  Check.TraverseStmt(F->getBody());
  It->second = !Check.Written && Check.Mentions == Check.Reads;
  return It->second;
}

ResolvedValue ResolverEngine::resolveArrayElement(const ArraySubscriptExpr *Sub,
                                                  const ValueQuery &Q) {
  const auto *DRE =
      dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->getType()->isConstantArrayType())
    return unfollowed(Sub);
  std::string What = "array '" + V->getName().str() + "'";
  const auto *Init = dyn_cast_or_null<InitListExpr>(V->getInit());
  if (!Init || Init->getNumInits() == 0)
    return ResolvedValue::unknown(What + ": no initialiser lists its elements");
  bool ReadOnly =
      V->getType()->getAsArrayTypeUnsafe()->getElementType().isConstQualified();
  if (!ReadOnly) {
    const FunctionDecl *F = enclosingFunction(V);
    if (!F || !F->hasBody() || !V->hasLocalStorage())
      return ResolvedValue::unknown(What + ": not const, so any code may "
                                           "change its elements");
    if (!elementsOnlyRead(V, F))
      return ResolvedValue::unknown(
          What + ": an element is assigned, or the array is handed on");
  }
  std::string Element = "an element of '" + V->getName().str() + "'";
  if (std::optional<int64_t> Index = Constants.of(Sub->getIdx())) {
    if (*Index < 0 || *Index >= int64_t(Init->getNumInits()))
      return ResolvedValue::unknown(What + ": an index out of its bounds");
    return withOrigin(resolveInt(Init->getInit(*Index), Q.deeper()), Element,
                      Locate(V->getLocation()));
  }
  SmallVector<ResolvedValue, 4> Parts;
  std::vector<int64_t> Proven;
  std::optional<std::pair<int64_t, int64_t>> Visited = iteratedIndices(Sub);
  for (unsigned I = 0; I < Init->getNumInits(); ++I) {
    Parts.push_back(resolveInt(Init->getInit(I), Q.deeper()));
    // Read on an iteration of its own: shown if its own value is.
    if (Visited && Visited->first <= I && I <= Visited->second)
      Proven.insert(Proven.end(), Parts.back().Proven.begin(),
                    Parts.back().Proven.end());
  }
  ResolvedValue R = join(Parts);
  // The array is the origin; a global an element was read from still
  // matters (ValueOrigin::Global).
  llvm::erase_if(R.Origins,
                 [](const ValueOrigin &O) { return O.Global.empty(); });
  if (R.K == ResolvedValue::Kind::Set)
    R.keepProven(std::move(Proven));
  return withOrigin(R, Element, Locate(V->getLocation()));
}

std::optional<ResolvedValue>
ResolverEngine::rangeForElement(const VarDecl *Begin, const ValueQuery &Q,
                                llvm::ArrayRef<std::string> Path) {
  const CXXForRangeStmt *Loop = nullptr;
  for (const DynTypedNode &P : Ctx.getParents(*Begin))
    if (const auto *DS = P.get<DeclStmt>())
      for (const DynTypedNode &PP : Ctx.getParents(*DS))
        if (const auto *L = PP.get<CXXForRangeStmt>();
            L && L->getBeginStmt() == DS)
          Loop = L;
  if (!Loop || !Loop->getRangeInit())
    return std::nullopt;
  // The list iterated: a braced list, or a const array or std::array
  // variable with an initialiser that lists its elements.
  const Expr *Range = Loop->getRangeInit()->IgnoreImplicit();
  if (const auto *List = dyn_cast<CXXStdInitializerListExpr>(Range))
    Range = List->getSubExpr()->IgnoreImplicit();
  std::string What = "an element of the list";
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Range)) {
    const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
    // A std::array (whose changes Clang's mutation analysis sees) or a
    // const array of structs: each element, as it is where the loop
    // starts; every one is bound in turn, so each value is shown.
    if (V && (isStdArray(V->getType()) || !Path.empty())) {
      MemberPath Each = {"[?]"};
      Each.append(Path.begin(), Path.end());
      return withOrigin(Objects.resolveElements(V, DRE, Q.deeper(), Each, true),
                        "an element of '" + V->getName().str() + "'",
                        Locate(V->getLocation()));
    }
    bool Const =
        V && (V->getType().isConstQualified() ||
              (V->getType()->isArrayType() && V->getType()
                                                  ->getAsArrayTypeUnsafe()
                                                  ->getElementType()
                                                  .isConstQualified()));
    if (!Const)
      return ResolvedValue::unknown(
          "the element of a list that is not const, so any code may change "
          "it");
    const VarDecl *Def = V->getDefinition() ? V->getDefinition() : V;
    Range = Def->getInit() ? Def->getInit()->IgnoreImplicit() : nullptr;
    What = "an element of '" + V->getName().str() + "'";
    // std::array<int, N>{...}: the list of its one member array.
    if (const auto *Outer = dyn_cast_or_null<InitListExpr>(Range);
        Outer && Outer->getNumInits() == 1 && Outer->getType()->isRecordType())
      Range = Outer->getInit(0)->IgnoreImplicit();
  }
  const auto *Init = dyn_cast_or_null<InitListExpr>(Range);
  if (!Init || Init->getNumInits() == 0)
    return ResolvedValue::unknown("a range-for over a list the analysis does "
                                  "not follow");
  // Every element is bound in turn, each on an iteration of its own.
  SmallVector<ResolvedValue, 4> Parts;
  std::vector<int64_t> Proven;
  for (const Expr *E : Init->inits()) {
    Parts.push_back(resolvePart(E, Path, Q.deeper()));
    Proven.insert(Proven.end(), Parts.back().Proven.begin(),
                  Parts.back().Proven.end());
  }
  ResolvedValue R = join(Parts);
  if (R.K == ResolvedValue::Kind::Set)
    R.keepProven(std::move(Proven));
  return withOrigin(std::move(R), What, Locate(Init->getBeginLoc()));
}

std::optional<std::pair<int64_t, int64_t>>
ResolverEngine::iteratedIndices(const ArraySubscriptExpr *Sub) {
  const auto *Index =
      dyn_cast<DeclRefExpr>(Sub->getIdx()->IgnoreParenImpCasts());
  const auto *I = Index ? dyn_cast<VarDecl>(Index->getDecl()) : nullptr;
  if (!I)
    return std::nullopt;
  // The loop that declares the index, around the read.
  const ForStmt *Loop = nullptr;
  walkUpToFunction(Sub, Ctx, [&](const Stmt *, const DynTypedNode &Up) {
    const auto *For = Up.get<ForStmt>();
    const auto *Decl = For && For->getBody()
                           ? dyn_cast_or_null<DeclStmt>(For->getInit())
                           : nullptr;
    if (Decl && Decl->isSingleDecl() && Decl->getSingleDecl() == I)
      Loop = For;
    return !Loop;
  });
  if (!Loop)
    return std::nullopt;
  // for (int i = A; i < B; ++i), or i <= B, i != B, i++, i += 1.
  std::optional<int64_t> First = Constants.of(I->getInit());
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      Loop->getCond() ? Loop->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!First || !Cond)
    return std::nullopt;
  const auto *L = dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts());
  std::optional<int64_t> Bound = Constants.of(Cond->getRHS());
  if (!L || L->getDecl() != I || !Bound)
    return std::nullopt;
  int64_t Last;
  switch (Cond->getOpcode()) {
  case BO_LT:
  case BO_NE:
    Last = *Bound - 1;
    break;
  case BO_LE:
    Last = *Bound;
    break;
  default:
    return std::nullopt;
  }
  const Expr *Inc =
      Loop->getInc() ? Loop->getInc()->IgnoreParenImpCasts() : nullptr;
  bool StepOne = false;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc))
    StepOne = U->isIncrementOp();
  else if (const auto *B = dyn_cast_or_null<CompoundAssignOperator>(Inc))
    StepOne = B->getOpcode() == BO_AddAssign &&
              Constants.of(B->getRHS()) == std::optional<int64_t>(1);
  if (!StepOne)
    return std::nullopt;
  // The body must leave the index alone.
  struct Writes : RecursiveASTVisitor<Writes> {
    const VarDecl *I;
    bool Found = false;
    bool targets(const Expr *E) const {
      const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return D && D->getDecl() == I;
    }
    bool VisitStmt(Stmt *S) {
      Found |= writesTo(S, [&](const Expr *E) { return targets(E); });
      return true;
    }
    bool VisitLambdaExpr(LambdaExpr *) {
      Found = true; // a capture may change it
      return true;
    }
  } Check;
  Check.I = I;
  Check.TraverseStmt(const_cast<Stmt *>(Loop->getBody()));
  if (Check.Found || *First > Last)
    return std::nullopt;
  // Every iteration reads an element: no branch before the read can skip
  // to the next one (`if (i == 2) continue;`) or leave.
  const FunctionFlow *Flow = flowOf(enclosingFunction(I));
  std::optional<std::vector<const Expr *>> Way =
      Flow ? Flow->branchesOnTheWay(
                 Loop->getCond(), {Loop->getInc()}, Sub,
                 [](const CFGBlock &, unsigned) { return true; }, true)
           : std::nullopt;
  if (!Way || llvm::any_of(*Way, [&](const Expr *C) {
        return !C || C->IgnoreParens() != Loop->getCond()->IgnoreParens();
      }))
    return std::nullopt;
  return std::pair(*First, Last);
}

} // namespace cudalint
