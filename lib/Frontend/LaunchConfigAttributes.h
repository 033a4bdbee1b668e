//===- LaunchConfigAttributes.h - cudaLaunchConfig_t's attributes -*- C++
//-*-===//
//
// cudaLaunchKernelEx's launch attributes, read from the config's
// attrs[0 .. numAttrs) as the value engine follows them.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_FRONTEND_LAUNCHCONFIGATTRIBUTES_H
#define CUDALINT_LIB_FRONTEND_LAUNCHCONFIGATTRIBUTES_H

#include "cudalint/Facts.h"

#include <optional>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace cudalint {

class ValueResolver;

/// The cluster shape among Cfg.attrs[0 .. numAttrs) (Cfg a
/// cudaLaunchConfig_t): none when the launch sets none; unknown components
/// when it cannot be followed.
std::optional<Dim3Value> clusterAttribute(const clang::Expr *Cfg,
                                          ValueResolver &Resolver,
                                          clang::ASTContext &Ctx);

/// Whether Cfg.attrs[0 .. numAttrs) ask for a cooperative launch
/// (cudaLaunchAttributeCooperative with a nonzero val.cooperative); unset
/// when an attribute's id or value cannot be followed.
std::optional<bool> cooperativeAttribute(const clang::Expr *Cfg,
                                         ValueResolver &Resolver,
                                         clang::ASTContext &Ctx);

} // namespace cudalint

#endif
