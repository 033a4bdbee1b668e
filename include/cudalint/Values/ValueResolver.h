//===- ValueResolver.h - Launch parameters as constants, sets, ranges -*- C++
//-*-===//

#ifndef CUDALINT_VALUERESOLVER_H
#define CUDALINT_VALUERESOLVER_H

#include "cudalint/Values/BranchRoots.h"
#include "cudalint/Values/FloatValues.h"
#include "cudalint/Values/LocationMapper.h"
#include "cudalint/Values/ValueQuery.h"

#include "cudalint/Facts/Facts.h"
#include "cudalint/Facts/ValueArithmetic.h"

#include "clang/AST/Type.h"
#include "clang/Basic/SourceLocation.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace clang {
class ASTContext;
class BinaryOperator;
class CFGBlock;
class QualType;
class ArraySubscriptExpr;
class BindingDecl;
class CallExpr;
class CXXConstructExpr;
class CXXMemberCallExpr;
class CXXMethodDecl;
class ExprMutationAnalyzer;
class ParmVarDecl;
class Stmt;
class Expr;
class FunctionDecl;
class SubstNonTypeTemplateParmExpr;
class LambdaExpr;
class MangleContext;
class NamedDecl;
class VarDecl;
} // namespace clang

namespace cudalint {

class CallInterpreter;
class DefinitionCollector;
class ExpressionValues;
struct Definition;
struct ThisEffects;
struct GrowthStep;
class FunctionFlow;

/// Whether an expression is the subject branches test: a variable, or an
/// expression like `C / H` (compared structurally).
using TestedSubject = llvm::function_ref<bool(const clang::Expr *)>;

/// A part of a variable: {} for all of it, {"x"}, {"blockDim", "x"},
/// {"[0]", "val", "clusterDim", "x"}.
using MemberPath = llvm::SmallVector<std::string, 2>;

/// A call that hands a function its parameters' values: a direct call, or
/// a call `fn(args...)` through a parameter `fn` of a function pointer type
/// (a benchmark harness `h(f, args...)`); then Via is the call of h that
/// passes f, the only call of h whose arguments reach f that way.
struct CallOf {
  const clang::CallExpr *Call = nullptr;
  const clang::CallExpr *Via = nullptr;
};

/// Every call of each function in the translation unit, to resolve a
/// parameter from what its callers pass. A function whose address goes
/// anywhere else may be called from anywhere: it is in AddressTaken and
/// has no callers listed.
struct CallerIndex {
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallVector<CallOf, 4>>
      Calls;
  llvm::DenseSet<const clang::FunctionDecl *> AddressTaken;
  /// Reference parameters the function only reads or forwards to by-value
  /// or read-only reference parameters: passing a variable to one does not
  /// change it.
  llvm::DenseSet<const clang::ParmVarDecl *> ReadOnlyReferences;
  /// `v` in `std::forward<T>(v)` or `std::move(v)` handed to a parameter
  /// that takes a copy, or to a read-only reference parameter: v is read
  /// there, not changed.
  llvm::DenseSet<const clang::Expr *> ForwardedToCopies;
};
CallerIndex indexCallers(clang::ASTContext &Ctx);

/// A function taken as entered through one call only: what its
/// parameters hold comes from that call. A launch wrapper's kernel and its
/// launch values are resolved call by call, so that they stay together.
struct CallPin {
  const clang::FunctionDecl *Function = nullptr;
  const clang::CallExpr *Call = nullptr;
  /// The kernel a launch through a pointer is checked for, and the
  /// launch's callee: the conditions that choose that kernel hold for its
  /// launch values too (KernelChoice.cpp).
  const clang::FunctionDecl *Kernel = nullptr;
  const clang::Expr *KernelCallee = nullptr;
};

/// What reaching definitions are followed for: a variable, or a member of
/// the object a method runs on (`this->threads_`).
struct FlowSubject {
  /// Whether an expression reads it (the branches that test it).
  TestedSubject Is;
  /// Its key among the subjects of a function whose tests are collected.
  const void *Key;
  clang::QualType Type;
  clang::SourceLocation Loc;
};

/// How the definitions reaching a use are read (the value a definition
/// gives the part asked for), what the subject holds on entry (a
/// parameter's value; null for none), and its name for the reasons.
struct DefinitionReader {
  llvm::function_ref<ResolvedValue(const Definition &, const ValueQuery &)>
      PartOf;
  llvm::function_ref<ResolvedValue(const ValueQuery &)> EntryValue;
  const std::string &What;
};

/// How the calls of a template instance reach it with one of its template
/// arguments, N (TemplateDispatch.cpp).
struct DispatchReach {
  enum class Kind {
    /// Some call does not sit under a test that equates a run-time value
    /// with N (or the calls are not all known): nothing is learnt.
    Unconditional,
    /// A call's run-time value is shown to be N.
    Reaches,
    /// No call's run-time value can be N.
    Never,
    /// Every call sits under such a test, and a run-time value may be N.
    MayReach,
  } K = Kind::Unconditional;
  /// The tests of the calls that may reach it (MayReach), or of all of
  /// them (Never), with what is known of their run-time values.
  std::vector<ValueOrigin> Tests;
};

/// Resolves integer and dim3 expressions of host code as a reader of the
/// file would: constant expressions, const/constexpr variables, enums,
/// sizeof, template arguments, dim3 construction and field assignments,
/// local variables with a few reaching definitions, ternaries, min/max,
/// and parameters whose every caller passes something resolvable. Anything
/// else is unknown.
class ValueResolver {
public:
  ValueResolver(clang::ASTContext &Ctx, const CallerIndex &Callers,
                LocationMapper Locate);
  ~ValueResolver();

