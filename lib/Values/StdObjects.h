//===- StdObjects.h - Standard library objects the engine sees into -*- C++
//-*-===//
//
// std::array, std::pair and std::tuple as the engine reads them: an
// accessor (`s[i]`, `s.at(1)`, `s.data()`, `std::get<1>(t)`) is a step into
// its object, as `.x` or `[2]` is into a struct or an array, and a pair or
// tuple made from one value per element has those values as its elements.
// The functions are declared in StdObjects.def.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_VALUES_STDOBJECTS_H
#define CUDALINT_LIB_VALUES_STDOBJECTS_H

#include "clang/AST/Type.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang {
class Expr;
}

namespace cudalint::resolver {

/// When E calls an accessor of StdObjects.def, the object it reads a part
/// of, with the step into it in *Step: "" for the object itself, "[2]" for
/// a literal index, "[?]" for another, "first" or "second" for a pair's;
/// null otherwise.
const clang::Expr *stdAccessedObject(const clang::Expr *E, std::string *Step);

/// The step to element I of a std::pair ("first", "second"), std::tuple or
/// std::array ("[I]"); empty for another type.
std::string stdElementStep(clang::QualType Object, unsigned I);

/// When E makes a std::pair or std::tuple of StdObjects.def element by
/// element, the argument that gives the element Step names; null otherwise.
const clang::Expr *stdProductElement(const clang::Expr *E,
                                     llvm::StringRef Step);

/// Whether T is std::array, whose elements are those of its one member.
bool isStdArray(clang::QualType T);

/// The type of the part at Path of an object of type T (through
/// std::array's elements too); null when a step names no part.
clang::QualType partType(clang::QualType T, llvm::ArrayRef<std::string> Path);

/// How many elements the array (or std::array) type T holds; none when T
/// is no array of a constant size.
std::optional<uint64_t> elementCount(clang::QualType T);

} // namespace cudalint::resolver

#endif
