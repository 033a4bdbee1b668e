//===- DeviceQueries.cpp - Conditions that ask what the device is --------===//
//
// `if (prop.sharedMemPerMultiprocessor >= SMEM)`, `if (major >= 8)` with
// major from cudaDeviceGetAttribute: a launch under such a condition runs
// only on the GPUs it lets through (CheckCore's settleDeviceGuard).
//
//===----------------------------------------------------------------------===//

#include "DeviceQueries.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cudalint {

namespace {

bool isDeviceQuery(const CallExpr *C) {
  const FunctionDecl *F = C->getDirectCallee();
  if (!F || !F->getIdentifier())
    return false;
  StringRef Name = F->getName();
  return Name == "cudaDeviceGetAttribute" ||
         Name == "cudaGetDeviceProperties" || Name == "cuDeviceGetAttribute" ||
         Name == "cudaMemGetInfo";
}

} // namespace

/// Whether E reads what the device is: a cudaDeviceProp field, a device
/// attribute query, or a local variable that holds one (initialised from
/// it, or filled in by cudaDeviceGetAttribute(&v, ...)), two variables deep.
bool DeviceQueryFinder::queriesDevice(const Expr *E, unsigned Depth) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    std::vector<const VarDecl *> Variables;
    static bool isDeviceProp(QualType T) {
      if (T.isNull())
        return false;
      T = T.getNonReferenceType();
      if (T->isPointerType())
        T = T->getPointeeType();
      const auto *RD = T->getAsRecordDecl();
      return RD && RD->getIdentifier() &&
             (RD->getName() == "cudaDeviceProp" ||
              RD->getName() == "cudaDeviceProp_st");
    }
    bool VisitMemberExpr(MemberExpr *M) {
      Found |= isDeviceProp(M->getBase()->getType());
      return !Found;
    }
    bool VisitCallExpr(CallExpr *C) {
      Found |= isDeviceQuery(C);
      return !Found;
    }
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      if (const auto *V = dyn_cast<VarDecl>(D->getDecl())) {
        Found |= isDeviceProp(V->getType());
        if (V->hasLocalStorage())
          Variables.push_back(V);
      }
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  if (F.Found || Depth >= 2)
    return F.Found;
  return llvm::any_of(F.Variables, [&](const VarDecl *V) {
    return filledByDeviceQuery().count(V) ||
           (V->getInit() && queriesDevice(V->getInit(), Depth + 1));
  });
}

/// The variables whose address is handed to a device query
/// (cudaDeviceGetAttribute(&v, ...)), found once per translation unit.
const llvm::DenseSet<const VarDecl *> &
DeviceQueryFinder::filledByDeviceQuery() {
  if (!FilledByQuery) {
    struct Finder : RecursiveASTVisitor<Finder> {
      llvm::DenseSet<const VarDecl *> Out;
      bool shouldVisitTemplateInstantiations() const { return true; }
      bool VisitCallExpr(CallExpr *C) {
        if (!isDeviceQuery(C))
          return true;
        for (const Expr *Arg : C->arguments())
          if (const auto *U = dyn_cast<UnaryOperator>(Arg->IgnoreParenCasts());
              U && U->getOpcode() == UO_AddrOf)
            if (const auto *D =
                    dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens()))
              if (const auto *V = dyn_cast<VarDecl>(D->getDecl()))
                Out.insert(V);
        return true;
      }
    } F;
    F.TraverseDecl(Ctx.getTranslationUnitDecl());
    FilledByQuery = std::move(F.Out);
  }
  return *FilledByQuery;
}

const Expr *DeviceQueryFinder::guardOf(const Stmt *Launch) {
  DynTypedNodeList Parents = Ctx.getParents(*Launch);
  for (unsigned Steps = 0; !Parents.empty() && Steps < 64; ++Steps) {
    const Stmt *Parent = Parents[0].get<Stmt>();
    if (!Parent)
      break; // the function (or a declaration) around it
    const Expr *Condition = nullptr;
    if (const auto *If = dyn_cast<IfStmt>(Parent))
      Condition = If->getCond();
    else if (const auto *C = dyn_cast<ConditionalOperator>(Parent))
      Condition = C->getCond();
    else if (const auto *W = dyn_cast<WhileStmt>(Parent))
      Condition = W->getCond();
    else if (const auto *S = dyn_cast<SwitchStmt>(Parent))
      Condition = S->getCond();
    if (Condition && Condition != Launch && queriesDevice(Condition))
      return Condition;
    Parents = Ctx.getParents(*Parent);
  }
  return nullptr;
}

} // namespace cudalint
