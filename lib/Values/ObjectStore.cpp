//===- ObjectStore.cpp - Members of `*this` and methods that change them --===//
//
// `Launcher l; l.set_threads(2048); l.go(y);` with the launch in `go`
// reading `threads_`: inside a method, a member of `*this` is followed like
// a variable (its definitions on the method's CFG, the branches that test
// it), and its value on entry is the calling context's: the part of the
// object each call runs the method on, just before the call. A call of a
// method of the file is a definition of the object it runs on: the part's
// value after it is what the method leaves at its exit. A constructor's
// body is such a method, entered with the member initialisers' values.
//
// Only what the method's body shows is followed: `this` handed on or
// captured by a lambda, or a change Clang's mutation analysis finds that
// is none of the above (a member bound to a non-const reference, `+=`),
// leaves the member unknown, with the reason.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "ObjectStore.h"
#include "RunTimeInputs.h"

#include "CountedLoops.h"
#include "ResolverSupport.h"
#include "StdObjects.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;
using llvm::SmallVector;

namespace cudalint {

using namespace resolver;

bool thisMemberPath(const Expr *E, MemberPath *Path) {
  MemberPath Inner;
  const Expr *Base = memberBase(E, &Inner);
  MemberPath Out;
  if (const auto *ME = dyn_cast<MemberExpr>(Base);
      ME && ME->isArrow() &&
      isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) &&
      isa<FieldDecl>(ME->getMemberDecl()))
    Out.push_back(ME->getMemberDecl()->getNameAsString());
  else if (const auto *U = dyn_cast<UnaryOperator>(Base);
           !(U && U->getOpcode() == UO_Deref &&
             isa<CXXThisExpr>(U->getSubExpr()->IgnoreParenImpCasts())))
    return false;
  Out.append(Inner.begin(), Inner.end());
  if (Path)
    *Path = std::move(Out);
  return true;
}

namespace {

std::string spelling(const Stmt *S, const ASTContext &Ctx) {
  std::string Text =
      Lexer::getSourceText(CharSourceRange::getTokenRange(S->getSourceRange()),
                           Ctx.getSourceManager(), Ctx.getLangOpts())
          .str();
  return Text.size() > 40 ? Text.substr(0, 37) + "..." : Text;
}

std::string lineOf(const Stmt *S, const ASTContext &Ctx) {
  return std::to_string(
      Ctx.getSourceManager().getExpansionLineNumber(S->getBeginLoc()));
}

/// The changes a method's body makes to `*this` that it shows: assignments
/// to members, calls of methods on `this` or on a member; and the uses of
/// `this` that hand the object on.
class ThisEffectCollector : public RecursiveASTVisitor<ThisEffectCollector> {
  using Base = RecursiveASTVisitor<ThisEffectCollector>;

public:
  ThisEffectCollector(const FunctionDecl *Method, ASTContext &Ctx)
      : Method(Method), Ctx(Ctx) {}
  ThisEffects Out;
  /// Member mentions on `this` that are not read as a value: the ones
  /// that may change it.
  std::vector<ThisEffects::Mention> MayChange;

