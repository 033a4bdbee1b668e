//===- KnownFunctionsTest.cpp - The declared table of known functions -----===//
//
// The engine knows a library function by its entry in KnownFunctions.def,
// never by a name written in its code: each test marks calls in a snippet
// and asks the table what the callee means, or resolves the call as a
// launch argument to see the meaning applied.
//
//===----------------------------------------------------------------------===//

#include "ValueMarkers.h"

#include "cudalint/Values/KnownFunctions.h"

#include "clang/AST/Expr.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace cudalint;

namespace {

const std::string Prelude = test::MinMaxPrelude + R"cpp(
namespace std {
inline namespace __1 { inline double floor(double x) { return __builtin_floor(x); } }
} // namespace std
extern "C" double ceil(double);
int min(int a, int b) { return a < b ? a : b; }
namespace mine {
inline double ceil(double x) { return x; }
inline int clamp(int v, int lo, int hi) { return v < lo ? lo : hi < v ? hi : v; }
}
)cpp";

/// What Lookup (a question to the table) says of each marked call's callee;
/// nothing for a mark that is not a call.
template <typename T>
std::vector<std::optional<T>>
calleesAt(const std::string &Code,
          std::optional<T> (*Lookup)(const FunctionDecl *)) {
  test::MarkedUnit Unit = test::parseMarked(Prelude + Code);
  std::vector<std::optional<T>> Out;
  for (const Expr *E : Unit.Marked) {
    const auto *Call = dyn_cast<CallExpr>(E->IgnoreParenImpCasts());
    Out.push_back(Call ? Lookup(Call->getDirectCallee()) : std::nullopt);
  }
  return Out;
}

/// What the table says each marked call's callee means.
std::vector<std::optional<KnownMeaning>> meaningsAt(const std::string &Code) {
  return calleesAt(Code, knownFunction);
}

TEST(KnownFunctionsTest, EachDialectsSpellingHasItsMeaning) {
  auto Meanings = meaningsAt(R"cpp(
    void f(int n) {
      value_at(std::min(n, 2));
      value_at(std::max(n, 2));
      value_at(std::clamp(n, 1, 8));
      value_at(min(n, 2));
      value_at(ceil(1.5));
      value_at(std::floor(1.5));
      value_at(input());
    }
  )cpp");
  using M = KnownMeaning;
  std::vector<std::optional<KnownMeaning>> Expected{
      M::Min, M::Max, M::Clamp, M::Min, M::Ceil, M::Floor, std::nullopt};
  EXPECT_EQ(Meanings, Expected);
}

// A C library name counts only where the C library puts it (the global
// namespace, std, or an inline namespace of std); the integer limits count
// in any namespace, as every project spells its own clamp.
TEST(KnownFunctionsTest, TheScopeAnEntryAcceptsDecides) {
  auto Meanings = meaningsAt(R"cpp(
    void f(int n) {
      value_at(mine::ceil(1.5));
      value_at(mine::clamp(n, 1, 8));
    }
  )cpp");
  std::vector<std::optional<KnownMeaning>> Expected{std::nullopt,
                                                    KnownMeaning::Clamp};
  EXPECT_EQ(Meanings, Expected);
}

TEST(KnownFunctionsTest, BuiltinFormsAreTheTablesEntries) {
  EXPECT_EQ(knownFunctionNamed("__builtin_ceilf")->first, KnownMeaning::Ceil);
  EXPECT_EQ(knownFunctionNamed("llround")->first, KnownMeaning::Round);
  EXPECT_EQ(knownFunctionNamed("umin")->second, KnownScope::AnyScope);
  EXPECT_EQ(knownFunctionNamed("fmaxf")->second, KnownScope::StdOrGlobal);
  EXPECT_FALSE(knownFunctionNamed("minimum"));
  EXPECT_FALSE(knownFunctionNamed("__builtin_expect"));
}

/// What the table says each marked call's callee does to a value.
std::vector<std::optional<KnownRole>> rolesAt(const std::string &Code) {
  return calleesAt(Code, knownRole);
}

// std::move is its argument only in std; make_int3 builds a vector in any
// scope; the CUDA APIs are known by prefix, the occupancy API's before the
// rest.
TEST(KnownFunctionsTest, RolesByNameScopeAndPrefix) {
  auto Roles = rolesAt(R"cpp(
    namespace std { template <class T> T &&move(T &v) { return static_cast<T &&>(v); } }
    namespace mine { template <class T> T &&move(T &v) { return static_cast<T &&>(v); } }
    struct uint3 { unsigned x, y, z; };
    uint3 make_uint3(unsigned x, unsigned y, unsigned z) { return {x, y, z}; }
    int cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *, const void *, int, unsigned long);
    int cudaGetDeviceCount(int *);
    void f(int n) {
      value_at(std::move(n));
      value_at(mine::move(n));
      value_at(make_uint3(1, 2, 3));
      value_at(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, nullptr, 256, 0));
      value_at(cudaGetDeviceCount(&n));
      value_at(input());
    }
  )cpp");
  using R = KnownRole;
  std::vector<std::optional<KnownRole>> Expected{
      R::Identity,     std::nullopt, R::MakeVector3,
      R::OccupancyApi, R::CudaApi,   std::nullopt};
  EXPECT_EQ(Roles, Expected);
}

// The meaning, applied: a function the table does not know is followed into
// its body or left unknown, never taken for its name.
TEST(KnownFunctionsTest, TheMeaningIsWhatTheEngineEvaluates) {
  EXPECT_EQ(test::valuesOrReasons(Prelude + R"cpp(
    void f(int n) {
      value_at(std::min(n, 256));
      value_at(std::clamp(n, 32, 1024));
      value_at(int(ceil(1500 / 32.0)) * 64);
      value_at(int(mine::ceil(2.5)));
    }
  )cpp"),
            (std::vector<std::string>{
                "[-2147483648, 256]", "[32, 1024]", "3008",
                "? the result of 'ceil' (this call is not followed)"}));
}

} // namespace
