//===- ValueResolver.cpp - Launch parameters as constants, sets, ranges ---===//

#include "ValueResolver.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <set>

using namespace clang;
using llvm::SmallVector;

namespace cudalint {

namespace {

/// How many expressions, variables and callers deep to follow a value. Each
/// layer (dim3 conversion, variable, definition, array element, caller)
/// spends one; eight covers a value passed down two calls.
constexpr unsigned MaxDepth = 8;

const char *const DimFields[] = {"x", "y", "z"};

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

bool isDim3(QualType T) {
  if (T.isNull())
    return false;
  T = T.getNonReferenceType().getUnqualifiedType();
  if (const auto *RD = T->getAsCXXRecordDecl())
    return RD->getName() == "dim3" || RD->getName() == "uint3";
  return false;
}

/// Whether E is an expression the resolver can follow. Code that Clang
/// could not fully parse leaves a RecoveryExpr where an expression failed
/// and, in an initialiser such as `dim3 g(f(bad), n)`, a ParenListExpr with
/// no type at all. Their value is unknown, but the well-formed parts around
/// them may still be followed: a reference to `g` "contains errors" too,
/// yet its `n` is known.
bool usable(const Expr *E) {
  return E && !E->getType().isNull() && !isa<RecoveryExpr>(E);
}

/// Field x, y or z of a dim3 value; unknown for any other name.
ResolvedValue dim3Field(const Dim3Value &D, llvm::StringRef Name) {
  return Name == "x"   ? D.X
         : Name == "y" ? D.Y
         : Name == "z" ? D.Z
                       : ResolvedValue::unknown();
}

ResolvedValue withOrigin(ResolvedValue R, std::string What, SourceLoc Loc) {
  if (R.isKnown())
    R.Origins.push_back({std::move(What), std::move(Loc)});
  return R;
}

/// Union of several possible values: a set (or a range if any is a range).
ResolvedValue join(const SmallVector<ResolvedValue, 4> &Parts) {
  if (Parts.empty())
    return ResolvedValue::unknown();
  std::vector<int64_t> Values;
  bool AnyRange = false;
  int64_t Lo = INT64_MAX, Hi = INT64_MIN;
  for (const ResolvedValue &P : Parts) {
    if (!P.isKnown())
      return ResolvedValue::unknown();
    AnyRange |= P.K == ResolvedValue::Kind::Range;
    Lo = std::min(Lo, P.lowest());
    Hi = std::max(Hi, P.highest());
    Values.insert(Values.end(), P.Values.begin(), P.Values.end());
  }
  ResolvedValue R =
      AnyRange ? ResolvedValue::range(Lo, Hi) : ResolvedValue::oneOf(Values);
  for (const ResolvedValue &P : Parts)
    R.Origins.insert(R.Origins.end(), P.Origins.begin(), P.Origins.end());
  if (!R.isKnown())
    R.Origins.clear();
  return R;
}

/// Applies a binary operation to every combination of two known values.
ResolvedValue combine(const ResolvedValue &A, const ResolvedValue &B,
                      BinaryOperatorKind Op) {
  if (!A.isKnown() || !B.isKnown() || A.K == ResolvedValue::Kind::Range ||
      B.K == ResolvedValue::Kind::Range)
    return ResolvedValue::unknown();
  std::vector<int64_t> Out;
  for (int64_t X : A.Values)
    for (int64_t Y : B.Values) {
      switch (Op) {
      case BO_Add:
        Out.push_back(X + Y);
        break;
      case BO_Sub:
        Out.push_back(X - Y);
        break;
      case BO_Mul:
        Out.push_back(X * Y);
        break;
      case BO_Div:
        if (Y == 0)
          return ResolvedValue::unknown();
        Out.push_back(X / Y);
        break;
      case BO_Shl:
        if (Y < 0 || Y > 62)
          return ResolvedValue::unknown();
        Out.push_back(X << Y);
        break;
      default:
        return ResolvedValue::unknown();
      }
    }
  ResolvedValue R = ResolvedValue::oneOf(std::move(Out));
  if (R.isKnown()) {
    R.Origins = A.Origins;
    R.Origins.insert(R.Origins.end(), B.Origins.begin(), B.Origins.end());
  }
  return R;
}

/// The expression under `v.a.b` or `v[2].id` (for plain `v`, v itself),
/// with the path to the part named, outermost first, in *Path.
const Expr *memberBase(const Expr *E, MemberPath *Path = nullptr) {
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

bool startsWith(llvm::ArrayRef<std::string> Path,
                llvm::ArrayRef<std::string> Prefix) {
  return Prefix.size() <= Path.size() &&
         std::equal(Prefix.begin(), Prefix.end(), Path.begin());
}

std::string describe(const VarDecl *V, llvm::ArrayRef<std::string> Path) {
  std::string S = V->getName().str();
  for (const std::string &Part : Path)
    S += Part.front() == '[' ? Part : "." + Part;
  return S;
}

const FunctionDecl *enclosingFunction(const VarDecl *V) {
  const DeclContext *DC = V->getDeclContext();
  while (DC && !isa<FunctionDecl>(DC))
    DC = DC->getParent();
  return dyn_cast_or_null<FunctionDecl>(DC);
}

} // namespace

/// One assignment (or the initialiser) that may give a variable its value.
struct Definition {
  const Expr *Value = nullptr; // null: modified in a way we cannot follow
  /// The part assigned: {} for the whole variable, {"x"} for a dim3 field,
  /// {"blockDim", "x"} or {"[0]", "id"} inside a struct or an array.
  MemberPath Path;
  const Stmt *Control = nullptr; // innermost if/loop/switch around it
  SourceLocation Loc;
};

/// Collects the definitions of one variable inside a function body, with
/// the control statement each sits in, and the loops of the body.
class DefinitionCollector : public RecursiveASTVisitor<DefinitionCollector> {
  using Base = RecursiveASTVisitor<DefinitionCollector>;

public:
  explicit DefinitionCollector(const VarDecl *V) : V(V) {}

