//===- GlobalValues.cpp - Globals the file writes
//---------------------------===//
//
// A global's initialiser is its value only where no code writes it: the
// globals this file writes, or lets escape, and where first; and none when
// the parse stopped early, since the code that writes it may be unseen.
//
//===----------------------------------------------------------------------===//

#include "BranchTests.h"
#include "DefinitionCollector.h"
#include "ReachingDefinitions.h"
#include "ResolverSupport.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;
using llvm::SmallVector;

namespace cudalint {

using namespace resolver;

namespace {

/// Each global variable the file writes or lets escape, and where first.
class GlobalWriteCollector : public RecursiveASTVisitor<GlobalWriteCollector> {
  using Base = RecursiveASTVisitor<GlobalWriteCollector>;

public:
  explicit GlobalWriteCollector(const SourceManager &SM) : SM(SM) {}
  llvm::DenseMap<const VarDecl *, SourceLocation> Writes;

  bool shouldVisitLambdaBodies() const { return true; }
  bool shouldVisitTemplateInstantiations() const { return true; }
  // The toolkit and the system write no global of the user's.
  bool TraverseDecl(Decl *D) {
    return D && D->getLocation().isValid() &&
                   SM.isInSystemHeader(D->getLocation())
               ? true
               : Base::TraverseDecl(D);
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      write(B->getLHS(), B->getOperatorLoc());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      write(U->getSubExpr(), U->getOperatorLoc());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    unsigned Object =
        isa<CXXOperatorCallExpr>(C) && Callee && isa<CXXMethodDecl>(Callee);
    if (Object && C->getNumArgs() > 0 &&
        !cast<CXXMethodDecl>(Callee)->isConst())
      write(C->getArg(0), C->getBeginLoc()); // dim3 `=`, `+=`
    for (unsigned I = Object; I < C->getNumArgs(); ++I) {
      const Expr *Arg = C->getArg(I);
      const ParmVarDecl *P = Callee && I - Object < Callee->getNumParams()
                                 ? Callee->getParamDecl(I - Object)
                                 : nullptr;
      QualType T = P ? P->getType() : QualType();
      bool ByReference =
          P ? T->isReferenceType() &&
                  !T.getNonReferenceType().isConstQualified()
            // Through a pointer or variadic: an lvalue handed on as it is.
            : isa<DeclRefExpr, MemberExpr>(Arg->IgnoreParens());
      // An array decays to a pointer its callee may write through.
      bool ThroughArray = (!P || (T->isPointerType() &&
                                  !T->getPointeeType().isConstQualified())) &&
                          Arg->IgnoreParenImpCasts()->getType()->isArrayType();
      if (ByReference || ThroughArray)
        write(Arg, Arg->getBeginLoc());
    }
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    if (const CXXMethodDecl *M = C->getMethodDecl(); M && !M->isConst())
      write(C->getImplicitObjectArgument(), C->getBeginLoc());
    return true;
  }
  bool VisitVarDecl(VarDecl *D) {
    // `int &r = g;` and `auto *p = &g` (the latter as an address above).
    if (D->getType()->isReferenceType() &&
        !D->getType().getNonReferenceType().isConstQualified() && D->getInit())
      write(D->getInit(), D->getLocation());
    return true;
  }

private:
  const SourceManager &SM;
  void write(const Expr *E, SourceLocation Loc) {
    const auto *DRE = dyn_cast<DeclRefExpr>(memberBase(E));
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (V && !V->hasLocalStorage())
      Writes.try_emplace(V->getCanonicalDecl(), Loc);
  }
};

} // namespace

const llvm::DenseMap<const VarDecl *, SourceLocation> &
ValueResolver::globalWrites() {
  if (!GlobalWrites) {
    GlobalWriteCollector Collect(Ctx.getSourceManager());
    Collect.TraverseDecl(Ctx.getTranslationUnitDecl());
    GlobalWrites = std::move(Collect.Writes);
  }
  return *GlobalWrites;
}

std::optional<std::string> ValueResolver::unseenWrites() const {
  if (!Ctx.getDiagnostics().hasFatalErrorOccurred())
    return std::nullopt;
  std::string Where = ParseStop.valid()
                          ? llvm::sys::path::filename(ParseStop.File).str() +
                                ":" + std::to_string(ParseStop.Line) + " "
                          : std::string();
  return "not const, and the parse stopped at " + Where +
         "(fatal error), so code that sets it may be unseen";
}

std::vector<std::string> ValueResolver::writtenGlobals() {
  std::vector<std::string> Out;
  // A global this file defines is another program's in any other file that
  // defines one of that name; its own writes count here already.
  for (const auto &[V, Loc] : globalWrites())
    if (V->isExternallyVisible() && !V->getDefinition())
      Out.push_back(mangledName(V));
  llvm::sort(Out);
  return Out;
}

} // namespace cudalint
