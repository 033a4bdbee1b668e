//===- ValueResolver.cpp - Launch parameters as constants, sets, ranges ---===//
//
// The resolver's expression evaluation: integer constant expressions (with
// the macro, template argument or constant they came from), ternaries,
// arithmetic, min/max, array elements; the helpers its parts share
// (ResolverSupport.h). dim3 values and parts of structs: ValueParts.cpp;
// variables, definitions and callers: ValueDefinitions.cpp.
//
//===----------------------------------------------------------------------===//

#include "ValueResolver.h"

#include "ReachingDefinitions.h"
#include "ResolverSupport.h"

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
    return ResolvedValue::unknown("the result of '" + Name +
                                  "' (calls are not followed)");
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

bool isStdForwardOrMove(const FunctionDecl *F) {
  return F && F->isInStdNamespace() && F->getIdentifier() &&
         (F->getName() == "forward" || F->getName() == "move");
}

} // namespace resolver

using namespace resolver;

namespace {

std::string macroNameAt(SourceLocation Loc, const ASTContext &Ctx) {
  if (!Loc.isMacroID())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  // The outermost macro the user wrote.
  while (Loc.isMacroID()) {
    SourceLocation Up = SM.getImmediateMacroCallerLoc(Loc);
    if (!Up.isMacroID())
      break;
    Loc = Up;
  }
  return Lexer::getImmediateMacroName(Loc, SM, Ctx.getLangOpts()).str();
}

/// The template parameter E was substituted from, looking through the
/// implicit casts and parentheses that IgnoreParenImpCasts would also drop
/// together with the substitution itself.
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

/// The kernel E names as a value: `k`, `&k`, `(void *)k`, `k<T>`.
const FunctionDecl *namedKernel(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_AddrOf)
    E = U->getSubExpr()->IgnoreParenCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *F = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
  return F && F->hasAttr<CUDAGlobalAttr>() ? F : nullptr;
}

/// Whether A and B read the same variable (`s * s`).
bool sameVariable(const Expr *A, const Expr *B) {
  const auto *DA = dyn_cast<DeclRefExpr>(A->IgnoreParenImpCasts());
  const auto *DB = dyn_cast<DeclRefExpr>(B->IgnoreParenImpCasts());
  return DA && DB && DA->getDecl() == DB->getDecl() &&
         isa<VarDecl>(DA->getDecl());
}

/// Applies a binary operator to every value its operands may take, in the
/// result's type T.
ResolvedValue combine(const ResolvedValue &A, const ResolvedValue &B,
                      BinaryOperatorKind Op, QualType T,
                      const ASTContext &Ctx) {
  std::optional<IntegerOp> IntOp = integerOp(Op);
  if (!IntOp && A.isKnown() && B.isKnown())
    return ResolvedValue::unknown(
        ("operator '" + BinaryOperator::getOpcodeStr(Op) + "' is not evaluated")
            .str());
  // (Without IntOp an operand is unknown, and so is the result, for its
  // reason, whatever the operation.)
  return applyIntegerOp(IntOp.value_or(IntegerOp::Add), A, B,
                        integerBounds(T, Ctx));
}

} // namespace

ResolvedValue ValueResolver::resolveInt(const Expr *E) {
  QueryScope Scope = scopeAt(E);
  QueryBudget Budget;
  return resolveInt(E, ValueQuery(Scope, Budget));
}

int64_t ValueResolver::kernelToken(const FunctionDecl *K) {
  K = K->getCanonicalDecl();
  auto At = llvm::find(KernelTokens, K);
  if (At == KernelTokens.end())
    At = KernelTokens.insert(At, K);
  return KernelTokenBase + (At - KernelTokens.begin());
}

