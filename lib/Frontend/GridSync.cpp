//===- GridSync.cpp - Kernels that synchronize the whole grid -------------===//
//
// A breadth-first walk of the calls from a kernel's body through the
// functions the translation unit defines (template instantiations
// included, the toolkit's headers too) to cooperative_groups'
// grid_group::sync() / barrier_arrive(). Both trap (`if (!is_valid())
// _CG_ABORT()`, __trap() outside debug builds, in CUDA 12 and 13's
// <cooperative_groups.h>) unless the kernel was launched cooperatively.
//
// Not followed, so unknown: calls through pointers and virtual functions,
// functions defined in other translation units, and the generic
// thread_group's sync(), which dispatches on the group's type at run time.
//
//===----------------------------------------------------------------------===//

#include "GridSync.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <deque>

using namespace clang;

namespace cudalint {

namespace {

/// Whether D is declared inside namespace cooperative_groups (at any depth:
/// the toolkit puts it in cooperative_groups::__v1).
bool inCooperativeGroups(const Decl *D) {
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *N = dyn_cast<NamespaceDecl>(C))
      if (N->getIdentifier() && N->getName() == "cooperative_groups")
        return true;
  return false;
}

/// A method named Method of the cooperative_groups class Class.
bool isGroupMethod(const FunctionDecl *FD, StringRef Class,
                   ArrayRef<StringRef> Methods) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
  if (!MD || !MD->getIdentifier() ||
      !llvm::is_contained(Methods, MD->getName()))
    return false;
  const CXXRecordDecl *RD = MD->getParent();
  return RD && RD->getIdentifier() && RD->getName() == Class &&
         inCooperativeGroups(RD);
}

bool isIsValidQuery(const FunctionDecl *FD) {
  return isGroupMethod(FD, "grid_group", {"is_valid"});
}

/// The generic thread_group's methods switch on the group's type at run
/// time: a thread_group::sync() may or may not be a grid's.
bool isGenericGroupMethod(const FunctionDecl *FD) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
  if (!MD)
    return false;
  const CXXRecordDecl *RD = MD->getParent();
  return RD && RD->getIdentifier() && RD->getName() == "thread_group" &&
         inCooperativeGroups(RD);
}

/// "cooperative_groups::__v1::sync<cooperative_groups::__v1::grid_group>"
/// -> "cooperative_groups::sync<cooperative_groups::grid_group>": the ABI
/// namespace is the toolkit's business.
std::string withoutAbiNamespace(std::string Name) {
  static const llvm::Regex Abi("__v[0-9]+::");
  while (Abi.match(Name))
    Name = Abi.sub("", Name);
  return Name;
}

