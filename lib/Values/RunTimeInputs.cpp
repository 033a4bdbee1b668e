//===- RunTimeInputs.cpp - Sizes the program reads at run time ------------===//
//
// The reads whose value only the running program knows, kept as symbols
// (SymbolicValues.h) instead of unknown: a number parsed from text, a
// container's size, a field or element read through a parameter, a global
// or a member pointer (device properties: DeviceInputs.cpp). A read the
// function itself writes on the way is not an input: the engine does not
// follow the write, so the value stays unknown.
//
//===----------------------------------------------------------------------===//

#include "RunTimeInputs.h"

#include "ResolverSupport.h"
#include "cudalint/Facts/SymbolicValues.h"
#include "cudalint/Values/KnownFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace cudalint {

using namespace resolver;

std::optional<std::string> spelledOnOneLine(const Expr *E,
                                            const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // Inside a macro's body (ggml's GGML_TENSOR_LOCALS), as the body spells it.
  SourceLocation B = E->getBeginLoc(), End = E->getEndLoc();
  CharSourceRange Range = SM.getExpansionRange(E->getSourceRange());
  if (B.isMacroID() && End.isMacroID()) {
    SourceLocation SB = SM.getSpellingLoc(B), SE = SM.getSpellingLoc(End);
    if (SM.getFileID(SB) == SM.getFileID(SE) &&
        !SM.isBeforeInTranslationUnit(SE, SB))
      Range = CharSourceRange::getTokenRange(SB, SE);
  }
  std::string Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str();
  std::string Flat;
  for (char C : Text)
    if (!(std::isspace(static_cast<unsigned char>(C)) &&
          (Flat.empty() || Flat.back() == ' ')))
      Flat.push_back(std::isspace(static_cast<unsigned char>(C)) ? ' ' : C);
  if (Flat.empty() || Flat.size() > 48)
    return std::nullopt;
  return Flat;
}

std::string spelled(const Expr *E, const ASTContext &Ctx) {
  return spelledOnOneLine(E, Ctx).value_or("a run-time size");
}

namespace {

/// A read as the code would write it without macros: `src1->ne[1]` where
/// ggml's GGML_TENSOR_LOCALS spells `(pointer)->array[1]`. None for
/// anything but names, members, constant elements and dereferences.
std::optional<std::string> printedRead(const Expr *E,
                                       const IndexBindings *Indices = nullptr) {
  E = E->IgnoreParenImpCasts();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && Indices)
      if (auto I = Indices->find(V); I != Indices->end())
        return std::to_string(I->second);
    return DRE->getDecl()->getNameAsString();
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    std::optional<std::string> Base = printedRead(ME->getBase(), Indices);
    if (!Base)
      return std::nullopt;
    return *Base + (ME->isArrow() ? "->" : ".") +
           ME->getMemberDecl()->getNameAsString();
  }
  if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
    std::optional<std::string> Base = printedRead(Sub->getBase(), Indices);
    const auto *I =
        dyn_cast<IntegerLiteral>(Sub->getIdx()->IgnoreParenImpCasts());
    std::optional<std::string> Index =
        I ? std::optional(std::to_string(I->getValue().getZExtValue()))
          : printedRead(Sub->getIdx(), Indices);
    if (!Base || !Index)
      return std::nullopt;
    return *Base + "[" + *Index + "]";
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    if (std::optional<std::string> Inner =
            printedRead(U->getSubExpr(), Indices))
      return "*" + *Inner;
  return std::nullopt;
}

} // namespace

std::string readName(const Expr *E, const ASTContext &Ctx) {
  return printedRead(E).value_or(spelled(E, Ctx));
}

namespace {

/// The expression a chain of member, element and pointer reads starts
/// from (`dst` in `dst->ne[1]`, or `this`), with each member read on the
/// way given to OnMember, the outermost first.
const Expr *
readChainStart(const Expr *E,
               llvm::function_ref<void(const MemberExpr *)> OnMember) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      OnMember(ME);
      E = ME->getBase();
    } else if (const auto *Sub = dyn_cast<ArraySubscriptExpr>(E)) {
      E = Sub->getBase();
    } else if (const auto *U = dyn_cast<UnaryOperator>(E);
               U && U->getOpcode() == UO_Deref) {
      E = U->getSubExpr();
    } else {
      return E;
    }
  }
}

