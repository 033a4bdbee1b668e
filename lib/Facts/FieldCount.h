//===- FieldCount.h - How many fields an aggregate has ----------*- C++ -*-===//
//
// The number of fields of an aggregate struct, at compile time: the most
// initializers `T{...}` accepts. The serializer asserts it for every facts
// struct, so that a field added later cannot be silently left out of the
// serialized form (a cache hit would then drop it).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_FACTS_FIELDCOUNT_H
#define CUDALINT_LIB_FACTS_FIELDCOUNT_H

#include <cstddef>
#include <type_traits>
#include <utility>

namespace cudalint {
namespace detail {

/// Converts to any field type (declared only: used in unevaluated contexts).
struct AnyField {
  template <typename T> operator T() const;
};

// Trying shorter initializer lists is the point: Clang's warning about the
// fields they leave out says nothing here.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wmissing-field-initializers"
#endif
template <typename T, typename... A>
constexpr auto braceInitializable(int)
    -> decltype(T{std::declval<A>()...}, true) {
  return true;
}
#if defined(__clang__)
#pragma clang diagnostic pop
#endif
template <typename T, typename... A> constexpr bool braceInitializable(...) {
  return false;
}

} // namespace detail

/// Every field of an aggregate can be initialized from AnyField, so the
/// longest initializer list that compiles has one element per field.
template <typename T, typename... A> constexpr size_t fieldCount() {
  static_assert(std::is_aggregate_v<T>, "fieldCount needs an aggregate");
  if constexpr (detail::braceInitializable<T, A..., detail::AnyField>(0))
    return fieldCount<T, A..., detail::AnyField>();
  else
    return sizeof...(A);
}

} // namespace cudalint

#endif // CUDALINT_LIB_FACTS_FIELDCOUNT_H
