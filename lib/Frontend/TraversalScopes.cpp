//===- TraversalScopes.cpp - What the collection traverses ----------------===//

#include "TraversalScopes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cudalint {

TraversalScopes traversalScopes(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  TraversalScopes Out;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    bool InSystemHeader = SM.isInSystemHeader(D->getLocation());
    (InSystemHeader ? Out.System : Out.User).push_back(D);
    if (!InSystemHeader || !isa<VarDecl>(D))
      Out.Indexed.push_back(D);
  }
  return Out;
}

std::vector<const FunctionDecl *>
kernelsDeclaredIn(llvm::ArrayRef<Decl *> Declarations) {
  struct KernelFinder : RecursiveASTVisitor<KernelFinder> {
    std::vector<const FunctionDecl *> Found;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool TraverseStmt(Stmt *) { return true; }
    bool VisitFunctionDecl(FunctionDecl *FD) {
      if (FD->hasAttr<CUDAGlobalAttr>() && !FD->isDependentContext())
        Found.push_back(FD);
      return true;
    }
  } Finder;
  for (Decl *D : Declarations)
    Finder.TraverseDecl(D);
  return std::move(Finder.Found);
}

} // namespace cudalint