ValueResolver::Kernels ValueResolver::kernelsIn(ResolvedValue R) const {
  Kernels Out;
  if (!R.isKnown() || R.K == ResolvedValue::Kind::Range) {
    Out.Reason = R.Reason;
    return Out;
  }
  for (int64_t V : R.Values) {
    if (V < KernelTokenBase ||
        V >= KernelTokenBase + int64_t(KernelTokens.size())) {
      Out.Possible.clear();
      Out.Reason = "a value that is not a kernel";
      return Out;
    }
    Out.Possible.push_back(KernelTokens[V - KernelTokenBase]);
  }
  Out.Origins = std::move(R.Origins);
  return Out;
}

Dim3Value ValueResolver::resolveDim3(const Expr *E) {
  QueryScope Scope = scopeAt(E);
  QueryBudget Budget;
  return resolveDim3(E, ValueQuery(Scope, Budget));
}

ResolvedValue ValueResolver::resolveMember(const Expr *E,
                                           llvm::ArrayRef<std::string> Path) {
  QueryScope Scope = scopeAt(E);
  Scope.MemberUse = E;
  QueryBudget Budget;
  return resolvePart(E, Path, ValueQuery(Scope, Budget));
}

QueryScope ValueResolver::scopeAt(const Expr *Use) const {
  QueryScope Scope;
  // The `if` branches the use sits in, up to its function.
  DynTypedNode Node = DynTypedNode::create(*Use);
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.size() != 1 || Parents[0].get<FunctionDecl>() ||
        Parents[0].get<LambdaExpr>())
      break;
    const Stmt *Child = Node.get<Stmt>();
    if (const auto *If = Parents[0].get<IfStmt>();
        If && Child && !If->getInit() && !If->getConditionVariable()) {
      if (Child == If->getThen())
        Scope.KnownConditions.push_back({If->getCond(), true});
      else if (Child == If->getElse())
        Scope.KnownConditions.push_back({If->getCond(), false});
    }
    Node = Parents[0];
  }
  return Scope;
}

std::optional<ResolvedValue>
ValueResolver::resolveMinMax(StringRef Name, const Expr *ArgA, const Expr *ArgB,
                             const IntegerBounds &Bounds, const Expr *E,
                             const ValueQuery &Q) {
  bool IsMin = Name == "min" || Name == "umin" || Name == "llmin";
  bool IsMax = Name == "max" || Name == "umax" || Name == "llmax";
  if (!IsMin && !IsMax)
    return std::nullopt;
  ResolvedValue A = resolveInt(ArgA, Q.deeper());
  ResolvedValue B = resolveInt(ArgB, Q.deeper());
  auto Origin = [&](ResolvedValue R) {
    return withOrigin(std::move(R), Name.str() + "()",
                      Locate(E->getBeginLoc()));
  };
  IntegerOp Op = IsMin ? IntegerOp::Min : IntegerOp::Max;
  if (A.isKnown() && B.isKnown())
    return Origin(applyIntegerOp(Op, A, B, Bounds));
  // min(x, C): at most C; max(x, C): at least C; the type bounds the other
  // end (boundByOneSide).
  const ResolvedValue &Known = A.isKnown() ? A : B;
  if (std::optional<ResolvedValue> Bounded = boundByOneSide(Op, Known, Bounds))
    return Origin(std::move(*Bounded));
  ResolvedValue Unknown = A.isKnown() ? B : A;
  Unknown.Parameter.reset();
  return Unknown;
}

/// `min(a, b)` whose overload Clang 19 could not pick (host-side min on
/// `unsigned int` and `int`, which nvcc accepts): the name and the two
/// arguments it recovered, and whether the result is unsigned.
static std::optional<
    std::tuple<StringRef, const Expr *, const Expr *, QualType>>