  ResolvedValue resolveInt(const clang::Expr *E, CallPin Pin = {});
  /// The kernels E (a launch's callee, a function pointer handed to
  /// cudaLaunchKernel) may hold, followed as any value is (variables,
  /// ternaries, tables, callers, path conditions), and where the choices
  /// came from; none with the reason when they are not all known kernels.
  struct Kernels {
    std::vector<const clang::FunctionDecl *> Possible;
    std::vector<ValueOrigin> Origins;
    std::string Reason;
  };
  Kernels resolveKernels(const clang::Expr *E, CallPin Pin = {}) {
    return kernelsIn(resolveInt(E, Pin));
  }
  /// Pin, for the launch whose callee is Callee checked for the kernel
  /// named Mangled: its launch values are then resolved under the
  /// conditions that choose that kernel (`wide ? kw : kn` launching kn
  /// only where !wide).
  CallPin choosing(CallPin Pin, const clang::Expr *Callee,
                   llvm::StringRef Mangled);
  /// The kernels a resolved value holds (a struct's `func` field).
  Kernels kernelsIn(ResolvedValue R) const;
  /// A part of the struct E (cfg.blockDim.x, cfg.attrs[0].id) as it is
  /// when E is used.
  ResolvedValue resolveMember(const clang::Expr *E,
                              llvm::ArrayRef<std::string> Path);
  Dim3Value resolveDim3(const clang::Expr *E, CallPin Pin = {});
  /// The calls of F in this file, as the callers' index has them.
  llvm::ArrayRef<CallOf> callsOf(const clang::FunctionDecl *F) const;
  /// Whether the variable behind E gets its value from one of the
  /// cudaOccupancy* helpers (its address is passed to one).
  bool isOccupancyTuned(const clang::Expr *E);
  /// Where the parse stopped, when a fatal error stopped it (the last
  /// error Clang reported: none follows a fatal one).
  /// That Clang met an error it maps to fatal by default (a missing
  /// header), at Where when known: code it never read may write globals.
  void setParseStop(SourceLoc Where) { ParseStop = std::move(Where); }
  /// This file's calls of functions it declares but does not define, with
  /// their integer arguments resolved (ExternalCalls.cpp).
  std::vector<ExternalCall> externalCalls();
  /// The functions with external linkage this file defines.
  std::vector<std::string> definedFunctions();
  /// The globals with external linkage this file writes or lets escape and
  /// does not define.
  std::vector<std::string> writtenGlobals();
  /// The name other files know a function or variable by (the host-side
  /// mangled name).
  std::string mangledName(const clang::NamedDecl *D);

private:
  /// resolveInt's dispatch on the kind of expression (ValueResolver.cpp).
  friend class ExpressionValues;