  std::vector<Definition> Defs;
  std::vector<const Stmt *> Loops;
  const Stmt *DeclControl = nullptr;
  bool Escapes = false; // address taken, captured, ++, +=, ...
  bool AddressToOccupancyApi = false;

  bool shouldVisitLambdaBodies() const { return true; }

#define CUDALINT_CONTROL(CLASS)                                                \
  bool Traverse##CLASS(CLASS *S) {                                             \
    Control.push_back(S);                                                      \
    bool R = Base::Traverse##CLASS(S);                                         \
    Control.pop_back();                                                        \
    return R;                                                                  \
  }
  CUDALINT_CONTROL(IfStmt)
  CUDALINT_CONTROL(SwitchStmt)
  CUDALINT_CONTROL(ConditionalOperator)
  CUDALINT_CONTROL(LambdaExpr)
#undef CUDALINT_CONTROL
#define CUDALINT_LOOP(CLASS)                                                   \
  bool Traverse##CLASS(CLASS *S) {                                             \
    Loops.push_back(S);                                                        \
    Control.push_back(S);                                                      \
    bool R = Base::Traverse##CLASS(S);                                         \
    Control.pop_back();                                                        \
    return R;                                                                  \
  }
  CUDALINT_LOOP(ForStmt)
  CUDALINT_LOOP(WhileStmt)
  CUDALINT_LOOP(DoStmt)
  CUDALINT_LOOP(CXXForRangeStmt)
#undef CUDALINT_LOOP