  // A local class's `this` is another object; a lambda's body runs when it
  // is called, which the analysis does not follow.
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesThis())
        escape("'this' is captured by the lambda at line " + lineOf(L, Ctx));
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    MemberPath Path;
    if (B->getOpcode() != BO_Assign || !thisMemberPath(B->getLHS(), &Path))
      return true;
    if (exact(Path)) {
      Out.Defs.push_back(Definition::assigned(B->getRHS(), Path, nullptr,
                                              B->getOperatorLoc(), B));
      return true;
    }
    // `dims[i] = idims[i]` in a counted loop: one assignment per element.
    MemberPath Head(Path.begin(), Path.end() - 1);
    if (Path.back() != "[?]" || !exact(Head))
      return true;
    if (std::optional<CountedLoopCopy> Copy = countedLoopCopy(B, Method, Ctx))
      for (int64_t I = Copy->First; I <= Copy->Last; ++I) {
        MemberPath Element = Head;
        Element.push_back("[" + std::to_string(I) + "]");
        Definition Def = Definition::assigned(B->getRHS(), std::move(Element),
                                              nullptr, B->getOperatorLoc(), B);
        Def.LoopIndex = Copy->Index;
        Def.Iteration = I;
        Out.Defs.push_back(std::move(Def));
      }
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    MemberPath Path;
    if (C->getOperator() == OO_Equal && C->getNumArgs() == 2 &&
        thisMemberPath(C->getArg(0), &Path) && exact(Path))
      Out.Defs.push_back(Definition::assigned(C->getArg(1), Path, nullptr,
                                              C->getOperatorLoc(), C));
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    const Expr *Object = C->getImplicitObjectArgument();
    MemberPath Path;
    bool OnThis = Object && isa<CXXThisExpr>(Object->IgnoreParenImpCasts());
    if (!OnThis && !(Object && thisMemberPath(Object, &Path) && exact(Path)))
      return true;
    // (A call through a pointer to a member, `(this->*step)(n)`, names no
    // method: it may be any.)
    const CXXMethodDecl *Called = C->getMethodDecl();
    if (const CXXMethodDecl *M = followedMethod(C))
      Out.Defs.push_back(Definition::methodCall(C, Path, nullptr, M));
    else if (OnThis && (!Called || !Called->isConst()))
      unfollowed(C, Path,
                 "it may be changed by '" + spelling(C, Ctx) + "' at line " +
                     lineOf(C, Ctx));
    return true;
  }
  // The part of `*this` an expression names, outermost first: `this->a`
  // in `this->a.b[i]` heads the part `a.b[?]`.
  bool VisitExpr(Expr *E) {
    MemberPath Path;
    if (thisMemberPath(E, &Path))
      if (const auto *Field = dyn_cast<MemberExpr>(memberBase(E)))
        PartOf.try_emplace(Field, std::move(Path));
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (const Expr *B = M->getBase()->IgnoreParenImpCasts();
        isa<CXXThisExpr>(B) && isa<FieldDecl>(M->getMemberDecl()) &&
        !Reads.count(M)) {
      auto Part = PartOf.find(M);
      MayChange.push_back(
          {M, Part == PartOf.end() ? MemberPath{} : std::move(Part->second)});
    }
    return true;
  }
  // `n_`, `cfg.block` or `v[i]` read as a value cannot change the member
  // (visited before the mention).
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue && thisMemberPath(C, nullptr))
      if (const auto *M = dyn_cast<MemberExpr>(memberBase(C->getSubExpr())))
        Reads.insert(M);
    return true;
  }
  // `this` other than as a member's or a method call's object: the object
  // is handed on, and may be changed through it anywhere.
  bool TraverseMemberExpr(MemberExpr *M) {
    if (const auto *T =
            dyn_cast<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()))
      ObjectUses.insert(T);
    return Base::TraverseMemberExpr(M);
  }
  bool VisitCXXThisExpr(CXXThisExpr *T) {
    if (!ObjectUses.count(T))
      escape("'this' is handed on at line " + lineOf(T, Ctx));
    return true;
  }

  void unfollowed(const Stmt *S, MemberPath Path, std::string Why) {
    Out.Defs.push_back(
        Definition::unfollowed(S, std::move(Path), std::move(Why)));
  }

private:
  void escape(std::string Why) {
    if (Out.Escape.empty())
      Out.Escape = std::move(Why);
  }
  static bool exact(const MemberPath &Path) {
    return llvm::find(Path, "[?]") == Path.end();
  }
  const FunctionDecl *Method;
  ASTContext &Ctx;
  llvm::DenseSet<const MemberExpr *> Reads;
  llvm::DenseMap<const MemberExpr *, MemberPath> PartOf;
  llvm::DenseSet<const CXXThisExpr *> ObjectUses;
};

std::string pathText(llvm::ArrayRef<std::string> Path) {
  std::string S;
  for (const std::string &Part : Path)
    S += Part.front() == '[' || S.empty() ? Part : "." + Part;
  return S;
}

} // namespace

ThisEffects collectThisEffects(const FunctionDecl *Method, ASTContext &Ctx) {
  ThisEffectCollector Collect(Method, Ctx);
  Collect.TraverseStmt(Method->getBody());
  Collect.Out.MayChange = std::move(Collect.MayChange);
  return std::move(Collect.Out);
}

