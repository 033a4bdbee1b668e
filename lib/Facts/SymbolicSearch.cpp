//===- SymbolicSearch.cpp - The inputs that make a value fail a limit -----===//
//
// For each input of a symbolic value, the others at their smallest: the
// values to try (the input's ends, the powers of two between and the
// expression's constants), then a bisection between the last value that
// passes and the first that fails. Where the value grows with its inputs
// the result is the limit's edge; elsewhere it is one failing value.
//
//===----------------------------------------------------------------------===//

#include "SymbolicEvaluation.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace cudalint {

using namespace symbolic;

namespace {

/// The inputs' values for a search over one of them: each input's
/// smallest value every read of it allows, its largest, and the value
/// given to the one searched.
class InputSearch {
public:
  InputSearch(const ResolvedValue &V, InputDomain Domain) : V(V) {
    for (unsigned I = 0; I < V.Symbolic.size(); ++I) {
      const SymbolicNode &N = V.Symbolic[I];
      if (N.Kind != Op::Input)
        continue;
      auto [It, New] = Keys.try_emplace(inputKey(N), Keys.size());
      KeyOf[I] = It->second;
      if (New) {
        Lowest.push_back(Domain.smallest(N));
        Highest.push_back(N.Hi);
        First.push_back(&N);
      } else {
        Lowest[It->second] = std::max(Lowest[It->second], Domain.smallest(N));
        Highest[It->second] = std::min(Highest[It->second], N.Hi);
      }
    }
  }

  size_t inputs() const { return First.size(); }
  const SymbolicNode *input(size_t K) const { return First[K]; }
  int64_t lowest(size_t K) const { return Lowest[K]; }
  int64_t highest(size_t K) const { return Highest[K]; }

  /// The paths of V's value with input K at X, the others at their lowest.
  SmallVector<PathValue, 2> at(size_t K, int64_t X) const {
    std::vector<NodeValues> All = evaluate(V.Symbolic, [&](unsigned I) {
      const SymbolicNode &N = V.Symbolic[I];
      size_t Key = KeyOf.at(I);
      int64_t Value = Key == K ? X : Lowest[Key];
      if (Value < N.Lo || Value > N.Hi)
        return PathValue{1, 0}; // this read never sees that value
      return PathValue{Value, Value};
    });
    return All.back().Paths;
  }

private:
  const ResolvedValue &V;
  std::map<std::string, size_t> Keys;
  std::map<unsigned, size_t> KeyOf;
  std::vector<int64_t> Lowest, Highest;
  std::vector<const SymbolicNode *> First;
};

/// Ascending values to try for an input in [Lo, Hi]: its ends, the powers
/// of two between them and the constants of the expression near them.
std::vector<int64_t> probes(const ResolvedValue &V, int64_t Lo, int64_t Hi) {
  std::vector<int64_t> P = {Lo, Hi};
  for (int Shift = 0; Shift < 63; ++Shift)
    P.push_back(int64_t(1) << Shift);
  for (const SymbolicNode &N : V.Symbolic)
    if (N.Kind == Op::Constant && N.Lo > 0)
      for (int64_t C : {N.Lo - 1, N.Lo, N.Lo + 1})
        P.push_back(C);
  llvm::erase_if(P, [&](int64_t X) { return X < Lo || X > Hi; });
  llvm::sort(P);
  P.erase(std::unique(P.begin(), P.end()), P.end());
  return P;
}

} // namespace

std::pair<int64_t, int64_t> symbolicBounds(const std::vector<SymbolicNode> &N,
                                           InputDomain Domain) {
  if (N.empty())
    return {1, 0};
  std::vector<NodeValues> All = evaluate(
      N, [&](unsigned I) { return PathValue{Domain.smallest(N[I]), N[I].Hi}; },
      Feasible::Possibly);
  const NodeValues &Root = All.back();
  int64_t Lo = INT64_MAX, Hi = INT64_MIN;
  for (const PathValue &P : Root.Paths) {
    Lo = std::min(Lo, P.Lo);
    Hi = std::max(Hi, P.Hi);
  }
  return {Lo, Hi};
}