  bool VisitVarDecl(VarDecl *D) {
    if (D == V) {
      DeclControl = current();
      if (D->hasInit())
        Defs.push_back({D->getInit(), {}, current(), D->getLocation()});
    }
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCapturedVar() == V &&
          C.getCaptureKind() == LCK_ByRef)
        Escapes = true;
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!B->isAssignmentOp())
      return true;
    MemberPath Path;
    if (!refersToV(memberBase(B->getLHS(), &Path)))
      return true;
    if (B->getOpcode() != BO_Assign || isInsideLambda() || !isExact(Path))
      Escapes = true;
    else
      Defs.push_back({B->getRHS(), Path, current(), B->getOperatorLoc()});
    return true;
  }

  // dim3 assignment is a call to its assignment operator.
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    MemberPath Path;
    if (C->getNumArgs() == 2 && refersToV(memberBase(C->getArg(0), &Path))) {
      if (C->getOperator() == OO_Equal && !isInsideLambda() && isExact(Path))
        Defs.push_back({C->getArg(1), Path, current(), C->getOperatorLoc()});
      else if (C->isAssignmentOp())
        Escapes = true;
    }
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (ReadOnlyAddresses.count(U))
      return true;
    if (refersToV(memberBase(U->getSubExpr())) &&
        (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf))
      Escapes = true;
    return true;
  }

  // Visited before the arguments, so `&v` handed to a pointer-to-const
  // parameter (cudaLaunchKernelEx's config) is known to be read only.
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    // A member operator's first argument is the object (an assignment's
    // target, handled above), not its first parameter.
    unsigned Object =
        isa<CXXOperatorCallExpr>(C) && Callee && isa<CXXMethodDecl>(Callee);
    for (unsigned I = Object; I < C->getNumArgs(); ++I) {
      const Expr *Arg = C->getArg(I)->IgnoreParenImpCasts();
      QualType ParamType = Callee && I - Object < Callee->getNumParams()
                               ? Callee->getParamDecl(I - Object)->getType()
                               : QualType();
      if (const auto *U = dyn_cast<UnaryOperator>(Arg);
          U && U->getOpcode() == UO_AddrOf &&
          refersToV(memberBase(U->getSubExpr())) && Callee) {
        if (Callee->getIdentifier() &&
            Callee->getName().starts_with("cudaOccupancy"))
          AddressToOccupancyApi = true;
        else if (!ParamType.isNull() && ParamType->isPointerType() &&
                 ParamType->getPointeeType().isConstQualified())
          ReadOnlyAddresses.insert(U);
      }
      // Passed by non-const reference: the callee may change it.
      if (refersToV(memberBase(Arg)) && !ParamType.isNull() &&
          ParamType->isReferenceType() &&
          !ParamType.getNonReferenceType().isConstQualified())
        Escapes = true;
    }
    return true;
  }

private:
  const Stmt *current() const {
    return Control.empty() ? nullptr : Control.back();
  }
  bool isInsideLambda() const {
    return llvm::any_of(Control,
                        [](const Stmt *S) { return isa<LambdaExpr>(S); });
  }
  bool refersToV(const Expr *E) const {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
    return DRE && DRE->getDecl() == V;
  }
  /// A path through an array element whose index is not a constant names
  /// no part in particular.
  static bool isExact(const MemberPath &Path) {
    return llvm::find(Path, "[?]") == Path.end();
  }

  const VarDecl *V;
  std::vector<const Stmt *> Control;
  llvm::DenseSet<const UnaryOperator *> ReadOnlyAddresses;
};

CallerIndex indexCallers(ASTContext &Ctx) {
  struct Indexer : RecursiveASTVisitor<Indexer> {
    CallerIndex Index;
    llvm::DenseSet<const FunctionDecl *> Escaping;
    llvm::DenseSet<const Expr *> Callees;
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitCallExpr(CallExpr *C) {
      if (isa<CUDAKernelCallExpr>(C))
        return true;
      if (const FunctionDecl *F = C->getDirectCallee()) {
        Index[F].push_back(C);
        Callees.insert(C->getCallee()->IgnoreParenImpCasts());
      }
      return true;
    }
    // Visited after the call that contains it, so a direct callee is known.
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      if (const auto *F = dyn_cast<FunctionDecl>(D->getDecl()))
        if (!Callees.count(D))
          Escaping.insert(F);
      return true;
    }
  } I;
  I.TraverseDecl(Ctx.getTranslationUnitDecl());
  // A function whose address is taken may be called from anywhere: its
  // callers in this file are not all of its callers.
  for (const FunctionDecl *F : I.Escaping)
    I.Index.erase(F);
  return std::move(I.Index);
}

ResolvedValue ValueResolver::resolveInt(const Expr *E) {
  return resolveInt(E, 0);
}

Dim3Value ValueResolver::resolveDim3(const Expr *E) {
  return resolveDim3(E, 0);
}

ResolvedValue ValueResolver::resolveMember(const Expr *E,
                                           llvm::ArrayRef<std::string> Path) {
  MemberUse = E;
  ResolvedValue R = resolvePart(E, Path, 0);
  MemberUse = nullptr;
  return R;
}