std::vector<Definition>
unfollowedMemberChanges(const ThisEffects &Effects,
                        llvm::ArrayRef<std::string> Path,
                        ExprMutationAnalyzer &Mutations, ASTContext &Ctx) {
  std::vector<Definition> Changes;
  auto Shown = [&](const Stmt *S) {
    auto At = [&](const Definition &D) { return D.Site == S; };
    return llvm::any_of(Effects.Defs, At) || llvm::any_of(Changes, At);
  };
  for (const ThisEffects::Mention &M : Effects.MayChange) {
    if (!partsOverlap(M.Path, Path))
      continue;
    if (const Stmt *S = Mutations.findMutation(M.Field);
        S && !Shown(S) && !(isa<Expr>(S) && cast<Expr>(S)->containsErrors()))
      Changes.push_back(Definition::unfollowed(
          S, {M.Field->getMemberDecl()->getNameAsString()},
          "it may be changed by '" + spelling(S, Ctx) + "' at line " +
              lineOf(S, Ctx)));
  }
  return Changes;
}

const ThisEffects &
ObjectValues::thisEffectsOf(const FunctionDecl *Method,
                            llvm::ArrayRef<std::string> Path) {
  std::unique_ptr<ThisEffects> &Shown = ThisEffectsShown[Method];
  if (!Shown)
    Shown =
        std::make_unique<ThisEffects>(collectThisEffects(Method, Engine.Ctx));
  std::unique_ptr<ThisEffects> &Slot = ThisEffectsCache[{
      Method, std::vector<std::string>(Path.begin(), Path.end())}];
  if (!Slot) {
    Slot = std::make_unique<ThisEffects>(*Shown);
    if (Slot->Escape.empty())
      for (Definition &D : unfollowedMemberChanges(
               *Shown, Path, Engine.mutationsIn(Method), Engine.Ctx))
        Slot->Defs.push_back(std::move(D));
  }
  return *Slot;
}

std::optional<ResolvedValue>
ObjectValues::thisMemberValue(const Expr *E, llvm::ArrayRef<std::string> Rest,
                              const ValueQuery &Q) {
  MemberPath Path;
  if (!thisMemberPath(E, &Path))
    return std::nullopt;
  Path.append(Rest.begin(), Rest.end());
  const auto *Method =
      dyn_cast_or_null<CXXMethodDecl>(functionContaining(E, Engine.Ctx));
  if (!Method || Method->getParent()->isLambda())
    return ResolvedValue::unknown("member '" + pathText(Path) +
                                  "' read inside a lambda");
  return thisMemberAt(
      Method, E, Path,
      [&](const ValueQuery &At) { return thisOnEntry(Method, Path, At); }, Q);
}

