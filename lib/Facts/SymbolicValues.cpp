//===- SymbolicValues.cpp - Values of sizes read at run time --------------===//
//
// Evaluation is interval arithmetic over the nodes, one interval per path
// (an Assume keeps the paths its bounds allow, a Join adds the paths of
// both sides), each operation done by applyIntegerOp in the node's C type:
// on a path where an operation may overflow, divide by zero or shift out of
// range, it may give any value of its type, so that path never certainly
// fails a limit (it witnesses nothing) and bounds nothing.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Facts/SymbolicValues.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace cudalint {

namespace {

using Op = SymbolicNode::Op;

/// The values one path gives a node: some value in [Lo, Hi].
struct PathValue {
  int64_t Lo, Hi;
  /// An operation on the way certainly left its signed type (undefined in
  /// C: the value may be anything): the node where it did, or -1.
  int Overflowed = -1;
};
/// Beyond this many paths, a node's paths become their hull: a hull that
/// certainly fails a limit means every path does.
constexpr size_t MaxPaths = 8;

struct NodeValues {
  SmallVector<PathValue, 2> Paths;
};

std::optional<IntegerOp> integerOpOf(Op O) {
  switch (O) {
  case Op::Add:
    return IntegerOp::Add;
  case Op::Sub:
    return IntegerOp::Sub;
  case Op::Mul:
    return IntegerOp::Mul;
  case Op::Div:
    return IntegerOp::Div;
  case Op::Rem:
    return IntegerOp::Rem;
  case Op::Shl:
    return IntegerOp::Shl;
  case Op::Shr:
    return IntegerOp::Shr;
  case Op::And:
    return IntegerOp::And;
  case Op::Min:
    return IntegerOp::Min;
  case Op::Max:
    return IntegerOp::Max;
  default:
    return std::nullopt;
  }
}

Op nodeOpOf(IntegerOp O) {
  switch (O) {
  case IntegerOp::Add:
    return Op::Add;
  case IntegerOp::Sub:
    return Op::Sub;
  case IntegerOp::Mul:
    return Op::Mul;
  case IntegerOp::Div:
    return Op::Div;
  case IntegerOp::Rem:
    return Op::Rem;
  case IntegerOp::Shl:
    return Op::Shl;
  case IntegerOp::Shr:
    return Op::Shr;
  case IntegerOp::And:
    return Op::And;
  case IntegerOp::Min:
    return Op::Min;
  case IntegerOp::Max:
    return Op::Max;
  }
  return Op::Add;
}

/// Whether A op B leaves the signed type Bounds for every value of A and
/// B (single values, as an input's probe gives them).
bool certainlyOverflows(IntegerOp Op, const PathValue &A, const PathValue &B,
                        const IntegerBounds &Bounds) {
  if (A.Lo != A.Hi || B.Lo != B.Hi)
    return false;
  __int128 X = A.Lo, Y = B.Lo, R;
  switch (Op) {
  case IntegerOp::Add:
    R = X + Y;
    break;
  case IntegerOp::Sub:
    R = X - Y;
    break;
  case IntegerOp::Mul:
    R = X * Y;
    break;
  case IntegerOp::Shl:
    if (Y < 0 || Y > 62)
      return false;
    R = X * (__int128(1) << int(Y));
    break;
  default:
    return false;
  }
  return R < Bounds.Min || R > Bounds.Max;
}

void capPaths(NodeValues &V) {
  if (V.Paths.size() <= MaxPaths)
    return;
  PathValue Hull = V.Paths.front();
  for (const PathValue &P : V.Paths) {
    Hull.Lo = std::min(Hull.Lo, P.Lo);
    Hull.Hi = std::max(Hull.Hi, P.Hi);
    // (The hull overflows only where every path does.)
    if (P.Overflowed < 0)
      Hull.Overflowed = -1;
  }
  V.Paths = {Hull};
}

/// How a test of another value decides whether a path is taken: Certainly
/// (a witness of a failure needs every value the tested one may take on the
/// path to pass) or Possibly (the bounds of a value cover any path that may
/// be taken).
enum class Feasible { Certainly, Possibly };

/// Whether the values Tested may take pass a test that allows [Lo, Hi], or
/// (Differs) anything but Lo.
bool passes(const NodeValues &Tested, const SymbolicNode &Test, Feasible F) {
  auto Passes = [&](const PathValue &P) {
    if (Test.Kind == Op::Differs)
      return F == Feasible::Certainly ? (P.Lo > Test.Lo || P.Hi < Test.Lo)
                                      : !(P.Lo == Test.Lo && P.Hi == Test.Lo);
    return F == Feasible::Certainly ? (P.Lo >= Test.Lo && P.Hi <= Test.Hi)
                                    : (P.Hi >= Test.Lo && P.Lo <= Test.Hi);
  };
  return F == Feasible::Certainly ? llvm::all_of(Tested.Paths, Passes)
                                  : llvm::any_of(Tested.Paths, Passes);
}

/// Every node's values, with each input at the values InputRange gives it
/// (an empty range: no path carries that input value).
std::vector<NodeValues>
evaluate(const std::vector<SymbolicNode> &Nodes,
         function_ref<PathValue(unsigned Index)> InputRange,
         Feasible F = Feasible::Certainly) {
  std::vector<NodeValues> Out(Nodes.size());
  for (unsigned I = 0; I < Nodes.size(); ++I) {
    const SymbolicNode &N = Nodes[I];
    NodeValues &V = Out[I];
    switch (N.Kind) {
    case Op::Input: {
      PathValue R = InputRange(I);
      if (R.Lo <= R.Hi)
        V.Paths.push_back(R);
      break;
    }
    case Op::Constant:
      V.Paths.push_back({N.Lo, N.Lo});
      break;
    case Op::Interval:
      V.Paths.push_back({N.Lo, N.Hi});
      break;
    case Op::Assume:
    case Op::Differs:
      if (N.A != N.B) {
        // A test of another value: the paths of A where it passes.
        if (!Out[N.B].Paths.empty() && passes(Out[N.B], N, F))
          V.Paths = Out[N.A].Paths;
        break;
      }
      for (const PathValue &P : Out[N.A].Paths) {
        if (N.Kind == Op::Differs) {
          if (!(P.Lo == N.Lo && P.Hi == N.Lo))
            V.Paths.push_back({P.Lo + (P.Lo == N.Lo), P.Hi - (P.Hi == N.Lo),
                               P.Overflowed});
        } else if (P.Hi >= N.Lo && P.Lo <= N.Hi) {
          V.Paths.push_back(
              {std::max(P.Lo, N.Lo), std::min(P.Hi, N.Hi), P.Overflowed});
        }
      }
      break;
    case Op::Join:
      V.Paths = Out[N.A].Paths;
      V.Paths.append(Out[N.B].Paths.begin(), Out[N.B].Paths.end());
      break;
    default: {
      IntegerBounds Bounds{N.Lo, N.Hi, N.Name};
      for (const PathValue &A : Out[N.A].Paths)
        for (const PathValue &B : Out[N.B].Paths) {
          ResolvedValue R = applyIntegerOp(
              *integerOpOf(N.Kind), ResolvedValue::range(A.Lo, A.Hi),
              ResolvedValue::range(B.Lo, B.Hi), Bounds);
          PathValue P = R.isKnown() ? PathValue{R.lowest(), R.highest()}
                                    : PathValue{N.Lo, N.Hi};
          P.Overflowed = A.Overflowed >= 0 ? A.Overflowed : B.Overflowed;
          if (P.Overflowed < 0 && !R.isKnown() && N.Lo < 0 &&
              certainlyOverflows(*integerOpOf(N.Kind), A, B, Bounds))
            P.Overflowed = int(I);
          V.Paths.push_back(P);
        }
      break;
    }
    }
    capPaths(V);
  }
  return Out;
}

/// Appends V's nodes to Out (a known value as one node) and returns the
/// index of its last.
unsigned append(std::vector<SymbolicNode> &Out, const ResolvedValue &V) {
  if (V.isSymbolic()) {
    unsigned Base = Out.size();
    for (SymbolicNode N : V.Symbolic) {
      if (N.Kind != Op::Input && N.Kind != Op::Constant &&
          N.Kind != Op::Interval) {
        N.A += Base;
        N.B += Base;
      }
      Out.push_back(std::move(N));
    }
    return Out.size() - 1;
  }
  SymbolicNode N;
  N.Kind = V.isConstant() ? Op::Constant : Op::Interval;
  N.Lo = V.lowest();
  N.Hi = V.highest();
  Out.push_back(std::move(N));
  return Out.size() - 1;
}

std::string inputKey(const SymbolicNode &N) {
  return formatv("{0}@{1}:{2}:{3}", N.Name, N.Loc.File, N.Loc.Line,
                 N.Loc.Column)
      .str();
}

std::string article(StringRef Type) {
  return StringRef("aeiouAEIOU").contains(Type.empty() ? 'x' : Type.front())
             ? "an "
             : "a ";
}

/// The value made of Nodes, with the origins of its parts.
ResolvedValue fromNodes(std::vector<SymbolicNode> Nodes,
                        std::vector<ValueOrigin> Origins) {
  if (Nodes.size() > MaxSymbolicNodes)
    return ResolvedValue::unknown(
        "an expression of run-time sizes too large to follow");
  ResolvedValue R;
  R.K = ResolvedValue::Kind::Symbolic;
  std::tie(R.Min, R.Max) = symbolicBounds(Nodes);
  R.Symbolic = std::move(Nodes);
  R.Origins = std::move(Origins);
  std::vector<std::string> Inputs;
  for (const SymbolicNode *I : symbolicInputs(R))
    Inputs.push_back(describeInput(*I));
  R.Reason = join(Inputs, ", ") +
             (Inputs.size() == 1 ? " is read at run time"
                                 : " are read at run time");
  return R;
}

int precedence(Op O) {
  switch (O) {
  case Op::Mul:
  case Op::Div:
  case Op::Rem:
    return 3;
  case Op::Add:
  case Op::Sub:
    return 2;
  case Op::Shl:
  case Op::Shr:
    return 1;
  case Op::And:
    return 0;
  default:
    return 4; // a name, a number, a call
  }
}

std::string describeNode(const std::vector<SymbolicNode> &N, unsigned I) {
  const SymbolicNode &X = N[I];
  switch (X.Kind) {
  case Op::Input:
    return X.Name;
  case Op::Constant:
    return std::to_string(X.Lo);
  case Op::Interval:
    return formatv("[{0}, {1}]", X.Lo, X.Hi).str();
  case Op::Assume:
  case Op::Differs:
    return describeNode(N, X.A);
  case Op::Join:
    return describeNode(N, X.A) + " or " + describeNode(N, X.B);
  case Op::Min:
  case Op::Max:
    return (X.Kind == Op::Min ? "min(" : "max(") + describeNode(N, X.A) +
           ", " + describeNode(N, X.B) + ")";
  default:
    break;
  }
  static const std::map<Op, StringRef> Spelling = {
      {Op::Add, "+"}, {Op::Sub, "-"},  {Op::Mul, "*"},  {Op::Div, "/"},
      {Op::Rem, "%"}, {Op::Shl, "<<"}, {Op::Shr, ">>"}, {Op::And, "&"}};
  auto Side = [&](unsigned J, bool Right) {
    std::string S = describeNode(N, J);
    Op Child = N[J].Kind == Op::Assume || N[J].Kind == Op::Differs
                   ? N[N[J].A].Kind
                   : N[J].Kind;
    int P = precedence(Child), Own = precedence(X.Kind);
    bool Paren = N[J].Kind == Op::Join || P < Own ||
                 (Right && P == Own && X.Kind != Op::Add && X.Kind != Op::Mul);
    return Paren ? "(" + S + ")" : S;
  };
  return Side(X.A, false) + " " + Spelling.at(X.Kind).str() + " " +
         Side(X.B, true);
}

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
        Lowest.push_back(std::max(N.Lo, Domain.SmallestSize));
        Highest.push_back(N.Hi);
        First.push_back(&N);
      } else {
        Lowest[It->second] =
            std::max(Lowest[It->second], std::max(N.Lo, Domain.SmallestSize));
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

ResolvedValue symbolicInput(std::string Name, std::string Provenance,
                            const IntegerBounds &Type, SourceLoc Loc,
                            SymbolicNode::Source From) {
  SymbolicNode N;
  N.Kind = Op::Input;
  N.From = From;
  N.Lo = Type.Min;
  N.Hi = Type.Max;
  N.Name = std::move(Name);
  N.Provenance = std::move(Provenance);
  N.Type = Type.Name;
  N.Loc = std::move(Loc);
  return fromNodes({std::move(N)}, {});
}

ResolvedValue withExpressionOf(ResolvedValue Old, const ResolvedValue &New) {
  if (!New.isSymbolic())
    return Old;
  if (Old.isKnown()) {
    // (A constant or a set keeps the nodes too: a side of a ternary keeps
    // the test that selects it.)
    Old.Symbolic = New.Symbolic;
    return Old;
  }
  ResolvedValue R = New;
  if (!R.Parameter)
    R.Parameter = std::move(Old.Parameter);
  return R;
}

ResolvedValue withoutInputs(const ResolvedValue &V) {
  if (V.K == ResolvedValue::Kind::Symbolic) {
    ResolvedValue R = ResolvedValue::unknown(V.Reason);
    R.Origins = V.Origins;
    R.Parameter = V.Parameter;
    return R;
  }
  ResolvedValue R = V;
  R.Symbolic.clear();
  return R;
}

ResolvedValue symbolicOperation(IntegerOp O, const ResolvedValue &A,
                                const ResolvedValue &B,
                                const IntegerBounds &Bounds) {
  // x * 1 and x + 0 are x (in a type that holds it: the operand's values
  // fit the result's when they fit at all).
  auto Is = [](const ResolvedValue &V, int64_t C) {
    return V.isConstant() && V.value() == C;
  };
  if ((O == IntegerOp::Mul && Is(B, 1)) || (O == IntegerOp::Add && Is(B, 0)))
    return A;
  if ((O == IntegerOp::Mul && Is(A, 1)) || (O == IntegerOp::Add && Is(A, 0)))
    return B;
  std::vector<SymbolicNode> Nodes;
  SymbolicNode N;
  N.Kind = nodeOpOf(O);
  N.A = append(Nodes, A);
  N.B = append(Nodes, B);
  N.Lo = Bounds.Min;
  N.Hi = Bounds.Max;
  N.Name = Bounds.Name;
  Nodes.push_back(std::move(N));
  std::vector<ValueOrigin> Origins = A.Origins;
  Origins.insert(Origins.end(), B.Origins.begin(), B.Origins.end());
  ResolvedValue R = fromNodes(std::move(Nodes), std::move(Origins));
  // A value no path can give (every path may overflow): nothing to follow.
  if (R.isSymbolic() && R.Min > R.Max)
    return ResolvedValue::unknown(
        formatv("a result that may not fit in '{0}'", Bounds.Name).str());
  ResolvedValue Known =
      applyIntegerOp(O, withoutInputs(A), withoutInputs(B), Bounds);
  // A division by known values that may be zero is not followed, inputs
  // or not.
  if ((O == IntegerOp::Div || O == IntegerOp::Rem) && A.isKnown() &&
      B.isKnown() && !Known.isKnown())
    return Known;
  return withExpressionOf(std::move(Known), R);
}

ResolvedValue symbolicJoin(const std::vector<ResolvedValue> &Parts) {
  std::vector<SymbolicNode> Nodes;
  std::vector<ValueOrigin> Origins;
  std::optional<unsigned> Last;
  for (const ResolvedValue &P : Parts) {
    unsigned I = append(Nodes, P);
    Origins.insert(Origins.end(), P.Origins.begin(), P.Origins.end());
    if (Last) {
      SymbolicNode J;
      J.Kind = Op::Join;
      J.A = *Last;
      J.B = I;
      Nodes.push_back(std::move(J));
      I = Nodes.size() - 1;
    }
    Last = I;
  }
  std::vector<ResolvedValue> Old;
  for (const ResolvedValue &P : Parts)
    Old.push_back(withoutInputs(P));
  return withExpressionOf(joinValues(Old),
                          fromNodes(std::move(Nodes), std::move(Origins)));
}

std::optional<ResolvedValue> symbolicWithin(const ResolvedValue &V, int64_t Lo,
                                            int64_t Hi) {
  if (V.K == ResolvedValue::Kind::Symbolic && (V.Max < Lo || V.Min > Hi))
    return std::nullopt;
  if (V.K == ResolvedValue::Kind::Symbolic && V.Min >= Lo && V.Max <= Hi)
    return V; // nothing excluded
  std::vector<SymbolicNode> Nodes = V.Symbolic;
  if (Nodes.size() == 1) { // the input itself
    Nodes[0].Lo = std::max(Nodes[0].Lo, Lo);
    Nodes[0].Hi = std::min(Nodes[0].Hi, Hi);
  } else {
    SymbolicNode N;
    N.Kind = Op::Assume;
    N.A = N.B = Nodes.size() - 1;
    N.Lo = Lo;
    N.Hi = Hi;
    Nodes.push_back(std::move(N));
  }
  ResolvedValue R = fromNodes(std::move(Nodes), V.Origins);
  if (!R.isSymbolic() || R.Min > R.Max)
    return std::nullopt;
  return withExpressionOf(withoutInputs(V), R);
}

ResolvedValue
substituteInputs(const ResolvedValue &V,
                 function_ref<std::optional<ResolvedValue>(const SymbolicNode &)>
                     Replace) {
  if (!V.isSymbolic())
    return V;
  std::vector<SymbolicNode> Nodes;
  std::vector<unsigned> NewIndex(V.Symbolic.size());
  std::vector<ValueOrigin> Origins = V.Origins;
  bool Changed = false;
  for (unsigned I = 0; I < V.Symbolic.size(); ++I) {
    SymbolicNode N = V.Symbolic[I];
    std::optional<ResolvedValue> By;
    if (N.Kind == Op::Input)
      By = Replace(N);
    if (!By) {
      if (N.Kind != Op::Input && N.Kind != Op::Constant &&
          N.Kind != Op::Interval) {
        N.A = NewIndex[N.A];
        N.B = NewIndex[N.B];
      }
      Nodes.push_back(std::move(N));
      NewIndex[I] = Nodes.size() - 1;
      continue;
    }
    if (By->K == ResolvedValue::Kind::Unknown)
      return *By;
    Changed = true;
    Origins.insert(Origins.end(), By->Origins.begin(), By->Origins.end());
    // Only the values this read of the input could take reach here.
    SymbolicNode Within;
    Within.Kind = Op::Assume;
    Within.A = Within.B = append(Nodes, *By);
    Within.Lo = N.Lo;
    Within.Hi = N.Hi;
    Nodes.push_back(std::move(Within));
    NewIndex[I] = Nodes.size() - 1;
  }
  if (!Changed)
    return V;
  ResolvedValue R = fromNodes(std::move(Nodes), std::move(Origins));
  // A value the engine knows without its inputs keeps that view.
  if (V.isKnown())
    return withExpressionOf(withoutInputs(V),
                            symbolicInputs(R).empty() ? ResolvedValue() : R);
  if (!R.isSymbolic() || !symbolicInputs(R).empty())
    return R;
  // Nothing read at run time is left: the values it takes, each path's
  // value when they are all single values.
  std::vector<NodeValues> All =
      evaluate(R.Symbolic, [](unsigned) { return PathValue{1, 0}; });
  std::vector<int64_t> Points;
  for (const PathValue &P : All.back().Paths)
    if (P.Lo == P.Hi)
      Points.push_back(P.Lo);
  if (All.back().Paths.empty())
    return ResolvedValue::unknown("no value the callers pass reaches here");
  ResolvedValue Known = Points.size() == All.back().Paths.size()
                            ? ResolvedValue::oneOf(Points)
                            : ResolvedValue::range(R.Min, R.Max);
  if (!Known.isKnown())
    Known = ResolvedValue::range(R.Min, R.Max);
  if (Known.K == ResolvedValue::Kind::Set)
    Known.Proven.clear();
  Known.Origins = std::move(R.Origins);
  return Known;
}

std::optional<ResolvedValue> symbolicWhen(const ResolvedValue &V,
                                          const ResolvedValue &Tested,
                                          const ComparisonBounds &Test) {
  if (!Tested.isSymbolic() || V.K == ResolvedValue::Kind::Unknown)
    return V;
  std::vector<SymbolicNode> Nodes;
  SymbolicNode N;
  N.Kind = Test.Excluded ? Op::Differs : Op::Assume;
  N.B = append(Nodes, Tested);
  N.A = append(Nodes, V);
  N.Lo = Test.Excluded ? *Test.Excluded : Test.Lo;
  N.Hi = Test.Excluded ? *Test.Excluded : Test.Hi;
  Nodes.push_back(std::move(N));
  ResolvedValue R = fromNodes(std::move(Nodes), V.Origins);
  if (R.isSymbolic() && R.Min > R.Max)
    return std::nullopt; // no path passes the test
  return withExpressionOf(withoutInputs(V), R);
}

bool sharesInputs(const ResolvedValue &A, const ResolvedValue &B) {
  std::vector<const SymbolicNode *> InB = symbolicInputs(B);
  return llvm::any_of(symbolicInputs(A), [&](const SymbolicNode *I) {
    return llvm::any_of(InB, [&](const SymbolicNode *J) {
      return inputKey(*I) == inputKey(*J);
    });
  });
}

std::vector<const SymbolicNode *> symbolicInputs(const ResolvedValue &V) {
  std::vector<const SymbolicNode *> Out;
  std::vector<std::string> Seen;
  for (const SymbolicNode &N : V.Symbolic)
    if (N.Kind == Op::Input && !llvm::is_contained(Seen, inputKey(N))) {
      Seen.push_back(inputKey(N));
      Out.push_back(&N);
    }
  return Out;
}

std::string describeSymbolic(const ResolvedValue &V) {
  return V.Symbolic.empty() ? "?" : describeNode(V.Symbolic, V.Symbolic.size() - 1);
}

std::string describeInput(const SymbolicNode &Input) {
  return "'" + Input.Name + "' (" + inputDetails(Input) + ")";
}

std::string inputDetails(const SymbolicNode &Input) {
  return Input.Provenance + ", " + article(Input.Type) + Input.Type;
}

std::pair<int64_t, int64_t> symbolicBounds(const std::vector<SymbolicNode> &N,
                                           InputDomain Domain) {
  if (N.empty())
    return {1, 0};
  std::vector<NodeValues> All = evaluate(
      N,
      [&](unsigned I) {
        return PathValue{std::max(N[I].Lo, Domain.SmallestSize), N[I].Hi};
      },
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
      T[I] = Both(T[X.A], T[X.B]) == Trend::Fixed ? Trend::Fixed : Trend::Other;
      break;
    }
  }
  return !T.empty() && T.back() != Trend::Other;
}

