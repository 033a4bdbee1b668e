//===- KernelSettings.h - cudaFuncSetAttribute & co. as facts ---*- C++ -*-===//
//
// The per-kernel settings a launch depends on (cudaFuncSetAttribute,
// cudaFuncSetCacheConfig and the driver API's twins), one fact per kernel
// the call's first argument may hold: a kernel named, or a pointer followed
// as a launch's is (`auto kernel = k<T, 8>;`, `c ? k1 : k2`). A call whose
// kernel is not known is kept without one. And, per launch, which of the
// settings made before it in its function a path goes around, and which
// opt-ins of a kernel not known may be its own.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_FRONTEND_KERNELSETTINGS_H
#define CUDALINT_LIB_FRONTEND_KERNELSETTINGS_H

#include "cudalint/Values/OnceFlags.h"
#include "cudalint/Values/ReachingDefinitions.h"

#include "cudalint/Facts/Facts.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CFGBlock;
class FunctionDecl;
class SourceLocation;
class Stmt;
} // namespace clang

namespace cudalint {

class ValueResolver;

/// How the facts name what the AST holds (FactCollector's own rules).
struct FactNames {
  std::function<SourceLoc(clang::SourceLocation)> Locate;
  std::function<std::string(const clang::FunctionDecl *)> Display, Mangled;
};

class KernelSettingCollector {
public:
  KernelSettingCollector(clang::ASTContext &Ctx, ValueResolver &Resolver,
                         FactNames Names);
  ~KernelSettingCollector();

  /// The facts of Call, a setting made through Api in Current: one per
  /// kernel its first argument may hold (Named when it names one), one
  /// without a kernel when they are not all known.
  std::vector<KernelSetting> collect(const clang::CallExpr *Call,
                                     llvm::StringRef Api,
                                     const clang::FunctionDecl *Named,
                                     const clang::FunctionDecl *Current,
                                     const LaunchSite::Guard &Guard);

  /// L's SettingsSkippedOnSomePath and OptInsOfUnknownKernel: of the
  /// settings collected so far in Current (the function around Launch),
  /// those of L's kernel that a path to Launch goes around (a path on
  /// which a once-flag says an earlier run made the call does not count:
  /// OnceFlags.h), and the opt-ins of a kernel not known on a path to it.
  void describeLaunch(LaunchSite &L, const clang::Stmt *Launch,
                      const clang::FunctionDecl *Current);

private:
  const FunctionFlow *flowOf(const clang::FunctionDecl *F);
  /// Whether the values decide the two-way branch that ends B (an `if`, a
  /// `?:`, a `&&` or `||`) so that it never takes its successor I.
  bool neverTaken(const clang::CFGBlock &B, unsigned I);

  struct Made {
    const clang::CallExpr *Call;
    const clang::FunctionDecl *Function;
    std::string Mangled; // empty: the kernel is not known
    bool MayOptIn;       // may set the maximum dynamic shared memory
    std::string Unknown; // why the kernel is not known
  };
  clang::ASTContext &Ctx;
  ValueResolver &Resolver;
  FactNames Names;
  std::vector<Made> Calls;
  std::map<const clang::FunctionDecl *, std::unique_ptr<FunctionFlow>> Flows;
  OnceFlags Flags;
  /// Per branch block, the value its test always has, if one.
  std::map<const clang::CFGBlock *, std::optional<bool>> Tests;
};

} // namespace cudalint

#endif
