//===- ResolverSupport.h - Shared by the value resolver's parts -*- C++ -*-===//
//
// ValueResolver.cpp evaluates expressions (constants, arithmetic, min/max,
// array elements), ValueParts.cpp follows dim3 values and the parts of
// structs and arrays, and ValueDefinitions.cpp follows variables to the
// definitions that reach a use, and parameters to their callers. These are
// the small helpers all three use.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_RESOLVERSUPPORT_H
#define CUDALINT_LIB_VALUES_RESOLVERSUPPORT_H

#include "ResolverParts.h"

#include "cudalint/Facts/Facts.h"
#include "cudalint/Facts/ValueArithmetic.h"

#include "clang/AST/ASTTypeTraits.h"
#include "clang/AST/OperationKinds.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang {
class FieldDecl;
class RecordDecl;
class DeclRefExpr;
class SubstNonTypeTemplateParmExpr;
class CXXMemberCallExpr;
class CXXMethodDecl;
} // namespace clang

namespace cudalint::resolver {

inline constexpr const char *CouldNotParse = "code Clang 19 could not parse";
/// The end of the reason of a variable none of whose values reaches a use
/// along a path their branches allow: no path the program can take with
/// them leads there (TemplateDispatch.cpp reads that as "never called").
inline constexpr const char *NoValueReaches = ": no value reaches this use";

/// Why a parameter's value is not known from its callers when it has none.
inline constexpr const char *NoCaller = "no caller in the analysed files";
/// Why it is not known when the function is also called through pointers.
inline constexpr const char *AddressTaken =
    "called through a pointer, so not all its callers are known";

/// The template parameter E was substituted from, looking through the
/// implicit casts and parentheses that IgnoreParenImpCasts would also drop
/// together with the substitution itself.
const clang::SubstNonTypeTemplateParmExpr *
substitutedParameter(const clang::Expr *E);

bool isDim3(clang::QualType T);

/// 1, 2 or 3 when Path is the x, y or z field of T, a dim3; else 0.
unsigned dim3FieldNumber(clang::QualType T, llvm::ArrayRef<std::string> Path);

/// The field of RD named Name; null when it has none (a base's field is
/// not looked for).
const clang::FieldDecl *fieldNamed(const clang::RecordDecl *RD,
                                   llvm::StringRef Name);

/// The field Path names in one step of T that branches test as a value of
/// its own (`switch (block.x)`, `if (e.z > 64)`): its number, the key
/// offset of its tests (1 to 3 for a dim3's, 4 on for an integer field of
/// a struct among its first 28: the keys of two subjects are further
/// apart), and its type. {0, null} otherwise.
std::pair<unsigned, clang::QualType>
testedField(clang::QualType T, llvm::ArrayRef<std::string> Path,
            const clang::ASTContext &Ctx);

/// A part's path as written after its variable: ".x", "[0].val".
std::string describePath(llvm::ArrayRef<std::string> Path);

/// The values the integer type T holds (within int64_t); int64_t's own for
/// a type that is not a known integer type (dependent, say).
IntegerBounds integerBounds(clang::QualType T, const clang::ASTContext &Ctx);

/// The operation of a binary operator, if the engine evaluates it.
std::optional<IntegerOp> integerOp(clang::BinaryOperatorKind Op);

/// Whether E is an expression the resolver can follow. Code that Clang
/// could not fully parse leaves a RecoveryExpr where an expression failed
/// and, in an initialiser such as `dim3 g(f(bad), n)`, a ParenListExpr with
/// no type at all. Their value is unknown, but the well-formed parts around
/// them may still be followed: a reference to `g` "contains errors" too,
/// yet its `n` is known.
bool usable(const clang::Expr *E);

/// Field x, y or z of a dim3 value; unknown for any other name.
ResolvedValue dim3Field(const Dim3Value &D, llvm::StringRef Name);

ResolvedValue withOrigin(ResolvedValue R, std::string What, SourceLoc Loc);

/// Union of several possible values: a set (or a range if any is a range).
ResolvedValue join(const llvm::SmallVector<ResolvedValue, 4> &Parts);

/// The expression under `v.a.b` or `v[2].id` (for plain `v`, v itself),
/// with the path to the part named, outermost first, in *Path.
const clang::Expr *memberBase(const clang::Expr *E, MemberPath *Path = nullptr);

/// Whether the parts of one object at paths A and B overlap: one holds the
/// other, any element of an array standing for every other.
bool partsOverlap(llvm::ArrayRef<std::string> A, llvm::ArrayRef<std::string> B);

const clang::FunctionDecl *enclosingFunction(const clang::VarDecl *V);

/// What a value V is on a path whose branches allow only Allowed: Allowed
/// when V is not known, V itself when it is; either way a V made of
/// run-time inputs keeps its expression, within Allowed's range.
ResolvedValue within(const ResolvedValue &V, const ResolvedValue &Allowed);

/// A statement's kind in words, for a reason: "an array subscript
/// expression", "a 'while' statement" (Clang's class name, unspelled).
std::string constructName(const clang::Stmt *S);

/// Unknown, saying why the resolver does not follow E ("the result of
/// 'atoi'", "from 'cudaDeviceGetAttribute' at run time", ...).
ResolvedValue unfollowed(const clang::Expr *E);

/// Walks up from S to the function or lambda around it, innermost first:
/// Visit(Child, Parent) for each step, Child null where the node left is
/// not a statement (an initialiser's variable). Stops where a node has no
/// single parent, or where Visit returns false.
void walkUpToFunction(
    const clang::Stmt *S, clang::ASTContext &Ctx,
    llvm::function_ref<bool(const clang::Stmt *Child,
                            const clang::DynTypedNode &Parent)>
        Visit);

/// The function whose body holds S (a lambda's call operator for a
/// statement of its body).
const clang::FunctionDecl *functionContaining(const clang::Stmt *S,
                                              clang::ASTContext &Ctx);

/// E's value as an integer constant expression; none otherwise. (A
/// resolver's ConstantCache remembers the answers for its own AST.)
std::optional<int64_t> constantOf(const clang::Expr *E,
                                  const clang::ASTContext &Ctx);

/// The function E names as a value (`f`, `&f`, `(f)`; with
/// ThroughExplicitCasts also `(void *)f`): the reference to it; null for
/// anything else.
const clang::DeclRefExpr *functionReference(const clang::Expr *E,
                                            bool ThroughExplicitCasts);

/// The kernel E names as a value: `k`, `&k`, `(void *)k`, `k<T>`; null
/// for anything else.
const clang::FunctionDecl *namedKernel(const clang::Expr *E);

/// The type of parameter I of the function Call calls: its declaration's,
/// or, through a function pointer, the pointer's prototype's; null when
/// neither says (a variadic argument).
clang::QualType parameterType(const clang::CallExpr *Call, unsigned I);

/// The definition of the method a member call runs when the analysis may
/// follow it into its body: not const, defined in the file outside system
/// headers, not virtual; null otherwise.
const clang::CXXMethodDecl *
followedMethod(const clang::CXXMemberCallExpr *Call);

/// Cond under its logical negations (`!!v`, through parentheses and
/// implicit casts), with in *Negated whether an odd number of them negates
/// it; null when another unary operator stands in the way.
const clang::Expr *underNegations(const clang::Expr *Cond, bool &Negated);

/// std::forward or std::move: their result is their argument (an Identity
/// of KnownFunctions.def).
bool isStdForwardOrMove(const clang::FunctionDecl *F);

} // namespace cudalint::resolver

#endif
