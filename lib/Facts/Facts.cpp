//===- Facts.cpp - Resolved values ----------------------------------------===//

#include "cudalint/Facts/Facts.h"
#include "cudalint/Facts/SymbolicValues.h"
#include "cudalint/Facts/ValueArithmetic.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace cudalint {

ResolvedValue ResolvedValue::oneOf(std::vector<int64_t> Vs) {
  std::sort(Vs.begin(), Vs.end());
  Vs.erase(std::unique(Vs.begin(), Vs.end()), Vs.end());
  if (Vs.empty())
    return unknown();
  if (Vs.size() > MaxSetSize)
    return unknown(formatv("more than {0} possible values", MaxSetSize));
  ResolvedValue R;
  R.K = Vs.size() == 1 ? Kind::Constant : Kind::Set;
  if (R.K == Kind::Constant)
    R.Proven = Vs;
  R.Values = std::move(Vs);
  return R;
}

void ResolvedValue::keepProven(std::vector<int64_t> Shown) {
  llvm::sort(Shown);
  Shown.erase(std::unique(Shown.begin(), Shown.end()), Shown.end());
  Proven.clear();
  std::set_intersection(Shown.begin(), Shown.end(), Values.begin(),
                        Values.end(), std::back_inserter(Proven));
}

ResolvedValue ResolvedValue::range(int64_t Min, int64_t Max) {
  if (Min == Max)
    return constant(Min);
  ResolvedValue R;
  R.K = Kind::Range;
  R.Min = Min;
  R.Max = Max;
  return R;
}

/// threadsPerBlock of the values as known without run-time inputs.
static ResolvedValue knownThreadsPerBlock(const Dim3Value &Block) {
  const ResolvedValue *Parts[] = {&Block.X, &Block.Y, &Block.Z};
  auto Listed = [](const ResolvedValue *V) {
    return V->K == ResolvedValue::Kind::Constant ||
           V->K == ResolvedValue::Kind::Set;
  };
  if (llvm::all_of(Parts, Listed)) {
    std::vector<int64_t> Products = {1};
    for (const ResolvedValue *P : Parts) {
      std::vector<int64_t> Next;
      for (int64_t A : Products)
        for (int64_t B : P->Values) {
          std::optional<int64_t> Product = checkedProduct({A, B});
          if (!Product)
            return ResolvedValue::unknown(
                "a product of the block's dimensions beyond 64 bits");
          Next.push_back(*Product);
        }
      Products = std::move(Next);
    }
    // Too many products to list, or sets in two dimensions: a branch may
    // set x and y together (`if (ndims == 1) { b.x *= b.y; b.y = 1; }`), so
    // a pairing of their values need not be one any path gives, even when
    // each value reaches on its own. Every product lies between the
    // smallest and the largest.
    bool SetsInTwoDimensions =
        llvm::count_if(Parts, [](const ResolvedValue *P) {
          return P->K == ResolvedValue::Kind::Set;
        }) >= 2;
    ResolvedValue Total = SetsInTwoDimensions ? ResolvedValue::unknown()
                                              : ResolvedValue::oneOf(Products);
    if (!Total.isKnown() && !Products.empty())
      return ResolvedValue::range(
          *std::min_element(Products.begin(), Products.end()),
          *std::max_element(Products.begin(), Products.end()));
    return Total;
  }
  // A range in x alone (min(n, 256), 1, 1) still bounds the total.
  if (Block.X.K == ResolvedValue::Kind::Range && Block.Y.isConstant() &&
      Block.Z.isConstant()) {
    std::optional<int64_t> Lo =
        checkedProduct({Block.X.Min, Block.Y.value(), Block.Z.value()});
    std::optional<int64_t> Hi =
        checkedProduct({Block.X.Max, Block.Y.value(), Block.Z.value()});
    if (!Lo || !Hi)
      return ResolvedValue::unknown(
          "a product of the block's dimensions beyond 64 bits");
    return ResolvedValue::range(std::min(*Lo, *Hi), std::max(*Lo, *Hi));
  }
  for (auto [Name, Part] :
       {std::pair{"x", Parts[0]}, {"y", Parts[1]}, {"z", Parts[2]}})
    if (!Part->isKnown())
      return ResolvedValue::unknown(
          Part->Reason.empty() ? std::string()
                               : formatv("{0}: {1}", Name, Part->Reason).str());
  return ResolvedValue::unknown(
      "a range of sizes in one dimension with another dimension not constant");
}

