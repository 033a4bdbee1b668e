//===- ObjectStoreTest.cpp - The store model for objects ------------------===//
//
// Members through `this` taken from the calling context, objects changed by
// the file's methods, constructor bodies and functional casts, arrays of
// structs, std::array, std::pair, std::tuple and structured bindings; and
// the changes that keep a value unknown. Each snippet is parsed with the
// real Clang; the value handed to `value_at(...)` is resolved as a launch
// argument is (ValueResolverTest.cpp has the same harness).
//
//===----------------------------------------------------------------------===//

#include "ValueMarkers.h"
#include "cudalint/Values/ValueResolver.h"

#include "cudalint/Facts/ValueArithmetic.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace cudalint;

namespace {

// A small standard library, in a system header as the real one is.
constexpr const char *StdHeader = R"cpp(
#pragma clang system_header
namespace std {
using size_t = unsigned long;
template <class T> T &&move(T &v) { return static_cast<T &&>(v); }
template <class T, size_t N> struct array {
  T _M_elems[N];
  T &operator[](size_t i) { return _M_elems[i]; }
  const T &operator[](size_t i) const { return _M_elems[i]; }
  T &at(size_t i) { return _M_elems[i]; }
  T *data() { return _M_elems; }
  T *begin() { return _M_elems; }
  T *end() { return _M_elems + N; }
  const T *begin() const { return _M_elems; }
  const T *end() const { return _M_elems + N; }
};
template <class A, class B> struct pair {
  A first; B second;
  pair(const A &a, const B &b) : first(a), second(b) {}
};
template <class A, class B> pair<A, B> make_pair(A a, B b) { return pair<A, B>(a, b); }
template <class... T> struct tuple;
template <class A, class B> struct tuple<A, B> {
  A a; B b;
  tuple(const A &x, const B &y) : a(x), b(y) {}
};
template <size_t I, class A, class B> auto &get(pair<A, B> &p) {
  if constexpr (I == 0) return p.first; else return p.second;
}
template <size_t I, class A, class B> auto &&get(pair<A, B> &&p) {
  if constexpr (I == 0) return static_cast<A &&>(p.first);
  else return static_cast<B &&>(p.second);
}
template <size_t I, class A, class B> auto &get(tuple<A, B> &t) {
  if constexpr (I == 0) return t.a; else return t.b;
}
template <class T> struct tuple_size;
template <class A, class B> struct tuple_size<pair<A, B>> { static constexpr size_t value = 2; };
template <size_t I, class T> struct tuple_element;
template <class A, class B> struct tuple_element<0, pair<A, B>> { using type = A; };
template <class A, class B> struct tuple_element<1, pair<A, B>> { using type = B; };
} // namespace std
)cpp";

const std::string Prelude = "#include \"std.h\"\n" + test::MarkerPrelude;

std::vector<ResolvedValue> valuesAt(const std::string &Code) {
  return test::markerValues(Prelude + Code, {{"std.h", StdHeader}});
}

/// Each marker's value, described, and an unknown one's reason.
std::vector<std::string> describedAt(const std::string &Code) {
  std::vector<std::string> Out;
  for (const ResolvedValue &R : valuesAt(Code))
    Out.push_back(R.isKnown() ? describeValue(R) : "? (" + R.Reason + ")");
  return Out;
}

using Described = std::vector<std::string>;

// --- Members through `this`, objects changed by methods -----------------

TEST(ObjectStoreTest, AMemberReadInAMethodComesFromTheCallingObject) {
  EXPECT_EQ(describedAt(R"cpp(
    class Launcher {
    public:
      void set_threads(int t) { threads_ = t; }
      void go() { value_at(threads_); }
    private:
      int threads_ = 128;
    };
    void f() {
      Launcher l;
      l.set_threads(2048);
      l.go();
    })cpp"),
            Described({"2048"}));
}

// A constexpr object's part is what the compiler evaluated, however it was
// built: a constexpr function's braced return, a static member of a
// template, an array element past the written ones.
TEST(ObjectStoreTest, AConstexprObjectsPartIsItsEvaluatedValue) {
  EXPECT_EQ(describedAt(R"cpp(
    struct dims {
      unsigned x, y;
      constexpr dims(unsigned a, unsigned b = 1) : x(a), y(b) {}
    };
    template <unsigned X> struct of {
      static constexpr dims make() { return {X * 2}; }
    };
    template <class B> struct params {
      static constexpr dims block = B::make();
    };
    struct row { int n[3]; };
    constexpr row Rows[2] = {{{1, 2}}};
    void f() {
      value_at(params<of<512>>::block.x);
      value_at(params<of<512>>::block.y);
      value_at(Rows[0].n[2] + Rows[1].n[0]);
    })cpp"),
            Described({"1024", "1", "0"}));
}

