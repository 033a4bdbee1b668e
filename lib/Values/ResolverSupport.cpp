//===- ResolverSupport.cpp - Helpers the value resolver's parts share ----===//

#include "cudalint/Values/ValueResolver.h"

#include "cudalint/Values/ReachingDefinitions.h"
#include "ResolverSupport.h"
#include "StdObjects.h"

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

namespace resolver {

bool isDim3(QualType T) {
  if (T.isNull())
    return false;
  T = T.getNonReferenceType().getUnqualifiedType();
  if (const auto *RD = T->getAsCXXRecordDecl())
    return RD->getName() == "dim3" || RD->getName() == "uint3";
  return false;
}

IntegerBounds integerBounds(QualType T, const ASTContext &Ctx) {
  if (T.isNull() || T->isDependentType() || !T->isIntegerType())
    return {};
  unsigned Width = std::min(64u, static_cast<unsigned>(Ctx.getIntWidth(T)));
  bool Signed = T->isSignedIntegerType();
  return {Signed ? llvm::minIntN(Width) : 0,
          Signed || Width == 64 ? llvm::maxIntN(Width)
                                : static_cast<int64_t>(llvm::maxUIntN(Width)),
          T.getUnqualifiedType().getAsString()};
}

std::optional<IntegerOp> integerOp(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_Add:
    return IntegerOp::Add;
  case BO_Sub:
    return IntegerOp::Sub;
  case BO_Mul:
    return IntegerOp::Mul;
  case BO_Div:
    return IntegerOp::Div;
  case BO_Rem:
    return IntegerOp::Rem;
  case BO_Shl:
    return IntegerOp::Shl;
  case BO_Shr:
    return IntegerOp::Shr;
  case BO_And:
    return IntegerOp::And;
  default:
    return std::nullopt;
  }
}

bool usable(const Expr *E) {
  return E && !E->getType().isNull() && !isa<RecoveryExpr>(E);
}

ResolvedValue dim3Field(const Dim3Value &D, llvm::StringRef Name) {
  return Name == "x"   ? D.X
         : Name == "y" ? D.Y
         : Name == "z" ? D.Z
                       : ResolvedValue::unknown();
}

ResolvedValue withOrigin(ResolvedValue R, std::string What, SourceLoc Loc) {
  if (R.isKnown())
    R.Origins.push_back({std::move(What), std::move(Loc), false, ""});
  return R;
}

ResolvedValue join(const SmallVector<ResolvedValue, 4> &Parts) {
  return joinValues(std::vector<ResolvedValue>(Parts.begin(), Parts.end()));
}

const Expr *memberBase(const Expr *E, MemberPath *Path) {
  MemberPath Reversed;
  E = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow()) {
      // (getNameAsString: a member may be an operator or a conversion.)
      Reversed.push_back(ME->getMemberDecl()->getNameAsString());
      E = ME->getBase()->IgnoreParenImpCasts();
    } else if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
      const auto *Index =
          dyn_cast<IntegerLiteral>(Sub->getIdx()->IgnoreParenImpCasts());
      Reversed.push_back(
          Index ? "[" + std::to_string(Index->getValue().getZExtValue()) + "]"
                : "[?]");
      E = Sub->getBase()->IgnoreParenImpCasts();
    } else if (std::string Step;
               const Expr *Object = stdAccessedObject(E, &Step)) {
      // `s[i]`, `std::get<1>(t)`: a step, as `[2]` or `.x` (StdObjects.def).
      if (!Step.empty())
        Reversed.push_back(std::move(Step));
      E = Object->IgnoreParenImpCasts();
    } else {
      break;
    }
  }
  if (Path)
    Path->assign(Reversed.rbegin(), Reversed.rend());
  return E;
}

const FunctionDecl *enclosingFunction(const VarDecl *V) {
  const DeclContext *DC = V->getDeclContext();
  while (DC && !isa<FunctionDecl>(DC))
    DC = DC->getParent();
  return dyn_cast_or_null<FunctionDecl>(DC);
}

