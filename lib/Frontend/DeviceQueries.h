//===- DeviceQueries.h - Conditions that ask what the device is -*- C++ -*-===//

#ifndef CUDALINT_LIB_FRONTEND_DEVICEQUERIES_H
#define CUDALINT_LIB_FRONTEND_DEVICEQUERIES_H

#include "llvm/ADT/DenseSet.h"

#include <optional>

namespace clang {
class ASTContext;
class Expr;
class Stmt;
class VarDecl;
} // namespace clang

namespace cudalint {

/// Finds the conditions that read what the device is: a cudaDeviceProp
/// field, a device attribute query, or a local variable holding one.
class DeviceQueryFinder {
public:
  explicit DeviceQueryFinder(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// The innermost if/ternary/while/switch condition around Launch that
  /// queries the device; null when there is none.
  const clang::Expr *guardOf(const clang::Stmt *Launch);

private:
  bool queriesDevice(const clang::Expr *E, unsigned Depth = 0);
  const llvm::DenseSet<const clang::VarDecl *> &filledByDeviceQuery();

  clang::ASTContext &Ctx;
  std::optional<llvm::DenseSet<const clang::VarDecl *>> FilledByQuery;
};

} // namespace cudalint

#endif
