//===- ObjectValues.h - Members, objects and elements -----------*- C++ -*-===//
//
// Objects: the members of `*this` in methods, what a method call leaves in
// its object, constructed and initialised fields, elements read with an
// index that is not a constant, and structured bindings.
// Defined in ObjectStore.cpp and ValueParts.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_OBJECTVALUES_H
#define CUDALINT_LIB_VALUES_OBJECTVALUES_H

#include "ResolverParts.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class BindingDecl;
class CXXConstructExpr;
class CXXMemberCallExpr;
class CXXMethodDecl;
class Expr;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace cudalint {

class ResolverEngine;
class ThisEffects;

class ObjectValues {
public:
  explicit ObjectValues(ResolverEngine &Engine);
  ~ObjectValues();
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

private:
  ResolverEngine &Engine;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<ThisEffects>>
      ThisEffectsShown;
  std::map<std::pair<const clang::FunctionDecl *, std::vector<std::string>>,
           std::unique_ptr<ThisEffects>>
      ThisEffectsCache;
  /// The member paths followed as subjects, each at a stable address (the
  /// key its tested constants are kept under).
  std::set<std::vector<std::string>> ThisPaths;
};

} // namespace cudalint

#endif
