//===- DefinitionCollector.h - A variable's definitions in a body -*- C++
//-*-===//
//
// The assignments (and the initialiser) that may give a variable its value
// inside one function body, with the control statement each sits in, and
// the ways it escapes: address taken, captured by reference, ++, +=, passed
// by non-const reference. One exception: a local that grows from its
// initialiser by one constant step in a loop whose condition bounds it
// (`while (nth < 1024) nth *= 2;`) is a growth step, not an escape.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_DEFINITIONCOLLECTOR_H
#define CUDALINT_LIB_VALUES_DEFINITIONCOLLECTOR_H

#include "ResolverParts.h"
#include "ResolverSupport.h"
#include "cudalint/Values/KnownFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

/// A step that grows a variable in a loop whose condition bounds it
/// (`nth *= 2` under `while (nth < ncols && nth < 1024)`), or shrinks it
/// (`v >>= 1` under `while (v > 32)`).
struct GrowthStep {
  clang::BinaryOperatorKind Op =
      clang::BO_Mul; // clang::BO_Mul, clang::BO_Shl, clang::BO_Add,
                     // clang::BO_Div or clang::BO_Shr
  int64_t Amount = 0;
  /// "*=", or the whole assignment for `v = v * 2`.
  std::string Spelling;
  const clang::Stmt *Loop = nullptr;
  /// The conjuncts of the loop's condition that stop it (`nth < 1024`).
  llvm::SmallVector<const clang::Expr *, 2> Bounds;

  bool grows() const {
    return Op == clang::BO_Mul || Op == clang::BO_Shl || Op == clang::BO_Add;
  }
  /// A do loop runs its body once before the first test.
  bool stepsBeforeTest() const { return llvm::isa<clang::DoStmt>(Loop); }
};

/// What one statement does to a variable, a global or a member of `*this`
/// (or to its part at Path): one tagged kind, read in one way
/// (ValueResolver::definedValue).
struct Definition {
  enum class Effect {
    /// An assignment or the initialiser: Value is what it assigns (for
    /// `n++` or `--n`, the operator: the value after it).
    Assigned,
    /// A call assigns it through the reference parameter OutParameter of
    /// the callee's definition (`computeGridSize(n, 256, blocks,
    /// threads)`): Value is the call.
    OutParameter,
    /// A growth step in a loop (ValueResolver::grownValues): Value is its
    /// amount.
    Growth,
    /// A call of a non-const method defined in the file on it (or on its
    /// part at Path): Value is the call, and the part's value after it is
    /// what the method leaves in `*this` (ObjectStore.cpp).
    MethodCall,
    /// A change the analysis does not follow: Why says what it is; no
    /// Value.
    Unfollowed,
    /// A CUDA API writes it through its address (cudaMemcpy from the
    /// device, cudaDeviceGetAttribute): a value read at run time. Value is
    /// the call.
    WrittenByRuntime,
  };
  Effect Kind = Effect::Assigned;
  const clang::Expr *Value = nullptr;
  /// The part assigned: {} for the whole variable, {"x"} for a dim3 field,
  /// {"blockDim", "x"} or {"[0]", "id"} inside a struct or an array.
  MemberPath Path;
  const clang::Stmt *Control = nullptr; // innermost if/loop/switch around it
  clang::SourceLocation Loc;
  /// Where it happens in the CFG: the assignment, or the initialiser.
  const clang::Stmt *Site = nullptr;
  const clang::ParmVarDecl *OutParameter = nullptr; // Effect::OutParameter
  std::optional<GrowthStep> Growth = std::nullopt;  // Effect::Growth
  const clang::CXXMethodDecl *Method = nullptr;     // Effect::MethodCall
  std::string Why;                                  // Effect::Unfollowed
  /// An assignment `a[i] = E` in a counted loop (countedLoopCopy,
  /// CountedLoops.h): the one it makes to the element Path names, with
  /// LoopIndex at Iteration.
  const clang::VarDecl *LoopIndex = nullptr;
  int64_t Iteration = 0;

