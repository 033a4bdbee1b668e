//===- PathsTest.cpp - What the branches on the way say about a value -----===//
//
// A branch condition read as a test of one subject (BranchTests.h): its
// truth for a value, the edges it lets that value take; and the paths a
// value takes to a use, which keep only what their branches allow, decide
// a ternary on the same condition, and keep a kernel's choice and a launch
// value chosen by one condition together. Each test marks expressions in a
// snippet.
//
//===----------------------------------------------------------------------===//

#include "BranchTests.h"
#include "ResolverSupport.h"
#include "ValueMarkers.h"

#include "clang/AST/Expr.h"

#include <gtest/gtest.h>

using namespace clang;
using namespace cudalint;
using namespace cudalint::resolver;

namespace {

const std::string Prelude = test::MarkerPrelude + R"cpp(
#define assert(e) ((e) ? (void)0 : __assert_fail(#e))
extern "C" [[noreturn]] void __assert_fail(const char *);
)cpp";

using Strings = std::vector<std::string>;
using Truths = std::vector<std::optional<bool>>;

Strings valuesAt(const std::string &Code) {
  return test::valuesOrReasons(Prelude + Code);
}

/// For each marked condition on the parameter `s`, its truth for s = X.
Truths truthsFor(const std::string &Code, int64_t X) {
  test::MarkedUnit Unit = test::parseMarked(Prelude + Code);
  ConstantCache Constants(Unit.context());
  Truths Out;
  for (const Expr *Cond : Unit.Marked) {
    auto IsS = [](const Expr *E) {
      const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return Ref && Ref->getDecl()->getName() == "s";
    };
    Out.push_back(truthFor(Cond, IsS, X, Constants));
  }
  return Out;
}

constexpr const char *Conditions = R"cpp(
    void f(int s, int t) {
      value_at(s < 256);
      value_at(1024 >= s);
      value_at(!(s == 64 || s == 128));
      value_at(s == 64 && t > 0);
      value_at(t < 256);
      value_at(s % 32 == 0);
    })cpp";

TEST(PathsTest, TheTruthOfAConditionForOneValue) {
  EXPECT_EQ(truthsFor(Conditions, 128),
            (Truths{true, true, false, false, std::nullopt, std::nullopt}));
  EXPECT_EQ(truthsFor(Conditions, 2048),
            (Truths{false, false, true, false, std::nullopt, std::nullopt}));
}

TEST(PathsTest, ArithmeticOnTheSubjectIsDecidedOnlyExactly) {
  test::MarkedUnit Unit = test::parseMarked(Prelude + Conditions);
  auto IsS = [](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl()->getName() == "s";
  };
  ConstantCache Constants(Unit.context());
  const Expr *Multiple = Unit.Marked.back();
  EXPECT_EQ(exactTruthFor(Multiple, IsS, 96, Constants), true);
  EXPECT_EQ(exactTruthFor(Multiple, IsS, 100, Constants), false);
  EXPECT_EQ(valueFor(Multiple, IsS, 100, Constants), 0);
}

TEST(PathsTest, TheBranchesOnTheWayKeepWhatTheyAllow) {
  EXPECT_EQ(valuesAt(R"cpp(
    void clamp(bool wide) {
      int t = wide ? 2048 : 256;
      if (t > 1024) t = 1024;
      value_at(t);
    }
    void asserted(int x) {
      assert(x == 64 || x == 128);
      if (x == 64) return;
      value_at(x);
    }
    void member_like(int n_) {
      if (n_ >= 32 && n_ <= 1024) value_at(n_);
    })cpp"),
            (Strings{"{256, 1024}", "128", "[32, 1024]"}));
}

TEST(PathsTest, OneConditionDecidesTwoValues) {
  EXPECT_EQ(valuesAt(R"cpp(
    void f(bool wide) {
      int t = wide ? 256 : 128;
      int g = wide ? 8 : 16;
      if (wide) value_at(t);
      else value_at(g);
      value_at(t);
    })cpp"),
            (Strings{"256", "16", "{128, 256}"}));
}

// The limit, not a constant, that a condition bounds `s` by from above
// when it holds (Holds) or fails: the other side of the comparison.
TEST(PathsTest, AConditionBoundsBelowALimitReadAtRunTime) {
  test::MarkedUnit Unit = test::parseMarked(Prelude + R"cpp(
    void f(int s, int t, int limit) {
      value_at(s > limit);
      value_at(!(s <= limit));
      value_at(s < limit);
      value_at(s <= limit && t > 0);
      value_at(s > 1024);
      value_at(t > limit);
    })cpp");
  ConstantCache Constants(Unit.context());
  auto IsS = [](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl()->getName() == "s";
  };
  auto Bound = [&](const Expr *Cond, bool Holds) {
    const Expr *Limit = runTimeUpperBound(Cond, Holds, IsS, Constants);
    const auto *Ref =
        Limit ? dyn_cast<DeclRefExpr>(Limit->IgnoreParenImpCasts()) : nullptr;
    return Ref ? Ref->getDecl()->getName().str() : std::string("-");
  };
  Strings Failing, Holding;
  for (const Expr *Cond : Unit.Marked) {
    Failing.push_back(Bound(Cond, false));
    Holding.push_back(Bound(Cond, true));
  }
  EXPECT_EQ(Failing, (Strings{"limit", "limit", "-", "-", "-", "-"}));
  EXPECT_EQ(Holding, (Strings{"-", "-", "limit", "limit", "-", "-"}));
}