/// The declaration a chain of member, element and pointer reads starts
/// from (`dst` in `dst->ne[1]`; the member `d_` in `d_->sz.z`, a chain
/// from `this`), and the field read last (`ne`). Where the chain starts
/// from another expression (`f()[1]`), none, and that expression in *Start.
std::pair<const ValueDecl *, const ValueDecl *>
readRoot(const Expr *E, const Expr **Start = nullptr) {
  const ValueDecl *Last = nullptr, *First = nullptr;
  const Expr *From = readChainStart(E, [&](const MemberExpr *ME) {
    Last = Last ? Last : ME->getMemberDecl();
    First = ME->getMemberDecl();
  });
  if (isa<CXXThisExpr>(From) && First)
    return {First, Last};
  if (const auto *DRE = dyn_cast<DeclRefExpr>(From))
    return {DRE->getDecl(), Last};
  if (Start)
    *Start = From;
  return {nullptr, nullptr};
}

/// The pointer or reference member of *this that a chain of member,
/// element and pointer reads starting at `this` passes through (`domain_`
/// in `domain_->radius_`); none when the chain starts elsewhere, or holds
/// every step by value (the object's own parts), or is in a lambda.
const FieldDecl *holderMember(const Expr *E) {
  const FieldDecl *Holder = nullptr;
  bool AllFields = true;
  const Expr *From = readChainStart(E, [&](const MemberExpr *ME) {
    const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
    AllFields &= Field != nullptr;
    if (Field && (Field->getType()->isPointerType() ||
                  Field->getType()->isReferenceType()))
      Holder = Field;
  });
  const auto *This = dyn_cast<CXXThisExpr>(From);
  const CXXRecordDecl *Record =
      This ? This->getType()->getPointeeCXXRecordDecl() : nullptr;
  return Record && !Record->isLambda() && AllFields ? Holder : nullptr;
}

/// "a field read through member 'domain_' of 'Packer'".
std::string memberReadProvenance(const FieldDecl *Holder) {
  return "a field read through member '" + Holder->getNameAsString() +
         "' of '" + Holder->getParent()->getNameAsString() + "'";
}

/// Whether F writes, in its body, the field Field of what Root reaches (or
/// the element Root points to, for a Field of null), or takes its address.
bool writesPart(const FunctionDecl *F, const ValueDecl *Root,
                const ValueDecl *Field) {
  struct Writes : RecursiveASTVisitor<Writes> {
    const ValueDecl *Root, *Field;
    bool Found = false;
    void written(const Expr *E) {
      auto [R, Fd] = readRoot(E);
      if (R == Root && (!Field || !Fd || Fd == Field))
        Found = true;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp())
        written(B->getLHS());
      return !Found;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
        if (!isa<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
          written(U->getSubExpr());
      return !Found;
    }
    bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
      if (C->isAssignmentOp() && C->getNumArgs() > 0)
        written(C->getArg(0));
      return !Found;
    }
  } Visit;
  Visit.Root = Root;
  Visit.Field = Field;
  if (F && F->hasBody())
    Visit.TraverseStmt(F->getBody());
  return Visit.Found;
}

/// "a field read through parameter 'dst'", "an element read through global
/// 'g'", "a field read through 'p'" (a local pointer).
std::string readThroughProvenance(const VarDecl *V, bool Field) {
  return std::string(Field ? "a field" : "an element") + " read through " +
         (isa<ParmVarDecl>(V)    ? "parameter '"
          : V->hasLocalStorage() ? "'"
                                 : "global '") +
         V->getNameAsString() + "'";
}

/// A field or element read through a parameter or a global: dst->ne[1],
/// p.height, shape[0].
std::optional<ResolvedValue> readThrough(const Expr *E, ASTContext &Ctx,
                                         const LocationMapper &Locate,
                                         const IndexBindings *Indices) {
  auto [Root, Field] = readRoot(E);
  if (isa<DeclRefExpr>(E))
    return std::nullopt;
  const FunctionDecl *F = functionContaining(E, Ctx);
  // What a member pointer or reference of *this reaches.
  if (isa_and_nonnull<FieldDecl>(Root)) {
    const FieldDecl *Holder = holderMember(E);
    if (!Holder || !F || writesPart(F, Root, Field))
      return std::nullopt;
    return symbolicInput(spelled(E, Ctx), memberReadProvenance(Holder),
                         integerBounds(E->getType(), Ctx),
                         Locate(E->getBeginLoc()), SymbolicNode::Source::Read);
  }
  const auto *V = dyn_cast_or_null<VarDecl>(Root);
  if (!V)
    return std::nullopt;
  bool Parameter = isa<ParmVarDecl>(V);
  // A local object's parts are followed (or unknown, for why); what a local
  // pointer or reference reaches is the program's data.
  bool Reaches =
      V->getType()->isPointerType() || V->getType()->isReferenceType();
  if (!Parameter && V->hasLocalStorage() && !Reaches)
    return std::nullopt;
  if (!F || writesPart(F, V, Field))
    return std::nullopt;
  return symbolicInput(printedRead(E, Indices).value_or(spelled(E, Ctx)),
                       readThroughProvenance(V, Field != nullptr),
                       integerBounds(E->getType(), Ctx),
                       Locate(E->getBeginLoc()), SymbolicNode::Source::Read);
}

