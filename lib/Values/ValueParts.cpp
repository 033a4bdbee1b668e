//===- ValueParts.cpp - dim3 values and the parts of structs --------------===//
//
// A dim3 as three values (construction, conversion, initialiser lists,
// variables field by field), and one part of a struct or array value
// (cfg.blockDim.x, cfg.attrs[0].id) through aggregate initialisers, copies
// and addresses.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"
#include "RunTimeInputs.h"

#include "cudalint/Values/KnownFunctions.h"

#include "ObjectStore.h"
#include "StdObjects.h"

#include "ResolverSupport.h"

#include "clang/AST/APValue.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cudalint {

using namespace resolver;

namespace {

const char *const DimFields[] = {"x", "y", "z"};
constexpr const char *InitialiserNotFollowed =
    "an initialiser list the analysis does not follow";

/// The part at Path of the value Clang evaluated for a variable usable in
/// constant expressions (a constexpr struct, maybe a static member built by
/// a constexpr function): an integer; none for anything else.
std::optional<int64_t> evaluatedPart(const VarDecl *V,
                                     llvm::ArrayRef<std::string> Path) {
  const VarDecl *Init = nullptr;
  if (!V->getAnyInitializer(Init) || !Init->isConstexpr() ||
      Init->getType()->isDependentType() || Init->getInit()->isValueDependent())
    return std::nullopt;
  const APValue *At = Init->evaluateValue();
  QualType T = Init->getType();
  for (StringRef Part : Path) {
    if (!At)
      return std::nullopt;
    if (Part.consume_front("[")) {
      unsigned Index = 0;
      const ConstantArrayType *Array =
          V->getASTContext().getAsConstantArrayType(T);
      if (!At->isArray() || !Array || Part.consumeInteger(10, Index) ||
          Index >= Array->getSize().getZExtValue())
        return std::nullopt;
      At = Index < At->getArrayInitializedElts()
               ? &At->getArrayInitializedElt(Index)
               : (At->hasArrayFiller() ? &At->getArrayFiller() : nullptr);
      T = Array->getElementType();
      continue;
    }
    const RecordDecl *RD = T->getAsRecordDecl();
    if (!At->isStruct() || !RD)
      return std::nullopt;
    const FieldDecl *Field = fieldNamed(RD, Part);
    if (!Field)
      return std::nullopt;
    At = &At->getStructField(Field->getFieldIndex());
    T = Field->getType();
  }
  if (!At || !At->isInt())
    return std::nullopt;
  return At->getInt().getExtValue();
}

} // namespace

namespace {
/// Either of two dim3 values, per component; as for an integer's ?:, which
/// side is taken is not decided, so neither is proven.
Dim3Value eitherDim3(Dim3Value A, const Dim3Value &B) {
  for (auto [Out, Other] :
       {std::pair{&A.X, &B.X}, std::pair{&A.Y, &B.Y}, std::pair{&A.Z, &B.Z}}) {
    *Out = join({*Out, *Other});
    Out->Proven.clear();
  }
  return A;
}
} // namespace

/// A dim3 built field by field.
static Dim3Value eachField(llvm::function_ref<ResolvedValue(unsigned)> Field) {
  Dim3Value D;
  D.X = Field(0);
  D.Y = Field(1);
  D.Z = Field(2);
  return D;
}

Dim3Value ResolverEngine::fromArguments(llvm::ArrayRef<const Expr *> Args,
                                        const ValueQuery &Q) {
  return eachField([&](unsigned I) {
    return I < Args.size() ? resolveInt(Args[I], Q.deeper())
                           : ResolvedValue::constant(1);
  });
}