// A size checked against such a limit on every path to the use is the
// program's to vouch for: unknown, for that reason, not an input. A check
// from below, on one path only, or of a loop's counter leaves it an input.
TEST(PathsTest, ACheckAgainstALimitReadAtRunTimeVouchesForTheSize) {
  Strings Values = valuesAt(R"cpp(
    struct Shape { int n; };
    void checked(const Shape *p, int limit) {
      int s = p->n;
      if (s > limit) return;
      value_at(s);
    }
    void from_below(const Shape *p, int least) {
      int s = p->n;
      if (s < least) return;
      value_at(s);
    }
    void one_path(const Shape *p, int limit, bool strict) {
      int s = p->n;
      if (strict && s > limit) return;
      value_at(s);
    }
    void counted(const Shape *p) {
      int s = p->n;
      for (int i = 0; i < s; ++i) value_at(s);
    })cpp");
  ASSERT_EQ(Values.size(), 4u);
  EXPECT_EQ(Values[0], "? variable 's' in 'checked' is checked against "
                       "'limit', a limit read at run time on the way here");
  for (size_t I = 1; I < 4; ++I)
    EXPECT_EQ(Values[I], "? 's' (p->n, a field read through parameter 'p', "
                         "an int) is read at run time")
        << I;
}

// A condition on a variable that changes in its function decides nothing:
// precision is lost, never soundness.
TEST(PathsTest, AConditionOnAVariableThatChangesDecidesNothing) {
  EXPECT_EQ(valuesAt(R"cpp(
    void f(bool wide) {
      int t = wide ? 256 : 128;
      if (wide) { wide = input(); value_at(t); }
    })cpp"),
            Strings{"{128, 256}"});
}

// The same rule for a tested expression that reads memory (an array
// element, a member, a member of `*this`): the two tests read one value
// when nothing can change it between them.
TEST(PathsTest, AConditionOnAnElementOrMemberDecidesWhenItCannotChange) {
  EXPECT_EQ(valuesAt(R"cpp(
    extern int arch[16];
    struct Opt { int level; bool wide; };
    void element(int dev) {
      unsigned t = 32;
      if (arch[dev] >= 520) t = 32; else t = 160;
      if (arch[dev] >= 520) value_at(t);
    }
    void member(Opt o) {
      int t = o.wide ? 1024 : 128;
      if (o.level > 2) t = 64;
      if (!o.wide && o.level <= 2) value_at(t);
    }
    struct Launcher {
      int mode_;
      void go() {
        int t = 256;
        if (mode_ == 1) t = 2048;
        if (mode_ != 1) value_at(t);
      }
    };)cpp"),
            (Strings{"32", "128", "256"}));
}

TEST(PathsTest, AConditionOnAnElementChangedBetweenItsTestsDecidesNothing) {
  EXPECT_EQ(valuesAt(R"cpp(
    extern int arch[16];
    void call_between(int dev) {
      unsigned t = 32;
      if (arch[dev] >= 520) t = 32; else t = 160;
      input(); // may write arch
      if (arch[dev] >= 520) value_at(t);
    }
    void index_changed(int dev) {
      unsigned t = 32;
      if (arch[dev] >= 520) t = 32; else t = 160;
      ++dev;
      if (arch[dev] >= 520) value_at(t);
    }
    void element_written(int dev) {
      int local[4] = {1, 2, 3, 4};
      unsigned t = 32;
      if (local[dev] >= 2) t = 32; else t = 160;
      local[dev] = input();
      if (local[dev] >= 2) value_at(t);
    }
    void address_taken(int dev, int **out) {
      int local[4] = {1, 2, 3, 4};
      *out = &local[0];
      unsigned t = 32;
      if (local[1] >= 2) t = 32; else t = 160;
      if (local[1] >= 2) value_at(t);
    }
    void in_a_loop(int n) {
      int flags[2] = {0, 1};
      for (int i = 0; i < n; ++i) {
        unsigned t = 64;
        if (flags[0] == 1) t = 2048;
        flags[0] = input();
        if (flags[0] != 1) value_at(t);
      }
    })cpp"),
            (Strings{"{32, 160}", "{32, 160}", "{32, 160}", "{32, 160}",
                     "{64, 2048}"}));
}

