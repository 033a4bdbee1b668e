//===- SteadyExpressions.cpp - Tested expressions that keep one value -----===//
//
// `if (cuda_arch[dev] >= 520) tpb = 32; else tpb = 160;` and later
// `if (cuda_arch[dev] >= 520) k_new<<<.., tpb>>>`: the two tests read the
// same value when nothing can change what `cuda_arch[dev]` reads between
// them, so the way through `tpb = 160` to the launch is infeasible. This is
// the rule the path conditions (PathConsistency.cpp) apply to a variable
// that keeps its first value, for any tested expression that reads memory
// (array elements, members, `this->` members, globals) with arithmetic:
//
// - the expression reads only variables (not through a reference or a
//   pointer, but `this`), `.` members, elements of arrays, and integers;
// - every change Clang's mutation analysis finds to what it reads is a
//   statement of the function's CFG that no path runs between two of the
//   expression's occurrences (a change that happens elsewhere, through a
//   reference bound or an address taken, keeps it unsteady);
// - for what other code may write (a global, a member of `*this`), each
//   call that may write memory, and each store through a pointer or a
//   reference, is such a change too; a destructor run on the way is not in
//   the CFG's statements, so a function that runs one has none.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "ResolverSupport.h"
#include "cudalint/Values/KnownFunctions.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"

using namespace clang;

namespace cudalint {

using namespace resolver;

namespace {

/// What a steady expression reads: a variable, or a member of `*this`.
struct Leaf {
  const ValueDecl *D;
  bool OfThis;
  /// The part of it read (`[?].n` in `cfg[i].n`); {} for the whole.
  MemberPath Part;
};

/// The leaves of E when E is integer arithmetic on reads of variables,
/// `.` members, array elements and `this->` members; false for anything
/// else (a call, an assignment, a read through a pointer or a reference).
class LeafReads : public ConstStmtVisitor<LeafReads, bool> {
public:
  explicit LeafReads(const ASTContext &Ctx) : Ctx(Ctx) {}
  llvm::SmallVector<Leaf, 4> Leaves;

  bool read(const Expr *E) {
    E = E->IgnoreParens();
    if (!E->isValueDependent() && E->getType()->isIntegralOrEnumerationType() &&
        E->isIntegerConstantExpr(Ctx))
      return true;
    return Visit(E);
  }
  bool VisitStmt(const Stmt *) { return false; }
  bool VisitDeclRefExpr(const DeclRefExpr *R) {
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    if (!V || V->getType()->isReferenceType() ||
        V->getType().isVolatileQualified())
      return false;
    Leaves.push_back({V->getCanonicalDecl(), false, {}});
    return true;
  }
  bool VisitMemberExpr(const MemberExpr *M) {
    const Expr *Base = M->getBase()->IgnoreParenImpCasts();
    if (M->getType().isVolatileQualified())
      return false;
    if (const auto *V = dyn_cast<VarDecl>(M->getMemberDecl())) {
      Leaves.push_back({V->getCanonicalDecl(), false, {}}); // a static member
      return true;
    }
    if (!isa<FieldDecl>(M->getMemberDecl()))
      return false;
    if (M->isArrow()) {
      if (!isa<CXXThisExpr>(Base))
        return false;
      Leaves.push_back({M->getMemberDecl(), true, {}});
      return true;
    }
    size_t Root = Leaves.size();
    return read(M->getBase()) && readPart(M, Root);
  }
  bool VisitArraySubscriptExpr(const ArraySubscriptExpr *S) {
    const Expr *Array = S->getBase()->IgnoreParenImpCasts();
    size_t Root = Leaves.size();
    return Array->getType()->isArrayType() && read(Array) &&
           read(S->getIdx()) && readPart(S, Root);
  }
  bool VisitCastExpr(const CastExpr *C) {
    switch (C->getCastKind()) {
    case CK_LValueToRValue:
    case CK_NoOp:
    case CK_IntegralCast:
    case CK_IntegralToBoolean:
      return read(C->getSubExpr());
    default:
      return false;
    }
  }
  bool VisitBinaryOperator(const BinaryOperator *B) {
    return !B->isAssignmentOp() && !B->isCommaOp() && read(B->getLHS()) &&
           read(B->getRHS());
  }
  bool VisitUnaryOperator(const UnaryOperator *U) {
    UnaryOperatorKind Op = U->getOpcode();
    return (Op == UO_Minus || Op == UO_Plus || Op == UO_Not || Op == UO_LNot) &&
           read(U->getSubExpr());
  }

private:
  /// The part Part reads of the leaf at Root, the first its base read
  /// (the outermost part wins: it is set last).
  bool readPart(const Expr *Part, size_t Root) {
    if (Root < Leaves.size())
      memberBase(Part, &Leaves[Root].Part);
    return true;
  }
  const ASTContext &Ctx;
};

/// Where F's body names a leaf (a variable, `this->member`), and the
/// statements that may change memory other code shares: calls that may
/// write it, stores through a pointer or a reference.
class Occurrences : public RecursiveASTVisitor<Occurrences> {
public:
  explicit Occurrences(llvm::ArrayRef<Leaf> Leaves) : Leaves(Leaves) {}
  llvm::SmallVector<const Expr *, 8> Reads;
  llvm::SmallVector<const DeclStmt *, 2> Declarations;
  llvm::SmallVector<const Stmt *, 8> SharedWrites;
  /// Reads used as values (`n`, `s.x`, `v[i]` as an rvalue), which
  /// cannot change their leaf: Clang's mutation analysis, whose every
  /// question matches over the whole body, is not asked about them.
  llvm::DenseSet<const Expr *> ValueReads;
  /// A destructor may run, out of sight of the CFG's statements.
  bool Opaque = false;