/// The calls in one function's body (lambda bodies belong to the lambda's
/// call operator, reached when something calls it), each with the innermost
/// branch condition it runs under: the then/else of an `if` (not `if
/// constexpr`: an instantiation keeps only the branch taken), a switch's
/// body, a conditional operator's arms, the right of && and ||. Loops are
/// not conditions: their body is the work the kernel is written to do.
class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  using Callback =
      llvm::function_ref<void(const FunctionDecl *Callee, SourceLocation Loc,
                              SourceLocation Condition, bool IsValidQuery)>;
  explicit CallFinder(Callback Found) : Found(Found) {}

  /// A lambda's body runs when something calls it (its call operator is a
  /// callee like any other); only its captures' initializers run here.
  bool TraverseLambdaExpr(LambdaExpr *E) {
    for (Expr *Init : E->capture_inits())
      if (Init && !TraverseStmt(Init))
        return false;
    return true;
  }

  bool TraverseIfStmt(IfStmt *S) {
    if (S->isConstexpr())
      return RecursiveASTVisitor::TraverseIfStmt(S);
    return traverse(S->getInit()) &&
           traverse(S->getConditionVariableDeclStmt()) &&
           traverse(S->getCond()) &&
           conditionally(S->getCond(), {S->getThen(), S->getElse()});
  }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    return traverse(S->getInit()) &&
           traverse(S->getConditionVariableDeclStmt()) &&
           traverse(S->getCond()) &&
           conditionally(S->getCond(), {S->getBody()});
  }
  bool TraverseConditionalOperator(ConditionalOperator *E) {
    return traverse(E->getCond()) &&
           conditionally(E->getCond(), {E->getTrueExpr(), E->getFalseExpr()});
  }
  bool TraverseBinaryOperator(BinaryOperator *E) {
    if (!E->isLogicalOp())
      return RecursiveASTVisitor::TraverseBinaryOperator(E);
    return traverse(E->getLHS()) && conditionally(E->getLHS(), {E->getRHS()});
  }

  bool VisitCallExpr(CallExpr *Call) {
    // A launch from device code starts another grid: its sync is its own.
    if (isa<CUDAKernelCallExpr>(Call))
      return true;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || isIsValidQuery(Callee))
      return true; // through a pointer: not followed
    if (const auto *MD = dyn_cast<CXXMethodDecl>(Callee);
        MD && MD->isVirtual()) {
      // The override that runs is not known unless the call names it.
      const auto *Member =
          dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParenImpCasts());
      if (!Member || !Member->hasQualifier())
        return true;
    }
    Found(Callee, Call->getBeginLoc(), condition(), false);
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    if (const CXXConstructorDecl *C = E->getConstructor())
      Found(C, E->getBeginLoc(), condition(), false);
    return true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    if (isIsValidQuery(Call->getMethodDecl()))
      Found(Call->getMethodDecl(), Call->getBeginLoc(), condition(), true);
    return true;
  }

private:
  bool traverse(Stmt *S) { return !S || TraverseStmt(S); }
  /// Traverses Parts as running only when Condition holds.
  bool conditionally(const Expr *Condition,
                     std::initializer_list<Stmt *> Parts) {
    Conditions.push_back(Condition ? Condition->getBeginLoc()
                                   : SourceLocation());
    bool Continue = true;
    for (Stmt *Part : Parts)
      if (Continue)
        Continue = traverse(Part);
    Conditions.pop_back();
    return Continue;
  }
  SourceLocation condition() const {
    return Conditions.empty() ? SourceLocation() : Conditions.back();
  }

  Callback Found;
  std::vector<SourceLocation> Conditions;
};

} // namespace

GridSyncFinder::GridSyncFinder(ASTContext &Ctx, Locator Locate, Namer Name)
    : Ctx(Ctx), Locate(std::move(Locate)), Name(std::move(Name)) {}

bool GridSyncFinder::isGridSync(const FunctionDecl *FD) {
  return isGroupMethod(FD, "grid_group", {"sync", "barrier_arrive"});
}

const GridSyncFinder::Summary &GridSyncFinder::summary(const FunctionDecl *FD) {
  auto It = Summaries.find(FD);
  if (It != Summaries.end())
    return It->second;
  Summary S;
  llvm::DenseMap<const FunctionDecl *, size_t> Seen;
  auto Found = [&](const FunctionDecl *Callee, SourceLocation Loc,
                   SourceLocation Condition, bool IsValidQuery) {
    if (IsValidQuery) {
      if (S.IsValidQuery.isInvalid())
        S.IsValidQuery = Loc;
      return;
    }
    const FunctionDecl *Def = Callee->getDefinition();
    const FunctionDecl *Target = Def ? Def : Callee;
    // Each callee once: where it is called unconditionally if it is.
    auto [It, New] =
        Seen.try_emplace(Target->getCanonicalDecl(), S.Calls.size());
    if (New)
      S.Calls.push_back({Target, Loc, Condition});
    else if (S.Calls[It->second].Condition.isValid() && Condition.isInvalid())
      S.Calls[It->second] = {Target, Loc, Condition};
  };
  CallFinder Finder(Found);
  if (Stmt *Body = FD->getBody())
    Finder.TraverseStmt(Body);
  // Constructors: their member initializers call too.
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(FD))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten())
        Finder.TraverseStmt(Init->getInit());
  return Summaries.try_emplace(FD, std::move(S)).first->second;
}