  ResolvedValue resolveInt(const clang::Expr *E, const ValueQuery &Q);
  /// E as an integer constant expression (a literal, constexpr, enumerator,
  /// sizeof, template argument), with where it came from; none otherwise.
  std::optional<ResolvedValue> constantValue(const clang::Expr *E);
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
  /// Per instance and template parameter, dispatchReach's answer.
  std::map<std::pair<const clang::Decl *, const clang::Decl *>, DispatchReach>
      Dispatches;
  /// `a op b`, with `s * s` read as one value squared.
  ResolvedValue resolveBinary(const clang::BinaryOperator *B,
                              const ValueQuery &Q);
  /// min, max and clamp, under their std, CUDA and C names; none for
  /// another call.
  std::optional<ResolvedValue> resolveLimits(const clang::CallExpr *Call,
                                             const ValueQuery &Q);
  /// The result of Call, to Def, a function of the file, run by the
  /// interpreter on the arguments' values (CallInterpreter.h); none when an
  /// argument is unknown or the body uses what it does not evaluate.
  std::optional<ResolvedValue> interpretedCall(const clang::FunctionDecl *Def,
                                               const clang::CallExpr *Call,
                                               const ValueQuery &Q);
  std::unique_ptr<CallInterpreter> Interpreter;
  /// The conditions, with their truth, under which Callee holds Kernel
  /// (the ternaries that choose it, written in the callee or in the
  /// initialiser of a variable that keeps it), added to Scope's known ones.
  void addKernelChoice(QueryScope &Scope, CallPin Pin);
  /// The result of Call when its callee is a function defined in the file
  /// (CalleeValues.cpp); none for a call it does not enter. With Path, the
  /// part at Path of a result of record type.
  std::optional<ResolvedValue>
  resolveCallResult(const clang::CallExpr *Call, const ValueQuery &Q,
                    llvm::ArrayRef<std::string> Path = {});
  /// A fresh query for a launch argument Use: the conditions of the `if`
  /// branches it sits in (the condition, and the branch taken), a budget of
  /// its own.
  QueryScope scopeAt(const clang::Expr *Use, CallPin Pin = {}) const;
  /// Kernels as values: each kernel met as a value (`k`, `&k`, `(void *)k`)
  /// is a token the integer domain carries like a constant. Tokens lie far
  /// below any launch value and never leave the resolver.
  static constexpr int64_t KernelTokenBase = -(int64_t(1) << 62);
  std::vector<const clang::FunctionDecl *> KernelTokens;
  int64_t kernelToken(const clang::FunctionDecl *K);
  Dim3Value resolveDim3(const clang::Expr *E, const ValueQuery &Q);
  /// dim3(x, y, z) from its written arguments; a missing one is 1.
  Dim3Value fromArguments(llvm::ArrayRef<const clang::Expr *> Args,
                          const ValueQuery &Q);
  ResolvedValue resolveVariable(const clang::VarDecl *V, const clang::Expr *Use,
                                const ValueQuery &Q,
                                llvm::ArrayRef<std::string> Path);
  /// Value, one of several definitions that reach a use, or unknown when a
  /// branch on its way tests the run-time sizes it is made of in a way the
  /// analysis does not relate to it.
  ResolvedValue undecidedBetweenDefinitions(ResolvedValue Value,
                                            llvm::ArrayRef<WayCondition> Way,
                                            const std::string &What,
                                            const ValueQuery &Q);
  /// The value Def (a definition of V, or of a global or a member of
  /// `*this` when V is null) gives the part Rest of what it defines: the one
  /// way to read a statement's effect; unknown reasons start with What.
  ResolvedValue definedValue(const Definition &Def, const clang::VarDecl *V,
                             llvm::ArrayRef<std::string> Rest,
                             const std::string &What, const ValueQuery &At);
  /// The values V takes from its initialiser through Step, a growth step
  /// in a loop (`while (nth < 1024) nth *= 2;`); none of them proven.
  ResolvedValue grownValues(const clang::VarDecl *V, const GrowthStep &Step,
                            const ValueQuery &Q);
  /// The part at Path of the value E.
  ResolvedValue resolvePart(const clang::Expr *E,
                            llvm::ArrayRef<std::string> Path,
                            const ValueQuery &Q);
  /// The part at Path (a member first) of the object Construct makes: the
  /// constructor's member initialiser, where a parameter stands for this
  /// call's argument, else the default member initialiser; unknown when the
  /// constructor is not defined here or its body uses the member.
  ResolvedValue constructedField(const clang::CXXConstructExpr *Construct,
                                 llvm::ArrayRef<std::string> Path,
                                 const ValueQuery &Q);
  /// The part at Path as the member initialisers of Construct's
  /// constructor leave it, before its body runs.
  ResolvedValue initialisedField(const clang::CXXConstructExpr *Construct,
                                 llvm::ArrayRef<std::string> Path,
                                 const ValueQuery &Q);

