//===- StdObjects.cpp - Standard library objects the engine sees into -----===//

#include "StdObjects.h"

#include "ResolverSupport.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cudalint::resolver {

namespace {

enum class Step { IndexArgument, SameObject, TemplateIndex };

struct Accessor {
  const char *Record; // "" for a free function
  const char *Function;
  Step Kind;
};
constexpr Accessor Accessors[] = {
#define CUDALINT_STD_ACCESSOR(Record, Function, Kind)                          \
  {Record, Function, Step::Kind},
#include "StdObjects.def"
};

struct Product {
  const char *Record;
  const char *Factory;
};
constexpr Product Products[] = {
#define CUDALINT_STD_PRODUCT(Record, Factory) {Record, Factory},
#include "StdObjects.def"
};

const CXXRecordDecl *stdRecord(QualType T, StringRef Name) {
  if (T.isNull())
    return nullptr;
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->isInStdNamespace() && RD->getIdentifier() &&
                 RD->getName() == Name
             ? RD
             : nullptr;
}

std::string indexStep(const Expr *Index) {
  const auto *Literal = dyn_cast<IntegerLiteral>(Index->IgnoreParenImpCasts());
  return Literal
             ? "[" + std::to_string(Literal->getValue().getZExtValue()) + "]"
             : "[?]";
}

/// The element a step names: 0 for "first" and "[0]", ...
std::optional<unsigned> elementIndex(StringRef Step) {
  if (Step == "first")
    return 0;
  if (Step == "second")
    return 1;
  unsigned Index;
  if (!Step.consume_front("[") || Step.consumeInteger(10, Index) || Step != "]")
    return std::nullopt;
  return Index;
}

/// How many elements a std::pair or std::tuple type holds.
std::optional<unsigned> productSize(const CXXRecordDecl *RD) {
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec)
    return std::nullopt;
  if (RD->getName() == "pair")
    return 2;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() != 1 || Args[0].getKind() != TemplateArgument::Pack)
    return std::nullopt;
  return Args[0].pack_size();
}

} // namespace

std::string stdElementStep(QualType Object, unsigned I) {
  if (stdRecord(Object, "pair"))
    return I == 0 ? "first" : I == 1 ? "second" : "";
  if (stdRecord(Object, "tuple") || stdRecord(Object, "array"))
    return "[" + std::to_string(I) + "]";
  return "";
}

bool isStdArray(QualType T) { return stdRecord(T, "array"); }

const Expr *stdAccessedObject(const Expr *E, std::string *Step) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  // (A member's context is its class; the class's is the namespace.)
  if (!F || !(isa<CXXMethodDecl>(F)
                  ? cast<CXXMethodDecl>(F)->getParent()->isInStdNamespace()
                  : F->isInStdNamespace()))
    return nullptr;
  const auto *Method = dyn_cast<CXXMethodDecl>(F);
  const Expr *Object = nullptr;
  unsigned FirstArgument = 0;
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
    Object = Member->getImplicitObjectArgument();
  } else if (Method && isa<CXXOperatorCallExpr>(Call) &&
             Call->getNumArgs() > 0) {
    Object = Call->getArg(0);
    FirstArgument = 1;
  }
  std::string Name = F->getNameAsString();
  for (const Accessor &A : Accessors) {
    bool OfMember = *A.Record;
    if (Name != A.Function || OfMember != (Object != nullptr) ||
        (OfMember &&
         !stdRecord(F->getASTContext().getRecordType(Method->getParent()),
                    A.Record)))
      continue;
    unsigned Arguments = Call->getNumArgs() - FirstArgument;
    switch (A.Kind) {
    case Step::IndexArgument:
      if (Arguments != 1)
        continue;
      *Step = indexStep(Call->getArg(FirstArgument));
      return Object;
    case Step::SameObject:
      if (Arguments != 0)
        continue;
      Step->clear();
      return Object;
    case Step::TemplateIndex: {
      const TemplateArgumentList *Template = F->getTemplateSpecializationArgs();
      if (Arguments != 1 || !Template || Template->size() == 0 ||
          Template->get(0).getKind() != TemplateArgument::Integral)
        continue;
      const Expr *Of = Call->getArg(0)->IgnoreParenImpCasts();
      if (const auto *Moved = dyn_cast<CallExpr>(Of);
          Moved && Moved->getNumArgs() == 1 &&
          isStdForwardOrMove(Moved->getDirectCallee()))
        Of = Moved->getArg(0)->IgnoreParenImpCasts();
      *Step = stdElementStep(Of->getType(),
                             Template->get(0).getAsIntegral().getZExtValue());
      if (Step->empty())
        continue;
      return Of;
    }
    }
  }
  return nullptr;
}

const Expr *stdProductElement(const Expr *E, StringRef Step) {
  std::optional<unsigned> Index = elementIndex(Step);
  if (!Index)
    return nullptr;
  for (const Product &P : Products) {
    const CXXRecordDecl *RD = stdRecord(E->getType(), P.Record);
    if (!RD || stdElementStep(E->getType(), *Index) != Step)
      continue;
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
      std::optional<unsigned> Size = productSize(RD);
      if (Construct->getConstructor()->isCopyOrMoveConstructor() || !Size ||
          Construct->getNumArgs() != *Size || *Index >= *Size)
        return nullptr;
      return Construct->getArg(*Index);
    }
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *F = Call->getDirectCallee();
      if (F && F->isInStdNamespace() && F->getIdentifier() &&
          F->getName() == P.Factory && *Index < Call->getNumArgs())
        return Call->getArg(*Index);
    }
  }
  return nullptr;
}

std::optional<uint64_t> elementCount(QualType T) {
  if (const CXXRecordDecl *RD = stdRecord(T, "array")) {
    const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
    if (!Spec || Spec->getTemplateArgs().size() != 2 ||
        Spec->getTemplateArgs()[1].getKind() != TemplateArgument::Integral)
      return std::nullopt;
    return Spec->getTemplateArgs()[1].getAsIntegral().getZExtValue();
  }
  if (const auto *Array = dyn_cast_or_null<ConstantArrayType>(
          T.isNull() ? nullptr : T->getAsArrayTypeUnsafe()))
    return Array->getSize().getZExtValue();
  return std::nullopt;
}

QualType partType(QualType T, llvm::ArrayRef<std::string> Path) {
  for (const std::string &Part : Path) {
    T = T.getNonReferenceType();
    if (Part.front() == '[') {
      // std::array's elements are those of its one member array.
      if (const CXXRecordDecl *RD = stdRecord(T, "array");
          RD && !RD->field_empty())
        T = RD->field_begin()->getType();
      const Type *Element = T->getArrayElementTypeNoTypeQual();
      if (!Element)
        return QualType();
      T = QualType(Element, 0);
      continue;
    }
    const RecordDecl *RD = T->getAsRecordDecl();
    if (!RD)
      return QualType();
    const FieldDecl *Found = fieldNamed(RD, Part);
    if (!Found)
      return QualType();
    T = Found->getType();
  }
  return T;
}

} // namespace cudalint::resolver