ResolvedValue ValueResolver::resolveInt(const Expr *E, unsigned Depth) {
  if (!usable(E) || Depth > MaxDepth)
    return ResolvedValue::unknown();
  const Expr *Plain = E->IgnoreParenImpCasts();
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Plain))
    return resolveInt(Default->getExpr(), Depth);

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

  if (const auto *C = dyn_cast<ConditionalOperator>(Plain))
    return join({resolveInt(C->getTrueExpr(), Depth + 1),
                 resolveInt(C->getFalseExpr(), Depth + 1)});

  if (const auto *B = dyn_cast<BinaryOperator>(Plain))
    return combine(resolveInt(B->getLHS(), Depth + 1),
                   resolveInt(B->getRHS(), Depth + 1), B->getOpcode());

  // min/max/std::min/std::max (and fminf & co. on integers): a range when
  // one side is unknown, bounded by the other.
  if (const auto *Call = dyn_cast<CallExpr>(Plain)) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (F && Call->getNumArgs() == 2 && F->getIdentifier()) {
      StringRef Name = F->getName();
      bool IsMin = Name == "min" || Name == "umin" || Name == "llmin";
      bool IsMax = Name == "max" || Name == "umax" || Name == "llmax";
      if (IsMin || IsMax) {
        ResolvedValue A = resolveInt(Call->getArg(0), Depth + 1);
        ResolvedValue B = resolveInt(Call->getArg(1), Depth + 1);
        if (A.isKnown() && B.isKnown()) {
          std::vector<int64_t> Out;
          if (A.K != ResolvedValue::Kind::Range &&
              B.K != ResolvedValue::Kind::Range) {
            for (int64_t X : A.Values)
              for (int64_t Y : B.Values)
                Out.push_back(IsMin ? std::min(X, Y) : std::max(X, Y));
            return withOrigin(ResolvedValue::oneOf(Out), Name.str() + "()",
                              Locate(E->getBeginLoc()));
          }
          int64_t Lo = IsMin ? std::min(A.lowest(), B.lowest())
                             : std::max(A.lowest(), B.lowest());
          int64_t Hi = IsMin ? std::min(A.highest(), B.highest())
                             : std::max(A.highest(), B.highest());
          return withOrigin(ResolvedValue::range(Lo, Hi), Name.str() + "()",
                            Locate(E->getBeginLoc()));
        }
        // min(x, C): at most C; max(x, C): at least C. Bounded by the type
        // on the other side; a range with the type's extreme is no help for
        // a block size, so only min of an unsigned value gives one.
        const ResolvedValue &Known = A.isKnown() ? A : B;
        if (Known.isKnown() && IsMin &&
            Call->getType()->isUnsignedIntegerType())
          return withOrigin(ResolvedValue::range(0, Known.highest()),
                            Name.str() + "()", Locate(E->getBeginLoc()));
        return ResolvedValue::unknown();
      }
    }
  }

  // A part of a variable: block.x, cfg.dynamicSmemBytes.
  if (isa<MemberExpr>(Plain) || isa<ArraySubscriptExpr>(Plain)) {
    MemberPath Path;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(memberBase(Plain, &Path)))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && !V->getType()->isArrayType())
        return resolveVariable(V, Plain, Depth + 1, Path);
  }
  // x of some other dim3 expression.
  if (const auto *ME = dyn_cast<MemberExpr>(Plain)) {
    if (isDim3(ME->getBase()->getType())) {
      return dim3Field(resolveDim3(ME->getBase(), Depth + 1),
                       ME->getMemberDecl()->getNameAsString());
    }
    return ResolvedValue::unknown();
  }

  if (const auto *DRE = dyn_cast<DeclRefExpr>(Plain))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return resolveVariable(V, Plain, Depth + 1, {});

  // sizes[i] of an array that is only ever read: any of its initialisers.
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(Plain))
    return resolveArrayElement(Sub, Depth + 1);

  return ResolvedValue::unknown();
}

ResolvedValue ValueResolver::resolveArrayElement(const ArraySubscriptExpr *Sub,
                                                 unsigned Depth) {
  const auto *DRE =
      dyn_cast<DeclRefExpr>(Sub->getBase()->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->getType()->isConstantArrayType())
    return ResolvedValue::unknown();
  const auto *Init = dyn_cast_or_null<InitListExpr>(V->getInit());
  if (!Init || Init->getNumInits() == 0)
    return ResolvedValue::unknown();
  bool ReadOnly =
      V->getType()->getAsArrayTypeUnsafe()->getElementType().isConstQualified();
  if (!ReadOnly) {
    // Every mention must be an element read: no assignment to an element,
    // no pointer to the array handed anywhere.
    const FunctionDecl *F = enclosingFunction(V);
    if (!F || !F->hasBody() || !V->hasLocalStorage())
      return ResolvedValue::unknown();
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
      return ResolvedValue::unknown();
  }
  SmallVector<ResolvedValue, 4> Parts;
  for (const Expr *E : Init->inits())
    Parts.push_back(resolveInt(E, Depth + 1));
  ResolvedValue R = join(Parts);
  R.Origins.clear();
  return withOrigin(R, "an element of '" + V->getName().str() + "'",
                    Locate(V->getLocation()));
}