  static Definition assigned(const clang::Expr *Value, MemberPath Path,
                             const clang::Stmt *Control,
                             clang::SourceLocation Loc,
                             const clang::Stmt *Site) {
    return made(Effect::Assigned, Value, std::move(Path), Control, Loc, Site);
  }
  static Definition outParameter(const clang::CallExpr *Call,
                                 const clang::Stmt *Control,
                                 const clang::ParmVarDecl *Parm) {
    Definition D = made(Effect::OutParameter, Call, {}, Control,
                        Call->getBeginLoc(), Call);
    D.OutParameter = Parm;
    return D;
  }
  static Definition methodCall(const clang::CXXMemberCallExpr *Call,
                               MemberPath Path, const clang::Stmt *Control,
                               const clang::CXXMethodDecl *M) {
    Definition D = made(Effect::MethodCall, Call, std::move(Path), Control,
                        Call->getExprLoc(), Call);
    D.Method = M;
    return D;
  }
  static Definition unfollowed(const clang::Stmt *S, MemberPath Path,
                               std::string Why) {
    Definition D = made(Effect::Unfollowed, nullptr, std::move(Path), nullptr,
                        S->getBeginLoc(), S);
    D.Why = std::move(Why);
    return D;
  }

private:
  static Definition made(Effect Kind, const clang::Expr *Value, MemberPath Path,
                         const clang::Stmt *Control, clang::SourceLocation Loc,
                         const clang::Stmt *Site) {
    Definition D;
    D.Kind = Kind;
    D.Value = Value;
    D.Path = std::move(Path);
    D.Control = Control;
    D.Loc = Loc;
    D.Site = Site;
    return D;
  }
};

