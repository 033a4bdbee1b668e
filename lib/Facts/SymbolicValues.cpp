//===- SymbolicValues.cpp - Values of sizes read at run time --------------===//
//
// Building symbolic values: inputs, operations, joins, the tests on the way,
// substitution of the callers' values, and their description. Evaluation:
// SymbolicEvaluation.cpp; the failing inputs: SymbolicSearch.cpp.
//
//===----------------------------------------------------------------------===//

#include "SymbolicEvaluation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace cudalint {

using namespace symbolic;

namespace {

bool hasOperands(const SymbolicNode &N) {
  return N.Kind != Op::Input && N.Kind != Op::Constant &&
         N.Kind != Op::Interval;
}

bool sameNode(const SymbolicNode &X, const SymbolicNode &Y) {
  auto SameParameter = [](const std::optional<ParameterRef> &P,
                          const std::optional<ParameterRef> &Q) {
    return P.has_value() == Q.has_value() &&
           (!P || (P->Function == Q->Function && P->Index == Q->Index &&
                   P->Part == Q->Part));
  };
  return X.Kind == Y.Kind && X.Lo == Y.Lo && X.Hi == Y.Hi &&
         (!hasOperands(X) || (X.A == Y.A && X.B == Y.B)) && X.From == Y.From &&
         X.Name == Y.Name && X.Provenance == Y.Provenance && X.Type == Y.Type &&
         X.Loc == Y.Loc && SameParameter(X.Parameter, Y.Parameter);
}

/// Out's index of N: a node Out has already (`x | x >> 1` reads one x),
/// else N appended.
unsigned intern(std::vector<SymbolicNode> &Out, SymbolicNode N) {
  for (unsigned I = 0; I < Out.size(); ++I)
    if (sameNode(Out[I], N))
      return I;
  Out.push_back(std::move(N));
  return Out.size() - 1;
}

/// Appends V's nodes to Out (a known value as one node), each one Out has
/// not, and returns the index of V's value.
unsigned append(std::vector<SymbolicNode> &Out, const ResolvedValue &V) {
  if (V.isSymbolic()) {
    std::vector<unsigned> Index(V.Symbolic.size());
    for (unsigned I = 0; I < V.Symbolic.size(); ++I) {
      SymbolicNode N = V.Symbolic[I];
      if (hasOperands(N)) {
        N.A = Index[N.A];
        N.B = Index[N.B];
      }
      Index[I] = intern(Out, std::move(N));
    }
    return Index.back();
  }
  SymbolicNode N;
  N.Kind = V.isConstant() ? Op::Constant : Op::Interval;
  N.Lo = V.lowest();
  N.Hi = V.highest();
  return intern(Out, std::move(N));
}

std::string article(StringRef Type) {
  // "an unsigned int", "an int64_t", but "a uint32_t" (said "you-int").
  if (Type.starts_with("uint"))
    return "a ";
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
  R.Reason =
      join(Inputs, ", ") +
      (Inputs.size() == 1 ? " is read at run time" : " are read at run time");
  return R;
}

/// C's precedence of an operation node, higher binding tighter.
int precedence(Op O) {
  switch (O) {
  case Op::Mul:
  case Op::Div:
  case Op::Rem:
    return 6;
  case Op::Add:
  case Op::Sub:
    return 5;
  case Op::Shl:
  case Op::Shr:
    return 4;
  case Op::Less:
  case Op::LessEqual:
  case Op::Greater:
  case Op::GreaterEqual:
    return 3;
  case Op::Equal:
  case Op::NotEqual:
    return 2;
  case Op::And:
  case Op::Or:
    return 1;
  default:
    return 7; // a name, a number, a call
  }
}

std::string describeNode(const std::vector<SymbolicNode> &N, unsigned I);

/// The longest expression of a call shown in its place.
constexpr size_t MostShownOfACall = 40;

/// Whether a call's own expression is too long to show in its place.
bool readsLong(const std::vector<SymbolicNode> &N, const SymbolicNode &Call) {
  return describeNode(N, Call.A).size() > MostShownOfACall;
}

/// The kind of operation node J shows: a test shows its value, and a call
/// the expression it stands for where that is short.
Op shownKind(const std::vector<SymbolicNode> &N, unsigned J) {
  const SymbolicNode &X = N[J];
  if (X.Kind == Op::Assume || X.Kind == Op::Differs ||
      (X.Kind == Op::Call && !readsLong(N, X)) ||
      (X.Kind == Op::Join && describeNode(N, X.A) == describeNode(N, X.B)))
    return shownKind(N, X.A);
  return X.Kind;
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
  case Op::Join: {
    // (Two paths that read the same expression: `idims[1]`, not `idims[1]
    // or idims[1]`.)
    std::string A = describeNode(N, X.A), B = describeNode(N, X.B);
    return A == B ? A : A + " or " + B;
  }
  case Op::Call: {
    std::string Own = describeNode(N, X.A);
    return Own.size() > MostShownOfACall ? X.Name : Own;
  }
  case Op::Min:
  case Op::Max:
    return (X.Kind == Op::Min ? "min(" : "max(") + describeNode(N, X.A) + ", " +
           describeNode(N, X.B) + ")";
  default:
    break;
  }
  static const std::map<Op, StringRef> Spelling = {
      {Op::Add, "+"},           {Op::Sub, "-"},        {Op::Mul, "*"},
      {Op::Div, "/"},           {Op::Rem, "%"},        {Op::Shl, "<<"},
      {Op::Shr, ">>"},          {Op::And, "&"},        {Op::Or, "|"},
      {Op::Less, "<"},          {Op::LessEqual, "<="}, {Op::Greater, ">"},
      {Op::GreaterEqual, ">="}, {Op::Equal, "=="},     {Op::NotEqual, "!="}};
  auto Side = [&](unsigned J, bool Right) {
    std::string S = describeNode(N, J);
    Op Child = shownKind(N, J);
    int P = precedence(Child), Own = precedence(X.Kind);
    // (Arithmetic inside a shift or a bitwise operation is bracketed, as
    // -Wparentheses asks: `(x - 1) >> 1`, and so is a comparison inside
    // arithmetic or a bitwise operation: `4 * (arch < 3)`.)
    // (On the right, only a + (b - c) and a * (b * c) read the same
    // without: a * (b / c) is not a * b / c.)
    bool Regroups =
        (X.Kind == Op::Add && (Child == Op::Add || Child == Op::Sub)) ||
        (X.Kind == Op::Mul && Child == Op::Mul);
    bool Arithmetic = P >= 5 && P <= 6, Comparison = P == 2 || P == 3;
    bool Paren =
        Child == Op::Join || P < Own || (Right && P == Own && !Regroups) ||
        ((Own == 4 || Own == 1) && Arithmetic) || (Own == 1 && Comparison);
    return Paren ? "(" + S + ")" : S;
  };
  return Side(X.A, false) + " " + Spelling.at(X.Kind).str() + " " +
         Side(X.B, true);
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
  // or not. But a divisor made of inputs, known only as `at most 512`
  // (`min(512, nextPow2(n))`, whose least is its type's, not a 0 the
  // program allows), is followed: the evaluation tells, input by input,
  // whether it is zero.
  bool OneSided = B.isKnown() && B.isSymbolic() && B.lowest() < 0;
  if ((O == IntegerOp::Div || O == IntegerOp::Rem) && A.isKnown() &&
      B.isKnown() && !OneSided && !Known.isKnown())
    return Known;
  return withExpressionOf(std::move(Known), R);
}