ResolvedValue ObjectValues::thisMemberAt(
    const FunctionDecl *Method, const Expr *Use,
    llvm::ArrayRef<std::string> Path,
    llvm::function_ref<ResolvedValue(const ValueQuery &)> Entry,
    const ValueQuery &Q) {
  const auto *Record = cast<CXXMethodDecl>(Method)->getParent();
  std::string What = "member '" + pathText(Path) + "' of '" +
                     Record->getNameAsString() + "' in '" +
                     Method->getNameAsString() + "'";
  auto Unknown = [&](const std::string &Why) {
    return ResolvedValue::unknown(What + ": " + Why);
  };
  if (Q.tooDeep())
    return ResolvedValue::unknown(DepthReached);
  if (!Q.visitVariable())
    return ResolvedValue::unknown(BudgetReached);
  const ThisEffects &Effects = thisEffectsOf(Method, Path);
  if (!Effects.Escape.empty())
    return Unknown(Effects.Escape);
  // The definitions of the part, relative to it: one of the part or of
  // what holds it gives it its whole value (path {}), one inside it a
  // part (the rest of its path).
  std::vector<Definition> Relative;
  std::vector<const Definition *> Original;
  for (const Definition &Def : Effects.Defs) {
    size_t Common = std::min(Def.Path.size(), Path.size());
    if (!std::equal(Def.Path.begin(), Def.Path.begin() + Common, Path.begin()))
      continue;
    Definition R = Def;
    R.Path.assign(Def.Path.begin() + Common, Def.Path.end());
    Relative.push_back(std::move(R));
    Original.push_back(&Def);
  }
  auto PartOf = [&](const Definition &Def, const ValueQuery &At) {
    const Definition &D = *Original[&Def - Relative.data()];
    return Engine.Definitions.definedValue(
        D, nullptr, Path.drop_front(D.Path.size()), What, At);
  };
  const FunctionFlow *Flow = Engine.flowOf(Method);
  if (!Flow)
    return Unknown("its method's flow cannot be built");
  if (Use) {
    // A subject of its own: the branches that test this part bound it.
    const void *Key =
        &*ThisPaths.insert(std::vector<std::string>(Path.begin(), Path.end()))
              .first;
    auto Is = [&](const Expr *E) {
      MemberPath Other;
      return thisMemberPath(E, &Other) && llvm::ArrayRef(Other) == Path;
    };
    QualType T = partType(Engine.Ctx.getRecordType(Record), Path);
    FlowSubject Subject{Is, Key, T.isNull() ? Engine.Ctx.VoidTy : T,
                        Method->getLocation()};
    if (std::optional<ResolvedValue> R = Engine.Definitions.reachingFlow(
            Subject, Method, Use, {}, Relative,
            DefinitionReader{PartOf, Entry, What}, Q))
      return *R;
    return Unknown("its use has no place in the method's flow");
  }
  // At the exit: what the definitions that reach it leave.
  std::vector<FunctionFlow::Site> Sites = {
      {nullptr, FunctionFlow::Kind::Whole}};
  for (const Definition &Def : Relative)
    Sites.push_back({Def.Site, Def.Path.empty() ? FunctionFlow::Kind::Whole
                                                : FunctionFlow::Kind::Partial});
  std::optional<std::vector<size_t>> AtExit = Flow->reachingExit(Sites);
  if (!AtExit)
    return Unknown("its method's flow cannot be followed");
  // A counted loop that copies the part runs on every path (CountedLoops.h):
  // the value on entry reaches the exit only through no iteration at all.
  bool Copied = llvm::any_of(Relative, [](const Definition &Def) {
    return Def.LoopIndex && Def.Path.empty();
  });
  SmallVector<ResolvedValue, 4> Parts;
  for (size_t I : *AtExit) {
    if (I == 0 && Copied)
      continue;
    if (I == 0) {
      Parts.push_back(Entry(Q));
      continue;
    }
    if (Sites[I].K == FunctionFlow::Kind::Partial)
      return Unknown("a part of it is assigned separately");
    Parts.push_back(withOrigin(PartOf(Relative[I - 1], Q), What,
                               Engine.Locate(Relative[I - 1].Loc)));
  }
  ResolvedValue R = join(Parts);
  // (Which definition the method leaves is not followed path by path.)
  if (R.K == ResolvedValue::Kind::Set && Parts.size() > 1)
    R.Proven.clear();
  return R;
}