  // The store model for objects (ObjectStore.cpp).
  /// E's value when E reads a member of `*this` in a method (Rest: the part
  /// of it asked for); none when E reads no member of `*this`.
  std::optional<ResolvedValue> thisMemberValue(const clang::Expr *E,
                                               llvm::ArrayRef<std::string> Rest,
                                               const ValueQuery &Q);
  /// The member at Path of `*this` in Method at Use (null: at its exit),
  /// from the method's definitions of it and Entry, its value on entry.
  ResolvedValue
  thisMemberAt(const clang::FunctionDecl *Method, const clang::Expr *Use,
               llvm::ArrayRef<std::string> Path,
               llvm::function_ref<ResolvedValue(const ValueQuery &)> Entry,
               const ValueQuery &Q);
  /// The member at Path of `*this` on entry to Method: the part of the
  /// object each call of it in the file (or the call the query entered it
  /// by) runs it on; for a constructor, its initialisers.
  ResolvedValue thisOnEntry(const clang::CXXMethodDecl *Method,
                            llvm::ArrayRef<std::string> Path,
                            const ValueQuery &Q);
  /// The part at Path of the object Call runs Method on, after the call.
  ResolvedValue afterMethodCall(const clang::CXXMemberCallExpr *Call,
                                const clang::CXXMethodDecl *Method,
                                llvm::ArrayRef<std::string> Path,
                                const ValueQuery &Q);
  /// The part at Path of the object Object names, where Object is
  /// evaluated (`l`, `this`, `this->inner`).
  ResolvedValue objectPartAt(const clang::Expr *Object,
                             llvm::ArrayRef<std::string> Path,
                             const ValueQuery &Q);
  /// Method's changes to `*this` that bear on the member at Path (on
  /// every member for {}): those its body shows, and those Clang's mutation
  /// analysis finds for that member.
  const ThisEffects &thisEffectsOf(const clang::FunctionDecl *Method,
                                   llvm::ArrayRef<std::string> Path);
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<ThisEffects>>
      ThisEffectsShown;
  std::map<std::pair<const clang::FunctionDecl *, std::vector<std::string>>,
           std::unique_ptr<ThisEffects>>
      ThisEffectsCache;
  /// The member paths followed as subjects, each at a stable address (the
  /// key its tested constants are kept under).
  std::set<std::vector<std::string>> ThisPaths;
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
  /// The part at Path of V at Use where Path holds an index that is not a
  /// constant (`kTable[i].block`, `s[i]`): each element's, when V's
  /// elements cannot be changed unseen (const, or a std::array Clang's
  /// mutation analysis watches); else resolveVariable's answer.
  /// With EachReaches (a range-for binds every element in turn), each
  /// element's proven values stay proven.
  ResolvedValue resolveElements(const clang::VarDecl *V, const clang::Expr *Use,
                                const ValueQuery &Q,
                                llvm::ArrayRef<std::string> Path,
                                bool EachReaches = false);
  /// The part at Path of a structured binding (`auto [grid, block] =
  /// config(n);`): of the object it names, unless the binding is changed
  /// or names an object that may change (a reference to a variable).
  ResolvedValue resolveBinding(const clang::BindingDecl *B,
                               llvm::ArrayRef<std::string> Path,
                               const ValueQuery &Q);
  /// The indices `sizes[i]` reads one per iteration when i counts up by
  /// one from a constant to a constant bound in the `for` that declares it
  /// and the loop body leaves i alone; none otherwise.
  std::optional<std::pair<int64_t, int64_t>>
  iteratedIndices(const clang::ArraySubscriptExpr *Sub);
  ResolvedValue resolveParameter(const clang::ParmVarDecl *Parm,
                                 const ValueQuery &Q,
                                 llvm::ArrayRef<std::string> Path,
                                 const std::string &What);
  /// A parameter's part when no call in the file passes it: a size read at
  /// run time (an integer part of a function that is not a template), else
  /// unknown; either way what a run over other files replaces.
  ResolvedValue uncalledParameter(const clang::ParmVarDecl *Parm,
                                  llvm::ArrayRef<std::string> Path,
                                  const std::string &What);