Dim3Value ValueResolver::resolveDim3(const Expr *E, unsigned Depth) {
  Dim3Value D;
  if (!E || Depth > MaxDepth)
    return D;
  const Expr *Plain = E->IgnoreParenImpCasts();
  // `dim3 v(a, b)` that Clang could not resolve (an argument with errors,
  // or a template pattern) keeps its arguments in a ParenListExpr: follow
  // the well-formed ones, as dim3(x, y, z) would.
  if (const auto *List = dyn_cast<ParenListExpr>(Plain)) {
    ResolvedValue *Out[] = {&D.X, &D.Y, &D.Z};
    if (List->getNumExprs() > 3)
      return D;
    for (unsigned I = 0; I < 3; ++I)
      *Out[I] = I < List->getNumExprs()
                    ? resolveInt(List->getExpr(I), Depth + 1)
                    : ResolvedValue::constant(1);
    return D;
  }
  if (!usable(Plain))
    return D;
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Plain))
    return resolveDim3(MT->getSubExpr(), Depth);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(Plain))
    return resolveDim3(BT->getSubExpr(), Depth);
  if (const auto *Cast = dyn_cast<CastExpr>(Plain))
    return resolveDim3(Cast->getSubExpr(), Depth);
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Plain))
    return resolveDim3(Default->getExpr(), Depth);

  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Plain)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    // Copy or move: the value of the source.
    if (Ctor->isCopyOrMoveConstructor() && Construct->getNumArgs() == 1)
      return resolveDim3(Construct->getArg(0), Depth);
    // dim3(x, y, z) and the implicit conversion from an integer; missing
    // arguments are defaults (CXXDefaultArgExpr, 1 in CUDA's dim3).
    ResolvedValue *Out[] = {&D.X, &D.Y, &D.Z};
    if (Construct->getNumArgs() == 0) {
      // dim3() in CUDA is (1, 1, 1).
      for (ResolvedValue *V : Out)
        *V = ResolvedValue::constant(1);
      return D;
    }
    if (Construct->getNumArgs() == 1 &&
        isDim3(Construct->getArg(0)->getType())) // dim3(uint3)
      return resolveDim3(Construct->getArg(0), Depth);
    for (unsigned I = 0; I < 3; ++I)
      *Out[I] = I < Construct->getNumArgs()
                    ? resolveInt(Construct->getArg(I), Depth + 1)
                    : ResolvedValue::constant(1);
    return D;
  }

  if (const auto *Init = dyn_cast<InitListExpr>(Plain)) {
    ResolvedValue *Out[] = {&D.X, &D.Y, &D.Z};
    for (unsigned I = 0; I < 3; ++I)
      *Out[I] = I < Init->getNumInits()
                    ? resolveInt(Init->getInit(I), Depth + 1)
                    : ResolvedValue::constant(1);
    return D;
  }

  // A dim3 variable, or a dim3 inside one (cfg.blockDim).
  MemberPath Path;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(memberBase(Plain, &Path)))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      ResolvedValue *Out[] = {&D.X, &D.Y, &D.Z};
      for (unsigned I = 0; I < 3; ++I) {
        MemberPath Field = Path;
        Field.push_back(DimFields[I]);
        *Out[I] = resolveVariable(V, Plain, Depth + 1, Field);
      }
      return D;
    }

  // An integer where a dim3 is expected (after implicit conversion).
  if (Plain->getType()->isIntegerType()) {
    D.X = resolveInt(Plain, Depth + 1);
    D.Y = D.Z = ResolvedValue::constant(1);
  }
  return D;
}