TEST(ObjectStoreTest, EachCallingObjectGivesItsOwnValue) {
  EXPECT_EQ(describedAt(R"cpp(
    struct Launcher {
      int threads = 128;
      void widen() { threads = 1024; }
      void go() { value_at(threads); }
    };
    void f() {
      Launcher a, b;
      b.widen();
      a.go();
      b.go();
    })cpp"),
            Described({"{128, 1024}"}));
}

TEST(ObjectStoreTest, MethodsCallingMethodsOnThis) {
  EXPECT_EQ(describedAt(R"cpp(
    struct Launcher {
      int threads = 64;
      int blocks = 1;
      void set(int t) { threads = t; }
      void prepare(int n) { set(n * 2); blocks = n; }
      void go() { value_at(threads); value_at(this->blocks); }
      void run(int n) { prepare(n); go(); }
    };
    void f() { Launcher l; l.run(256); })cpp"),
            Described({"512", "256"}));
}

TEST(ObjectStoreTest, AnAssignmentInTheMethodBeforeTheUse) {
  EXPECT_EQ(describedAt(R"cpp(
    struct Launcher {
      int threads = 64;
      void go(bool big) {
        if (big)
          threads = 1024;
        value_at(threads);
      }
    };
    void f(bool b) { Launcher l; l.go(b); })cpp"),
            Described({"{64, 1024}"}));
}

TEST(ObjectStoreTest, ChangesNotFollowedLeaveTheMemberUnknown) {
  std::vector<ResolvedValue> V = valuesAt(R"cpp(
    struct Launcher;
    void keep(Launcher *);
    void bump(int &);
    struct Launcher {
      int threads = 64;
      void external();
      void escape() { keep(this); }
      void go() { value_at(threads); }
      void go2() { bump(threads); value_at(threads); }
      void go3() { auto g = [this] { threads = 2048; }; g(); value_at(threads); }
    };
    void f() {
      Launcher a; a.external(); a.go();
      Launcher b; b.escape(); b.go();
      Launcher c; c.go2(); c.go3();
    })cpp");
  ASSERT_EQ(V.size(), 3u);
  // go: a.external() is not followed, b.escape() hands `this` on.
  EXPECT_FALSE(V[0].isKnown()) << describeValue(V[0]);
  EXPECT_FALSE(V[1].isKnown()) << describeValue(V[1]);
  EXPECT_NE(V[1].Reason.find("bump(threads)"), std::string::npos)
      << V[1].Reason;
  EXPECT_FALSE(V[2].isKnown()) << describeValue(V[2]);
}

TEST(ObjectStoreTest, ALambdaCapturingThisLeavesMembersUnknown) {
  ResolvedValue V = valuesAt(R"cpp(
    struct Launcher {
      int threads = 64;
      void go() {
        auto widen = [this] { threads = 2048; };
        widen();
        value_at(threads);
      }
    };
    void f() { Launcher l; l.go(); })cpp")[0];
  EXPECT_FALSE(V.isKnown());
  EXPECT_NE(V.Reason.find("captured by the lambda"), std::string::npos)
      << V.Reason;
}

TEST(ObjectStoreTest, AMethodWithoutACallerInTheFile) {
  ResolvedValue V = valuesAt(R"cpp(
    struct Launcher {
      int threads = 64;
      void go() { value_at(threads); }
    };)cpp")[0];
  EXPECT_FALSE(V.isKnown());
  EXPECT_NE(V.Reason.find("no call of 'go' in this file"), std::string::npos)
      << V.Reason;
}

TEST(ObjectStoreTest, ComparisonsOnAMemberBoundIt) {
  EXPECT_EQ(describedAt(R"cpp(
    struct Ranged {
      int n_;
      void run() {
        if (n_ >= 32 && n_ <= 1024)
          value_at(n_);
      }
    };
    void f(Ranged &r) { r.run(); })cpp"),
            Described({"[32, 1024]"}));
}