  /// What a call leaves in the variable it passes to the reference
  /// parameter Parm: the assignments to Parm that reach its function's exit
  /// (unknown when a path leaves it unassigned).
  ResolvedValue resolveOutParameter(const clang::ParmVarDecl *Parm,
                                    const ValueQuery &Q);

  /// The value of V at Use from the definitions that reach it along F's
  /// CFG (and, for a parameter, EntryValue: its value on entry), each value
  /// kept only if a path its branches on V allow reaches Use; none when the
  /// CFG cannot place them (then the approximate rule).
  /// Subject: what the definitions define (a variable, or a member of
  /// `*this` in a method: ObjectStore.cpp).
  std::optional<ResolvedValue>
  reachingFlow(const FlowSubject &Subject, const clang::FunctionDecl *F,
               const clang::Expr *Use, llvm::ArrayRef<std::string> Path,
               llvm::ArrayRef<Definition> Definitions,
               const DefinitionReader &Read, const ValueQuery &Q);

  /// Of the definitions Reaching (indices into Defs, whose sites Kills
  /// holds) that reach Use in F, those a consistent choice of F's steady
  /// variables lets through to the launch (PathConsistency.cpp); all of
  /// them should that leave none.
  std::vector<size_t>
  consistentlyReaching(const clang::FunctionDecl *F, const FunctionFlow &Flow,
                       std::vector<size_t> Reaching,
                       llvm::ArrayRef<const Definition *> Defs,
                       llvm::ArrayRef<const clang::Stmt *> Kills,
                       const clang::Expr *Use, const ValueQuery &Q);

  /// The lambda of V's function around Use that captures V by reference
  /// (the outermost one); null when Use is not in one (LambdaCaptures.cpp).
  const clang::LambdaExpr *referenceCaptureAround(const clang::VarDecl *V,
                                                  const clang::Expr *Use);
  /// V read in Lambda, which captures it by reference: the definitions that
  /// reach the lambda's creation, and every one that may run after it (the
  /// lambda may run then), none of them proven when there are such; none
  /// when the CFG cannot place them.
  std::optional<ResolvedValue>
  capturedByReference(const clang::VarDecl *V, const clang::LambdaExpr *Lambda,
                      const clang::FunctionDecl *F,
                      llvm::ArrayRef<std::string> Path,
                      const DefinitionCollector &Collect,
                      const DefinitionReader &Read, const ValueQuery &Q);

