//===- ResolverEngine.h - The value engine and its parts -------*- C++ -*-===//
//
// ValueResolver's engine: expressions (constants, arithmetic, min/max,
// casts, kernels as values, dim3 and struct parts, array elements, floating
// point) and what every part shares (the AST, the callers' index, each
// function's CFG, definitions and mutation analysis, built once). Its parts
// follow the rest: variables to their definitions (DefinitionValues),
// objects (ObjectValues), values across calls (CallValues) and the
// conditions on the way (PathConditions). Each part reaches the others
// through the engine, as the parts' own rules need them.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_RESOLVERENGINE_H
#define CUDALINT_LIB_VALUES_RESOLVERENGINE_H

#include "CallValues.h"
#include "DefinitionValues.h"
#include "ObjectValues.h"
#include "PathConditions.h"
#include "ResolverParts.h"

#include "cudalint/Values/FloatValues.h"
#include "cudalint/Values/KnownFunctions.h"

#include "cudalint/Facts/ValueArithmetic.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class ArraySubscriptExpr;
class BinaryOperator;
class CallExpr;
class DeclRefExpr;
class Expr;
class ExprMutationAnalyzer;
class FunctionDecl;
class MangleContext;
class NamedDecl;
class UnaryOperator;
class VarDecl;
} // namespace clang

namespace cudalint {

class DefinitionCollector;
class FunctionFlow;

class ResolverEngine {
public:
  ResolverEngine(clang::ASTContext &Ctx, const CallerIndex &Callers,
                 LocationMapper Locate);
  ~ResolverEngine();

  // What ValueResolver, the facade, asks (ValueResolver.h says what each
  // is).
  ResolvedValue resolveInt(const clang::Expr *E, CallPin Pin = {});
  std::optional<bool> truthOf(const clang::Expr *Cond, CallPin Pin);
  Dim3Value resolveDim3(const clang::Expr *E, CallPin Pin = {});
  CallPin choosing(CallPin Pin, const clang::Expr *Callee,
                   llvm::StringRef Mangled);
  ValueResolver::Kernels kernelsIn(ResolvedValue R) const;
  ResolvedValue resolveMember(const clang::Expr *E,
                              llvm::ArrayRef<std::string> Path);
  llvm::ArrayRef<CallOf> callsOf(const clang::FunctionDecl *F) const;
  bool isOccupancyTuned(const clang::Expr *E);
  std::vector<ExternalCall> externalCalls();
  std::vector<std::string> definedFunctions();
  std::string mangledName(const clang::NamedDecl *D);

  // Expressions (ExpressionValues.cpp, ResolverEngine.cpp, ValueParts.cpp,
  // ValueElements.cpp, FloatExpressions.cpp, KernelChoice.cpp,
  // ExternalCalls.cpp).