ResolvedValue ObjectValues::thisOnEntry(const CXXMethodDecl *Method,
                                        llvm::ArrayRef<std::string> Path,
                                        const ValueQuery &Q) {
  std::string What = "member '" + pathText(Path) + "' of '" +
                     Method->getParent()->getNameAsString() +
                     "' on entry to '" + Method->getNameAsString() + "'";
  auto Unknown = [&](const std::string &Why) {
    return ResolvedValue::unknown(What + ": " + Why);
  };
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(Method)) {
    if (const CXXConstructExpr *C = Q.scope().Constructions.lookup(Ctor))
      return initialisedField(C, Path, Q.deeper());
    return Unknown("the construction is not known");
  }
  if (Engine.Callers.addressTaken(Method))
    return Unknown("the method's address is taken, so not all its calls are "
                   "known");
  SmallVector<CallOf, 4> Calls;
  if (const CallExpr *Pinned = Q.scope().PinnedCalls.lookup(Method))
    Calls.push_back({Pinned, nullptr});
  else
    llvm::append_range(Calls, Engine.callsOf(Method));
  // (Objects are followed within the file: a method's calls in other files
  // do not reach it, unlike a free function's parameters.)
  if (Calls.empty()) {
    // Reached through a pointer or reference member: the program's data,
    // whoever calls the method.
    if (std::optional<ResolvedValue> Read = memberReadThrough(
            Method->getParent(), Path, Engine.Ctx, Engine.Locate))
      return *Read;
    return Unknown("no call of '" + Method->getNameAsString() +
                   "' in this file");
  }
  SmallVector<ResolvedValue, 4> Parts;
  for (const CallOf &C : Calls) {
    const Expr *Object = nullptr;
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(C.Call))
      Object = M->getImplicitObjectArgument();
    else if (isa<CXXOperatorCallExpr>(C.Call) && C.Call->getNumArgs() > 0)
      Object = C.Call->getArg(0);
    if (!Object || C.Via)
      return Unknown("a call the analysis does not follow");
    // In the caller: its own uses anchor its variables.
    QueryScope InCaller = Q.scope();
    InCaller.Anchors.clear();
    InCaller.WayOn.clear();
    InCaller.WayOnFunction = nullptr;
    InCaller.MemberUse = nullptr;
    ResolvedValue Part =
        objectPartAt(Object, Path, Q.within(InCaller).deeper());
    if (Calls.size() > 1)
      Part.Proven.clear();
    Parts.push_back(withOrigin(std::move(Part),
                               "the object this call of '" +
                                   Method->getNameAsString() + "' runs on",
                               Engine.Locate(C.Call->getBeginLoc())));
  }
  return join(Parts);
}

ResolvedValue ObjectValues::afterMethodCall(const CXXMemberCallExpr *Call,
                                            const CXXMethodDecl *Method,
                                            llvm::ArrayRef<std::string> Path,
                                            const ValueQuery &Q) {
  if (Q.scope().PinnedCalls.count(Method))
    return ResolvedValue::unknown("'" + Method->getNameAsString() +
                                  "' is called recursively");
  // In the method, each parameter is this call's argument.
  QueryScope InMethod = Q.scope().enteringCall(Method, Call);
  for (unsigned I = 0; I < Method->getNumParams() && I < Call->getNumArgs();
       ++I)
    if (const ParmVarDecl *Parm = Method->getParamDecl(I);
        Engine.keepsFirstValue(Parm))
      InMethod.BoundParameters[Parm] = Call->getArg(I);
  // On entry, the object as it is just before the call (in the caller).
  const Expr *Object = Call->getImplicitObjectArgument();
  auto Before = [&](const ValueQuery &) {
    return objectPartAt(Object, Path, Q.deeper());
  };
  return withOrigin(
      thisMemberAt(Method, nullptr, Path, Before, Q.within(InMethod).deeper()),
      "'" + spelling(Call, Engine.Ctx) + "'",
      Engine.Locate(Call->getBeginLoc()));
}

ResolvedValue ObjectValues::objectPartAt(const Expr *Object,
                                         llvm::ArrayRef<std::string> Path,
                                         const ValueQuery &Q) {
  const Expr *Plain = Object->IgnoreParenImpCasts();
  if (const auto *This = dyn_cast<CXXThisExpr>(Plain)) {
    const auto *Method =
        dyn_cast_or_null<CXXMethodDecl>(functionContaining(This, Engine.Ctx));
    if (!Method || Method->getParent()->isLambda())
      return ResolvedValue::unknown("an object used inside a lambda");
    return thisMemberAt(
        Method, This, Path,
        [&](const ValueQuery &At) { return thisOnEntry(Method, Path, At); }, Q);
  }
  if (std::optional<ResolvedValue> R = thisMemberValue(Plain, Path, Q))
    return *R;
  if (Plain->getType()->isPointerType()) {
    // `p->extent()` of a pointer parameter, global or member: its fields
    // are the program's data.
    if (std::optional<ResolvedValue> Input =
            partReadThrough(Plain, Path, Engine.Ctx, Engine.Locate))
      return *Input;
    return ResolvedValue::unknown("an object reached through a pointer");
  }
  return Engine.resolvePart(Plain, Path, Q);
}