  /// The values of V (an integer, unknown from its definitions) for which
  /// the value from From (null: on entry) reaches Target along a path whose
  /// branches on V it satisfies: the constants of `case` labels and `==`
  /// tests, or a range between two tests; none when the tests bound
  /// nothing.
  /// Subject: the variable or expression Is recognises, the key its
  /// function's constants are collected under once.
  std::optional<ResolvedValue>
  allowedByBranches(clang::QualType T, TestedSubject Is, const void *Subject,
                    const clang::FunctionDecl *F, const FunctionFlow &Flow,
                    const clang::Stmt *From,
                    llvm::ArrayRef<const clang::Stmt *> Kills,
                    const clang::Stmt *Target, const std::string &What);
  /// Per function and subject, the constants its branches compare the
  /// subject with, and where first.
  std::map<std::pair<const clang::FunctionDecl *, const void *>,
           std::map<int64_t, clang::SourceLocation>>
      TestedConstants;
  /// E (`C / H`, of variables that keep their first value) when the
  /// branches on the way test E itself against constants
  /// (`if (C / H == 64)`); none otherwise. With ThroughReads, E may read
  /// parts through them too (`dst->ne[1]`, a run-time size whose function
  /// does not write it).
  std::optional<ResolvedValue> allowedByTestsOf(const clang::Expr *E,
                                                const ValueQuery &Q,
                                                bool ThroughReads = false);
  /// Whether Cond (a variable that keeps its first value, or its negation)
  /// is known true or false at the launch.
  std::optional<bool> knownTruth(const clang::Expr *Cond, const ValueQuery &Q);
  /// Cond's truth for every value its operands may take (`a % b != 0` in a
  /// helper entered with 4096 and 256); none when they disagree or are not
  /// known.
  std::optional<bool> truthByValues(const clang::Expr *Cond,
                                    const ValueQuery &Q);
  /// Cond's truth where the launch's context decides it: knownTruth, the
  /// branches on the way (decidedOnTheWay), or truthByValues.
  std::optional<bool> decidedTruth(const clang::Expr *Cond,
                                   const ValueQuery &Q);
  /// Whether V is a local variable or parameter that no statement changes
  /// after its initialiser (and whose address goes nowhere).
  bool keepsFirstValue(const clang::VarDecl *V);

  // Path conditions (PathConsistency.cpp). A value is carried along a way
  // (from the function's entry to where it is chosen, to its use, to the
  // launch); every variable of the function that keeps its first value has
  // that one value all along the way, so the branches that test it must
  // agree: `nwarps = 2` under `case 5:` of one `switch (ncols)` never
  // reaches a launch under `case 1:` of another.

  /// What a function's branches test and that holds one value at each of
  /// its tests: a variable that keeps its first value, or an expression
  /// (`cuda_arch[dev]`, `opt.level`) nothing changes between two of its
  /// tests (steadyBetweenTests); with values that stand for every value it
  /// may take (each constant it is compared with, and one value on either
  /// side of each).
  struct SteadySubject {
    /// The variable, or null for an expression.
    const clang::VarDecl *V;
    /// The expression, compared structurally (Clang's profile).
    const clang::Expr *E;
    llvm::FoldingSetNodeID Id;
    std::vector<int64_t> Representatives;
  };
  /// Whether E, integer arithmetic on reads of variables, members and
  /// array elements tested by F's branches, reads one value at every place
  /// F reads it: no change to what it reads can run between two of them
  /// (SteadyExpressions.cpp).
  bool steadyBetweenTests(const clang::Expr *E, const clang::FunctionDecl *F,
                          const FunctionFlow &Flow);
  /// Clang's analysis of what may change a variable in F, built once.
  clang::ExprMutationAnalyzer &mutationsIn(const clang::FunctionDecl *F);
  const std::vector<SteadySubject> &
  steadySubjects(const clang::FunctionDecl *F);
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<SteadySubject>>
      SteadySubjects;
  /// Whether, for each steady subject of F, one of its values lets a path
  /// take every segment of Way in turn. With Cond, only the subjects Cond
  /// tests, and only their values for which Cond has the truth Truth. True
  /// when the CFG cannot place the way (nothing is excluded then).
  bool consistentWay(const clang::FunctionDecl *F, const FunctionFlow &Flow,
                     llvm::ArrayRef<WaySegment> Way,
                     const clang::Expr *Cond = nullptr, bool Truth = true);
  /// The truth Cond (of a ternary, say) must have on every consistent way
  /// from its function's entry through Cond, on along the way the value
  /// travels (QueryScope::WayOn) or else to the launch (or the call that
  /// leads to it); none when both truths may occur.
  std::optional<bool> decidedOnTheWay(const clang::Expr *Cond,
                                      const ValueQuery &Q);
  /// The way a value defined at Site (null: on entry) travels in its
  /// function: past the variable's other definitions (Kills) to Use, then
  /// on to the launch or the call that leads to it (the query's anchor).
  llvm::SmallVector<WaySegment, 3>
  wayOnward(const clang::FunctionDecl *F, const FunctionFlow &Flow,
            const clang::Stmt *Site, llvm::ArrayRef<const clang::Stmt *> Kills,
            const clang::Expr *Use, const ValueQuery &Q);