recoveredCall(const Expr *E) {
  const auto *R = dyn_cast<RecoveryExpr>(E->IgnoreParenImpCasts());
  if (!R || R->subExpressions().size() != 3)
    return std::nullopt;
  const auto *Callee =
      dyn_cast<OverloadExpr>(R->subExpressions()[0]->IgnoreParenImpCasts());
  if (!Callee || !Callee->getName().isIdentifier())
    return std::nullopt;
  const Expr *A = R->subExpressions()[1], *B = R->subExpressions()[2];
  if (!usable(A) || !usable(B) || !A->getType()->isIntegerType() ||
      !B->getType()->isIntegerType())
    return std::nullopt;
  // nvcc's host min(unsigned, int) computes in unsigned.
  QualType T =
      B->getType()->isUnsignedIntegerType() ? B->getType() : A->getType();
  return std::tuple(Callee->getName().getAsIdentifierInfo()->getName(), A, B,
                    T);
}

ResolvedValue ValueResolver::resolveInt(const Expr *E, const ValueQuery &Q) {
  if (E)
    if (auto Recovered = recoveredCall(E))
      if (std::optional<ResolvedValue> R =
              resolveMinMax(std::get<0>(*Recovered), std::get<1>(*Recovered),
                            std::get<2>(*Recovered),
                            integerBounds(std::get<3>(*Recovered), Ctx), E, Q))
        return *R;
  if (!usable(E))
    return ResolvedValue::unknown(CouldNotParse);
  if (Q.tooDeep())
    return ResolvedValue::unknown(DepthReached);
  const Expr *Plain = E->IgnoreParenImpCasts();
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Plain))
    return resolveInt(Default->getExpr(), Q);
  if (const FunctionDecl *K = namedKernel(Plain))
    return withOrigin(ResolvedValue::constant(kernelToken(K)),
                      "kernel '" + K->getNameAsString() + "'",
                      Locate(Plain->getBeginLoc()));
  // (int)n, static_cast<unsigned>(n) of an integer: n (launch values are
  // far from any width they could be truncated to).
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Plain);
      Cast && Cast->getType()->isIntegerType()) {
    const Expr *Inner = Cast->getSubExprAsWritten();
    if (Inner->getType()->isIntegralOrEnumerationType())
      return resolveInt(Inner, Q.deeper());
    return ResolvedValue::unknown("a floating-point value converted to an "
                                  "integer is not evaluated");
  }
  // std::forward<T>(v) and std::move(v) are v.
  if (const auto *Call = dyn_cast<CallExpr>(Plain);
      Call && Call->getNumArgs() == 1 &&
      isStdForwardOrMove(Call->getDirectCallee()))
    return resolveInt(Call->getArg(0), Q.deeper());

  // Integer constant expressions: literals, constexpr and const variables
  // with constant initialisers, enumerators, sizeof, template arguments.
  if (!Plain->isValueDependent() && !Plain->isTypeDependent()) {
    Expr::EvalResult Result;
    if (Plain->EvaluateAsInt(Result, Ctx)) {
      ResolvedValue R =
          ResolvedValue::constant(Result.Val.getInt().getExtValue());
      if (std::string Macro = macroNameAt(E->getBeginLoc(), Ctx);
          !Macro.empty())
        return withOrigin(R, "macro '" + Macro + "'", Locate(E->getBeginLoc()));
      if (const auto *Subst = substitutedParameter(E))
        return withOrigin(R,
                          "template argument '" +
                              Subst->getParameter()->getName().str() + "'",
                          Locate(E->getBeginLoc()));
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Plain)) {
        std::string Kind =
            isa<EnumConstantDecl>(DRE->getDecl()) ? "enumerator" : "constant";
        return withOrigin(R,
                          Kind + " '" + DRE->getDecl()->getNameAsString() + "'",
                          Locate(DRE->getDecl()->getLocation()));
      }
      return R;
    }
  }

  if (const auto *C = dyn_cast<ConditionalOperator>(Plain)) {
    // `t = wide ? 1024 : 256` read under `if (wide)`, or on the way to a
    // launch after `if (wide) return;`: the branch taken.
    std::optional<bool> Truth = knownTruth(C->getCond(), Q);
    if (!Truth)
      Truth = decidedOnTheWay(C->getCond(), Q);
    if (Truth)
      return resolveInt(*Truth ? C->getTrueExpr() : C->getFalseExpr(),
                        Q.deeper());
    // Which side is taken depends on a condition the analysis does not
    // decide, which branches on the way may share: neither is proven.
    ResolvedValue R = join({resolveInt(C->getTrueExpr(), Q.deeper()),
                            resolveInt(C->getFalseExpr(), Q.deeper())});
    R.Proven.clear();
    return R;
  }

  if (const auto *B = dyn_cast<BinaryOperator>(Plain)) {
    ResolvedValue L = resolveInt(B->getLHS(), Q.deeper());
    // `s * s` reads one value twice: 4 * 4 and 8 * 8, never 4 * 8.
    if (sameVariable(B->getLHS(), B->getRHS()) &&
        L.K == ResolvedValue::Kind::Set) {
      std::vector<ResolvedValue> Each;
      for (int64_t X : L.Values)
        Each.push_back(combine(ResolvedValue::constant(X),
                               ResolvedValue::constant(X), B->getOpcode(),
                               B->getType(), Ctx));
      ResolvedValue R = joinValues(Each);
      if (R.isKnown()) {
        R.Origins = L.Origins;
        std::vector<int64_t> Proven;
        for (int64_t X : L.Proven)
          if (ResolvedValue Square = combine(ResolvedValue::constant(X),
                                             ResolvedValue::constant(X),
                                             B->getOpcode(), B->getType(), Ctx);
              Square.isKnown())
            Proven.push_back(Square.value());
        if (R.K == ResolvedValue::Kind::Set)
          R.keepProven(std::move(Proven));
      }
      return R;
    }
    ResolvedValue R = combine(L, resolveInt(B->getRHS(), Q.deeper()),
                              B->getOpcode(), B->getType(), Ctx);
    // `C / H` unknown, but tested on the way: `if (C / H == 64)`.
    if (!R.isKnown())
      if (std::optional<ResolvedValue> Tested = allowedByTestsOf(Plain, Q))
        return *Tested;
    return R;
  }

  // min/max/std::min/std::max (and fminf & co. on integers).
  if (const auto *Call = dyn_cast<CallExpr>(Plain)) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (F && Call->getNumArgs() == 2 && F->getIdentifier())
      if (std::optional<ResolvedValue> R =
              resolveMinMax(F->getName(), Call->getArg(0), Call->getArg(1),
                            integerBounds(Call->getType(), Ctx), E, Q))
        return *R;
    // std::clamp(v, lo, hi) (and a clamp of the same shape).
    if (F && Call->getNumArgs() == 3 && F->getIdentifier() &&
        F->getName() == "clamp" && Call->getType()->isIntegerType())
      return withOrigin(clampValue(resolveInt(Call->getArg(0), Q.deeper()),
                                   resolveInt(Call->getArg(1), Q.deeper()),
                                   resolveInt(Call->getArg(2), Q.deeper()),
                                   integerBounds(Call->getType(), Ctx)),
                        "clamp()", Locate(E->getBeginLoc()));
  }

  // A part of a variable: block.x, cfg.dynamicSmemBytes.
  if (isa<MemberExpr>(Plain) || isa<ArraySubscriptExpr>(Plain)) {
    MemberPath Path;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(memberBase(Plain, &Path)))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && !V->getType()->isArrayType())
        return resolveVariable(V, Plain, Q.deeper(), Path);
  }
  // x of some other dim3 expression.
  if (const auto *ME = dyn_cast<MemberExpr>(Plain)) {
    if (isDim3(ME->getBase()->getType())) {
      return dim3Field(resolveDim3(ME->getBase(), Q.deeper()),
                       ME->getMemberDecl()->getNameAsString());
    }
    return unfollowed(Plain);
  }

  if (const auto *DRE = dyn_cast<DeclRefExpr>(Plain))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return resolveVariable(V, Plain, Q.deeper(), {});

  // sizes[i] of an array that is only ever read: any of its initialisers.
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Plain))
    return resolveArrayElement(Sub, Q.deeper());

  // `*__begin`: the element a range-for binds (`for (int bs : {128, 256})`).
  if (const auto *U = dyn_cast<UnaryOperator>(Plain);
      U && U->getOpcode() == UO_Deref)
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
      if (const auto *Begin = dyn_cast<VarDecl>(DRE->getDecl()))
        if (std::optional<ResolvedValue> R = rangeForElement(Begin, Q))
          return *R;

  return unfollowed(Plain);
}