  /// The part of its leaf each read heads (`[?].n` for `cfg` in
  /// `cfg[i].n = 0`), outermost first.
  llvm::DenseMap<const Expr *, MemberPath> PartOf;

  // (Visited before the reads they hold.)
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue)
      ValueReads.insert(memberBase(C->getSubExpr()));
    return true;
  }
  bool VisitExpr(Expr *E) {
    MemberPath Part;
    const Expr *Root = memberBase(E, &Part);
    if (Root != E->IgnoreParenImpCasts())
      PartOf.try_emplace(Root, std::move(Part));
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *R) {
    if (names(R->getDecl(), false))
      Reads.push_back(R);
    return true;
  }
  bool VisitMemberExpr(MemberExpr *M) {
    if (isa<CXXThisExpr>(M->getBase()->IgnoreParenImpCasts()) &&
        names(M->getMemberDecl(), true))
      Reads.push_back(M);
    return true;
  }
  bool VisitDeclStmt(DeclStmt *S) {
    for (const Decl *D : S->decls())
      if (const auto *V = dyn_cast<VarDecl>(D)) {
        if (names(V, false))
          Declarations.push_back(S); // a new value each time it runs
        if (const CXXRecordDecl *RD =
                V->getType()->getBaseElementTypeUnsafe()->getAsCXXRecordDecl())
          Opaque |= RD->hasDefinition() && !RD->hasTrivialDestructor();
      }
    return true;
  }
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *) {
    Opaque = true;
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp() && !localStore(B->getLHS()))
      SharedWrites.push_back(B);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() && !localStore(U->getSubExpr()))
      SharedWrites.push_back(U);
    return true;
  }
  // (A constexpr function, std::min or dim3's constructor, writes no
  // memory of the caller's; a launch runs on the device; a call that never
  // returns ends the way.)
  bool VisitCallExpr(CallExpr *C) {
    if (isa<CUDAKernelCallExpr>(C) || llvm::is_contained(Configs, C))
      return true;
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee || !(Callee->isConstexpr() || knownFunction(Callee) ||
                     Callee->isNoReturn()))
      SharedWrites.push_back(C);
    return true;
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
    Configs.push_back(K->getConfig());
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (const CXXConstructorDecl *Ctor = C->getConstructor();
        !Ctor->isTrivial() && !Ctor->isConstexpr())
      SharedWrites.push_back(C);
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *N) {
    SharedWrites.push_back(N);
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *D) {
    SharedWrites.push_back(D);
    return true;
  }

private:
  llvm::ArrayRef<Leaf> Leaves;
  llvm::SmallVector<const Expr *, 2> Configs;
  bool names(const ValueDecl *D, bool OfThis) const {
    const auto *Canonical = cast<ValueDecl>(D->getCanonicalDecl());
    return llvm::any_of(Leaves, [&](const Leaf &L) {
      return L.OfThis == OfThis && L.D == Canonical;
    });
  }
  /// Whether a store to E writes a local variable of the function itself
  /// (or a `.` member or an array element of one), which no other code's
  /// memory can be.
  static bool localStore(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (true) {
      if (const auto *M = dyn_cast<MemberExpr>(E); M && !M->isArrow())
        E = M->getBase()->IgnoreParenImpCasts();
      else if (const auto *S = dyn_cast<ArraySubscriptExpr>(E);
               S &&
               S->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        E = S->getBase()->IgnoreParenImpCasts();
      else
        break;
    }
    const auto *R = dyn_cast<DeclRefExpr>(E);
    const auto *V = R ? dyn_cast<VarDecl>(R->getDecl()) : nullptr;
    return V && V->hasLocalStorage() && !V->getType()->isReferenceType();
  }
};

