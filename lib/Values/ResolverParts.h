//===- ResolverParts.h - Types the value engine's parts share -*- C++ -*-===//
//
// The engine (ResolverEngine.h) and its parts, DefinitionValues,
// ObjectValues, CallValues and PathConditions, hand each other these.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_RESOLVERPARTS_H
#define CUDALINT_LIB_VALUES_RESOLVERPARTS_H

#include "cudalint/Values/ValueQuery.h"
#include "cudalint/Values/ValueResolver.h"

#include "clang/AST/Type.h"
#include "clang/Basic/SourceLocation.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace clang {
class Expr;
} // namespace clang

namespace cudalint {

struct Definition;

/// Whether an expression is the subject branches test: a variable, or an
/// expression like `C / H` (compared structurally).
using TestedSubject = llvm::function_ref<bool(const clang::Expr *)>;

/// A part of a variable: {} for all of it, {"x"}, {"blockDim", "x"},
/// {"[0]", "val", "clusterDim", "x"}.
using MemberPath = llvm::SmallVector<std::string, 2>;

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

} // namespace cudalint

#endif