TEST(ObjectStoreTest, ComparisonsOnAGlobalAnyCodeMayChangeBoundIt) {
  std::vector<ResolvedValue> V = valuesAt(R"cpp(
    int g_threads = 256;
    extern int g_blocks;
    void set(int t) { g_threads = t; }
    void f() {
      if (g_threads >= 32 && g_threads <= 1024)
        value_at(g_threads);
      if (g_blocks > 0 && g_blocks <= 64) {
        set(2048); // may change both
        value_at(g_blocks);
      }
      g_threads = 128;
      value_at(g_threads);
      if (g_threads < 4096) {
        set(8192);
        value_at(g_threads);
      }
    })cpp");
  ASSERT_EQ(V.size(), 4u);
  EXPECT_EQ(describeValue(V[0]), "[32, 1024]");
  EXPECT_FALSE(V[1].isKnown()) << describeValue(V[1]);
  EXPECT_NE(V[1].Reason.find("a call may change it"), std::string::npos)
      << V[1].Reason;
  EXPECT_EQ(describeValue(V[2]), "128");
  EXPECT_FALSE(V[3].isKnown()) << describeValue(V[3]);
}

// --- Constructor bodies and functional casts ------------------------------

TEST(ObjectStoreTest, AConstructorBodySetsTheMember) {
  EXPECT_EQ(describedAt(R"cpp(
    struct Dims { unsigned x, y, z; };
    struct Params { int n; };
    struct Cfg {
      Dims block = {1, 1, 1};
      int smem = 0;
      Cfg(Params p, int t) {
        block.x = t;
        smem = p.n * 4;
      }
    };
    void f() {
      Params p{64};
      auto a = Cfg(p, 256);
      value_at(a.block.x);
      value_at(a.block.y);
      Cfg b(p, 512);
      value_at(b.smem);
    })cpp"),
            Described({"256", "1", "256"}));
}

TEST(ObjectStoreTest, AFunctionalCastOfOneArgument) {
  EXPECT_EQ(describedAt(R"cpp(
    struct Cfg {
      int threads = 32;
      explicit Cfg(int n) { if (n > 1000) threads = 1024; else threads = 128; }
    };
    void f() {
      auto a = Cfg(4096);
      value_at(a.threads);
      Cfg b = Cfg(10);
      value_at(b.threads);
    })cpp"),
            Described({"{128, 1024}", "{128, 1024}"}));
}

TEST(ObjectStoreTest, AConstructorBodyChangingAMemberUnseen) {
  ResolvedValue V = valuesAt(R"cpp(
    struct Launch {
      int threads = 64;
      Launch() { threads *= 2; }
    };
    void f() { Launch l; value_at(l.threads); })cpp")[0];
  EXPECT_FALSE(V.isKnown());
  EXPECT_NE(V.Reason.find("threads *= 2"), std::string::npos) << V.Reason;
}

// --- Objects whose address goes to a function that only reads them ------

TEST(ObjectStoreTest, AnAddressHandedToAPointerToConstIsARead) {
  std::vector<ResolvedValue> V = valuesAt(R"cpp(
    struct Config { int x = 1; int y = 1; };
    int (*launch)(const Config *);
    int show(const Config *c);
    void f(void (*fill)(Config *)) {
      Config c = {};
      c.x = 256;
      show(&c);
      launch(&c);
      value_at(c.x);
      Config d = {};
      d.y = 64;
      fill(&d);
      value_at(d.y);
      int a, b;
      a = b = 32;
      value_at(a);
      void (*grow)(int &) = nullptr;
      int t = 64;
      grow(t);
      value_at(t);
    })cpp");
  ASSERT_EQ(V.size(), 4u);
  EXPECT_FALSE(V[3].isKnown()); // by reference through a function pointer
  EXPECT_NE(V[3].Reason.find("through a function pointer"), std::string::npos)
      << V[3].Reason;
  EXPECT_EQ(describeValue(V[0]), "256");
  EXPECT_FALSE(V[1].isKnown()); // written through its address
  EXPECT_NE(V[1].Reason.find("its address is taken"), std::string::npos)
      << V[1].Reason;
  EXPECT_EQ(describeValue(V[2]), "32");
}

// --- Aggregates and arrays of structs ------------------------------------

TEST(ObjectStoreTest, EachRowOfAConstTableOfStructs) {
  std::vector<ResolvedValue> V = valuesAt(R"cpp(
    struct Row { int grid, block; };
    static const Row kTable[] = {{1, 128}, {2, 256}, {4, 2048}};
    void f(int i) {
      for (const Row &c : kTable)
        value_at(c.block);
      for (Row c : kTable)
        value_at(c.grid);
      value_at(kTable[i].block);
      value_at(kTable[1].block);
    })cpp");
  ASSERT_EQ(V.size(), 4u);
  EXPECT_EQ(describeValue(V[0]), "{128, 256, 2048}");
  EXPECT_EQ(V[0].Proven, std::vector<int64_t>({128, 256, 2048}));
  EXPECT_EQ(describeValue(V[1]), "{1, 2, 4}");
  EXPECT_EQ(describeValue(V[2]), "{128, 256, 2048}");
  EXPECT_TRUE(V[2].Proven.empty()); // which row i picks is not known
  EXPECT_EQ(describeValue(V[3]), "256");
}