/// The value at each marker in an instance of a function template (the
/// patterns' markers are left out), described when known, else
/// "? <reason>", with "(branch test)" after a value known from one.
Strings instanceValues(const std::string &Code) {
  test::MarkedUnit Unit = test::parseMarked(Prelude + Code);
  struct InInstances : RecursiveASTVisitor<InInstances> {
    bool shouldVisitTemplateInstantiations() const { return true; }
    bool VisitCallExpr(CallExpr *C) {
      if (const FunctionDecl *F = C->getDirectCallee();
          F && F->getIdentifier() && F->getName() == "value_at" &&
          !C->getArg(0)->isValueDependent())
        Found.push_back(C->getArg(0));
      return true;
    }
    std::vector<const Expr *> Found;
  } Visit;
  ASTContext &Ctx = Unit.context();
  Visit.TraverseDecl(Ctx.getTranslationUnitDecl());
  CallerIndex Callers = indexCallers(Ctx);
  ValueResolver Resolver(
      Ctx, Callers, [](SourceLocation) { return SourceLoc{"input.cc", 1, 1}; });
  Strings Out;
  for (const Expr *E : Visit.Found) {
    ResolvedValue R = Resolver.resolveInt(E);
    bool FromTest = llvm::any_of(
        R.Origins, [](const ValueOrigin &O) { return O.BranchTest; });
    Out.push_back(R.isKnown()
                      ? describeValue(R) + (FromTest ? " (branch test)" : "")
                      : "? " + R.Reason);
  }
  return Out;
}

// What may change a variable in a template instance: the pattern's
// analysis, shared by every instance, says "nothing" only where no
// instance changes it; a call the pattern cannot resolve is decided in
// each instance (touch(int &, Writes) changes t, touch(const int &,
// Reads) does not).
TEST(PathsTest, AnInstanceChangesWhatItsOwnCallsChange) {
  EXPECT_EQ(instanceValues(R"cpp(
    struct Writes {};
    struct Reads {};
    void touch(int &x, Writes) { x = 2048; }
    void touch(const int &x, Reads) {}
    void look(const int &x);
    template <class T> void f(T tag) {
      int t = 256;
      touch(t, tag);
      value_at(t);
    }
    template <class T> void g(T) {
      int t = 128;
      look(t);
      value_at(t);
    }
    void run() { f(Writes{}); f(Reads{}); g(1); g(1.0); })cpp"),
            // (Each pattern's marker first: `t` depends on no argument.)
            (Strings{"256", "2048", "256", "128", "128", "128"}));
}

TEST(PathsTest, ATemplateArgumentDispatchedFromARunTimeValue) {
  // Called only where `bs` equals the argument: known from that test.
  EXPECT_EQ(instanceValues(R"cpp(
    template <int B> void run() { value_at(B); }
    void chain(int bs) {
      if (bs == 256)
        run<256>();
      else if (bs == 2048)
        run<2048>();
    })cpp"),
            (Strings{"256 (branch test)", "2048 (branch test)"}));
  // A switch whose value the caller gives: 4096 never comes.
  EXPECT_EQ(
      instanceValues(R"cpp(
    template <int B> void run() { value_at(B); }
    void pick(int bs) {
      switch (bs) {
      case 64: run<64>(); break;
      case 4096: run<4096>(); break;
      }
    }
    void go() { pick(64); })cpp"),
      (Strings{"64", "? template argument 'B' = 4096: its instance is called "
                     "only where 'switch (bs)' at 'case 4096:' holds, and "
                     "'bs' is 64 there, so it never runs with that value"}));
  // Called unconditionally, or under a test of something else: as is.
  EXPECT_EQ(instanceValues(R"cpp(
    template <int B> void run() { value_at(B); }
    void go(int bs) {
      run<2048>();
      if (bs > 2048)
        run<4096>();
    })cpp"),
            (Strings{"2048", "4096"}));
}

/// ValueResolver::truthOf for each marked condition.
Truths resolverTruths(const std::string &Code) {
  test::MarkedUnit Unit = test::parseMarked(Prelude + Code);
  CallerIndex Callers = indexCallers(Unit.context());
  ValueResolver Resolver(Unit.context(), Callers,
                         [](SourceLocation) { return SourceLoc(); });
  Truths Out;
  for (const Expr *E : Unit.Marked)
    Out.push_back(Resolver.truthOf(E));
  return Out;
}

TEST(Paths, TruthOfAConditionByItsValues) {
  // Decided where every value of its operands agrees; not where a value is
  // not known, or the values disagree.
  EXPECT_EQ(resolverTruths(R"cpp(
    void opt_in() {
      unsigned smem = 8192 * (4 + 64 / 16);
      value_at(smem > 46 * 1024);
      value_at(!(smem <= 96 * 1024));
    }
    void go(bool big) {
      unsigned n = big ? 4096 : 8192;
      value_at(n > 1024 && n % 256 == 0);
      value_at(n > 5000);
      value_at(input() > 3);
    })cpp"),
            (Truths{true, false, true, std::nullopt, std::nullopt}));
}

} // namespace
