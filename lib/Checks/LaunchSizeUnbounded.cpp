//===- LaunchSizeUnbounded.cpp - cuda-launch-size-unbounded ---------------===//
//
// A launch whose grid, block or shared memory is made of sizes the program
// reads at run time (SymbolicValues.h) fails for the inputs that take it
// past a limit the runtime checks: the hardware's (SizeLimits.h), the
// kernel's __launch_bounds__, the block its registers allow, and the
// shared memory its opt-in allows. Each is reported once, naming the input
// and the smallest value of it that fails, as a warning: the launch fails
// only if such an input arrives, and nothing on its path stops it.
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "cudalint/Checks/SizeLimits.h"

#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace llvm;

namespace cudalint {

namespace {

/// The block sizes the kernel itself allows on the arch: its launch bound,
/// and the most threads its registers let launch.
void addKernelLimits(const LaunchContext &Ctx, std::vector<SizeLimit> &Out) {
  const ResolvedValue &Threads = Ctx.Launch.ThreadsPerBlock;
  if (!Threads.isSymbolic() || Ctx.Launch.OccupancyTuned)
    return;
  if (std::optional<int64_t> Bound = Ctx.maxThreadsBound();
      Bound && *Bound < int64_t(Ctx.Arch.MaxThreadsPerBlock))
    Out.push_back({SizeLimit::Kind::Block, "threads", "threads per block",
                   Threads, *Bound,
                   formatv("the kernel's __launch_bounds__ maximum of {0} "
                           "threads",
                           *Bound)
                       .str(),
                   false, false});
  const KernelResources *R = Ctx.Resources;
  if (!R || !R->HasUsage)
    return;
  int64_t Fits = 0;
  for (unsigned T = Ctx.Arch.WarpSize; T <= Ctx.Arch.MaxThreadsPerBlock;
       T += Ctx.Arch.WarpSize) {
    OccupancyInput In;
    In.ThreadsPerBlock = T;
    In.RegistersPerThread = R->Registers;
    OccupancyResult Occ = computeOccupancy(Ctx.Arch, In);
    if (Occ.fails(LaunchFailure::TooManyRegistersPerBlock))
      break;
    Fits = T;
  }
  if (Fits && Fits < int64_t(Ctx.Arch.MaxThreadsPerBlock))
    Out.push_back({SizeLimit::Kind::Block, "threads", "threads per block",
                   Threads, Fits,
                   formatv("the {0} threads its {1} registers per thread "
                           "let launch on {2}",
                           Fits, R->Registers, Ctx.Arch.Name)
                       .str(),
                   false, true});
}

/// The shared memory the kernel may have: 48 KiB, or the opt-in the code
/// makes for it (its value when it is a constant, else the arch's most).
std::pair<uint64_t, std::string> sharedMemoryLimit(const LaunchContext &Ctx) {
  const ArchInfo &A = Ctx.Arch;
  if (const KernelSetting *OptIn = Ctx.setting("MaxDynamicSharedMemorySize")) {
    if (OptIn->Value.isConstant())
      return {uint64_t(OptIn->Value.value()),
              formatv("the opt-in of {0} made for the kernel",
                      formatBytes(OptIn->Value.value()))
                  .str()};
    return {A.SharedMemPerBlockOptIn,
            formatv("the opt-in maximum of {0} on {1}",
                    formatBytes(A.SharedMemPerBlockOptIn), A.Name)
                .str()};
  }
  return {A.SharedMemPerBlock,
          formatv("the {0} a block may have without opting in",
                  formatBytes(A.SharedMemPerBlock))
              .str()};
}

/// The fix for a size of 0, by the operation that makes it: a truncating
/// division rounds down, `n % LIMIT` leaves an empty last chunk, and a
/// division that already rounds up (`(n / 8 + 31) / 32`) is 0 only when what
/// it counts is.
std::string zeroSizeFix(const ResolvedValue &V) {
  const char *Return = "return before the launch when there is nothing to do";
  if (V.Symbolic.empty())
    return Return;
  const SymbolicNode *Top = &V.Symbolic.back();
  while (Top->Kind == SymbolicNode::Op::Assume ||
         Top->Kind == SymbolicNode::Op::Call)
    Top = &V.Symbolic[Top->A];
  if (Top->Kind == SymbolicNode::Op::Rem)
    return "launch the last chunk only when it is not empty, or return "
           "before the launch when there is nothing to do";
  if (Top->Kind != SymbolicNode::Op::Div)
    return Return;
  const SymbolicNode &Sum = V.Symbolic[Top->A];
  const SymbolicNode &Divisor = V.Symbolic[Top->B];
  bool RoundsUp = Sum.Kind == SymbolicNode::Op::Add &&
                  Divisor.Kind == SymbolicNode::Op::Constant &&
                  V.Symbolic[Sum.B].Kind == SymbolicNode::Op::Constant &&
                  V.Symbolic[Sum.B].Lo == Divisor.Lo - 1;
  return RoundsUp ? std::string(Return) +
                        ": the grid already rounds up, so what it counts is 0"
                  : "round the grid up ((n + B - 1) / B blocks) or " +
                        std::string(Return);
}

std::string usualFix(const SizeLimit &L, const LaunchContext &Ctx, bool Below,
                     bool Overflow) {
  if (Overflow)
    return "compute the size in a 64-bit type (int64_t, size_t) and check it "
           "against the limit";
  if (Below)
    return zeroSizeFix(L.Value);
  switch (L.K) {
  case SizeLimit::Kind::Grid:
    return L.Id == "grid.x"
               ? "cap the grid and loop over the rest in the kernel (a "
                 "grid-stride loop), or check the size at the entry point"
               : "move the large dimension to grid x (up to 2^31 - 1 "
                 "blocks), or cap it at 65535 and loop over the rest in "
                 "the kernel";
  case SizeLimit::Kind::Block:
    return "check the size where it enters the program, or clamp it "
           "(std::min) and loop in the kernel";
  case SizeLimit::Kind::SharedMemory:
    return formatv("opt in with cudaFuncSetAttribute(kernel, "
                   "cudaFuncAttributeMaxDynamicSharedMemorySize, bytes) (up "
                   "to {0} on {1}), or tile the input so that the shared "
                   "memory stays bounded",
                   formatBytes(Ctx.Arch.SharedMemPerBlockOptIn), Ctx.Arch.Name)
        .str();
  }
  return "";
}

/// "is 'ne1' ('ne1' (dst->ne[1], an int64_t))" or "is '(n + 255) / 256'
/// with 'n' (...)".
std::string whatItIs(const ResolvedValue &V) {
  std::vector<const SymbolicNode *> Inputs = symbolicInputs(V);
  std::string Expr = describeSymbolic(V);
  std::string Out = "is '" + Expr + "'";
  if (Inputs.size() == 1 && Inputs[0]->Name == Expr)
    return Out + " (" + inputDetails(*Inputs[0]) + ")";
  for (size_t I = 0; I < Inputs.size(); ++I)
    Out += (I ? ", " : " with ") + describeInput(*Inputs[I]);
  return Out;
}

bool boundedOnTheWay(const ResolvedValue &V) {
  return llvm::any_of(V.Origins,
                      [](const ValueOrigin &O) { return O.BranchTest; }) ||
         llvm::any_of(V.Symbolic, [](const SymbolicNode &N) {
           return N.Kind == SymbolicNode::Op::Assume;
         });
}

Diagnostic finding(const Check &C, const LaunchContext &Ctx, const SizeLimit &L,
                   const FailingInput &F, bool Below) {
  const std::string &Name = F.Input->Name;
  std::string Outcome;
  if (Below) {
    // The other inputs are at their smallest where the search found it:
    // `0 at gpus.size() = 2` alone reads as if it held for any data size.
    bool Others =
        llvm::any_of(symbolicInputs(L.Value),
                     [&](const SymbolicNode *I) { return I->Name != Name; });
    // A count from 0 that is 0 at 0: "at n = 0", not "while n <= 0".
    Outcome = formatv(F.Edge && F.Value != 0
                          ? "it is {0} while {1} <= {2}{3}, and a launch "
                            "needs at least one"
                          : "it is {0} at {1} = {2}{3}, and a launch needs "
                            "at least one",
                      F.Result, Name, F.Value,
                      Others ? " with the other sizes at their smallest" : "");
  } else if (F.OverflowAt)
    // C leaves a signed overflow undefined; in practice it wraps, and the
    // launch gets a negative or a huge size.
    Outcome = formatv(F.Edge ? "its arithmetic overflows '{0}' once {1} > {2}"
                             : "its arithmetic overflows '{0}' at {1} = {2}",
                      F.OverflowAt->Name, Name, F.Edge ? F.Value - 1 : F.Value);
  else
    Outcome = formatv(F.Edge ? "it passes {0} once {1} > {2}"
                             : "it passes {0} at {1} = {2}",
                      L.Why, Name, F.Edge ? F.Value - 1 : F.Value);
  Diagnostic D = launchError(
      C, Ctx,
      formatv("{0} of {1} {2}, and {3}; {4}", L.Name, kernelName(Ctx.Launch),
              whatItIs(L.Value),
              boundedOnTheWay(L.Value) ? "the tests on this path do not stop it"
                                       : "nothing on this path bounds it",
              Outcome)
          .str(),
      L.OutOfResources ? RuntimeError::LaunchOutOfResources
                       : RuntimeError::InvalidValue);
  claimMayFail(D);
  for (const SymbolicNode *I : symbolicInputs(L.Value))
    addNote(D, I->Loc,
            formatv("'{0}' is read here: {1}", I->Name, I->Provenance).str());
  addOriginNotes(D, L.Value, L.Name);
  addNote(D, SourceLoc(),
          "to fix: " + usualFix(L, Ctx, Below, F.OverflowAt != nullptr));
  return D;
}

/// A value that is a parameter itself, which no analysed file passes, as
/// its caller's choice of launch configuration (a launch wrapper): a field
/// of a dim3 parameter, or an integer one that sizes the block or a grid
/// of one dimension. The check belongs where the callers choose; the
/// launch coverage still says what it needs. (An integer parameter on grid
/// y or z is a count of the data, the bug this check is for.)
bool forwardsAParameter(const ResolvedValue &V, const SizeLimit *L = nullptr) {
  std::vector<const SymbolicNode *> Inputs = symbolicInputs(V);
  if (Inputs.size() != 1 || describeSymbolic(V) != Inputs[0]->Name)
    return false;
  if (Inputs[0]->From == SymbolicNode::Source::LaunchParameter)
    return true;
  return (Inputs[0]->From == SymbolicNode::Source::Parameter ||
          Inputs[0]->From == SymbolicNode::Source::IndirectParameter) &&
         (!L || L->K == SizeLimit::Kind::Block || L->Id == "grid.x");
}

/// A block each of whose dimensions is a constant or forwards a parameter
/// (`dim3 threads` handed to a launch wrapper).
bool forwardsParameters(const Dim3Value &Block) {
  return llvm::all_of(std::initializer_list<const ResolvedValue *>{&Block.X,
                                                                   &Block.Y,
                                                                   &Block.Z},
                      [](const ResolvedValue *V) {
                        return V->isKnown() || forwardsAParameter(*V);
                      });
}

} // namespace

void LaunchSizeUnbounded::checkLaunch(const LaunchContext &Ctx,
                                      Findings &Out) const {
  const CheckOptions &O = Ctx.Options;
  InputDomain Domain{O.flag(*this, CountEmptyInputsOption) ? 0 : 1};
  int64_t MostWorthIt = int64_t(O.number(*this, MaxFailingInputOption));
  const KernelResources *R = Ctx.Resources;
  auto [SmemLimit, SmemWhy] = sharedMemoryLimit(Ctx);
  std::vector<SizeLimit> Limits = hardwareSizeLimits(
      Ctx.Launch, Ctx.Arch, R && R->HasUsage ? R->StaticSmem : 0, SmemLimit,
      SmemWhy);
  addKernelLimits(Ctx, Limits);
  auto Watched = [&](const SizeLimit &L) {
    switch (L.K) {
    case SizeLimit::Kind::Grid:
      return O.flag(*this, WatchGridOption);
    case SizeLimit::Kind::Block:
      return O.flag(*this, WatchBlockOption) && !Ctx.Launch.OccupancyTuned;
    case SizeLimit::Kind::SharedMemory:
      return O.flag(*this, WatchSharedMemoryOption);
    }
    return false;
  };
  // One finding per grid dimension, one for the block (its dimensions,
  // threads, the kernel's limits) and one for shared memory: the limit the
  // smallest input breaks.
  struct Failure {
    const SizeLimit *Limit;
    FailingInput Input;
    bool Below;
  };
  std::map<std::string, Failure> Worst;
  for (const SizeLimit &L : Limits) {
    if (!Watched(L) || forwardsAParameter(L.Value, &L) ||
        (L.Id == "threads" && forwardsParameters(Ctx.Launch.Block)))
      continue;
    std::optional<Failure> F;
    // The input that fails soonest: `(d1 + 31) / 32 * d3` fails at
    // d1 = 2097121 or at d3 = 65536.
    std::vector<FailingInput> Above = inputsAbove(L.Value, L.Max, Domain);
    auto Soonest = llvm::min_element(
        Above, [](const FailingInput &A, const FailingInput &B) {
          return A.Value < B.Value;
        });
    if (Soonest != Above.end() && Soonest->Value <= MostWorthIt)
      F = Failure{&L, *Soonest, false};
    else if (L.AtLeastOne && O.flag(*this, WatchZeroSizesOption))
      if (std::vector<FailingInput> Below = inputsBelow(L.Value, 1, Domain);
          !Below.empty())
        F = Failure{&L, Below.front(), true};
    // Measured on 26 real projects: 3,824 of 4,068 findings came from
    // parameters whose callers the run did not see. (Not those of
    // functions called through pointers: no run sees all their callers.)
    if (!F || (!O.flag(*this, IncludeUncalledParametersOption) &&
               (F->Input.Input->From == SymbolicNode::Source::Parameter ||
                F->Input.Input->From == SymbolicNode::Source::LaunchParameter)))
      continue;
    std::string Key = L.K == SizeLimit::Kind::Grid    ? L.Id
                      : L.K == SizeLimit::Kind::Block ? "block"
                                                      : "smem";
    auto [It, New] = Worst.try_emplace(Key, *F);
    // (On a tie, the limit of more inputs: a block of two sizes fails by
    // their product.)
    auto Inputs = [](const Failure &X) {
      return symbolicInputs(X.Limit->Value).size();
    };
    if (!New && !F->Below &&
        (It->second.Below || F->Input.Value < It->second.Input.Value ||
         (F->Input.Value == It->second.Input.Value &&
          Inputs(*F) > Inputs(It->second))))
      It->second = *F;
  }
  // A part that fails only past the value of an input at which another part
  // already fails, for good (an edge: every value above fails too), adds
  // nothing to that finding: xmrig's shared memory of 16 * threads bytes
  // fails past 3072, its block of threads << 2 past 256.
  auto FailsSoonerElsewhere = [&](const Failure &F) {
    return !F.Below && llvm::any_of(Worst, [&](const auto &Other) {
      const Failure &G = Other.second;
      return !G.Below && G.Input.Edge && G.Input.Value < F.Input.Value &&
             // (The same input by name and kind: xmrig reads
             // ctx->device_threads once per dim3. At worst a redundant
             // finding is left out.)
             G.Input.Input->Name == F.Input.Input->Name &&
             G.Input.Input->From == F.Input.Input->From;
    });
  };
  for (const auto &[Key, F] : Worst)
    if (!FailsSoonerElsewhere(F))
      Out.push_back(finding(*this, Ctx, *F.Limit, F.Input, F.Below));
}

} // namespace cudalint