ResolvedValue ValueResolver::resolveArrayElement(const ArraySubscriptExpr *Sub,
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
    // Every mention must be an element read: no assignment to an element,
    // no pointer to the array handed anywhere.
    const FunctionDecl *F = enclosingFunction(V);
    if (!F || !F->hasBody() || !V->hasLocalStorage())
      return ResolvedValue::unknown(What + ": not const, so any code may "
                                           "change its elements");
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
      bool VisitBinaryOperator(BinaryOperator *B) {
        Written |= B->isAssignmentOp() && arrayOf(B->getLHS());
        return true;
      }
      bool VisitUnaryOperator(UnaryOperator *U) {
        Written |=
            (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
            arrayOf(U->getSubExpr());
        return true;
      }
    } Check;
    Check.V = V;
    Check.TraverseStmt(F->getBody());
    if (Check.Written || Check.Mentions != Check.Reads)
      return ResolvedValue::unknown(
          What + ": an element is assigned, or the array is handed on");
  }
  std::string Element = "an element of '" + V->getName().str() + "'";
  if (std::optional<int64_t> Index = constantOf(Sub->getIdx(), Ctx)) {
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
ValueResolver::rangeForElement(const VarDecl *Begin, const ValueQuery &Q) {
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
    Parts.push_back(resolveInt(E, Q.deeper()));
    Proven.insert(Proven.end(), Parts.back().Proven.begin(),
                  Parts.back().Proven.end());
  }
  ResolvedValue R = join(Parts);
  if (R.K == ResolvedValue::Kind::Set)
    R.keepProven(std::move(Proven));
  return withOrigin(std::move(R), What, Locate(Init->getBeginLoc()));
}

