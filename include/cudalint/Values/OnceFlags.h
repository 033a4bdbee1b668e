//===- OnceFlags.h - Flags that say a setting was made before ---*- C++ -*-===//
//
// Code that opts a kernel in once per process or device remembers it in a
// flag of static storage:
//
//   static bool configured[16] = {};
//   if (!configured[dev]) {
//     cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, n);
//     configured[dev] = true;
//   }
//   k<<<g, b, n>>>(...);
//
// The path that skips the call runs only when the flag is set, and the flag
// is set only right after the call: some earlier run made it. A flag
// qualifies for a call when it starts zero, nothing but plain reads and
// assignments touch it anywhere in the file (no address, no reference, no
// other file: a function-local static or internal linkage), and every
// assignment of a value that is not zero comes after the call on every path
// of the call's function. A flag set before the call, or on a path without
// it, does not qualify.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_ONCEFLAGS_H
#define CUDALINT_ONCEFLAGS_H

#include "cudalint/Values/ReachingDefinitions.h"

#include "llvm/ADT/DenseMap.h"

#include <map>
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class BinaryOperator;
class DeclRefExpr;
class Expr;
class Stmt;
class VarDecl;
} // namespace clang

namespace cudalint {

class OnceFlags {
public:
  explicit OnceFlags(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// Whether successor I of block B (of Flow, the function that makes
  /// Setting) is taken only when a flag that is set only after Setting is
  /// set: an earlier run made Setting.
  bool takenOnlyAfter(const clang::CFGBlock &B, unsigned I,
                      const clang::Stmt *Setting, const FunctionFlow &Flow);

private:
  /// The flag a branch condition tests, and the truth of the condition
  /// that means the flag is not zero; none for another condition or one
  /// that does not tell.
  struct FlagTest {
    const clang::VarDecl *Flag;
    bool TrueWhenSet;
  };
  std::optional<FlagTest> flagTest(const clang::Expr *Cond) const;

  /// How the file touches a flag: its assignments of values that are not
  /// zero, or Escapes when anything but a read or an assignment does.
  struct Uses {
    bool Escapes = false;
    std::vector<const clang::Stmt *> NonZeroWrites;
  };
  const Uses &usesOf(const clang::VarDecl *Flag);
  bool qualifies(const clang::VarDecl *Flag, const clang::Stmt *Setting,
                 const FunctionFlow &Flow);

  clang::ASTContext &Ctx;
  /// Every reference to a variable of static storage, found in one walk of
  /// the file the first time a flag is asked about.
  std::optional<llvm::DenseMap<const clang::VarDecl *,
                               std::vector<const clang::DeclRefExpr *>>>
      References;
  std::map<const clang::VarDecl *, Uses> UsesOf;
  std::map<std::pair<const clang::VarDecl *, const clang::Stmt *>, bool>
      Qualifies;
};

} // namespace cudalint

#endif
