//===- DefinitionValues.h - Variables from their definitions ----*- C++ -*-===//
//
// A variable's value at a use from the definitions that reach it along its
// function's CFG: locals, growth steps in loops, lambdas that capture by
// reference, and globals with the writes the program shows.
// Defined in ValueDefinitions.cpp, GlobalValues.cpp and LambdaCaptures.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_DEFINITIONVALUES_H
#define CUDALINT_LIB_VALUES_DEFINITIONVALUES_H

#include "ResolverParts.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class Expr;
class FunctionDecl;
class LambdaExpr;
class Stmt;
class VarDecl;
} // namespace clang

namespace cudalint {

class ResolverEngine;
class DefinitionCollector;
class FunctionFlow;
struct Definition;
struct GrowthStep;

class DefinitionValues {
public:
  explicit DefinitionValues(ResolverEngine &Engine);
  ~DefinitionValues();

  /// The globals with external linkage this file writes or lets escape and
  /// does not define.
  std::vector<std::string> writtenGlobals();
  /// That Clang met an error it maps to fatal by default (a missing
  /// header), at Where when known: code it never read may write globals.
  void setParseStop(SourceLoc Where) { ParseStop = std::move(Where); }
  /// V (its part Path) as it reaches Use; once per launch value and scope
  /// (QueryBudget::Resolved).
  ResolvedValue resolveVariable(const clang::VarDecl *V, const clang::Expr *Use,
                                const ValueQuery &Q,
                                llvm::ArrayRef<std::string> Path);
  /// Value, defined at Site, as it reaches Target: for each branch of Way
  /// that it passes one way only and whose condition tests run-time sizes
  /// against a constant, what that way allows (the branch is taken out of
  /// Way). None when no value passes them.
  std::optional<ResolvedValue> alongDecidedTests(
      ResolvedValue Value, const FunctionFlow &Flow, const clang::Stmt *Site,
      llvm::ArrayRef<const clang::Stmt *> Kills, const clang::Stmt *Target,
      std::vector<WayCondition> &Way, const ValueQuery &Q);
  /// Value, one of several definitions that reach a use (`nblocks = n /
  /// 256; if (n % 256 != 0) nblocks++;`), with the tests of run-time sizes
  /// that pick it (alongDecidedTests), then undecidedBetweenDefinitions.
  /// None when no path its tests allow reaches the use.
  std::optional<ResolvedValue>
  oneOfSeveral(ResolvedValue Value, const FunctionFlow &Flow,
               const clang::Stmt *Site,
               llvm::ArrayRef<const clang::Stmt *> Kills,
               const clang::Stmt *Target, std::vector<WayCondition> Way,
               const std::string &What, const ValueQuery &Q);
  /// Value, not known or symbolic, within what the branches on its way
  /// from Site to Target allow of the subject (or of its Field, a dim3's
  /// or a struct's integer field, of type FieldType).
  ResolvedValue
  pinnedByBranches(ResolvedValue Value, const FlowSubject &Subject,
                   unsigned Field, clang::QualType FieldType,
                   TestedSubject IsTested, const clang::FunctionDecl *F,
                   const FunctionFlow &Flow, const clang::Stmt *Site,
                   llvm::ArrayRef<const clang::Stmt *> Kills,
                   const clang::Stmt *Target, const std::string &What);
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
  /// Why a global this file does not write may still be written by code it
  /// does not show: the parse stopped at a fatal error (a missing header),
  /// and what followed was never read. None when the parse went to the end.
  std::optional<std::string> unseenWrites() const;

private:
  /// resolveVariable without its memory of what was resolved.
  ResolvedValue followVariable(const clang::VarDecl *V, const clang::Expr *Use,
                               const ValueQuery &Q,
                               llvm::ArrayRef<std::string> Path);
  ResolverEngine &Engine;
  std::optional<llvm::DenseMap<const clang::VarDecl *, clang::SourceLocation>>
      GlobalWrites;
  std::optional<SourceLoc> ParseStop;
};

} // namespace cudalint

#endif