bool growsWithInputs(const ResolvedValue &V) {
  const std::vector<SymbolicNode> &N = V.Symbolic;
  std::vector<NodeValues> All = evaluate(
      N,
      [&](unsigned I) {
        return PathValue{std::max<int64_t>(N[I].Lo, 0), N[I].Hi};
      },
      Feasible::Possibly);
  // Per node: it does not depend on an input (Fixed), or grows with all.
  enum class Trend { Fixed, Grows, Other };
  std::vector<Trend> T(N.size(), Trend::Other);
  auto NonNegative = [&](unsigned I) {
    return llvm::all_of(All[I].Paths,
                        [](const PathValue &P) { return P.Lo >= 0; });
  };
  auto Both = [&](Trend A, Trend B) {
    if (A == Trend::Other || B == Trend::Other)
      return Trend::Other;
    return A == Trend::Grows || B == Trend::Grows ? Trend::Grows : Trend::Fixed;
  };
  for (unsigned I = 0; I < N.size(); ++I) {
    const SymbolicNode &X = N[I];
    switch (X.Kind) {
    case Op::Input:
      T[I] = Trend::Grows;
      break;
    case Op::Constant:
    case Op::Interval:
      T[I] = Trend::Fixed;
      break;
    case Op::Assume:
    case Op::Differs:
      // A test of the value itself keeps its trend; a test of another one
      // may take paths away anywhere.
      T[I] = X.A == X.B && X.Kind == Op::Assume ? T[X.A] : Trend::Other;
      break;
    case Op::Call:
      T[I] = T[X.A];
      break;
    case Op::Add:
    case Op::Min:
    case Op::Max:
    case Op::Join:
      T[I] = Both(T[X.A], T[X.B]);
      break;
    case Op::Mul:
      T[I] = NonNegative(X.A) && NonNegative(X.B) ? Both(T[X.A], T[X.B])
                                                  : Trend::Other;
      break;
    case Op::Sub:
    case Op::Div:
    case Op::Shl:
    case Op::Shr:
      // Growing in the left operand only, by a fixed right one (a positive
      // divisor).
      T[I] = T[X.B] == Trend::Fixed &&
                     (X.Kind != Op::Div ||
                      llvm::all_of(All[X.B].Paths,
                                   [](const PathValue &P) { return P.Lo > 0; }))
                 ? T[X.A]
                 : Trend::Other;
      break;
    case Op::Rem:
    case Op::And:
    case Op::Or:
    case Op::Less:
    case Op::LessEqual:
    case Op::Greater:
    case Op::GreaterEqual:
    case Op::Equal:
    case Op::NotEqual:
      T[I] = Both(T[X.A], T[X.B]) == Trend::Fixed ? Trend::Fixed : Trend::Other;
      break;
    }
  }
  return !T.empty() && T.back() != Trend::Other;
}

/// The value next to Pass on the way to Fail that still fails, by
/// bisection (Fails holds at Fail and not at Pass; either may be larger).
static int64_t edge(int64_t Pass, int64_t Fail,
                    function_ref<bool(int64_t)> Fails) {
  while (Pass - Fail > 1 || Fail - Pass > 1) {
    int64_t Mid = Pass + (Fail - Pass) / 2;
    (Fails(Mid) ? Fail : Pass) = Mid;
  }
  return Fail;
}

namespace {

/// One input of a search, with the range its reads allow: [Lo, Hi], never
/// empty.
struct SearchedInput {
  const InputSearch &Search;
  size_t K;
  int64_t Lo, Hi;
  /// Whether the value grows with its inputs: a failing value found is then
  /// the limit's edge.
  bool Grows;

  const SymbolicNode *node() const { return Search.input(K); }
  /// The paths of the value with this input at X, the others at their lowest.
  SmallVector<PathValue, 2> at(int64_t X) const { return Search.at(K, X); }
};

} // namespace

/// The failures FailureOf finds, one input of V at a time, passing over an
/// input whose reads leave it no value: inputsAbove and inputsBelow differ
/// only in what fails.
static std::vector<FailingInput>
searchInputs(const ResolvedValue &V, InputDomain Domain,
             function_ref<std::optional<FailingInput>(const SearchedInput &)>
                 FailureOf) {
  std::vector<FailingInput> Out;
  if (!V.isSymbolic())
    return Out;
  InputSearch Search(V, Domain);
  bool Grows = growsWithInputs(V);
  for (size_t K = 0; K < Search.inputs(); ++K) {
    int64_t Lo = Search.lowest(K), Hi = Search.highest(K);
    if (Lo > Hi)
      continue;
    if (std::optional<FailingInput> F =
            FailureOf(SearchedInput{Search, K, Lo, Hi, Grows}))
      Out.push_back(*F);
  }
  return Out;
}

