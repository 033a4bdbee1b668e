//===- ResolverSupport.cpp - Helpers the value resolver's parts share ----===//

#include "cudalint/Values/ValueResolver.h"

#include "ResolverSupport.h"
#include "StdObjects.h"
#include "cudalint/Facts/SymbolicValues.h"
#include "cudalint/Values/KnownFunctions.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cctype>
#include <tuple>

using namespace clang;
using llvm::SmallVector;
using llvm::StringRef;

namespace cudalint {

namespace resolver {

const SubstNonTypeTemplateParmExpr *substitutedParameter(const Expr *E) {
  while (E) {
    if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      return S;
    if (const auto *C = dyn_cast<ImplicitCastExpr>(E))
      E = C->getSubExpr();
    else if (const auto *P = dyn_cast<ParenExpr>(E))
      E = P->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

bool isDim3(QualType T) {
  if (T.isNull())
    return false;
  T = T.getNonReferenceType().getUnqualifiedType();
  if (const auto *RD = T->getAsCXXRecordDecl())
    return RD->getName() == "dim3" || RD->getName() == "uint3";
  return false;
}

unsigned dim3FieldNumber(QualType T, llvm::ArrayRef<std::string> Path) {
  if (Path.size() != 1 || !isDim3(T))
    return 0;
  return Path[0] == "x" ? 1 : Path[0] == "y" ? 2 : Path[0] == "z" ? 3 : 0;
}

std::pair<unsigned, QualType> testedField(QualType T,
                                          llvm::ArrayRef<std::string> Path,
                                          const ASTContext &Ctx) {
  if (unsigned Field = dim3FieldNumber(T, Path))
    return {Field, Ctx.UnsignedIntTy};
  const RecordDecl *RD = T.isNull() ? nullptr : T->getAsRecordDecl();
  if (!RD || Path.size() != 1 || Path[0].front() == '[')
    return {0, QualType()};
  if (const FieldDecl *F = fieldNamed(RD, Path[0]);
      F && F->getType()->isIntegerType() && F->getFieldIndex() < 28)
    return {4 + F->getFieldIndex(), F->getType()};
  return {0, QualType()};
}

const FieldDecl *fieldNamed(const RecordDecl *RD, StringRef Name) {
  for (const FieldDecl *F : RD->fields())
    if (F->getName() == Name)
      return F;
  return nullptr;
}

IntegerBounds integerBounds(QualType T, const ASTContext &Ctx) {
  if (T.isNull() || T->isDependentType() || !T->isIntegerType())
    return {};
  unsigned Width = std::min(64u, static_cast<unsigned>(Ctx.getIntWidth(T)));
  bool Signed = T->isSignedIntegerType();
  // A class's own name for the type (std::vector's size_type) says less
  // than the type it stands for.
  QualType Shown = T.getUnqualifiedType();
  if (const auto *Alias = Shown->getAs<TypedefType>();
      Alias && Alias->getDecl()->getDeclContext()->isRecord())
    Shown = Shown.getCanonicalType();
  return {Signed ? llvm::minIntN(Width) : 0,
          Signed || Width == 64 ? llvm::maxIntN(Width)
                                : static_cast<int64_t>(llvm::maxUIntN(Width)),
          Shown.getAsString()};
}

std::optional<IntegerOp> integerOp(BinaryOperatorKind Op) {
  static constexpr std::pair<BinaryOperatorKind, IntegerOp> Evaluated[] = {
      {BO_Add, IntegerOp::Add},         {BO_Sub, IntegerOp::Sub},
      {BO_Mul, IntegerOp::Mul},         {BO_Div, IntegerOp::Div},
      {BO_Rem, IntegerOp::Rem},         {BO_Shl, IntegerOp::Shl},
      {BO_Shr, IntegerOp::Shr},         {BO_And, IntegerOp::And},
      {BO_Or, IntegerOp::Or},           {BO_LT, IntegerOp::Less},
      {BO_LE, IntegerOp::LessEqual},    {BO_GT, IntegerOp::Greater},
      {BO_GE, IntegerOp::GreaterEqual}, {BO_EQ, IntegerOp::Equal},
      {BO_NE, IntegerOp::NotEqual}};
  for (auto [Kind, Integer] : Evaluated)
    if (Kind == Op)
      return Integer;
  return std::nullopt;
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

bool partsOverlap(llvm::ArrayRef<std::string> A,
                  llvm::ArrayRef<std::string> B) {
  // Elements of one array always overlap: the address of one reaches the
  // others (`*out = &local[0]` hands on `local[1]` too).
  auto Element = [](const std::string &Step) {
    return !Step.empty() && Step.front() == '[';
  };
  for (size_t I = 0; I < std::min(A.size(), B.size()); ++I)
    if (A[I] != B[I] && !(Element(A[I]) && Element(B[I])))
      return false;
  return true;
}

void walkUpToFunction(
    const Stmt *S, ASTContext &Ctx,
    llvm::function_ref<bool(const Stmt *Child, const DynTypedNode &Parent)>
        Visit) {
  for (DynTypedNode Node = DynTypedNode::create(*S);;) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.size() != 1 || Parents[0].get<FunctionDecl>() ||
        Parents[0].get<LambdaExpr>() || !Visit(Node.get<Stmt>(), Parents[0]))
      return;
    Node = Parents[0];
  }
}

const FunctionDecl *enclosingFunction(const VarDecl *V) {
  const DeclContext *DC = V->getDeclContext();
  while (DC && !isa<FunctionDecl>(DC))
    DC = DC->getParent();
  return dyn_cast_or_null<FunctionDecl>(DC);
}

std::string describePath(llvm::ArrayRef<std::string> Path) {
  std::string S;
  for (const std::string &Part : Path)
    S += Part.front() == '[' ? Part : "." + Part;
  return S;
}

ResolvedValue within(const ResolvedValue &V, const ResolvedValue &Allowed) {
  // The engine's own view: a value it does not know is what the branches
  // allow; one it knows stays as it is.
  ResolvedValue Known = V.isKnown() ? withoutInputs(V) : Allowed;
  if (!V.isSymbolic() || Allowed.K != ResolvedValue::Kind::Range)
    return Known;
  std::optional<ResolvedValue> Kept =
      symbolicWithin(V, Allowed.lowest(), Allowed.highest());
  return Kept ? withExpressionOf(std::move(Known), *Kept) : Known;
}

std::string constructName(const Stmt *S) {
  if (isa<DeclStmt>(S))
    return "a declaration";
  // The constructs whose class names say least to a user, in their words.
  if (isa<InitListExpr>(S))
    return "a braced list";
  if (isa<CXXDependentScopeMemberExpr, DependentScopeDeclRefExpr,
          UnresolvedLookupExpr, CXXUnresolvedConstructExpr>(S))
    return "a name that depends on a template argument";
  StringRef Class = S->getStmtClassName();
  Class.consume_front("CXX");
  Class.consume_front("CUDA");
  StringRef Kind = Class.consume_back("Stmt")   ? "statement"
                   : Class.consume_back("Expr") ? "expression"
                                                : "";
  // "ArraySubscriptExpr" is an array subscript expression.
  SmallVector<std::string, 4> Words(1);
  for (char C : Class) {
    if (C >= 'A' && C <= 'Z' && !Words.back().empty())
      Words.emplace_back();
    Words.back() += char(std::tolower(static_cast<unsigned char>(C)));
  }
  std::string Out = join(Words, " ");
  if (Kind == "statement" && Words.size() == 1)
    Out = "'" + Out + "'"; // a 'while' statement
  if (!Kind.empty())
    Out += " " + Kind.str();
  char First = Out[0] == '\'' ? Out[1] : Out[0];
  return (StringRef("aeio").contains(First) ? "an " : "a ") + Out;
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
    if (std::optional<KnownRole> Role = knownRole(F);
        Role == KnownRole::CudaApi || Role == KnownRole::OccupancyApi ||
        Role == KnownRole::LaunchApi)
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
  return ResolvedValue::unknown(constructName(E) + " is not evaluated");
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

std::optional<int64_t> constantOf(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
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

const Expr *underNegations(const Expr *Cond, bool &Negated) {
  const Expr *E = Cond->IgnoreParenImpCasts();
  while (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() != UO_LNot)
      return nullptr;
    Negated = !Negated;
    E = U->getSubExpr()->IgnoreParenImpCasts();
  }
  return E;
}

bool isStdForwardOrMove(const FunctionDecl *F) {
  return knownRole(F) == KnownRole::Identity;
}

const DeclRefExpr *functionReference(const Expr *E, bool ThroughExplicitCasts) {
  auto Strip = [&](const Expr *X) {
    return ThroughExplicitCasts ? X->IgnoreParenCasts()
                                : X->IgnoreParenImpCasts();
  };
  E = Strip(E);
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    E = Strip(U->getSubExpr());
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  return DRE && isa<FunctionDecl>(DRE->getDecl()) ? DRE : nullptr;
}

const FunctionDecl *namedKernel(const Expr *E) {
  const DeclRefExpr *Ref = functionReference(E, /*ThroughExplicitCasts=*/true);
  const auto *F = Ref ? cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  return F && F->hasAttr<CUDAGlobalAttr>() ? F : nullptr;
}

} // namespace resolver

std::optional<int64_t> ConstantCache::of(const Expr *E) const {
  if (!E)
    return std::nullopt;
  auto [It, New] = Known.try_emplace(E);
  if (New)
    It->second = resolver::constantOf(E, Ctx);
  return It->second;
}

} // namespace cudalint