TEST(ObjectStoreTest, ATableThatIsNotConstStaysUnknown) {
  ResolvedValue V = valuesAt(R"cpp(
    struct Row { int grid, block; };
    Row kTable[] = {{1, 128}, {2, 256}};
    void f() {
      for (const Row &c : kTable)
        value_at(c.block);
    })cpp")[0];
  EXPECT_FALSE(V.isKnown());
}

// --- std::array, std::pair, std::tuple, structured bindings -------------

TEST(ObjectStoreTest, StdArrayThroughEveryAccessor) {
  std::vector<ResolvedValue> V = valuesAt(R"cpp(
    void f(int i) {
      std::array<int, 3> s{128, 256, 2048};
      value_at(s[i]);
      value_at(s.at(1));
      value_at(s.data()[2]);
      for (int b : s)
        value_at(b);
      s[0] = 64;
      value_at(s[0]);
    })cpp");
  ASSERT_EQ(V.size(), 5u);
  for (const ResolvedValue &R : V)
    EXPECT_TRUE(R.isKnown()) << R.Reason;
  EXPECT_EQ(describeValue(V[0]), "{128, 256, 2048}");
  EXPECT_EQ(describeValue(V[1]), "256");
  EXPECT_EQ(describeValue(V[2]), "2048");
  EXPECT_EQ(describeValue(V[3]), "{128, 256, 2048}");
  EXPECT_EQ(V[3].Proven, std::vector<int64_t>({128, 256, 2048}));
  EXPECT_EQ(describeValue(V[4]), "64");
}

TEST(ObjectStoreTest, AnElementWrittenThroughAPointerIsUnknown) {
  std::vector<ResolvedValue> V = valuesAt(R"cpp(
    void f(int i) {
      std::array<int, 3> s{128, 256, 2048};
      int *p = s.data();
      p[1] = 4096;
      value_at(s[1]);
      std::array<int, 2> t{32, 64};
      t[i] = 4096;
      value_at(t[0]);
      int plain[] = {32, 64};
      int *q = plain;
      q[0] = 4096;
      value_at(plain[0]);
    })cpp");
  ASSERT_EQ(V.size(), 3u);
  for (const ResolvedValue &R : V)
    EXPECT_FALSE(R.isKnown()) << describeValue(R);
}

TEST(ObjectStoreTest, PairsTuplesAndStructuredBindings) {
  std::vector<ResolvedValue> V = valuesAt(R"cpp(
    std::pair<int, int> config(int n) { return {(n + 255) / 256, 256}; }
    struct Launch { int grid, block; };
    Launch plan(int n) { return Launch{n / 128, 128}; }
    void f() {
      auto [grid, block] = config(4096);
      value_at(grid);
      value_at(block);
      auto [g2, b2] = plan(1024);
      value_at(b2 * g2);
      std::pair<int, int> p = std::make_pair(8, 512);
      value_at(p.second);
      value_at(std::get<0>(p));
      std::tuple<int, int> t(3, 96);
      value_at(std::get<1>(t));
    })cpp");
  ASSERT_EQ(V.size(), 6u);
  for (const ResolvedValue &R : V)
    EXPECT_TRUE(R.isKnown()) << R.Reason;
  EXPECT_EQ(describeValue(V[0]), "16");
  EXPECT_EQ(describeValue(V[1]), "256");
  EXPECT_EQ(describeValue(V[2]), "1024");
  EXPECT_EQ(describeValue(V[3]), "512");
  EXPECT_EQ(describeValue(V[4]), "8");
  EXPECT_EQ(describeValue(V[5]), "96");
}

TEST(ObjectStoreTest, AChangedBindingIsUnknown) {
  std::vector<ResolvedValue> V = valuesAt(R"cpp(
    struct Launch { int grid, block; };
    Launch plan() { return Launch{4, 128}; }
    void f() {
      auto [grid, block] = plan();
      block = 2048;
      value_at(block);
      Launch l{1, 64};
      auto &[g, b] = l;
      value_at(b);
    })cpp");
  ASSERT_EQ(V.size(), 2u);
  EXPECT_FALSE(V[0].isKnown()) << describeValue(V[0]);
  EXPECT_NE(V[0].Reason.find("it may be changed by"), std::string::npos)
      << V[0].Reason;
  EXPECT_FALSE(V[1].isKnown()) << describeValue(V[1]);
}

} // namespace