std::optional<std::pair<int64_t, int64_t>>
ValueResolver::iteratedIndices(const ArraySubscriptExpr *Sub) {
  const auto *Index =
      dyn_cast<DeclRefExpr>(Sub->getIdx()->IgnoreParenImpCasts());
  const auto *I = Index ? dyn_cast<VarDecl>(Index->getDecl()) : nullptr;
  if (!I)
    return std::nullopt;
  // The loop that declares the index, around the read.
  const ForStmt *Loop = nullptr;
  for (DynTypedNode Node = DynTypedNode::create(*Sub);;) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.size() != 1 || Parents[0].get<FunctionDecl>() ||
        Parents[0].get<LambdaExpr>())
      return std::nullopt;
    Node = Parents[0];
    if (const auto *For = Node.get<ForStmt>();
        For && For->getBody() && Node.get<Stmt>() != Sub) {
      const auto *Decl = dyn_cast_or_null<DeclStmt>(For->getInit());
      if (Decl && Decl->isSingleDecl() && Decl->getSingleDecl() == I) {
        Loop = For;
        break;
      }
    }
  }
  // for (int i = A; i < B; ++i), or i <= B, i != B, i++, i += 1.
  std::optional<int64_t> First = constantOf(I->getInit(), Ctx);
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      Loop->getCond() ? Loop->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!First || !Cond)
    return std::nullopt;
  const auto *L = dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts());
  std::optional<int64_t> Bound = constantOf(Cond->getRHS(), Ctx);
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
              constantOf(B->getRHS(), Ctx) == std::optional<int64_t>(1);
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
    bool VisitBinaryOperator(BinaryOperator *B) {
      Found |= B->isAssignmentOp() && targets(B->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      Found |= (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) &&
               targets(U->getSubExpr());
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