/// An element or field read through the pointer a function defined
/// elsewhere returns: `mxGPUGetDimensions(in)[1]`, `get_shape(t)->rows`.
std::optional<ResolvedValue> readThroughResult(const Expr *E, ASTContext &Ctx,
                                               const LocationMapper &Locate) {
  const Expr *Start = nullptr;
  readRoot(E, &Start);
  const auto *Call = dyn_cast_or_null<CallExpr>(Start);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  // (What a function of the file returns is followed, or said unknown.)
  if (Start == E->IgnoreParenImpCasts() || !F || F->hasBody() ||
      !Call->getType()->isPointerType() || knownRole(F))
    return std::nullopt;
  return symbolicInput(spelled(E, Ctx),
                       "read through the result of '" + F->getNameAsString() +
                           "'",
                       integerBounds(E->getType(), Ctx),
                       Locate(E->getBeginLoc()), SymbolicNode::Source::Read);
}

} // namespace

std::optional<ResolvedValue> runTimeInput(const Expr *E, ASTContext &Ctx,
                                          const LocationMapper &Locate,
                                          const IndexBindings *Indices) {
  E = E->IgnoreParenImpCasts();
  if (!E->getType()->isIntegerType() || E->getType()->isBooleanType() ||
      E->isValueDependent())
    return std::nullopt;
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    std::optional<KnownRole> Role = knownRole(Call->getDirectCallee());
    if (Role != KnownRole::ParsedNumber && Role != KnownRole::ContainerSize)
      return std::nullopt;
    bool Range = Role == KnownRole::ContainerSize && Call->getNumArgs() == 2;
    std::string Provenance =
        Role == KnownRole::ParsedNumber
            ? "the result of '" + Call->getDirectCallee()->getNameAsString() +
                  "'"
        : Range ? std::string("the length of a range")
                : std::string("a container's size");
    // (A range's length is never negative: last is reachable from first.)
    IntegerBounds Bounds = integerBounds(E->getType(), Ctx);
    if (Range)
      Bounds.Min = std::max<int64_t>(Bounds.Min, 0);
    return symbolicInput(spelled(E, Ctx), std::move(Provenance), Bounds,
                         Locate(E->getBeginLoc()),
                         Role == KnownRole::ParsedNumber
                             ? SymbolicNode::Source::Parsed
                         : Range ? SymbolicNode::Source::RangeLength
                                 : SymbolicNode::Source::Size);
  }
  if (isa<MemberExpr, ArraySubscriptExpr, UnaryOperator>(E)) {
    if (std::optional<ResolvedValue> V = readThrough(E, Ctx, Locate, Indices))
      return V;
    return readThroughResult(E, Ctx, Locate);
  }
  return std::nullopt;
}