std::vector<FailingInput> inputsAbove(const ResolvedValue &V, int64_t Limit,
                                      InputDomain Domain) {
  std::vector<FailingInput> Out;
  if (!V.isSymbolic())
    return Out;
  InputSearch Search(V, Domain);
  bool Grows = growsWithInputs(V);
  for (size_t K = 0; K < Search.inputs(); ++K) {
    // The failure at X: over the limit on some path (its least value
    // there), or a signed overflow on the way, whose value may be anything.
    auto Failing = [&](int64_t X) -> std::optional<FailingInput> {
      std::optional<FailingInput> F;
      for (const PathValue &P : Search.at(K, X)) {
        if (P.Overflowed >= 0 && !F)
          F = FailingInput{Search.input(K), X, false, P.Lo,
                           &V.Symbolic[P.Overflowed]};
        else if (P.Overflowed < 0 && P.Lo > Limit &&
                 (!F || F->OverflowAt || P.Lo < F->Result))
          F = FailingInput{Search.input(K), X, false, P.Lo, nullptr};
      }
      return F;
    };
    int64_t Lo = Search.lowest(K), Hi = Search.highest(K);
    if (Lo > Hi)
      continue;
    std::optional<int64_t> Before;
    for (int64_t P : probes(V, Lo, Hi)) {
      if (!Failing(P)) {
        Before = P;
        continue;
      }
      // The edge between the last value that passes and this one.
      int64_t Pass = Before.value_or(P), Fail = P;
      while (Before && Fail - Pass > 1) {
        int64_t Mid = Pass + (Fail - Pass) / 2;
        (Failing(Mid) ? Fail : Pass) = Mid;
      }
      FailingInput F = *Failing(Fail);
      F.Edge = Grows;
      Out.push_back(F);
      break;
    }
  }
  return Out;
}