ResolvedValue ValueResolver::resolvePart(const Expr *E,
                                         llvm::ArrayRef<std::string> Path,
                                         unsigned Depth) {
  if (!E || Depth > MaxDepth)
    return ResolvedValue::unknown();
  if (Path.empty())
    return resolveInt(E, Depth);
  const Expr *Plain = E->IgnoreParenImpCasts();
  if (isa<ParenListExpr>(Plain) && Path.size() == 1) // dim3 v(a, b) above
    return dim3Field(resolveDim3(Plain, Depth), Path.front());
  if (!usable(Plain))
    return ResolvedValue::unknown();
  // A dim3 (or uint3) field.
  if (Path.size() == 1 && isDim3(Plain->getType())) {
    return dim3Field(resolveDim3(Plain, Depth), Path.front());
  }
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Plain))
    return resolvePart(MT->getSubExpr(), Path, Depth);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Plain);
      Construct && Construct->getConstructor()->isCopyOrMoveConstructor())
    return resolvePart(Construct->getArg(0), Path, Depth);
  // `attrs` set to `&attr`: attrs[0] is attr.
  if (const auto *U = dyn_cast<UnaryOperator>(Plain);
      U && U->getOpcode() == UO_AddrOf && Path.front() == "[0]")
    return resolvePart(U->getSubExpr(), Path.drop_front(), Depth + 1);
  // The part of an aggregate initialiser (`cfg = {grid, block, smem}`, `{}`
  // zero-initialises the rest).
  if (const auto *Init = dyn_cast<InitListExpr>(Plain)) {
    if (Init->isSyntacticForm() && Init->getSemanticForm())
      Init = Init->getSemanticForm();
    unsigned Index = 0;
    StringRef Part = Path.front();
    if (Init->getType()->isArrayType()) {
      if (!Part.consume_front("[") || Part.consumeInteger(10, Index))
        return ResolvedValue::unknown();
    } else if (const RecordDecl *RD = Init->getType()->getAsRecordDecl()) {
      for (const FieldDecl *F : RD->fields()) {
        if (F->getName() == Part)
          break;
        ++Index;
      }
    } else {
      return ResolvedValue::unknown();
    }
    if (Index >= Init->getNumInits())
      return ResolvedValue::unknown();
    const Expr *Value = Init->getInit(Index);
    if (isa<ImplicitValueInitExpr>(Value) && Path.size() == 1 &&
        Value->getType()->isIntegerType())
      return ResolvedValue::constant(0);
    return resolvePart(Value, Path.drop_front(), Depth + 1);
  }
  MemberPath Inner;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(memberBase(Plain, &Inner)))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      Inner.append(Path.begin(), Path.end());
      const Expr *Use =
          V->getType()->isArrayType() && MemberUse ? MemberUse : Plain;
      return resolveVariable(V, Use, Depth + 1, Inner);
    }
  return ResolvedValue::unknown();
}