  BranchRoots Roots;
  /// The branches of F a value defined at From (null: on entry) takes to
  /// Target (passing no kill, along edges Allowed lets through): those it
  /// must take to reach From, and from there those it must take (with
  /// EveryBranch, all it passes but those that test DecidedBy, which each
  /// value decides for itself) to reach Target. One unreadable condition
  /// when there is no such way.
  std::vector<WayCondition> wayConditions(
      const clang::FunctionDecl *F, const FunctionFlow &Flow,
      const clang::Stmt *From, llvm::ArrayRef<const clang::Stmt *> Kills,
      const clang::Stmt *Target,
      llvm::function_ref<bool(const clang::CFGBlock &, unsigned)> Allowed,
      bool EveryBranch, TestedSubject DecidedBy = nullptr);
  /// Per definition, the branches a path from its function's entry must
  /// take to reach it (wayConditions).
  llvm::DenseMap<const clang::Stmt *,
                 std::optional<std::vector<const clang::Expr *>>>
      WaysToDefinitions;
  /// Whether none of Way's conditions may depend on another or on the
  /// query's pending ones.
  bool independent(const std::vector<WayCondition> &Way,
                   const ValueQuery &Q) const;
  /// The query's pending conditions for the arguments of Call, which
  /// calls F.
  std::vector<WayCondition> pendingThrough(const clang::FunctionDecl *F,
                                           const clang::CallExpr *Call,
                                           const clang::FunctionDecl *Caller,
                                           const ValueQuery &Q);

  /// F's CFG with its reaching definitions; null when Clang cannot build it.
  const FunctionFlow *flowOf(const clang::FunctionDecl *F);
  /// The definitions of V in F's body, collected once.
  const DefinitionCollector &definitionsOf(const clang::VarDecl *V,
                                           const clang::FunctionDecl *F);

  /// A global or static variable V at Use: its initialiser where nothing
  /// in the program writes it, else globalInFunction. PartOf reads the
  /// part at Path of a definition (resolveVariable's).
  ResolvedValue resolveGlobal(
      const clang::VarDecl *V, const clang::Expr *Use,
      llvm::ArrayRef<std::string> Path, const std::string &What,
      llvm::function_ref<ResolvedValue(const Definition &, const ValueQuery &)>
          PartOf,
      const ValueQuery &Q);
  /// The global V at Use when any code may change it (Why): the
  /// assignments to it in the function around Use, each call there (which
  /// may change it) and its value on entry as definitions, each filtered and
  /// bounded by the branches that test V on the way; none where the
  /// function's flow cannot say (a destructor may run on the way).
  std::optional<ResolvedValue> globalInFunction(const clang::VarDecl *V,
                                                const clang::Expr *Use,
                                                const std::string &What,
                                                const std::string &Why,
                                                const ValueQuery &Q);
  /// Each global variable this file writes or lets escape (assigned, ++,
  /// its address taken, bound to a non-const reference), and where first.
  const llvm::DenseMap<const clang::VarDecl *, clang::SourceLocation> &
  globalWrites();
  std::optional<llvm::DenseMap<const clang::VarDecl *, clang::SourceLocation>>
      GlobalWrites;
  /// Why a global this file does not write may still be written by code it
  /// does not show: the parse stopped at a fatal error (a missing header),
  /// and what followed was never read. None when the parse went to the end.
  std::optional<std::string> unseenWrites() const;
  std::optional<SourceLoc> ParseStop;

  clang::ASTContext &Ctx;
  /// Integer constant expressions of Ctx, each evaluated once.
  ConstantCache Constants;
  const CallerIndex &Callers;
  LocationMapper Locate;
  llvm::DenseMap<const clang::VarDecl *, std::unique_ptr<DefinitionCollector>>
      Definitions;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<FunctionFlow>>
      Flows;
  /// Per function, Clang's analysis of what may change a variable.
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::unique_ptr<clang::ExprMutationAnalyzer>>
      MutationAnalyzers;
  std::unique_ptr<clang::MangleContext> Mangler;
};

} // namespace cudalint

#endif