std::vector<FailingInput> inputsBelow(const ResolvedValue &V, int64_t Least,
                                      InputDomain Domain) {
  std::vector<FailingInput> Out;
  if (!V.isSymbolic())
    return Out;
  InputSearch Search(V, Domain);
  bool Grows = growsWithInputs(V);
  for (size_t K = 0; K < Search.inputs(); ++K) {
    auto Failing = [&](int64_t X) -> std::optional<int64_t> {
      std::optional<int64_t> Most;
      for (const PathValue &P : Search.at(K, X))
        if (P.Overflowed < 0 && P.Hi < Least)
          Most = Most ? std::max(*Most, P.Hi) : P.Hi;
      return Most;
    };
    int64_t Lo = Search.lowest(K), Hi = Search.highest(K);
    if (Lo > Hi)
      continue;
    std::vector<int64_t> Tried = probes(V, Lo, Hi);
    // A failure for every value of the input is not the input's doing (a
    // path of a constant 0): other checks judge constants.
    if (llvm::all_of(Tried, [&](int64_t P) { return Failing(P).has_value(); }))
      continue;
    if (Grows) {
      // Below the limit from the lowest value up to an edge, if at all.
      if (!Failing(Lo))
        continue;
      int64_t Fail = Lo, Pass = Lo;
      for (int64_t P : Tried) {
        if (!Failing(P)) {
          Pass = P;
          break;
        }
        Fail = P;
      }
      while (Pass - Fail > 1) {
        int64_t Mid = Fail + (Pass - Fail) / 2;
        (Failing(Mid) ? Fail : Pass) = Mid;
      }
      Out.push_back({Search.input(K), Fail, true, *Failing(Fail), nullptr});
      continue;
    }
    for (int64_t P : Tried)
      if (std::optional<int64_t> R = Failing(P)) {
        Out.push_back({Search.input(K), P, false, *R, nullptr});
        break;
      }
  }
  return Out;
}

} // namespace cudalint