ResolvedValue ObjectValues::resolveElements(const VarDecl *V, const Expr *Use,
                                            const ValueQuery &Q,
                                            llvm::ArrayRef<std::string> Path,
                                            bool EachReaches) {
  const std::string *Open = llvm::find(Path, "[?]");
  if (Open == Path.end())
    return Engine.Definitions.resolveVariable(V, Use, Q, Path);
  size_t At = Open - Path.begin();
  QualType Holder = partType(V->getType(), Path.take_front(At));
  uint64_t Count = 0;
  if (!Holder.isNull())
    Count = elementCount(Holder).value_or(0);
  // Elements no code changes unseen: a const array's, or those of a
  // record (a std::array, a struct), which Clang's mutation analysis
  // watches (`int *p = s.data();` changes s). A plain array may be written
  // through a pointer it decays to: resolveVariable says why not.
  QualType T = V->getType().getNonReferenceType();
  const Type *Element = T->getArrayElementTypeNoTypeQual();
  bool Watched =
      T.isConstQualified() || V->isConstexpr() || T->isRecordType() ||
      (Element &&
       T->getAsArrayTypeUnsafe()->getElementType().isConstQualified());
  if (Count == 0 || Count > 4 * MaxSetSize || !Watched)
    return Engine.Definitions.resolveVariable(V, Use, Q, Path);
  SmallVector<ResolvedValue, 4> Parts;
  for (uint64_t I = 0; I < Count; ++I) {
    MemberPath Each(Path.begin(), Path.end());
    Each[At] = "[" + std::to_string(I) + "]";
    Parts.push_back(resolveElements(V, Use, Q, Each, EachReaches));
    if (!Parts.back().isKnown())
      return Parts.back();
  }
  ResolvedValue R = join(Parts);
  // Which element an index reads is not known: none is shown to reach.
  if (!EachReaches)
    R.Proven.clear();
  return R;
}

ResolvedValue ObjectValues::resolveBinding(const BindingDecl *B,
                                           llvm::ArrayRef<std::string> Path,
                                           const ValueQuery &Q) {
  std::string What = "binding '" + B->getName().str() + "'";
  const auto *Whole =
      dyn_cast_or_null<DecompositionDecl>(B->getDecomposedDecl());
  const Expr *Binding = B->getBinding();
  if (!Whole || !Whole->getInit() || !Binding)
    return ResolvedValue::unknown(What + ": the object it names is not known");
  // Bound by reference to a variable, it sees that variable change; bound
  // to a copy or a temporary, only itself can change it.
  const Expr *Init = Whole->getInit()->IgnoreParens();
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(Init))
    Init = Cleanups->getSubExpr();
  if (Whole->getType()->isReferenceType() &&
      !isa<MaterializeTemporaryExpr>(Init))
    return ResolvedValue::unknown(
        What + ": it names the parts of a variable by reference");
  if (const auto *F = dyn_cast<FunctionDecl>(B->getDeclContext());
      F && F->getBody()) {
    if (const Stmt *S = Engine.mutationsIn(F).findMutation(B))
      return ResolvedValue::unknown(What + ": it may be changed by '" +
                                    spelling(S, Engine.Ctx) + "' at line " +
                                    lineOf(S, Engine.Ctx));
  }
  // The part of the object it names: a member (`d.grid`), an element
  // (`d[1]`), or through `std::get<1>(d)` (a pair's, a tuple's).
  if (const auto *Holding =
          dyn_cast<DeclRefExpr>(Binding->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(Holding->getDecl());
        V && V != Whole && V->getInit())
      Binding = V->getInit();
  MemberPath Part;
  const auto *Base = dyn_cast<DeclRefExpr>(memberBase(Binding, &Part));
  if (!Base || Base->getDecl() != Whole)
    return ResolvedValue::unknown(What + ": a part the analysis does not "
                                         "follow");
  Part.append(Path.begin(), Path.end());
  return withOrigin(Engine.resolvePart(Whole->getInit(), Part, Q.deeper()),
                    What, Engine.Locate(B->getLocation()));
}

ObjectValues::ObjectValues(ResolverEngine &Engine) : Engine(Engine) {}

ObjectValues::~ObjectValues() = default;

} // namespace cudalint
