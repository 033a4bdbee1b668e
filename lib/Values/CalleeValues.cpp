//===- CalleeValues.cpp - The result of a call to a function of the file --===//
//
// `int t = iDivUp(n, 256)`, `blocks = roundUp(len)`: the value a function
// defined in the file returns for this call is what its `return`s give
// with each parameter standing for this call's argument. A return that no
// path reaches with the arguments' values (`if (n < 1) return 0;` called
// with 64) gives nothing. The call is entered alone: its parameters are
// this call's arguments, never another caller's.
//
//===----------------------------------------------------------------------===//

#include "ResolverEngine.h"

#include "BranchTests.h"
#include "CallInterpreter.h"
#include "ResolverSupport.h"
#include "RunTimeInputs.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using llvm::SmallVector;

namespace cudalint {

using namespace resolver;

namespace {
/// The `return`s of a function's own body (not those of its lambdas or
/// local classes).
struct Returns : RecursiveASTVisitor<Returns> {
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  bool TraverseBlockExpr(BlockExpr *) { return true; }
  bool TraverseCXXRecordDecl(CXXRecordDecl *) { return true; }
  bool VisitReturnStmt(ReturnStmt *R) {
    Found.push_back(R);
    return true;
  }
  SmallVector<const ReturnStmt *, 4> Found;
};

/// How many values of an argument are tried on the callee's branches.
constexpr size_t MaxTriedValues = 16;
} // namespace

std::optional<ResolvedValue>
CallValues::resolveCallResult(const CallExpr *Call, const ValueQuery &Q,
                              llvm::ArrayRef<std::string> Path) {
  const FunctionDecl *F = Call->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  // Library functions (in system headers) are not entered: their results
  // are the library's business, and their bodies are large.
  if (!F || !F->hasBody(Def) ||
      !(Path.empty() ? Def->getReturnType()->isIntegerType()
                     : Def->getReturnType()->isRecordType()) ||
      Def->isVariadic() || isa<CXXOperatorCallExpr>(Call) ||
      Engine.Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    return std::nullopt;
  std::string What = "the result of '" + F->getNameAsString() + "'";
  if (const auto *M = dyn_cast<CXXMethodDecl>(Def); M && M->isVirtual())
    return ResolvedValue::unknown(What + ": a virtual call");
  if (Q.scope().PinnedCalls.count(Def))
    return ResolvedValue::unknown(What + ": a recursive call");
  if (Call->getNumArgs() < Def->getNumParams())
    return ResolvedValue::unknown(What + ": fewer arguments than parameters");

  // In the callee, each parameter is this call's argument: bound while it
  // keeps its first value, else its value on entry (the pinned call).
  QueryScope InCallee = Q.scope().enteringCall(Def, Call);
  // The values of the parameters the callee's branches may test.
  SmallVector<std::pair<const ParmVarDecl *, std::vector<int64_t>>, 4> Tried;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *Parm = Def->getParamDecl(I);
    if (!Engine.keepsFirstValue(Parm))
      continue;
    InCallee.BoundParameters[Parm] = Call->getArg(I);
    if (!Parm->getType()->isIntegerType())
      continue;
    ResolvedValue Argument = Engine.resolveInt(Call->getArg(I), Q.deeper());
    if ((Argument.isConstant() || Argument.K == ResolvedValue::Kind::Set) &&
        Argument.Values.size() <= MaxTriedValues)
      Tried.emplace_back(Parm, Argument.Values);
  }
  ValueQuery Inner = Q.within(InCallee).deeper();

  // Each branch on a tried parameter lets a path on when one of the
  // argument's values passes it.
  auto Allowed = [&](const CFGBlock &B, unsigned Succ) {
    for (const auto &[Parm, Values] : Tried) {
      auto Is = [P = Parm](const Expr *E) { return refersTo(E, P); };
      if (llvm::none_of(Values, [&](int64_t X) {
            return branchAllows(B, Succ, Is, X, Engine.Constants,
                                /*Exact=*/true);
          }))
        return false;
    }
    return true;
  };
  Returns Body;
  Body.TraverseStmt(Def->getBody());
  const FunctionFlow *Flow = Engine.flowOf(Def);
  SmallVector<const ReturnStmt *, 4> Reached;
  SmallVector<const Stmt *, 4> Returns(Body.Found.begin(), Body.Found.end());
  std::vector<bool> FromEntry =
      Flow ? Flow->reachedFromEntry(Returns, Allowed) : std::vector<bool>{};
  for (size_t I = 0; I < Body.Found.size(); ++I)
    if (!Flow || !Flow->contains(Body.Found[I]) || FromEntry[I])
      Reached.push_back(Body.Found[I]);
  if (Reached.empty())
    return ResolvedValue::unknown(What + ": no return is reached");

  SmallVector<ResolvedValue, 4> Parts;
  for (const ReturnStmt *R : Reached) {
    if (!R->getRetValue())
      return ResolvedValue::unknown(What + ": a return without a value");
    ResolvedValue Part = Engine.resolvePart(R->getRetValue(), Path, Inner);
    // A value is shown to come back only from a return every path through
    // the function reaches, and with two returns reached none is: a path
    // ends at the first return it meets.
    if (Reached.size() > 1)
      Part.Proven.clear();
    Parts.push_back(withOrigin(std::move(Part),
                               "the return of '" + F->getNameAsString() + "'",
                               Engine.Locate(R->getBeginLoc())));
  }
  ResolvedValue Result = join(Parts);
  // (`nextPowerOfTwo(ext.z)` reads better than its seven steps.)
  if (Path.empty() && Result.isSymbolic())
    Result =
        symbolicCall(Result, spelledOnOneLine(Call, Engine.Ctx)
                                 .value_or(F->getNameAsString() + "(...)"));
  // Its returns read as values say nothing (a loop's variable): run it.
  if (!Result.isKnown())
    if (std::optional<ResolvedValue> Run = interpretedCall(Def, Call, Q))
      return Run;
  if (!Result.isKnown())
    Result.Reason = What + (Result.Reason.empty() ? "" : ": " + Result.Reason);
  return Result;
}

std::optional<ResolvedValue>
CallValues::interpretedCall(const FunctionDecl *Def, const CallExpr *Call,
                            const ValueQuery &Q) {
  std::vector<ResolvedValue> Args;
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    if (!Def->getParamDecl(I)->getType()->isIntegerType())
      return std::nullopt;
    Args.push_back(Engine.resolveInt(Call->getArg(I), Q.deeper()));
    if (!Args.back().isKnown())
      return std::nullopt;
  }
  if (!Interpreter)
    Interpreter =
        std::make_unique<CallInterpreter>(Engine.Ctx, Engine.Constants);
  ResolvedValue R = Interpreter->run(Def, Args);
  std::string What = "the result of '" + Def->getNameAsString() + "'";
  if (Interpreter->overBudget(R))
    return ResolvedValue::unknown(What + ": " + R.Reason);
  if (!R.isKnown())
    return std::nullopt;
  return withOrigin(std::move(R), What + " run with this call's arguments",
                    Engine.Locate(Call->getBeginLoc()));
}

CallValues::CallValues(ResolverEngine &Engine) : Engine(Engine) {}

CallValues::~CallValues() = default;

} // namespace cudalint
