//===- LaunchConfigAttributes.h - A launch config's attributes --*- C++ -*-===//
//
// cudaLaunchKernelEx's and cuLaunchKernelEx's launch attributes, read from
// the config's attrs[0 .. numAttrs) as the value engine follows them. The
// other attributes (priority, memory sync domains, programmatic events, a
// preferred cluster shape, a carveout preference, ...) change no limit a
// check judges; their ids are still followed, since any unknown id may be
// the cluster or cooperative one.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_FRONTEND_LAUNCHCONFIGATTRIBUTES_H
#define CUDALINT_LIB_FRONTEND_LAUNCHCONFIGATTRIBUTES_H

#include "cudalint/Facts/Facts.h"

#include <optional>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace cudalint {

class ValueResolver;

/// How a launch config names its attributes: the runtime's
/// cudaLaunchConfig_t (attrs[i].id, attrs[i].val, cudaLaunchAttribute*
/// enumerators) or the driver's CUlaunchConfig (attrs[i].id,
/// attrs[i].value, CU_LAUNCH_ATTRIBUTE_*). Both keep the count in numAttrs
/// and the values in the same union members (clusterDim, cooperative).
struct LaunchAttributeNames {
  const char *Value;
  const char *ClusterDimension;
  const char *Cooperative;
};
inline constexpr LaunchAttributeNames RuntimeLaunchAttributes = {
    "val", "cudaLaunchAttributeClusterDimension",
    "cudaLaunchAttributeCooperative"};
inline constexpr LaunchAttributeNames DriverLaunchAttributes = {
    "value", "CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION",
    "CU_LAUNCH_ATTRIBUTE_COOPERATIVE"};

/// The cluster shape among Cfg.attrs[0 .. numAttrs): none when the launch
/// sets none; unknown components when it cannot be followed.
std::optional<Dim3Value> clusterAttribute(const clang::Expr *Cfg,
                                          const LaunchAttributeNames &Names,
                                          ValueResolver &Resolver,
                                          clang::ASTContext &Ctx);

/// Whether Cfg.attrs[0 .. numAttrs) ask for a cooperative launch (the
/// cooperative attribute with a nonzero value); unset when an attribute's
/// id or value cannot be followed.
std::optional<bool> cooperativeAttribute(const clang::Expr *Cfg,
                                         const LaunchAttributeNames &Names,
                                         ValueResolver &Resolver,
                                         clang::ASTContext &Ctx);

} // namespace cudalint

#endif