/// Collects the definitions of one variable inside a function body, with
/// the control statement each sits in, and the loops of the body.
class DefinitionCollector
    : public clang::RecursiveASTVisitor<DefinitionCollector> {
  using Base = clang::RecursiveASTVisitor<DefinitionCollector>;

public:
  DefinitionCollector(const clang::VarDecl *V, const CallerIndex &Callers,
                      const clang::ASTContext &Ctx)
      : V(V), Callers(Callers), Ctx(Ctx) {}

  std::vector<Definition> Defs;
  std::vector<const clang::Stmt *> Loops;
  const clang::Stmt *DeclControl = nullptr;
  bool Escapes = false;     // address taken, captured, ++, +=, ...
  std::string EscapeReason; // the first way it escapes, for a reader
  bool AddressToOccupancyApi = false;
  /// The mentions of the variable in the body that are not read as a value,
  /// the only ones that may change it: Clang's mutation analysis, which
  /// walks the whole body for each mention, is asked about these only.
  std::vector<const clang::DeclRefExpr *> MayChange;
  /// The lambdas that capture the variable by reference.
  std::vector<const clang::LambdaExpr *> ReferenceCaptures;

  bool shouldVisitLambdaBodies() const { return true; }

  /// After the traversal: the one growth step in a loop that can be
  /// followed becomes a definition; any other stays an escape (`v *= 2`)
  /// or a plain assignment (`v = v * 2`).
  void settleSteps();

  /// Whether the collection accounts for S, a statement that may change
  /// the variable through Use: a definition it follows, or a call it
  /// judged when Use was among the arguments.
  bool accountsFor(const clang::Stmt *S, const clang::DeclRefExpr *Use) const;
  /// S changes the variable in a way the collection does not follow (a
  /// reference bound to it, a non-const member function called on it).
  void changedUnfollowed(const clang::Stmt *S);
  /// Whether S is what a return statement returns.
  bool isReturned(const clang::Stmt *S) const;

#define CUDALINT_CONTROL(CLASS)                                                \
  bool Traverse##CLASS(clang::CLASS *S) {                                      \
    return inControl(S, [&] { return Base::Traverse##CLASS(S); });             \
  }
  CUDALINT_CONTROL(IfStmt)
  CUDALINT_CONTROL(SwitchStmt)
  CUDALINT_CONTROL(ConditionalOperator)
  CUDALINT_CONTROL(LambdaExpr)
#undef CUDALINT_CONTROL
#define CUDALINT_LOOP(CLASS)                                                   \
  bool Traverse##CLASS(clang::CLASS *S) {                                      \
    Loops.push_back(S);                                                        \
    return inControl(S, [&] { return Base::Traverse##CLASS(S); });             \
  }
  CUDALINT_LOOP(ForStmt)
  CUDALINT_LOOP(WhileStmt)
  CUDALINT_LOOP(DoStmt)
  CUDALINT_LOOP(CXXForRangeStmt)
#undef CUDALINT_LOOP

  bool VisitVarDecl(clang::VarDecl *D) {
    if (D == V) {
      DeclControl = current();
      // The loops around it, but for the one whose init declares it.
      for (const clang::Stmt *S : Control) {
        const auto *For = llvm::dyn_cast<clang::ForStmt>(S);
        const auto *Init =
            For ? llvm::dyn_cast_or_null<clang::DeclStmt>(For->getInit())
                : nullptr;
        if (!Init || !llvm::is_contained(Init->decls(), D))
          DeclScope.push_back(S);
      }
      if (D->hasInit())
        Defs.push_back(Definition::assigned(D->getInit(), {}, current(),
                                            D->getLocation(), D->getInit()));
    }
    return true;
  }

  // `v` or `v.x` read as a value cannot change v. The cast is visited
  // before the mention under it.
  bool VisitImplicitCastExpr(clang::ImplicitCastExpr *C) {
    if (C->getCastKind() == clang::CK_LValueToRValue)
      if (const auto *Read = llvm::dyn_cast<clang::DeclRefExpr>(
              resolver::memberBase(C->getSubExpr()->IgnoreParens()));
          Read && Read->getDecl() == V)
        Reads.insert(Read);
    return true;
  }
  // `f(v.first)` or `dim3 b = v.first` binding a const reference reads v
  // too. (Clang's mutation analysis agrees, after a walk of the whole body
  // per mention: ggml's 24 instances of a dispatcher hand `dims.first` to a
  // `const dim3 &` 88 times.)
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *C) {
    const clang::CXXConstructorDecl *Ctor = C->getConstructor();
    for (unsigned I = 0; I < C->getNumArgs() && I < Ctor->getNumParams(); ++I)
      readThroughConstReference(C->getArg(I), Ctor->getParamDecl(I)->getType());
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    if (E->getDecl() == V && !Reads.count(E))
      MayChange.push_back(E);
    return true;
  }

  // Neither the definitions nor Clang's mutation analysis see an inline
  // assembly output (`asm("bfind.u32 %0, %1;" : "=r"(ret) : ...)`).
  bool VisitAsmStmt(clang::AsmStmt *A) {
    for (const clang::Expr *Out : A->outputs())
      if (refersToV(resolver::memberBase(Out->IgnoreParenImpCasts())))
        escape("it is set by inline assembly");
    return true;
  }

  // A capture by reference changes nothing by itself: a change in the
  // lambda's body is an assignment (or a mention Clang's mutation analysis
  // judges) like any other; reading it there sees every definition that
  // may run before the lambda does (ValueResolver::capturedByReference).
  bool VisitLambdaExpr(clang::LambdaExpr *L) {
    for (const clang::LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCapturedVar() == V &&
          C.getCaptureKind() == clang::LCK_ByRef)
        ReferenceCaptures.push_back(L);
    return true;
  }

  bool VisitBinaryOperator(clang::BinaryOperator *B) {
    if (!B->isAssignmentOp())
      return true;
    MemberPath Path;
    if (!refersToV(resolver::memberBase(B->getLHS(), &Path)))
      return true;
    Definition Def = Definition::assigned(B->getRHS(), Path, current(),
                                          B->getOperatorLoc(), B);
    if (B->getOpcode() != clang::BO_Assign) {
      // `v *= 2` in a loop may be a growth step (settleSteps decides).
      std::optional<clang::BinaryOperatorKind> Op =
          Path.empty() && !isInsideLambda()
              ? stepKind(clang::BinaryOperator::getOpForCompoundAssignment(
                    B->getOpcode()))
              : std::nullopt;
      bool Candidate =
          Op && addStep(Def, *Op, B->getRHS(), true, B->getOpcodeStr().str());
      // Outside a loop, `block.x /= 2` is a definition of that part: its
      // value before, divided by 2 (ValueResolver::resolveBinary), on the
      // paths through it only.
      if (!Candidate && !isInsideLambda() && isExact(Path) && !inLoop()) {
        Def.Value = B;
        Defs.push_back(std::move(Def));
        return true;
      }
      escape(("it is changed by '" + B->getOpcodeStr() + "'").str(), Candidate);
      return true;
    }
    if (isInsideLambda())
      escape("it is assigned inside a lambda");
    else if (!isExact(Path))
      escape("an element at an index that is not constant is assigned");
    else if (!addSelfStep(B, Def))
      Defs.push_back(std::move(Def));
    return true;
  }

  // dim3 assignment is a call to its assignment operator.
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *C) {
    MemberPath Path;
    if (C->getNumArgs() == 2 &&
        refersToV(resolver::memberBase(C->getArg(0), &Path))) {
      if (C->getOperator() == clang::OO_Equal && !isInsideLambda() &&
          isExact(Path))
        Defs.push_back(Definition::assigned(C->getArg(1), Path, current(),
                                            C->getOperatorLoc(), C));
      else if (C->isAssignmentOp())
        escape(("it is changed by '" +
                std::string(clang::getOperatorSpelling(C->getOperator())) +
                "'"));
    }
    return true;
  }

  // `c.set_threads(2048)`: a method of the file changes the object in a
  // way its body shows (followed as a definition); another method is left
  // to Clang's mutation analysis.
  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *C) {
    MemberPath Path;
    if (!refersToV(
            resolver::memberBase(C->getImplicitObjectArgument(), &Path)) ||
        isInsideLambda() || !isExact(Path))
      return true;
    if (const clang::CXXMethodDecl *M = resolver::followedMethod(C))
      Defs.push_back(Definition::methodCall(C, Path, current(), M));
    return true;
  }

  // A jump into a loop's body skips its test: goto, or a case label of a
  // switch outside the loop.
  bool VisitGotoStmt(clang::GotoStmt *) {
    HasGoto = true;
    return true;
  }
  bool VisitIndirectGotoStmt(clang::IndirectGotoStmt *) {
    HasGoto = true;
    return true;
  }
  bool VisitSwitchCase(clang::SwitchCase *) {
    for (const clang::Stmt *S : llvm::reverse(Control)) {
      if (llvm::isa<clang::SwitchStmt>(S))
        break;
      if (isLoop(S))
        EnteredByCase.insert(S);
    }
    return true;
  }

  bool VisitUnaryOperator(clang::UnaryOperator *U) {
    if (ReadOnlyAddresses.count(U))
      return true;
    MemberPath Path;
    if (!refersToV(resolver::memberBase(U->getSubExpr(), &Path)))
      return true;
    if (U->isIncrementDecrementOp()) {
      // Outside a loop, `nblocks++` (after `if (n % 256)`) is a definition
      // like `nblocks += 1`, on the paths through it only; definedValue
      // reads the value after it. In a loop it may run any number of times.
      if (!isInsideLambda() && isExact(Path) && !inLoop() &&
          U->getSubExpr()->getType()->isIntegerType())
        Defs.push_back(Definition::assigned(U, std::move(Path), current(),
                                            U->getOperatorLoc(), U));
      else
        escape(("it is changed by '" +
                clang::UnaryOperator::getOpcodeStr(U->getOpcode()) + "'")
                   .str());
    } else if (U->getOpcode() != clang::UO_AddrOf)
      return true;
    else if (const clang::FunctionDecl *Callee = AddressPassedTo.lookup(U))
      escape("it is written through its address by '" +
             Callee->getNameAsString() + "'");
    else
      escape("its address is taken");
    return true;
  }

  // Visited before the arguments, so `&v` handed to a pointer-to-const
  // parameter (cudaLaunchKernelEx's config) is known to be read only.
  bool VisitCallExpr(clang::CallExpr *C);