namespace {

/// The part at a path of an object, as walkPart finds it.
struct PartWalk {
  clang::QualType T;                 // its type
  const FieldDecl *First = nullptr;  // the first field on the way
  const FieldDecl *Holder = nullptr; // the first pointer or reference field
  std::string Text;                  // the object's text, then the path's
  bool EndsInPointer = false;        // the part itself is a pointer
};

/// The part at Path of an object of type T written Text (`*p` when Arrow:
/// its fields read `p->x`), step by step: fields by name, constant elements,
/// through pointer and reference fields. None when a step names no part.
std::optional<PartWalk> walkPart(QualType T, llvm::ArrayRef<std::string> Path,
                                 const ASTContext &Ctx, std::string Text,
                                 bool Arrow) {
  PartWalk W;
  W.Text = std::move(Text);
  for (const std::string &Step : Path) {
    if (Step.front() == '[') {
      const auto *Array = Ctx.getAsConstantArrayType(T);
      if (!Array)
        return std::nullopt;
      T = Array->getElementType();
      W.Text += Step;
      continue;
    }
    const RecordDecl *RD = T->getAsRecordDecl();
    if (!RD)
      return std::nullopt;
    const FieldDecl *Field = fieldNamed(RD, Step);
    if (!Field)
      return std::nullopt;
    W.Text += (W.Text.empty() ? "" : Arrow ? "->" : ".") + Step;
    W.First = W.First ? W.First : Field;
    T = Field->getType();
    Arrow = T->isPointerType();
    if (!W.Holder && (Arrow || T->isReferenceType()))
      W.Holder = Field;
    T = Arrow ? T->getPointeeType() : T.getNonReferenceType();
  }
  W.T = T;
  W.EndsInPointer = Arrow;
  return W;
}

bool isSizeType(QualType T) {
  return T->isIntegerType() && !T->isBooleanType();
}

} // namespace

std::optional<ResolvedValue> partReadThrough(const Expr *E,
                                             llvm::ArrayRef<std::string> Path,
                                             ASTContext &Ctx,
                                             const LocationMapper &Locate) {
  if (Path.empty() || Path.front().front() == '[')
    return std::nullopt;
  const FunctionDecl *F = functionContaining(E, Ctx);
  // A record read through a pointer variable and copied whole (`const Dim3
  // e = d->size;`): its parts are read through d too. (Any write through d
  // on the way leaves them unknown.)
  const Expr *Pointer = E->IgnoreParenImpCasts();
  if (isa<MemberExpr, ArraySubscriptExpr>(Pointer)) {
    const auto *V = dyn_cast_or_null<VarDecl>(readRoot(Pointer).first);
    std::optional<PartWalk> W =
        walkPart(Pointer->getType(), Path, Ctx, readName(Pointer, Ctx),
                 /*Arrow=*/false);
    if (!V || !V->getType()->isPointerType() || !W || W->EndsInPointer ||
        !isSizeType(W->T) || !F || writesPart(F, V, nullptr))
      return std::nullopt;
    return symbolicInput(std::move(W->Text), readThroughProvenance(V, true),
                         integerBounds(W->T, Ctx), Locate(E->getBeginLoc()),
                         SymbolicNode::Source::Read);
  }
  // `*p`, or the pointer p itself (the object of a call `p->size()`).
  if (const auto *U = dyn_cast<UnaryOperator>(Pointer);
      U && U->getOpcode() == UO_Deref)
    Pointer = U->getSubExpr()->IgnoreParenImpCasts();
  if (!Pointer->getType()->isPointerType())
    return std::nullopt;
  // A local, parameter or global pointer, or a pointer member of *this.
  const auto *DRE = dyn_cast<DeclRefExpr>(Pointer);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  const FieldDecl *Holder = V ? nullptr : holderMember(Pointer);
  if (!V && !Holder)
    return std::nullopt;
  std::optional<PartWalk> W = walkPart(
      Pointer->getType()->getPointeeType(), Path, Ctx,
      V ? V->getNameAsString() : spelled(Pointer, Ctx), /*Arrow=*/true);
  const ValueDecl *Root = V ? static_cast<const ValueDecl *>(V) : Holder;
  if (!W || W->EndsInPointer || !isSizeType(W->T) || !F ||
      writesPart(F, Root, W->First))
    return std::nullopt;
  return symbolicInput(std::move(W->Text),
                       V ? readThroughProvenance(V, true)
                         : memberReadProvenance(Holder),
                       integerBounds(W->T, Ctx), Locate(E->getBeginLoc()),
                       SymbolicNode::Source::Read);
}

std::optional<ResolvedValue> memberReadThrough(const CXXRecordDecl *Record,
                                               llvm::ArrayRef<std::string> Path,
                                               ASTContext &Ctx,
                                               const LocationMapper &Locate) {
  if (!Record || Record->isLambda() || Record->isDependentContext())
    return std::nullopt;
  std::optional<PartWalk> W =
      walkPart(Ctx.getRecordType(Record), Path, Ctx, "", /*Arrow=*/false);
  if (!W || !W->Holder || W->EndsInPointer || !isSizeType(W->T))
    return std::nullopt;
  return symbolicInput(std::move(W->Text), memberReadProvenance(W->Holder),
                       integerBounds(W->T, Ctx),
                       Locate(W->Holder->getLocation()),
                       SymbolicNode::Source::Read);
}