ResolvedValue symbolicCall(const ResolvedValue &V, std::string Call) {
  if (!V.isSymbolic())
    return V;
  std::vector<SymbolicNode> Nodes;
  SymbolicNode N;
  N.Kind = Op::Call;
  N.A = N.B = append(Nodes, V);
  N.Name = std::move(Call);
  // (A short one stays as it is: a parameter handed back is the parameter.)
  if (!readsLong(Nodes, N))
    return V;
  Nodes.push_back(std::move(N));
  return withExpressionOf(withoutInputs(V),
                          fromNodes(std::move(Nodes), V.Origins));
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
  Old.reserve(Parts.size());
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

ResolvedValue substituteInputs(
    const ResolvedValue &V,
    function_ref<std::optional<ResolvedValue>(const SymbolicNode &)> Replace) {
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

/// Whether any (or, with Every, each) input of A is an input of B.
static bool inputsIn(const ResolvedValue &A, const ResolvedValue &B,
                     bool Every) {
  std::vector<const SymbolicNode *> InA = symbolicInputs(A),
                                    InB = symbolicInputs(B);
  auto InBToo = [&](const SymbolicNode *I) {
    return llvm::any_of(InB, [&](const SymbolicNode *J) {
      return inputKey(*I) == inputKey(*J);
    });
  };
  return Every ? !InA.empty() && llvm::all_of(InA, InBToo)
               : llvm::any_of(InA, InBToo);
}

bool sharesInputs(const ResolvedValue &A, const ResolvedValue &B) {
  return inputsIn(A, B, /*Every=*/false);
}

bool readsOnlyInputsOf(const ResolvedValue &A, const ResolvedValue &B) {
  return inputsIn(A, B, /*Every=*/true);
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
  return V.Symbolic.empty() ? "?"
                            : describeNode(V.Symbolic, V.Symbolic.size() - 1);
}

std::string describeInput(const SymbolicNode &Input) {
  return "'" + Input.Name + "' (" + inputDetails(Input) + ")";
}

std::string inputDetails(const SymbolicNode &Input) {
  return Input.Provenance + ", " + article(Input.Type) + Input.Type;
}

} // namespace cudalint