ResolvedValue ValueResolver::resolveVariable(const VarDecl *V, const Expr *Use,
                                             unsigned Depth,
                                             llvm::ArrayRef<std::string> Path) {
  if (Depth > MaxDepth)
    return ResolvedValue::unknown();
  std::string What = (isa<ParmVarDecl>(V) ? "parameter '" : "variable '") +
                     describe(V, Path) + "'";
  // What a definition of Def.Path (a prefix of Path) says about Path.
  auto PartOf = [&](const Definition &Def) {
    return resolvePart(
        Def.Value, llvm::ArrayRef(Path).drop_front(Def.Path.size()), Depth + 1);
  };

  // Globals and static members: only constant initialisers count, and those
  // were handled as constant expressions already; a non-const global can
  // change anywhere.
  const FunctionDecl *F = enclosingFunction(V);
  if (!F || !F->hasBody() || !V->hasLocalStorage()) {
    if (V->getType().isConstQualified() && V->getInit()) {
      Definition Init{V->getInit(), {}, nullptr, V->getLocation()};
      return withOrigin(PartOf(Init), What, Locate(V->getLocation()));
    }
    return ResolvedValue::unknown();
  }

  const DefinitionCollector &Collect = definitionsOf(V, F);
  if (Collect.Escapes || Collect.AddressToOccupancyApi)
    return ResolvedValue::unknown();

  if (const auto *Parm = dyn_cast<ParmVarDecl>(V)) {
    if (!Collect.Defs.empty())
      return ResolvedValue::unknown();
    return resolveParameter(Parm, Depth, Path);
  }

  // Reaching definitions, approximately: the last definition before the use
  // that runs whenever the declaration does, the conditional ones after it,
  // and, when the use sits in a loop, the definitions later in that loop.
  // Only definitions of Path or of something containing it count; one of a
  // part inside Path (cfg.blockDim.x when asking for cfg.blockDim) cannot
  // be followed.
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation UseLoc = Use->getBeginLoc();
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  };
  auto Relevant = [&](const Definition &Def) {
    return startsWith(Path, Def.Path);
  };
  std::vector<const Definition *> Reaching;
  for (const Definition &Def : Collect.Defs) {
    if (!Before(Def.Loc, UseLoc))
      continue;
    if (!Relevant(Def)) {
      if (startsWith(Def.Path, Path))
        return ResolvedValue::unknown();
      continue;
    }
    if (Def.Control == Collect.DeclControl)
      Reaching.clear(); // unconditional: earlier definitions are dead
    Reaching.push_back(&Def);
  }
  for (const Stmt *Loop : Collect.Loops) {
    SourceRange R = Loop->getSourceRange();
    if (!Before(UseLoc, R.getBegin()) && Before(UseLoc, R.getEnd()) &&
        Before(V->getLocation(), R.getBegin()))
      for (const Definition &Def : Collect.Defs)
        if (Before(UseLoc, Def.Loc) && Before(Def.Loc, R.getEnd())) {
          if (!Relevant(Def))
            return ResolvedValue::unknown();
          Reaching.push_back(&Def);
        }
  }
  // (`dim3 v;` has its default constructor as initialiser, so it counts.)
  if (Reaching.empty())
    return ResolvedValue::unknown();

  SmallVector<ResolvedValue, 4> Parts;
  for (const Definition *Def : Reaching)
    Parts.push_back(withOrigin(PartOf(*Def), What, Locate(Def->Loc)));
  return join(Parts);
}

ResolvedValue
ValueResolver::resolveParameter(const VarDecl *V, unsigned Depth,
                                llvm::ArrayRef<std::string> Path) {
  const auto *Parm = cast<ParmVarDecl>(V);
  const auto *F = dyn_cast<FunctionDecl>(Parm->getDeclContext());
  if (!F)
    return ResolvedValue::unknown();
  auto It = Callers.find(F);
  if (It == Callers.end() || It->second.empty())
    return ResolvedValue::unknown();
  unsigned Index = Parm->getFunctionScopeIndex();
  SmallVector<ResolvedValue, 4> Parts;
  for (const CallExpr *Call : It->second) {
    if (Index >= Call->getNumArgs())
      return ResolvedValue::unknown();
    Parts.push_back(
        withOrigin(resolvePart(Call->getArg(Index), Path, Depth + 1),
                   "parameter '" + Parm->getName().str() + "' from the caller",
                   Locate(Call->getBeginLoc())));
  }
  return join(Parts);
}

bool ValueResolver::isOccupancyTuned(const Expr *E) {
  // block.x, or the variable itself.
  const Expr *Plain = E->IgnoreParenImpCasts();
  while (true) {
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Plain))
      Plain = MT->getSubExpr()->IgnoreParenImpCasts();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(Plain);
             C && C->getNumArgs() >= 1)
      Plain = C->getArg(0)->IgnoreParenImpCasts();
    else if (const auto *ME = dyn_cast<MemberExpr>(Plain))
      Plain = ME->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Plain);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  const FunctionDecl *F = V ? enclosingFunction(V) : nullptr;
  if (!F || !F->hasBody())
    return false;
  return definitionsOf(V, F).AddressToOccupancyApi;
}

ValueResolver::ValueResolver(ASTContext &Ctx, const CallerIndex &Callers,
                             LocationMapper Locate)
    : Ctx(Ctx), Callers(Callers), Locate(std::move(Locate)) {}

ValueResolver::~ValueResolver() = default;

const DefinitionCollector &ValueResolver::definitionsOf(const VarDecl *V,
                                                        const FunctionDecl *F) {
  // A dim3 is resolved field by field, and the occupancy-tuned test looks at
  // the same variable again: walk each function body once per variable.
  std::unique_ptr<DefinitionCollector> &Slot = Definitions[V];
  if (!Slot) {
    Slot = std::make_unique<DefinitionCollector>(V);
    Slot->TraverseStmt(F->getBody());
  }
  return *Slot;
}

} // namespace cudalint