private:
  /// C writes the whole variable with a value read at run time.
  void writtenByRuntime(const clang::CallExpr *C);
  /// Arg, v or a field of v by `.`, bound to a parameter of type
  /// ParamType: a read when that is a reference to const.
  void readThroughConstReference(const clang::Expr *Arg,
                                 clang::QualType ParamType);

  /// ByStep: a step that settleSteps may still follow.
  void escape(std::string Why, bool ByStep = false) {
    if (!Escapes) {
      EscapeReason = std::move(Why);
      ReasonIsStep = ByStep;
    }
    Escapes = true;
    OtherEscape |= !ByStep;
  }
  static bool isLoop(const clang::Stmt *S) {
    return llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt,
                     clang::CXXForRangeStmt>(S);
  }
  /// The operation of a step that may grow or shrink a variable.
  static std::optional<clang::BinaryOperatorKind>
  stepKind(clang::BinaryOperatorKind Op) {
    switch (Op) {
    case clang::BO_Mul:
    case clang::BO_Shl:
    case clang::BO_Add:
    case clang::BO_Div:
    case clang::BO_Shr:
      return Op;
    default:
      return std::nullopt;
    }
  }
  /// Whether the statement visited sits in a loop that does not also hold
  /// the declaration: a change there may run any number of times.
  bool inLoop() const {
    return llvm::any_of(Control, [&](const clang::Stmt *S) {
      return isLoop(S) && !llvm::is_contained(DeclScope, S);
    });
  }
  /// Records Def, a step `v op= Amount`, as a candidate when it sits in a
  /// loop that does not also hold the declaration.
  bool addStep(const Definition &Def, clang::BinaryOperatorKind Op,
               const clang::Expr *Amount, bool Compound, std::string Spelling) {
    llvm::SmallVector<const clang::Stmt *, 2> Around;
    for (const clang::Stmt *S : Control)
      if (isLoop(S) && !llvm::is_contained(DeclScope, S))
        Around.push_back(S);
    if (Around.empty())
      return false;
    Steps.push_back({Def, Defs.size(), Compound, Op, Amount,
                     std::move(Spelling), std::move(Around)});
    return true;
  }
  /// `v = v * 2` (or `v = 2 * v`) in a loop: a step too.
  bool addSelfStep(const clang::BinaryOperator *Assign, const Definition &Def) {
    const auto *Step = llvm::dyn_cast<clang::BinaryOperator>(
        Assign->getRHS()->IgnoreParenImpCasts());
    std::optional<clang::BinaryOperatorKind> Op =
        Step && Def.Path.empty() ? stepKind(Step->getOpcode()) : std::nullopt;
    if (!Op)
      return false;
    const clang::Expr *Amount = nullptr;
    if (refersToV(Step->getLHS()->IgnoreParenImpCasts()))
      Amount = Step->getRHS();
    else if ((*Op == clang::BO_Mul || *Op == clang::BO_Add) &&
             refersToV(Step->getRHS()->IgnoreParenImpCasts()))
      Amount = Step->getLHS();
    std::string Text =
        clang::Lexer::getSourceText(
            clang::CharSourceRange::getTokenRange(Assign->getSourceRange()),
            Ctx.getSourceManager(), Ctx.getLangOpts())
            .str();
    return Amount && addStep(Def, *Op, Amount, false, std::move(Text));
  }
  /// Why the one candidate step cannot be followed ("" to say nothing
  /// more than the escape does); none when it can, with *Out filled in.
  std::optional<std::string> stepRefusal(GrowthStep *Out) const;
  /// Traverses S's children with S as the innermost control statement.
  template <typename TraverseFn>
  bool inControl(const clang::Stmt *S, TraverseFn Traverse) {
    Control.push_back(S);
    bool R = Traverse();
    Control.pop_back();
    return R;
  }
  const clang::Stmt *current() const {
    return Control.empty() ? nullptr : Control.back();
  }
  bool isInsideLambda() const {
    return llvm::any_of(Control, [](const clang::Stmt *S) {
      return llvm::isa<clang::LambdaExpr>(S);
    });
  }
  bool refersToV(const clang::Expr *E) const {
    const auto *DRE = llvm::dyn_cast_or_null<clang::DeclRefExpr>(E);
    return DRE && DRE->getDecl() == V;
  }
  /// A path through an array element whose index is not a constant names
  /// no part in particular.
  static bool isExact(const MemberPath &Path) {
    return llvm::find(Path, "[?]") == Path.end();
  }

  const clang::VarDecl *V;
  const CallerIndex &Callers;
  const clang::ASTContext &Ctx;
  std::vector<const clang::Stmt *> Control;
  /// The control statements around the declaration (less a `for` whose
  /// init declares it: that loop runs after it).
  std::vector<const clang::Stmt *> DeclScope;
  /// A step in a loop, followed only if it is the one write after the
  /// initialiser.
  struct StepCandidate {
    Definition Def; // as a plain assignment
    size_t At;      // its place among Defs
    bool Compound;  // `v *= 2`: an escape unless followed
    clang::BinaryOperatorKind Op;
    const clang::Expr *Amount;
    std::string Spelling;
    llvm::SmallVector<const clang::Stmt *, 2>
        Loops; // around it, not the declaration
  };
  std::vector<StepCandidate> Steps;
  bool OtherEscape = false;  // an escape that is not a candidate step
  bool ReasonIsStep = false; // EscapeReason is a candidate step's
  bool HasGoto = false;
  /// The mentions read as a value (VisitImplicitCastExpr).
  llvm::DenseSet<const clang::DeclRefExpr *> Reads;
  llvm::DenseSet<const clang::Stmt *> EnteredByCase;
  llvm::DenseSet<const clang::UnaryOperator *> ReadOnlyAddresses;
  /// `&v` handed to a function that may write through it, and that function.
  llvm::DenseMap<const clang::UnaryOperator *, const clang::FunctionDecl *>
      AddressPassedTo;
};

} // namespace cudalint

#endif
