//===- BranchTests.h - What a branch condition says about a value -*- C++
//-*-===//
//
// The branches of a function read as tests of one subject (a variable, or
// an expression such as `C / H`): whether `if (s < 256)`, `case 512:` or
// `assert(s % 32 == 0)` lets a path go on for s = X, and which constants a
// function compares the subject with. Between two of those constants every
// comparison goes the same way, so a few values stand for all of them.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_BRANCHTESTS_H
#define CUDALINT_LIB_VALUES_BRANCHTESTS_H

#include "ResolverParts.h"

#include "clang/Basic/SourceLocation.h"

#include <cstdint>
#include <map>
#include <optional>

namespace clang {
class ASTContext;
class CaseStmt;
class CFGBlock;
class Expr;
class Stmt;
class VarDecl;
} // namespace clang

namespace cudalint::resolver {

/// Whether E (through parentheses and implicit casts) names V.
bool refersTo(const clang::Expr *E, const clang::VarDecl *V);

/// The truth of the branch condition `s op C` (either way round, through
/// parentheses, casts and `!`), or of `s` alone (s != 0), for s = X; none
/// when Cond tests something else.
std::optional<bool> truthFor(const clang::Expr *Cond, TestedSubject Is,
                             int64_t X, const ConstantCache &Constants);

/// The value of E, integer arithmetic on the subject and constants
/// (`s % 32`, `s * 4 > 4096`), for s = X; none for anything else, a
/// division by zero or a shift out of range.
std::optional<int64_t> valueFor(const clang::Expr *E, TestedSubject Is,
                                int64_t X, const ConstantCache &Constants);

/// truthFor, and for any other condition that is arithmetic on the subject
/// and constants (`s % 32 == 0`), its value for s = X. Only for one value
/// at a time: between two constants such a condition need not go one way.
std::optional<bool> exactTruthFor(const clang::Expr *Cond, TestedSubject Is,
                                  int64_t X, const ConstantCache &Constants);

/// Whether block B's terminator is a two-way branch on a condition (its
/// first successor taken when the condition holds).
bool isTwoWayBranch(const clang::CFGBlock &B);

/// Whether the edge from B to its successor number Succ can be taken when
/// the subject is X: B's terminator is `if (s op C)`, a loop condition or a
/// logical operator on s (two-way), or `switch (s)` (its case labels;
/// default and the way out when none matches). Any other edge can. With
/// Exact, arithmetic conditions are decided too (exactTruthFor).
bool branchAllows(const clang::CFGBlock &B, unsigned Succ, TestedSubject Is,
                  int64_t X, const ConstantCache &Constants,
                  bool Exact = false);

/// The expression, not a constant, that Cond bounds the subject by from
/// above when Cond's truth is Holds (`s <= limit` holding, `s > limit`
/// failing, `!(s > limit)`, either side of an `&&` that holds; not `s ==
/// other`, which says two sizes agree); null when it bounds it so by none.
const clang::Expr *runTimeUpperBound(const clang::Expr *Cond, bool Holds,
                                     TestedSubject Is,
                                     const ConstantCache &Constants);

/// How the statements under Body test the subject: the constants they
/// compare it with (`s < 256`, `case 512:`), each with the first place it
/// is tested, and whether they compare it with an expression that is not a
/// constant too (runTimeUpperBound's candidates).
struct SubjectTests {
  std::map<int64_t, clang::SourceLocation> Constants;
  bool WithRunTimeValue = false;
};
SubjectTests subjectTests(const clang::Stmt *Body, TestedSubject Is,
                          const ConstantCache &Constants);

} // namespace cudalint::resolver

#endif