std::optional<ResolvedValue> dataMethodResult(const CallExpr *Call,
                                              ASTContext &Ctx,
                                              const LocationMapper &Locate) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
  const CXXMethodDecl *M = MC ? MC->getMethodDecl() : nullptr;
  if (!M || !M->isConst() || !Call->getType()->isIntegerType() ||
      Call->getType()->isBooleanType())
    return std::nullopt;
  const Expr *Object = MC->getImplicitObjectArgument();
  auto [Root, Field] = readRoot(Object);
  const auto *V = dyn_cast_or_null<VarDecl>(Root);
  // An object that *this reaches through a member pointer or reference.
  const FieldDecl *Holder = V ? nullptr : holderMember(Object);
  if (!V && !Holder)
    return std::nullopt;
  if (V && V->hasLocalStorage() && !isa<ParmVarDecl>(V) &&
      !V->getType()->isPointerType() && !V->getType()->isReferenceType())
    return std::nullopt;
  return symbolicInput(spelled(Call, Ctx),
                       "the result of '" + M->getNameAsString() + "' on " +
                           (V ? "'" + V->getNameAsString() + "'"
                              : "member '" + Holder->getNameAsString() + "'") +
                           ", read at run time",
                       integerBounds(Call->getType(), Ctx),
                       Locate(Call->getBeginLoc()), SymbolicNode::Source::Read);
}

ResolvedValue namedInput(ResolvedValue V, llvm::StringRef Name,
                         const IntegerBounds &Type) {
  std::vector<const SymbolicNode *> Inputs = symbolicInputs(V);
  if (Inputs.size() != 1 || Inputs[0]->Name == Name)
    return V;
  if (V.Symbolic.size() == 1) {
    const SymbolicNode &In = V.Symbolic[0];
    // (A value converted to the variable's type lies within it.)
    ResolvedValue R = symbolicInput(
        Name.str(), In.Name + ", " + In.Provenance,
        {std::max(In.Lo, Type.Min), std::min(In.Hi, Type.Max), Type.Name},
        In.Loc, In.From);
    R.Symbolic[0].Parameter = In.Parameter;
    R.Origins = std::move(V.Origins);
    R.Parameter = std::move(V.Parameter);
    return R;
  }
  // One input in a value that is it or constants on each path (`src1 ?
  // src1->ne[0] : 0`): it reads as the variable too. (In arithmetic, the
  // variable is not the input: `threads = min(n, 256)` is not n.)
  bool InputOrConstants = llvm::all_of(V.Symbolic, [](const SymbolicNode &N) {
    using Op = SymbolicNode::Op;
    return N.Kind == Op::Input || N.Kind == Op::Constant ||
           N.Kind == Op::Interval || N.Kind == Op::Join || N.Kind == Op::Call ||
           (N.Kind == Op::Assume && N.A == N.B);
  });
  if (!InputOrConstants)
    return V;
  std::string Old = Inputs[0]->Name, Provenance = Inputs[0]->Provenance;
  SourceLoc Loc = Inputs[0]->Loc;
  return substituteInputs(
      V, [&](const SymbolicNode &N) -> std::optional<ResolvedValue> {
        if (N.Name != Old || !(N.Loc == Loc))
          return std::nullopt;
        ResolvedValue R = symbolicInput(Name.str(), Old + ", " + Provenance,
                                        {N.Lo, N.Hi, N.Type}, N.Loc, N.From);
        R.Symbolic[0].Parameter = N.Parameter;
        return R;
      });
}

bool readsFromAStream(const CallExpr *Call) {
  const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
  if (!Op || Op->getOperator() != OO_GreaterGreater || Op->getNumArgs() != 2)
    return false;
  const CXXRecordDecl *Stream =
      Op->getArg(0)->getType().getNonReferenceType()->getAsCXXRecordDecl();
  auto IsIstream = [](const CXXRecordDecl *R) {
    return R->isInStdNamespace() && R->getIdentifier() &&
           R->getName() == "basic_istream";
  };
  if (!Stream || !Stream->hasDefinition())
    return false;
  bool Found = IsIstream(Stream);
  Stream->forallBases([&](const CXXRecordDecl *Base) {
    Found |= IsIstream(Base);
    return true;
  });
  return Found;
}

} // namespace cudalint
