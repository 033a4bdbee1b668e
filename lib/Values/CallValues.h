//===- CallValues.h - Values across calls -----------------------*- C++ -*-===//
//
// Values across calls: a parameter from what its callers pass, a result
// from the callee's body (or the interpreter), and template arguments
// from the run-time tests that dispatch to their instance.
// Defined in CallerValues.cpp, CalleeValues.cpp and TemplateDispatch.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_CALLVALUES_H
#define CUDALINT_LIB_VALUES_CALLVALUES_H

#include "ResolverParts.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CallExpr;
class Decl;
class FunctionDecl;
class ParmVarDecl;
class Stmt;
class SubstNonTypeTemplateParmExpr;
class VarDecl;
} // namespace clang

namespace cudalint {

class ResolverEngine;
class CallInterpreter;
class FunctionFlow;

class CallValues {
public:
  explicit CallValues(ResolverEngine &Engine);
  ~CallValues();
  /// R, the constant the template argument Subst substitutes, as the
  /// instance that owns the argument is called (TemplateDispatch.cpp):
  /// where every call of the instance runs only when a run-time value
  /// equals the argument (`case 4096: run<4096>()`), the argument is known
  /// from that branch test, and unknown, with why, where the run-time value
  /// never has it.
  ResolvedValue
  dispatchedArgument(const clang::SubstNonTypeTemplateParmExpr *Subst,
                     ResolvedValue R);
  /// Whether V, tested on the way to Target in F, holds one value at each
  /// test: it keeps its first value, or it is a parameter that only the
  /// statements no path takes on to Target change or hand on.
  bool unchangedBefore(const clang::VarDecl *V, const clang::FunctionDecl *F,
                       const FunctionFlow &Flow, const clang::Stmt *Target);
  /// How Instance's calls reach it with a template argument of value N.
  DispatchReach dispatchReach(const clang::FunctionDecl *Instance, int64_t N);
  /// The result of Call, to Def, a function of the file, run by the
  /// interpreter on the arguments' values (CallInterpreter.h); none when an
  /// argument is unknown or the body uses what it does not evaluate.
  std::optional<ResolvedValue> interpretedCall(const clang::FunctionDecl *Def,
                                               const clang::CallExpr *Call,
                                               const ValueQuery &Q);
  /// The result of Call when its callee is a function defined in the file
  /// (CalleeValues.cpp); none for a call it does not enter. With Path, the
  /// part at Path of a result of record type.
  std::optional<ResolvedValue>
  resolveCallResult(const clang::CallExpr *Call, const ValueQuery &Q,
                    llvm::ArrayRef<std::string> Path = {});
  ResolvedValue resolveParameter(const clang::ParmVarDecl *Parm,
                                 const ValueQuery &Q,
                                 llvm::ArrayRef<std::string> Path,
                                 const std::string &What);
  /// A parameter's part when no call in the file passes it, or when calls
  /// through pointers pass it (ThroughPointers): a size read at run time (an
  /// integer part of an instance or a function that is not a template),
  /// else unknown. Without ThroughPointers, what a run over other files
  /// replaces.
  ResolvedValue uncalledParameter(const clang::ParmVarDecl *Parm,
                                  llvm::ArrayRef<std::string> Path,
                                  const std::string &What,
                                  bool ThroughPointers = false);

  /// What a call leaves in the variable it passes to the reference
  /// parameter Parm: the assignments to Parm that reach its function's exit
  /// (unknown when a path leaves it unassigned).
  ResolvedValue resolveOutParameter(const clang::ParmVarDecl *Parm,
                                    const ValueQuery &Q);

private:
  ResolverEngine &Engine;
  /// Per instance and template parameter, dispatchReach's answer.
  std::map<std::pair<const clang::Decl *, const clang::Decl *>, DispatchReach>
      Dispatches;
  std::unique_ptr<CallInterpreter> Interpreter;
};

} // namespace cudalint

#endif