Dim3Value ResolverEngine::resolveDim3(const Expr *E, const ValueQuery &Q) {
  Dim3Value D;
  auto AllUnknown = [&](const ResolvedValue &Why) {
    D.X = D.Y = D.Z = Why;
    return D;
  };
  if (!E)
    return D;
  if (Q.tooDeep())
    return AllUnknown(ResolvedValue::unknown(DepthReached));
  const Expr *Plain = E->IgnoreParenImpCasts();
  // `dim3 v(a, b)` that Clang could not resolve (an argument with errors,
  // or a template pattern) keeps its arguments in a ParenListExpr: follow
  // the well-formed ones, as dim3(x, y, z) would.
  if (const auto *List = dyn_cast<ParenListExpr>(Plain)) {
    if (List->getNumExprs() > 3)
      return AllUnknown(ResolvedValue::unknown(CouldNotParse));
    llvm::SmallVector<const Expr *, 3> Args;
    for (unsigned I = 0; I < List->getNumExprs(); ++I)
      Args.push_back(List->getExpr(I));
    return fromArguments(Args, Q);
  }
  if (!usable(Plain))
    return AllUnknown(ResolvedValue::unknown(CouldNotParse));
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Plain))
    return resolveDim3(MT->getSubExpr(), Q);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(Plain))
    return resolveDim3(BT->getSubExpr(), Q);
  if (const auto *Cast = dyn_cast<CastExpr>(Plain))
    return resolveDim3(Cast->getSubExpr(), Q);
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Plain))
    return resolveDim3(Default->getExpr(), Q);
  // `dim3 b = wide ? broad : narrow`: the side the context decides, else
  // either (eitherDim3).
  if (const auto *C = dyn_cast<ConditionalOperator>(Plain)) {
    if (std::optional<bool> Truth = Paths.decidedTruth(C->getCond(), Q))
      return resolveDim3(*Truth ? C->getTrueExpr() : C->getFalseExpr(),
                         Q.deeper());
    return eitherDim3(resolveDim3(C->getTrueExpr(), Q.deeper()),
                      resolveDim3(C->getFalseExpr(), Q.deeper()));
  }

  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Plain)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    // Copy or move: the value of the source.
    if (Ctor->isCopyOrMoveConstructor() && Construct->getNumArgs() == 1)
      return resolveDim3(Construct->getArg(0), Q);
    // dim3(x, y, z) and the implicit conversion from an integer; missing
    // arguments are defaults (CXXDefaultArgExpr, 1 in CUDA's dim3).
    // (dim3() in CUDA is (1, 1, 1).)
    if (Construct->getNumArgs() == 1 &&
        isDim3(Construct->getArg(0)->getType())) // dim3(uint3)
      return resolveDim3(Construct->getArg(0), Q);
    return fromArguments({Construct->getArgs(), Construct->getNumArgs()}, Q);
  }

  // make_uint3(x, y, z) and make_int3 (vector_functions.h) build the value
  // from their arguments.
  if (const auto *Call = dyn_cast<CallExpr>(Plain)) {
    const FunctionDecl *F = Call->getDirectCallee();
    if (Call->getNumArgs() == 3 && knownRole(F) == KnownRole::MakeVector3)
      return fromArguments({Call->getArgs(), 3}, Q);
    // A dim3 a function of the file returns (`return dim3(nb, 1, 1);`):
    // each field as the returns reached with these arguments give it.
    if (isDim3(Call->getType())) {
      ResolvedValue *Out[] = {&D.X, &D.Y, &D.Z};
      bool Entered = true;
      for (unsigned I = 0; I < 3 && Entered; ++I) {
        std::optional<ResolvedValue> Field =
            Calls.resolveCallResult(Call, Q, {DimFields[I]});
        Entered = Field.has_value();
        if (Field)
          *Out[I] = std::move(*Field);
      }
      if (Entered)
        return D;
    }
  }

  if (const auto *Init = dyn_cast<InitListExpr>(Plain))
    return fromArguments(Init->inits(), Q);

  // An integer where a dim3 is expected: after the implicit conversion, or
  // as written in a template pattern, which Clang leaves unconverted
  // (`kernel<<<g, kThreads>>>` with `constexpr uint32_t kThreads = 128`).
  if (Plain->getType()->isIntegerType()) {
    D.X = resolveInt(Plain, Q.deeper());
    D.Y = D.Z = ResolvedValue::constant(1);
    return D;
  }

  // A dim3 variable, or a dim3 inside one (cfg.blockDim); a structured
  // binding (`auto [grid, block] = config(n);`) or a dim3 inside one.
  MemberPath Path;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(memberBase(Plain, &Path))) {
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return eachField([&](unsigned I) {
        MemberPath Field = Path;
        Field.push_back(DimFields[I]);
        return Definitions.resolveVariable(V, Plain, Q.deeper(), Field);
      });
    if (const auto *B = dyn_cast<BindingDecl>(DRE->getDecl()))
      return eachField([&](unsigned I) {
        MemberPath Field = Path;
        Field.push_back(DimFields[I]);
        return Objects.resolveBinding(B, Field, Q.deeper());
      });
  }

  // A dim3 member of `*this` (`block_`), field by field.
  if (isDim3(Plain->getType()) && thisMemberPath(Plain, nullptr))
    return eachField([&](unsigned I) {
      std::string Field = DimFields[I];
      return *Objects.thisMemberValue(Plain, Field, Q.deeper());
    });

  return AllUnknown(unfollowed(Plain));
}