  ResolvedValue resolveInt(const clang::Expr *E, const ValueQuery &Q);
  /// E as an integer constant expression (a literal, constexpr, enumerator,
  /// sizeof, template argument), with where it came from; none otherwise.
  std::optional<ResolvedValue> constantValue(const clang::Expr *E);
  /// `a op b`, with `s * s` read as one value squared.
  /// The value `n++`, `++n`, `n--` or `--n` leaves in n.
  ResolvedValue resolveStepped(const clang::UnaryOperator *U,
                               const ValueQuery &Q);
  ResolvedValue resolveBinary(const clang::BinaryOperator *B,
                              const ValueQuery &Q);
  /// min, max and clamp, under their std, CUDA and C names; none for
  /// another call.
  std::optional<ResolvedValue> resolveLimits(const clang::CallExpr *Call,
                                             const ValueQuery &Q);
  /// The conditions, with their truth, under which Callee holds Kernel
  /// (the ternaries that choose it, written in the callee or in the
  /// initialiser of a variable that keeps it), added to Scope's known ones.
  void addKernelChoice(QueryScope &Scope, CallPin Pin);
  /// Value, a launch value E resolved in Scope, resolved again (Resolve)
  /// once per value of each local variable the branches and loops around
  /// E test, the results joined (Join, given whether each root value is
  /// shown to reach the launch; none when a part is less known than Value),
  /// while SeveralValues says there is more than one value
  /// (RootValues.cpp).
  template <class T>
  T byRootValues(T Value, const clang::Expr *E, const QueryScope &Scope,
                 llvm::function_ref<bool(const T &)> SeveralValues,
                 llvm::function_ref<T(const ValueQuery &)> Resolve,
                 llvm::function_ref<std::optional<T>(
                     std::vector<T>, const std::vector<bool> &Reached)>
                     Join);
  /// Whether Read, a read of Root (one of the query's pinned roots), reads
  /// the value Root has at the launch: no definition of Root runs between
  /// its last run and the launch.
  bool holdsLaunchValue(const clang::VarDecl *Root, const clang::Expr *Read,
                        const ValueQuery &Q);
  /// V, a value of a launch whose kernel is an element of a local or
  /// global array (`kernel[i]<<<...>>>`), on the paths where the index is a
  /// position that may hold Pin's kernel; V itself otherwise.
  ResolvedValue underKernelIndex(ResolvedValue V, CallPin Pin,
                                 const ValueQuery &Q);
  /// A fresh query for a launch argument Use: the conditions of the `if`
  /// branches it sits in (the condition, and the branch taken), a budget of
  /// its own.
  QueryScope scopeAt(const clang::Expr *Use, CallPin Pin = {}) const;
  int64_t kernelToken(const clang::FunctionDecl *K);
  Dim3Value resolveDim3(const clang::Expr *E, const ValueQuery &Q);
  /// dim3(x, y, z) from its written arguments; a missing one is 1.
  Dim3Value fromArguments(llvm::ArrayRef<const clang::Expr *> Args,
                          const ValueQuery &Q);
  /// The part at Path of the value E.
  ResolvedValue resolvePart(const clang::Expr *E,
                            llvm::ArrayRef<std::string> Path,
                            const ValueQuery &Q);
  /// min(A, B) or max(A, B) (Meaning, of the known functions' table) in a
  /// result of type Bounds: applyIntegerOp, or with one side unknown the
  /// range the other side and the type give (boundByOneSide); none for
  /// another meaning.
  std::optional<ResolvedValue>
  resolveMinMax(KnownMeaning Meaning, const std::string &What,
                const clang::Expr *A, const clang::Expr *B,
                const IntegerBounds &Bounds, const clang::Expr *E,
                const ValueQuery &Q);
  /// E converted to an integer when E, through parentheses and implicit
  /// conversions, converts a floating-point value to one
  /// (FloatExpressions.cpp); none otherwise.
  std::optional<ResolvedValue> convertedFloat(const clang::Expr *E,
                                              const ValueQuery &Q);
  /// The value of a floating-point expression of type float or double.
  FloatValue resolveFloat(const clang::Expr *E, const ValueQuery &Q);
  /// A call of a known function (rounding, min, max) on floating point.
  FloatValue knownFloatCall(KnownMeaning Meaning, const clang::CallExpr *Call,
                            FloatWidth W, const ValueQuery &Q);
  ResolvedValue resolveArrayElement(const clang::ArraySubscriptExpr *Sub,
                                    const ValueQuery &Q);
  /// The element a range-for binds when Begin is its `__begin` iterator:
  /// any element of the braced list, const array or const std::array it
  /// iterates; none when Begin is no such iterator.
  std::optional<ResolvedValue>
  rangeForElement(const clang::VarDecl *Begin, const ValueQuery &Q,
                  llvm::ArrayRef<std::string> Path = {});
  /// The indices `sizes[i]` reads one per iteration when i counts up by
  /// one from a constant to a constant bound in the `for` that declares it
  /// and the loop body leaves i alone; none otherwise.
  std::optional<std::pair<int64_t, int64_t>>
  iteratedIndices(const clang::ArraySubscriptExpr *Sub);
  /// Whether V is a local variable or parameter that no statement changes
  /// after its initialiser (and whose address goes nowhere).
  bool keepsFirstValue(const clang::VarDecl *V);
  /// Clang's analysis of what may change a variable in F, built once.
  clang::ExprMutationAnalyzer &mutationsIn(const clang::FunctionDecl *F);

  /// F's CFG with its reaching definitions; null when Clang cannot build it.
  const FunctionFlow *flowOf(const clang::FunctionDecl *F);
  /// The definitions of V in F's body, collected once.
  const DefinitionCollector &definitionsOf(const clang::VarDecl *V,
                                           const clang::FunctionDecl *F);

  // What every part shares.
  /// Kernels as values: each kernel met as a value (`k`, `&k`, `(void *)k`)
  /// is a token the integer domain carries like a constant. Tokens lie far
  /// below any launch value and never leave the resolver.
  static constexpr int64_t KernelTokenBase = -(int64_t(1) << 62);
  std::vector<const clang::FunctionDecl *> KernelTokens;

  clang::ASTContext &Ctx;
  /// Integer constant expressions of Ctx, each evaluated once.
  ConstantCache Constants;
  const CallerIndex &Callers;
  LocationMapper Locate;
  /// Per variable, its definitions in its function, collected once.
  llvm::DenseMap<const clang::VarDecl *, std::unique_ptr<DefinitionCollector>>
      Collectors;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<FunctionFlow>>
      Flows;
  /// Per function, Clang's analysis of what may change a variable.
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::unique_ptr<clang::ExprMutationAnalyzer>>
      MutationAnalyzers;
  /// Whether Use, a variable's mention in F, may be changed there as the
  /// instantiation pattern of F says when F is a template instance:
  /// Clang's analysis of the pattern counts a call it cannot resolve yet as
  /// a change, so "no" holds for every instance, and one analysis serves
  /// them all (a launch line instantiated 2,160 times). True when F is no
  /// instance or the pattern has no such mention.
  bool patternMayChange(const clang::FunctionDecl *F,
                        const clang::DeclRefExpr *Use);
  /// Per pattern, its variables' mentions by location (null where two
  /// share one).
  llvm::DenseMap<
      const clang::FunctionDecl *,
      llvm::DenseMap<clang::SourceLocation, const clang::DeclRefExpr *>>
      PatternMentions;
  std::unique_ptr<clang::MangleContext> Mangler;
  /// Per local array that is not const, whether its function only reads
  /// its elements (elementsOnlyRead): the body is walked once per array,
  /// not once per element read.
  llvm::DenseMap<const clang::VarDecl *, bool> ElementsOnlyRead;
  bool elementsOnlyRead(const clang::VarDecl *V, const clang::FunctionDecl *F);

  // The parts, each built on the shared state above.
  DefinitionValues Definitions{*this};
  ObjectValues Objects{*this};
  CallValues Calls{*this};
  PathConditions Paths{*this};
};

} // namespace cudalint

#endif