/// A value of In at which V is above Limit on some path or overflows: the
/// first of the probes that fails, moved by bisection to the edge next to
/// the last one that passes.
static std::optional<FailingInput>
failureAbove(const ResolvedValue &V, const SearchedInput &In, int64_t Limit) {
  // The failure at X: over the limit on some path (its least value
  // there), or a signed overflow on the way, whose value may be anything.
  auto Failing = [&](int64_t X) -> std::optional<FailingInput> {
    std::optional<FailingInput> F;
    for (const PathValue &P : In.at(X)) {
      if (P.Overflowed >= 0 && !F)
        F = FailingInput{In.node(), X, false, P.Lo, &V.Symbolic[P.Overflowed]};
      else if (P.Overflowed < 0 && P.Lo > Limit &&
               (!F || F->OverflowAt || P.Lo < F->Result))
        F = FailingInput{In.node(), X, false, P.Lo, nullptr};
    }
    return F;
  };
  std::optional<int64_t> Before;
  for (int64_t P : probes(V, In.Lo, In.Hi)) {
    if (!Failing(P)) {
      Before = P;
      continue;
    }
    // The edge between the last value that passes and this one.
    int64_t Fail =
        Before ? edge(*Before, P, [&](int64_t X) { return bool(Failing(X)); })
               : P;
    // Fail fails: it is P, or a value that edge found failing.
    std::optional<FailingInput> F = Failing(Fail);
    if (F)
      F->Edge = In.Grows;
    return F;
  }
  return std::nullopt;
}

/// A value of In at which V is certainly below Least on some path; with V
/// growing, the largest such value from In's lowest up.
static std::optional<FailingInput>
failureBelow(const ResolvedValue &V, const SearchedInput &In, int64_t Least) {
  auto Failing = [&](int64_t X) -> std::optional<int64_t> {
    std::optional<int64_t> Most;
    for (const PathValue &P : In.at(X))
      if (P.Overflowed < 0 && P.Hi < Least)
        Most = Most ? std::max(*Most, P.Hi) : P.Hi;
    return Most;
  };
  std::vector<int64_t> Tried = probes(V, In.Lo, In.Hi);
  // A failure for every value of the input is not the input's doing (a
  // path of a constant 0): other checks judge constants.
  if (llvm::all_of(Tried, [&](int64_t P) { return Failing(P).has_value(); }))
    return std::nullopt;
  if (In.Grows) {
    // Below the limit from the lowest value up to an edge, if at all.
    if (!Failing(In.Lo))
      return std::nullopt;
    int64_t Fail = In.Lo, Pass = In.Lo;
    for (int64_t P : Tried) {
      if (!Failing(P)) {
        Pass = P;
        break;
      }
      Fail = P;
    }
    if (Pass > Fail)
      Fail =
          edge(Pass, Fail, [&](int64_t X) { return Failing(X).has_value(); });
    std::optional<int64_t> Most = Failing(Fail);
    if (!Most)
      return std::nullopt; // not reached: Fail is a value that fails
    return FailingInput{In.node(), Fail, true, *Most, nullptr};
  }
  for (int64_t P : Tried)
    if (std::optional<int64_t> R = Failing(P))
      return FailingInput{In.node(), P, false, *R, nullptr};
  return std::nullopt;
}

std::vector<FailingInput> inputsAbove(const ResolvedValue &V, int64_t Limit,
                                      InputDomain Domain) {
  return searchInputs(V, Domain, [&](const SearchedInput &In) {
    return failureAbove(V, In, Limit);
  });
}

std::vector<FailingInput> inputsBelow(const ResolvedValue &V, int64_t Least,
                                      InputDomain Domain) {
  return searchInputs(V, Domain, [&](const SearchedInput &In) {
    return failureBelow(V, In, Least);
  });
}

} // namespace cudalint