ResolvedValue ResolverEngine::resolvePart(const Expr *E,
                                          llvm::ArrayRef<std::string> Path,
                                          const ValueQuery &Q) {
  if (!E)
    return ResolvedValue::unknown();
  if (Q.tooDeep())
    return ResolvedValue::unknown(DepthReached);
  if (Path.empty())
    return resolveInt(E, Q);
  const Expr *Plain = E->IgnoreParenImpCasts();
  if (isa<ParenListExpr>(Plain) && Path.size() == 1) // dim3 v(a, b) above
    return dim3Field(resolveDim3(Plain, Q), Path.front());
  if (!usable(Plain))
    return ResolvedValue::unknown(CouldNotParse);
  // A dim3 (or uint3) field.
  if (Path.size() == 1 && isDim3(Plain->getType())) {
    return dim3Field(resolveDim3(Plain, Q), Path.front());
  }
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Plain))
    return resolvePart(MT->getSubExpr(), Path, Q);
  // An element of a std::pair or std::tuple made from its elements.
  if (const Expr *Element = stdProductElement(Plain, Path.front()))
    return resolvePart(Element, Path.drop_front(), Q.deeper());
  // `Cfg(p)`: a functional cast that constructs, or copies; `Cfg{...}`.
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Plain);
      Cast && Cast->getType()->isRecordType())
    return resolvePart(Cast->getSubExpr()->IgnoreImplicit(), Path, Q);
  if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(Plain))
    return resolvePart(Bind->getSubExpr(), Path, Q);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Plain)) {
    if (Construct->getConstructor()->isCopyOrMoveConstructor())
      return resolvePart(Construct->getArg(0), Path, Q);
    return Objects.constructedField(Construct, Path, Q);
  }
  // `attrs` set to `&attr`: attrs[0] is attr.
  if (const auto *U = dyn_cast<UnaryOperator>(Plain);
      U && U->getOpcode() == UO_AddrOf && Path.front() == "[0]")
    return resolvePart(U->getSubExpr(), Path.drop_front(), Q.deeper());
  // The part of an aggregate initialiser (`cfg = {grid, block, smem}`, `{}`
  // zero-initialises the rest).
  if (const auto *Init = dyn_cast<InitListExpr>(Plain)) {
    if (Init->isSyntacticForm() && Init->getSemanticForm())
      Init = Init->getSemanticForm();
    unsigned Index = 0;
    StringRef Part = Path.front();
    // std::array{...}: its elements are those of its one member array.
    if (isStdArray(Init->getType()) && Part.starts_with("[") &&
        Init->getNumInits() == 1)
      return resolvePart(Init->getInit(0), Path, Q.deeper());
    if (Init->getType()->isArrayType()) {
      if (!Part.consume_front("[") || Part.consumeInteger(10, Index))
        return ResolvedValue::unknown(InitialiserNotFollowed);
    } else if (const RecordDecl *RD = Init->getType()->getAsRecordDecl()) {
      for (const FieldDecl *F : RD->fields()) {
        if (F->getName() == Part)
          break;
        ++Index;
      }
    } else {
      return ResolvedValue::unknown(InitialiserNotFollowed);
    }
    if (Index >= Init->getNumInits())
      return ResolvedValue::unknown(InitialiserNotFollowed);
    const Expr *Value = Init->getInit(Index);
    if (isa<ImplicitValueInitExpr>(Value) && Path.size() == 1 &&
        Value->getType()->isIntegerType())
      return ResolvedValue::constant(0);
    return resolvePart(Value, Path.drop_front(), Q.deeper());
  }
  // A member of `*this` in a method (ObjectStore.cpp).
  if (std::optional<ResolvedValue> R =
          Objects.thisMemberValue(Plain, Path, Q.deeper()))
    return *R;
  // A part of the element a range-for binds (`for (const Row &c : kTable)`).
  if (const auto *U = dyn_cast<UnaryOperator>(Plain);
      U && U->getOpcode() == UO_Deref)
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
      if (const auto *Begin = dyn_cast<VarDecl>(DRE->getDecl()))
        if (std::optional<ResolvedValue> R = rangeForElement(Begin, Q, Path))
          return *R;
  // The part of a call's result: what the function's returns give.
  if (const auto *Call = dyn_cast<CallExpr>(Plain))
    if (std::optional<ResolvedValue> R = Calls.resolveCallResult(Call, Q, Path))
      return *R;
  MemberPath Inner;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(memberBase(Plain, &Inner))) {
    Inner.append(Path.begin(), Path.end());
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl())) {
      // `P::block_dimensions.x` of `static constexpr dims block_dimensions
      // = B::dimensions();`: what the compiler evaluated.
      if (std::optional<int64_t> C = evaluatedPart(V, Inner))
        return withOrigin(ResolvedValue::constant(*C),
                          "constant '" + V->getNameAsString() + "'",
                          Locate(V->getLocation()));
      const Expr *Use = V->getType()->isArrayType() && Q.scope().MemberUse
                            ? Q.scope().MemberUse
                            : Plain;
      return Objects.resolveElements(V, Use, Q.deeper(), Inner);
    }
    if (const auto *B = dyn_cast<BindingDecl>(DRE->getDecl()))
      return Objects.resolveBinding(B, Inner, Q.deeper());
  }
  // `make_block(*e, 512)`: e->x read in the callee through its copy.
  if (std::optional<ResolvedValue> Input =
          partReadThrough(Plain, Path, Ctx, Locate))
    return *Input;
  return unfollowed(Plain);
}