/// Why the value of an expression the resolver does not follow is unknown,
/// in the words of the code: "the result of 'atoi'", "from
/// 'cudaDeviceGetAttribute'", "member 'threads' of an object".
ResolvedValue unfollowed(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (!F)
      return ResolvedValue::unknown("the result of a call through a pointer");
    std::string Name = F->getNameAsString();
    if (StringRef(Name).starts_with("cu"))
      return ResolvedValue::unknown("from '" + Name + "' at run time");
    // Calls to the file's own functions are followed (CalleeValues.cpp);
    // say why this one is not.
    if (F->getASTContext().getSourceManager().isInSystemHeader(
            F->getLocation()))
      return ResolvedValue::unknown("the result of '" + Name +
                                    "', a library function");
    if (!F->hasBody())
      return ResolvedValue::unknown("the result of '" + Name +
                                    "', which this file does not define");
    return ResolvedValue::unknown("the result of '" + Name +
                                  "' (this call is not followed)");
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return ResolvedValue::unknown(
        "member '" + ME->getMemberDecl()->getNameAsString() +
        "' of an object (fields are followed only in local variables)");
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return ResolvedValue::unknown("'" + DRE->getDecl()->getNameAsString() +
                                  "' is not a variable");
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return ResolvedValue::unknown("read through a pointer");
  return ResolvedValue::unknown(std::string("a ") + E->getStmtClassName() +
                                " is not evaluated");
}

const FunctionDecl *functionContaining(const Stmt *S, ASTContext &Ctx) {
  DynTypedNode Node = DynTypedNode::create(*S);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return nullptr;
    Node = Parents[0];
    if (const auto *F = Node.get<FunctionDecl>())
      return F;
    if (const auto *L = Node.get<LambdaExpr>())
      return L->getCallOperator();
  }
}

namespace {
/// constantOf's answers while one resolver lives on this thread: a switch's
/// case labels are evaluated for every value and every path tried. Emptied
/// when a resolver starts and ends, as the next file's AST may reuse the
/// addresses.
thread_local llvm::DenseMap<const Expr *, std::optional<int64_t>> Constants;
} // namespace

void forgetConstants() { Constants.clear(); }

std::optional<int64_t> constantOf(const Expr *E, const ASTContext &Ctx) {
  if (!E)
    return std::nullopt;
  auto [It, New] = Constants.try_emplace(E);
  if (New) {
    Expr::EvalResult R;
    if (!E->isValueDependent() && E->EvaluateAsInt(R, Ctx))
      It->second = R.Val.getInt().getExtValue();
  }
  return It->second;
}

QualType parameterType(const CallExpr *Call, unsigned I) {
  if (const FunctionDecl *F = Call->getDirectCallee())
    return I < F->getNumParams() ? F->getParamDecl(I)->getType() : QualType();
  QualType T = Call->getCallee()->getType();
  if (const auto *P = T->getAs<PointerType>())
    T = P->getPointeeType();
  const auto *Proto = T->getAs<FunctionProtoType>();
  return Proto && I < Proto->getNumParams() ? Proto->getParamType(I)
                                            : QualType();
}

const CXXMethodDecl *followedMethod(const CXXMemberCallExpr *Call) {
  const CXXMethodDecl *M = Call->getMethodDecl();
  const FunctionDecl *Def = nullptr;
  if (!M || M->isConst() || M->isVirtual() || !M->hasBody(Def) ||
      M->getASTContext().getSourceManager().isInSystemHeader(
          Def->getLocation()))
    return nullptr;
  return cast<CXXMethodDecl>(Def);
}

bool isStdForwardOrMove(const FunctionDecl *F) {
  return F && F->isInStdNamespace() && F->getIdentifier() &&
         (F->getName() == "forward" || F->getName() == "move");
}

const FunctionDecl *namedKernel(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    E = U->getSubExpr()->IgnoreParenCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *F = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
  return F && F->hasAttr<CUDAGlobalAttr>() ? F : nullptr;
}

} // namespace resolver

} // namespace cudalint