/// Whether a mutation Clang's analysis found for Read happens at the
/// statement it returns: not when the read's address is taken, it decays
/// to a pointer or a reference is bound to it (the change comes later,
/// through them), nor when the statement does not hold the read.
bool changesInPlace(const Stmt *Mutation, const Expr *Read, ASTContext &Ctx) {
  if (const auto *U = dyn_cast<UnaryOperator>(Mutation);
      U && U->getOpcode() == UO_AddrOf)
    return false;
  if (const auto *C = dyn_cast<CastExpr>(Mutation);
      C && C->getCastKind() == CK_ArrayToPointerDecay)
    return false;
  if (isa<DeclStmt, LambdaExpr>(Mutation))
    return false;
  DynTypedNode Node = DynTypedNode::create(*Read);
  for (int Up = 0; Up < 64; ++Up) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty())
      return false;
    if (Parents[0].get<Stmt>() == Mutation)
      return true;
    Node = Parents[0];
  }
  return false;
}

} // namespace

bool PathConditions::steadyBetweenTests(const Expr *E, const FunctionDecl *F,
                                        const FunctionFlow &Flow) {
  LeafReads Reads(Engine.Ctx);
  if (!Reads.read(E) || Reads.Leaves.empty())
    return false;
  bool Shared = false;
  for (const Leaf &L : Reads.Leaves) {
    const auto *V = dyn_cast<VarDecl>(L.D);
    if (V && V->hasLocalStorage() && enclosingFunction(V) != F)
      return false; // a capture: its function's changes are not F's
    Shared |= L.OfThis || !V || !V->hasLocalStorage();
  }
  Occurrences Found(Reads.Leaves);
  Found.TraverseStmt(F->getBody());
  if (Shared && Found.Opaque)
    return false;
  // What may change E: each mutation of a read of a leaf, where it happens.
  llvm::SmallVector<const Stmt *, 8> Changes(Found.Declarations.begin(),
                                             Found.Declarations.end());
  ExprMutationAnalyzer &Mutations = Engine.mutationsIn(F);
  // A read that changes no part E reads is not asked about: `cfg[i].m = 0`
  // leaves `cfg[j].n` as it was.
  auto MayChangeARead = [&](const Expr *Read) {
    if (Found.ValueReads.count(Read))
      return false;
    const ValueDecl *D = isa<DeclRefExpr>(Read)
                             ? cast<DeclRefExpr>(Read)->getDecl()
                             : cast<MemberExpr>(Read)->getMemberDecl();
    auto Part = Found.PartOf.find(Read);
    MemberPath Changed =
        Part == Found.PartOf.end() ? MemberPath() : Part->second;
    return llvm::any_of(Reads.Leaves, [&](const Leaf &L) {
      return L.D == D->getCanonicalDecl() && partsOverlap(L.Part, Changed);
    });
  };
  for (const Expr *Read : Found.Reads)
    if (const Stmt *M =
            MayChangeARead(Read) ? Mutations.findMutation(Read) : nullptr) {
      if (!changesInPlace(M, Read, Engine.Ctx))
        return false;
      Changes.push_back(M);
    }
  if (Shared)
    Changes.append(Found.SharedWrites.begin(), Found.SharedWrites.end());
  // The tests: every place F reads E.
  llvm::FoldingSetNodeID Wanted;
  E->IgnoreParenImpCasts()->Profile(Wanted, Engine.Ctx, /*Canonical=*/true);
  llvm::SmallVector<const Stmt *, 4> Tests;
  for (const Expr *Read : Found.Reads)
    for (DynTypedNode Node = DynTypedNode::create(*Read);;) {
      const auto *X = Node.get<Expr>();
      if (!X)
        break;
      llvm::FoldingSetNodeID Id;
      X->IgnoreParenImpCasts()->Profile(Id, Engine.Ctx, /*Canonical=*/true);
      if (Id == Wanted) {
        if (!llvm::is_contained(Tests, X))
          Tests.push_back(X);
        break;
      }
      DynTypedNodeList Parents = Engine.Ctx.getParents(Node);
      if (Parents.empty())
        break;
      Node = Parents[0];
    }
  auto InFlow = [&](const Stmt *S) { return Flow.contains(S); };
  if (!llvm::all_of(Tests, InFlow) || !llvm::all_of(Changes, InFlow))
    return false;
  auto AnyEdge = [](const CFGBlock &, unsigned) { return true; };
  for (const Stmt *C : Changes) {
    bool After = llvm::any_of(Tests, [&](const Stmt *T) {
      return Flow.reachesAlong(T, {}, C, AnyEdge);
    });
    if (After && llvm::any_of(Tests, [&](const Stmt *T) {
          return Flow.reachesAlong(C, {}, T, AnyEdge);
        }))
      return false;
  }
  return true;
}

ExprMutationAnalyzer &ResolverEngine::mutationsIn(const FunctionDecl *F) {
  std::unique_ptr<ExprMutationAnalyzer> &Mutations = MutationAnalyzers[F];
  if (!Mutations)
    Mutations = std::make_unique<ExprMutationAnalyzer>(*F->getBody(), Ctx);
  return *Mutations;
}

} // namespace cudalint