ResolvedValue ObjectValues::constructedField(const CXXConstructExpr *Construct,
                                             llvm::ArrayRef<std::string> Path,
                                             const ValueQuery &Q) {
  const FunctionDecl *Body = nullptr;
  if (!Construct->getConstructor()->isDefined(Body) || !Body->getBody())
    return initialisedField(Construct, Path, Q);
  const auto *Ctor = cast<CXXConstructorDecl>(Body);
  // A body that leaves the part alone leaves the initialisers' value.
  const ThisEffects &Effects = thisEffectsOf(Ctor, Path);
  if (Effects.Escape.empty() &&
      llvm::none_of(Effects.Defs, [&](const Definition &Def) {
        size_t Common = std::min(Def.Path.size(), Path.size());
        return std::equal(Def.Path.begin(), Def.Path.begin() + Common,
                          Path.begin());
      }))
    return initialisedField(Construct, Path, Q);
  // Else what the body leaves at its end, entered with the initialisers'
  // value, each parameter this construction's argument.
  QueryScope InBody = Q.scope();
  InBody.Constructions[Ctor] = Construct;
  for (unsigned I = 0; I < Ctor->getNumParams() && I < Construct->getNumArgs();
       ++I)
    if (const ParmVarDecl *Parm = Ctor->getParamDecl(I);
        Engine.keepsFirstValue(Parm))
      InBody.BoundParameters.try_emplace(Parm, Construct->getArg(I));
  auto Initialised = [&](const ValueQuery &) {
    return initialisedField(Construct, Path, Q.deeper());
  };
  return thisMemberAt(Ctor, nullptr, Path, Initialised,
                      Q.within(InBody).deeper());
}

ResolvedValue ObjectValues::initialisedField(const CXXConstructExpr *Construct,
                                             llvm::ArrayRef<std::string> Path,
                                             const ValueQuery &Q) {
  const CXXConstructorDecl *Ctor = Construct->getConstructor();
  const CXXRecordDecl *Record = Ctor->getParent();
  const FieldDecl *Field = fieldNamed(Record, Path.front());
  std::string What =
      "member '" + Path.front() + "' of '" + Record->getNameAsString() + "'";
  if (!Field)
    return ResolvedValue::unknown(What + ": not a member the analysis sees");
  const FunctionDecl *Body = nullptr;
  if (!Ctor->isDefined(Body) && !Ctor->isDefaulted())
    return ResolvedValue::unknown(What + ": its constructor is not defined "
                                         "in this file");
  auto Origin = [&](ResolvedValue R, const Expr *At) {
    return withOrigin(std::move(R), What, Engine.Locate(At->getBeginLoc()));
  };
  // The constructor's member initialiser (a parameter stands for the
  // argument of this construction), else the default member initialiser.
  const auto *Defined = dyn_cast_or_null<CXXConstructorDecl>(Body);
  // While the initialiser is followed, each parameter the constructor
  // leaves alone is this call's argument.
  QueryScope Binding = Q.scope();
  for (unsigned I = 0;
       Defined && I < Defined->getNumParams() && I < Construct->getNumArgs();
       ++I)
    if (const ParmVarDecl *Parm = Defined->getParamDecl(I);
        Engine.keepsFirstValue(Parm))
      Binding.BoundParameters.try_emplace(Parm, Construct->getArg(I));
  ValueQuery Inner = Q.within(Binding).deeper();
  for (const CXXCtorInitializer *Init : (Defined ? Defined : Ctor)->inits()) {
    if (Init->getMember() != Field || !Init->getInit())
      continue;
    const Expr *Value = Init->getInit()->IgnoreImplicit();
    if (isa<CXXDefaultInitExpr>(Value))
      break; // the default member initialiser, below
    return Origin(Engine.resolvePart(Value, Path.drop_front(), Inner), Value);
  }
  if (const Expr *Default = Field->getInClassInitializer())
    return Origin(Engine.resolvePart(Default, Path.drop_front(), Inner),
                  Default);
  return ResolvedValue::unknown(What + ": the constructor leaves it "
                                       "uninitialised");
}

} // namespace cudalint