ResolvedValue threadsPerBlock(const Dim3Value &Block) {
  ResolvedValue Known = knownThreadsPerBlock(
      {withoutInputs(Block.X), withoutInputs(Block.Y), withoutInputs(Block.Z)});
  const ResolvedValue *Parts[] = {&Block.X, &Block.Y, &Block.Z};
  if (llvm::none_of(Parts,
                    [](const ResolvedValue *V) { return V->isSymbolic(); }) ||
      llvm::any_of(Parts, [](const ResolvedValue *V) {
        return V->K == ResolvedValue::Kind::Unknown;
      }))
    return Known;
  // Sizes read at run time: their product, which the runtime checks too.
  IntegerBounds Count{0, INT64_MAX, "the block's thread count"};
  ResolvedValue Total = applyIntegerOp(
      IntegerOp::Mul, applyIntegerOp(IntegerOp::Mul, Block.X, Block.Y, Count),
      Block.Z, Count);
  Total.Origins.clear();
  return withExpressionOf(std::move(Known), Total);
}

ResolvedValue joinValues(const std::vector<ResolvedValue> &Parts) {
  if (Parts.empty())
    return ResolvedValue::unknown();
  std::vector<int64_t> Values;
  bool AnyRange = false;
  int64_t Lo = INT64_MAX, Hi = INT64_MIN;
  auto Unknown = llvm::find_if(Parts, [](const ResolvedValue &P) {
    return P.K == ResolvedValue::Kind::Unknown;
  });
  if (Unknown != Parts.end()) {
    // One unknown possibility: unknown, for its reason; no longer the
    // parameter itself when other values join it.
    ResolvedValue R = *Unknown;
    if (Parts.size() > 1)
      R.Parameter.reset();
    return R;
  }
  if (llvm::any_of(Parts,
                   [](const ResolvedValue &P) { return P.isSymbolic(); }))
    return Parts.size() == 1 ? Parts.front() : symbolicJoin(Parts);
  for (const ResolvedValue &P : Parts) {
    AnyRange |= P.K == ResolvedValue::Kind::Range;
    Lo = std::min(Lo, P.lowest());
    Hi = std::max(Hi, P.highest());
    Values.insert(Values.end(), P.Values.begin(), P.Values.end());
  }
  ResolvedValue R =
      AnyRange ? ResolvedValue::range(Lo, Hi) : ResolvedValue::oneOf(Values);
  // More values than a set holds: they lie between the extremes.
  if (!R.isKnown())
    R = ResolvedValue::range(Lo, Hi);
  std::vector<int64_t> Proven;
  for (const ResolvedValue &P : Parts) {
    R.Origins.insert(R.Origins.end(), P.Origins.begin(), P.Origins.end());
    Proven.insert(Proven.end(), P.Proven.begin(), P.Proven.end());
  }
  if (!R.isKnown())
    R.Origins.clear();
  else if (R.K != ResolvedValue::Kind::Range)
    R.keepProven(Proven);
  return R;
}

std::string describeValue(const ResolvedValue &V) {
  switch (V.K) {
  case ResolvedValue::Kind::Unknown:
    return "?";
  case ResolvedValue::Kind::Constant:
    return std::to_string(V.value());
  case ResolvedValue::Kind::Set:
    return "{" +
           join(
               map_range(V.Values, [](int64_t X) { return std::to_string(X); }),
               ", ") +
           "}";
  case ResolvedValue::Kind::Range:
    return formatv("[{0}, {1}]", V.Min, V.Max).str();
  case ResolvedValue::Kind::Symbolic:
    // Not a value the launch is known to take: its expression is
    // describeSymbolic's.
    return "?";
  }
  llvm_unreachable("unknown kind");
}

std::string describeDim3(const Dim3Value &D) {
  return describeValue(D.X) + "x" + describeValue(D.Y) + "x" +
         describeValue(D.Z);
}

namespace {

/// Site: LaunchSite or const LaunchSite; Part: LaunchPart or
/// ConstLaunchPart to match.
template <typename Part, typename Site> std::vector<Part> partsOf(Site &L) {
  std::vector<Part> Parts = {
      {"grid.x", "grid x", &L.Grid.X},
      {"grid.y", "grid y", &L.Grid.Y},
      {"grid.z", "grid z", &L.Grid.Z},
      {"block.x", "block x", &L.Block.X},
      {"block.y", "block y", &L.Block.Y},
      {"block.z", "block z", &L.Block.Z},
      {"smem", "dynamic shared memory", &L.DynamicSharedMem}};
  if (L.ClusterDims) {
    Parts.push_back({"cluster.x", "cluster x", &L.ClusterDims->X});
    Parts.push_back({"cluster.y", "cluster y", &L.ClusterDims->Y});
    Parts.push_back({"cluster.z", "cluster z", &L.ClusterDims->Z});
  }
  return Parts;
}

} // namespace

std::vector<LaunchPart> launchParts(LaunchSite &L) {
  return partsOf<LaunchPart>(L);
}

std::vector<ConstLaunchPart> launchParts(const LaunchSite &L) {
  return partsOf<ConstLaunchPart>(L);
}

} // namespace cudalint
