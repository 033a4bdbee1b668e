//===- GlobalValues.cpp - Globals the file writes
//---------------------------===//
//
// A global's initialiser is its value only where no code writes it: the
// globals this file writes, or lets escape, and where first; and none when
// the parse stopped early, since the code that writes it may be unseen.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "BranchTests.h"
#include "DefinitionCollector.h"
#include "ResolverSupport.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
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

/// What may change a global on the way through one function: its plain
/// assignments (definitions with their value), any other change of it and
/// every call or construction (definitions of an unknown value). Where a
/// destructor may run (a local or temporary of a class with one), what
/// changes it is not in the CFG's statements: Opaque.
class GlobalChanges : public RecursiveASTVisitor<GlobalChanges> {
public:
  explicit GlobalChanges(const VarDecl *V) : V(V) {}
  std::vector<Definition> Defs;
  bool Opaque = false;

  // A lambda's body or a local class's runs when called: the call counts.
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp() || !isV(B->getLHS()))
      return true;
    if (B->getOpcode() == BO_Assign && isV(B->getLHS(), /*Whole=*/true))
      Defs.push_back(Definition::assigned(B->getRHS(), {}, nullptr,
                                          B->getOperatorLoc(), B));
    else
      unknownAt(B, "it is changed by '" + B->getOpcodeStr().str() + "'");
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if ((U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
        isV(U->getSubExpr()))
      unknownAt(U, "it is changed or its address taken");
    return true;
  }
  // (A constexpr function, std::min or dim3's constructor, changes no
  // global.)
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *F = C->getDirectCallee(); !F || !F->isConstexpr())
      unknownAt(C, "a call may change it");
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (const CXXConstructorDecl *Ctor = C->getConstructor();
        !Ctor->isTrivial() && !Ctor->isConstexpr())
      unknownAt(C, "a constructor may change it");
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *N) {
    unknownAt(N, "a call may change it");
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *D) {
    unknownAt(D, "a destructor may change it");
    return true;
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *) {
    Opaque = true;
    return true;
  }
  bool VisitVarDecl(VarDecl *D) {
    if (const CXXRecordDecl *RD =
            D->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl())
      Opaque |= RD->hasDefinition() && !RD->hasTrivialDestructor();
    return true;
  }

private:
  bool isV(const Expr *E, bool Whole = false) const {
    MemberPath Path;
    const auto *DRE = dyn_cast<DeclRefExpr>(memberBase(E, &Path));
    return DRE && DRE->getDecl()->getCanonicalDecl() == V->getCanonicalDecl() &&
           (!Whole || Path.empty());
  }
  void unknownAt(const Stmt *S, std::string Reason) {
    Defs.push_back(Definition::unfollowed(S, {}, std::move(Reason)));
  }
  const VarDecl *V;
};

} // namespace

ResolvedValue DefinitionValues::resolveGlobal(
    const VarDecl *V, const Expr *Use, llvm::ArrayRef<std::string> Path,
    const std::string &What,
    llvm::function_ref<ResolvedValue(const Definition &, const ValueQuery &)>
        PartOf,
    const ValueQuery &Q) {
  auto Unknown = [&](const Twine &Why) {
    return ResolvedValue::unknown((What + ": " + Why).str());
  };
  const VarDecl *Def = V->getDefinition();
  bool Const = V->getType().isConstQualified();
  // A global any code may change: what the function around the use does
  // to it on the way, and the branches that test it (GlobalValues.cpp).
  auto Changing = [&](const std::string &Why) {
    if (Path.empty() && !V->getType().isVolatileQualified() &&
        !V->hasAttr<CUDADeviceAttr>() && !V->hasAttr<CUDAConstantAttr>())
      if (std::optional<ResolvedValue> R =
              globalInFunction(V, Use, What, Why, Q))
        return *R;
    return Unknown(Why);
  };
  if (!Const &&
      (!Def || V->getType().isVolatileQualified() ||
       V->hasAttr<CUDADeviceAttr>() || V->hasAttr<CUDAConstantAttr>()))
    return Changing("not const, so any code may change it");
  if (!Const)
    if (auto It = globalWrites().find(V->getCanonicalDecl());
        It != globalWrites().end())
      return Changing("not const, and written at " +
                      Engine.Locate(It->second).File + ":" +
                      std::to_string(Engine.Locate(It->second).Line));
  if (!Const)
    if (std::optional<std::string> Unseen = unseenWrites())
      return Changing(*Unseen);
  const VarDecl *Init = Def ? Def : V;
  if (!Init->getInit())
    return Unknown(Const ? "its initialiser is not in this file"
                         : "not const, so any code may change it");
  Definition D = Definition::assigned(Init->getInit(), {}, nullptr,
                                      Init->getLocation(), nullptr);
  ResolvedValue R = withOrigin(PartOf(D, Q), (Const ? "" : "global ") + What,
                               Engine.Locate(Init->getLocation()));
  if (!Const && R.isKnown() && V->isExternallyVisible())
    R.Origins.back().Global = Engine.mangledName(V);
  return R;
}

std::optional<ResolvedValue> DefinitionValues::globalInFunction(
    const VarDecl *V, const Expr *Use, const std::string &What,
    const std::string &Why, const ValueQuery &Q) {
  const FunctionDecl *F = functionContaining(Use, Engine.Ctx);
  const FunctionFlow *Flow = F && F->hasBody() ? Engine.flowOf(F) : nullptr;
  if (!Flow || !V->getType()->isIntegerType())
    return std::nullopt;
  GlobalChanges Changes(V);
  Changes.TraverseStmt(F->getBody());
  if (Changes.Opaque)
    return std::nullopt;
  auto PartOf = [&](const Definition &Def, const ValueQuery &At) {
    return definedValue(Def, nullptr, {}, What, At);
  };
  auto OnEntry = [&](const ValueQuery &) {
    return ResolvedValue::unknown(What + ": " + Why);
  };
  const VarDecl *Canonical = V->getCanonicalDecl();
  auto IsV = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl()->getCanonicalDecl() == Canonical;
  };
  return reachingFlow(
      FlowSubject{IsV, Canonical, V->getType(), V->getLocation()}, F, Use, {},
      Changes.Defs, DefinitionReader{PartOf, OnEntry, What}, Q);
}

const llvm::DenseMap<const VarDecl *, SourceLocation> &
DefinitionValues::globalWrites() {
  if (!GlobalWrites) {
    GlobalWriteCollector Collect(Engine.Ctx.getSourceManager());
    Collect.TraverseDecl(Engine.Ctx.getTranslationUnitDecl());
    GlobalWrites = std::move(Collect.Writes);
  }
  return *GlobalWrites;
}

std::optional<std::string> DefinitionValues::unseenWrites() const {
  if (!ParseStop)
    return std::nullopt;
  std::string Where = ParseStop->valid()
                          ? llvm::sys::path::filename(ParseStop->File).str() +
                                ":" + std::to_string(ParseStop->Line) + " "
                          : std::string();
  return "not const, and the parse stopped at " + Where +
         "(fatal error), so code that sets it may be unseen";
}

std::vector<std::string> DefinitionValues::writtenGlobals() {
  std::vector<std::string> Out;
  // A global this file defines is another program's in any other file that
  // defines one of that name; its own writes count here already.
  for (const auto &[V, Loc] : globalWrites())
    if (V->isExternallyVisible() && !V->getDefinition())
      Out.push_back(Engine.mangledName(V));
  llvm::sort(Out);
  return Out;
}

} // namespace cudalint
