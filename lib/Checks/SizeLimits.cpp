//===- SizeLimits.cpp - What a launch's run-time sizes must keep to -------===//

#include "cudalint/Checks/SizeLimits.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cudalint {

/// A limit for each run-time axis of the grid or the block (Dim): at least
/// one and at most the arch's Max for that axis, counted in Unit.
template <typename MaxT>
static void axisLimits(std::vector<SizeLimit> &Out, SizeLimit::Kind K,
                       StringRef Dim, const Dim3Value &Sizes,
                       const MaxT (&Max)[3], StringRef Unit) {
  const ResolvedValue *Axes[] = {&Sizes.X, &Sizes.Y, &Sizes.Z};
  const char *Axis[] = {"x", "y", "z"};
  for (unsigned I = 0; I < 3; ++I)
    if (Axes[I]->isSymbolic())
      Out.push_back({K, formatv("{0}.{1}", Dim, Axis[I]).str(),
                     formatv("{0} {1}", Dim, Axis[I]).str(), *Axes[I],
                     int64_t(Max[I]),
                     formatv("the maximum of {0} {1} in {2} {3}", Max[I], Unit,
                             Dim, Axis[I])
                         .str(),
                     true, false});
}

std::vector<SizeLimit> hardwareSizeLimits(const LaunchSite &L,
                                          const ArchInfo &A, uint64_t Static,
                                          uint64_t SmemLimit,
                                          std::string SmemWhy) {
  std::vector<SizeLimit> Out;
  axisLimits(Out, SizeLimit::Kind::Grid, "grid", L.Grid, A.MaxGridDim,
             "blocks");
  axisLimits(Out, SizeLimit::Kind::Block, "block", L.Block, A.MaxBlockDim,
             "threads");
  const ResolvedValue *Block[] = {&L.Block.X, &L.Block.Y, &L.Block.Z};
  // A block of several run-time sizes: their product (`dim3 block(ne13,
  // ne12)` fails once ne13 * ne12 > 1024, each within 1024).
  if (L.ThreadsPerBlock.isSymbolic() &&
      llvm::count_if(
          Block, [](const ResolvedValue *V) { return !V->isConstant(); }) > 1)
    Out.push_back({SizeLimit::Kind::Block, "threads", "threads per block",
                   L.ThreadsPerBlock, int64_t(A.MaxThreadsPerBlock),
                   formatv("the maximum of {0} threads per block on {1}",
                           A.MaxThreadsPerBlock, A.Name)
                       .str(),
                   false, false});
  if (L.DynamicSharedMem.isSymbolic()) {
    ResolvedValue Total = L.DynamicSharedMem;
    if (Static)
      Total = applyIntegerOp(IntegerOp::Add, Total,
                             ResolvedValue::constant(int64_t(Static)),
                             {0, INT64_MAX, "size_t"});
    if (Total.isSymbolic())
      Out.push_back(
          {SizeLimit::Kind::SharedMemory, "smem",
           Static ? "shared memory per block" : "dynamic shared memory",
           std::move(Total), int64_t(SmemLimit), std::move(SmemWhy), false,
           false});
  }
  return Out;
}

std::string SafeCondition::str() const {
  const char *Op = K == Kind::AtMost ? "<=" : K == Kind::Above ? ">" : "=";
  return formatv("{0} {1} {2}", Input, Op, Value).str();
}

std::vector<SafeCondition> safeConditions(const SizeLimit &Limit,
                                          InputDomain Domain) {
  using K = SafeCondition::Kind;
  std::vector<SafeCondition> Out;
  for (const FailingInput &F : inputsAbove(Limit.Value, Limit.Max, Domain))
    Out.push_back(F.Edge ? SafeCondition{F.Input->Name, K::AtMost, F.Value - 1}
                         : SafeCondition{F.Input->Name, K::FailsAt, F.Value});
  if (Limit.AtLeastOne)
    for (const FailingInput &F : inputsBelow(Limit.Value, 1, Domain))
      Out.push_back(F.Edge ? SafeCondition{F.Input->Name, K::Above, F.Value}
                           : SafeCondition{F.Input->Name, K::FailsAt, F.Value});
  return Out;
}

std::string describeSafeConditions(ArrayRef<SafeCondition> Conditions) {
  using K = SafeCondition::Kind;
  std::vector<SafeCondition> Kept;
  for (const SafeCondition &C : Conditions) {
    auto Same = llvm::find_if(Kept, [&](const SafeCondition &O) {
      return O.Input == C.Input && O.K == C.K;
    });
    if (Same == Kept.end())
      Kept.push_back(C);
    else if (C.K == K::AtMost || C.K == K::FailsAt)
      Same->Value = std::min(Same->Value, C.Value);
    else if (C.K == K::Above)
      Same->Value = std::max(Same->Value, C.Value);
  }
  std::string Safe, Fails;
  for (const SafeCondition &C : Kept) {
    std::string &To = C.K == K::FailsAt ? Fails : Safe;
    To += (To.empty() ? "" : C.K == K::FailsAt ? " or " : " and ") + C.str();
  }
  if (!Safe.empty())
    Safe = "safe while " + Safe;
  if (!Fails.empty())
    Fails = "fails at " + Fails;
  return Safe + (Safe.empty() || Fails.empty() ? "" : "; ") + Fails;
}

} // namespace cudalint
