//===- SymbolicEvaluation.cpp - Evaluating symbolic values
//-----------------===//
//
// See SymbolicEvaluation.h.
//
//===----------------------------------------------------------------------===//

#include "SymbolicEvaluation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <utility>

using namespace llvm;

namespace cudalint::symbolic {

/// Each arithmetic node kind with its integer operation, one to one.
static constexpr std::pair<Op, IntegerOp> ArithmeticOps[] = {
    {Op::Add, IntegerOp::Add},
    {Op::Sub, IntegerOp::Sub},
    {Op::Mul, IntegerOp::Mul},
    {Op::Div, IntegerOp::Div},
    {Op::Rem, IntegerOp::Rem},
    {Op::Shl, IntegerOp::Shl},
    {Op::Shr, IntegerOp::Shr},
    {Op::And, IntegerOp::And},
    {Op::Or, IntegerOp::Or},
    {Op::Min, IntegerOp::Min},
    {Op::Max, IntegerOp::Max},
    {Op::Less, IntegerOp::Less},
    {Op::LessEqual, IntegerOp::LessEqual},
    {Op::Greater, IntegerOp::Greater},
    {Op::GreaterEqual, IntegerOp::GreaterEqual},
    {Op::Equal, IntegerOp::Equal},
    {Op::NotEqual, IntegerOp::NotEqual}};

std::optional<IntegerOp> integerOpOf(Op O) {
  for (auto [Node, Integer] : ArithmeticOps)
    if (Node == O)
      return Integer;
  return std::nullopt;
}

Op nodeOpOf(IntegerOp O) {
  for (auto [Node, Integer] : ArithmeticOps)
    if (Integer == O)
      return Node;
  return Op::Add; // not reached: every IntegerOp has its node kind
}

namespace {

/// Beyond this many paths, a node's paths become their hull: a hull that
/// certainly fails a limit means every path does.
constexpr size_t MaxPaths = 8;

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

/// Joins whose sides are enumerated one choice at a time, at most: 2^4
/// evaluations.
constexpr unsigned MaxChosenJoins = 4;

/// Every node's values, where Choice[I] >= 0 picks side A (0) or B (1) of
/// the Join at I and -1 takes both.
std::vector<NodeValues>
evaluateChoosing(const std::vector<SymbolicNode> &Nodes,
                 function_ref<PathValue(unsigned Index)> InputRange, Feasible F,
                 ArrayRef<int> Choice) {
  std::vector<NodeValues> Out(Nodes.size());
  // Whether each node is made of run-time inputs.
  std::vector<bool> OfInputs(Nodes.size());
  for (unsigned I = 0; I < Nodes.size(); ++I) {
    const SymbolicNode &N = Nodes[I];
    NodeValues &V = Out[I];
    OfInputs[I] = N.Kind == Op::Input ||
                  (N.Kind != Op::Constant && N.Kind != Op::Interval &&
                   (OfInputs[N.A] || OfInputs[N.B]));
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
            V.Paths.push_back(
                {P.Lo + (P.Lo == N.Lo), P.Hi - (P.Hi == N.Lo), P.Overflowed});
        } else if (P.Hi >= N.Lo && P.Lo <= N.Hi) {
          V.Paths.push_back(
              {std::max(P.Lo, N.Lo), std::min(P.Hi, N.Hi), P.Overflowed});
        }
      }
      break;
    case Op::Join:
      if (Choice[I] >= 0) {
        V.Paths = Out[Choice[I] ? N.B : N.A].Paths;
        break;
      }
      V.Paths = Out[N.A].Paths;
      V.Paths.append(Out[N.B].Paths.begin(), Out[N.B].Paths.end());
      break;
    case Op::Call:
      V.Paths = Out[N.A].Paths;
      break;
    default: {
      std::optional<IntegerOp> IOp = integerOpOf(N.Kind);
      if (!IOp)
        break; // not reached: the other kinds are arithmetic
      IntegerBounds Bounds{N.Lo, N.Hi, N.Name};
      // A difference of two sizes (`stride - cols`, `end - begin`) is a
      // size too: inputs that make it negative are not ones the program
      // is given, so no path carries them.
      bool SizeDifference = N.Kind == Op::Sub && OfInputs[N.A] && OfInputs[N.B];
      for (const PathValue &A : Out[N.A].Paths)
        for (const PathValue &B : Out[N.B].Paths) {
          if (SizeDifference && A.Hi < B.Lo)
            continue;
          ResolvedValue R =
              applyIntegerOp(*IOp, ResolvedValue::range(A.Lo, A.Hi),
                             ResolvedValue::range(B.Lo, B.Hi), Bounds);
          PathValue P = R.isKnown() ? PathValue{R.lowest(), R.highest()}
                                    : PathValue{N.Lo, N.Hi};
          P.Overflowed = A.Overflowed >= 0 ? A.Overflowed : B.Overflowed;
          if (P.Overflowed < 0 && !R.isKnown() && N.Lo < 0 &&
              certainlyOverflows(*IOp, A, B, Bounds))
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

} // namespace

std::vector<NodeValues>
evaluate(const std::vector<SymbolicNode> &Nodes,
         function_ref<PathValue(unsigned Index)> InputRange, Feasible F) {
  // A join read twice takes one side at both reads: in `x | x >> 1` of
  // `x = c ? n : 1`, never n | 1 >> 1. Its sides taken one at a time keep
  // the paths apart, where their cross products would soon pass MaxPaths
  // and become one hull that certainly fails nothing.
  std::vector<int> Choice(Nodes.size(), -1);
  SmallVector<unsigned, MaxChosenJoins> Joins;
  for (unsigned I = 0; I < Nodes.size(); ++I)
    if (Nodes[I].Kind == Op::Join)
      Joins.push_back(I);
  if (Joins.empty() || Joins.size() > MaxChosenJoins)
    return evaluateChoosing(Nodes, InputRange, F, Choice);
  std::vector<NodeValues> Out(Nodes.size());
  for (unsigned Mask = 0; Mask < (1u << Joins.size()); ++Mask) {
    for (unsigned J = 0; J < Joins.size(); ++J)
      Choice[Joins[J]] = (Mask >> J) & 1;
    std::vector<NodeValues> One =
        evaluateChoosing(Nodes, InputRange, F, Choice);
    // (The union of the choices' paths is not capped: it is not combined
    // further.)
    for (unsigned I = 0; I < Nodes.size(); ++I)
      Out[I].Paths.append(One[I].Paths.begin(), One[I].Paths.end());
  }
  return Out;
}

std::string inputKey(const SymbolicNode &N) {
  return formatv("{0}@{1}:{2}:{3}", N.Name, N.Loc.File, N.Loc.Line,
                 N.Loc.Column)
      .str();
}

} // namespace cudalint::symbolic