std::string GridSyncFinder::nameOf(const FunctionDecl *FD) {
  // A lambda by where it is written: "(lambda at k.cu:12:5)".
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && MD->getParent()->isLambda()) {
    const SourceManager &SM = Ctx.getSourceManager();
    PresumedLoc P =
        SM.getPresumedLoc(SM.getExpansionLoc(MD->getParent()->getLocation()));
    if (P.isValid())
      return (llvm::Twine("(lambda at ") +
              llvm::sys::path::filename(P.getFilename()) + ":" +
              llvm::Twine(P.getLine()) + ":" + llvm::Twine(P.getColumn()) + ")")
          .str();
  }
  return withoutAbiNamespace(Name(FD));
}

std::optional<GridSyncFact> GridSyncFinder::search(const FunctionDecl *Kernel,
                                                   bool AllowGuarded,
                                                   bool AllowConditional) {
  struct Reached {
    const FunctionDecl *From; // null for the kernel
    SourceLocation CallLoc, Condition;
  };
  llvm::DenseMap<const FunctionDecl *, Reached> How;
  std::deque<const FunctionDecl *> Queue;
  How[Kernel] = {nullptr, SourceLocation(), SourceLocation()};
  Queue.push_back(Kernel);
  // Enough for any real call graph; a bound keeps a pathological unit fast.
  constexpr size_t MaxFunctions = 20000;
  while (!Queue.empty() && How.size() < MaxFunctions) {
    const FunctionDecl *F = Queue.front();
    Queue.pop_front();
    const Summary &S = summary(F);
    if (!AllowGuarded && S.IsValidQuery.isValid())
      continue;
    for (const Call &C : S.Calls) {
      if (!AllowConditional && C.Condition.isValid())
        continue;
      if (isGridSync(C.Callee)) {
        // The chain, kernel first, from the functions that reached F.
        std::vector<std::pair<const FunctionDecl *, Call>> Steps = {{F, C}};
        for (const FunctionDecl *At = F; How[At].From; At = How[At].From)
          Steps.push_back(
              {How[At].From, {At, How[At].CallLoc, How[At].Condition}});
        std::reverse(Steps.begin(), Steps.end());
        GridSyncFact Fact;
        Fact.Sync = "cooperative_groups::grid_group::" +
                    cast<CXXMethodDecl>(C.Callee)->getName().str();
        const SourceManager &SM = Ctx.getSourceManager();
        for (size_t I = 0; I < Steps.size(); ++I) {
          const auto &[Caller, Step] = Steps[I];
          if (!Fact.GuardLoc.valid() && summary(Caller).IsValidQuery.isValid())
            Fact.GuardLoc = Locate(summary(Caller).IsValidQuery);
          if (!Fact.ConditionLoc.valid() && Step.Condition.isValid())
            Fact.ConditionLoc = Locate(Step.Condition);
          // Calls inside the toolkit's headers are its business; the call
          // from the user's code that leads there is the one to show.
          if (I > 0 && SM.isInSystemHeader(SM.getFileLoc(Step.Loc)))
            continue;
          Fact.Chain.push_back(
              {Locate(Step.Loc), nameOf(Caller), nameOf(Step.Callee)});
        }
        return Fact;
      }
      if (!C.Callee->hasBody() || isGenericGroupMethod(C.Callee) ||
          How.count(C.Callee))
        continue;
      How[C.Callee] = {F, C.Loc, C.Condition};
      Queue.push_back(C.Callee);
    }
  }
  return std::nullopt;
}

std::optional<GridSyncFact> GridSyncFinder::find(const FunctionDecl *Kernel) {
  if (!Kernel || !Kernel->hasBody())
    return std::nullopt;
  // The most certain chain first: unguarded and unconditional.
  for (auto [AllowGuarded, AllowConditional] :
       {std::pair(false, false), std::pair(false, true), std::pair(true, true)})
    if (std::optional<GridSyncFact> Fact =
            search(Kernel, AllowGuarded, AllowConditional))
      return Fact;
  return std::nullopt;
}

} // namespace cudalint
