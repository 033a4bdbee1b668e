//===- LaunchFindings.cpp - The precision rules for one launch's findings -===//
//
// What the checks found at one launch, on each of its archs, becomes what
// the tool promises: an error only where the launch fails for every value
// that may reach it, "may fail" where a failing value may reach it, one
// finding per check for a set of values, and the claim stated once in the
// message (DESIGN.md, trust rules).
//
//===----------------------------------------------------------------------===//

#include "CheckSupport.h"

#include "cudalint/Checks/Checks.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>

using namespace llvm;

namespace cudalint {

namespace {

bool fails(const Diagnostic &D) { return D.Promise == Claim::Fails; }

/// Every concrete launch the sets of L stand for (at most Limit of them;
/// none when there would be more). A set is not path-sensitive: its values
/// may not all reach the launch, nor in every combination.
std::vector<LaunchSite> concreteLaunches(const LaunchSite &L, size_t Limit) {
  std::vector<LaunchSite> Out = {L};
  for (size_t I = 0; I < launchParts(Out.front()).size(); ++I) {
    std::vector<LaunchSite> Next;
    for (LaunchSite &S : Out) {
      ResolvedValue &Part = *launchParts(S)[I].Value;
      if (Part.K != ResolvedValue::Kind::Set) {
        Next.push_back(S);
        continue;
      }
      for (int64_t V : Part.Values) {
        Next.push_back(S);
        ResolvedValue &Fixed = *launchParts(Next.back())[I].Value;
        Fixed.K = ResolvedValue::Kind::Constant;
        Fixed.Values = {V};
        if (Next.size() > Limit)
          return {};
      }
    }
    Out = std::move(Next);
  }
  for (LaunchSite &S : Out)
    S.ThreadsPerBlock = threadsPerBlock(S.Block);
  return Out;
}

/// Ctx with L (one of the concrete launches Ctx's launch stands for) in
/// place of its launch.
LaunchContext withLaunch(const LaunchContext &Ctx, const LaunchSite &L) {
  return {L,
          Ctx.Kernel,
          Ctx.Arch,
          Ctx.Resources,
          Ctx.Settings,
          Ctx.LaunchesOfKernel,
          Ctx.SettingsOfAnyKernel,
          Ctx.Options};
}

bool hasSets(const LaunchSite &L) {
  return llvm::any_of(launchParts(L), [](const ConstLaunchPart &P) {
    return P.Value->K == ResolvedValue::Kind::Set;
  });
}

/// Whether, for every concrete launch L stands for, one of Checks reports
/// a failure that Counts: the launch fails whichever of its values reach
/// it.
bool failsForEveryValue(
    ArrayRef<const Check *> Checks, const LaunchContext &Ctx,
    const LaunchSite &L,
    llvm::function_ref<bool(const Diagnostic &)> Counts = fails) {
  std::vector<LaunchSite> Concrete = concreteLaunches(L, 512);
  if (Concrete.empty())
    return false;
  return llvm::all_of(Concrete, [&](const LaunchSite &S) {
    LaunchContext One = withLaunch(Ctx, S);
    std::vector<Diagnostic> Found;
    for (const Check *C : Checks)
      C->checkLaunch(One, Found);
    return llvm::any_of(Found, Counts);
  });
}

/// A failure that cannot be promised: the launch may fail, with a note
/// saying why not for certain.
void mayFail(Diagnostic &D, std::string Why) {
  claimMayFail(D);
  D.Notes.push_back({SourceLoc(), std::move(Why)});
}

bool hasError(const std::vector<Diagnostic> &Found, StringRef Check) {
  return llvm::any_of(
      Found, [&](const Diagnostic &D) { return fails(D) && D.Check == Check; });
}

/// A note naming the values of L's sets with which C reports a finding
/// ("block x = 48, 100 give this finding"); none when there are too many
/// combinations to try.
std::optional<std::string> valuesGiving(const Check &C,
                                        const LaunchContext &Ctx) {
  std::vector<LaunchSite> Concrete = concreteLaunches(Ctx.Launch, 512);
  if (Concrete.empty())
    return std::nullopt;
  std::vector<ConstLaunchPart> Parts = launchParts(Ctx.Launch);
  std::vector<std::set<int64_t>> Giving(Parts.size());
  for (LaunchSite &S : Concrete) {
    std::vector<Diagnostic> Found;
    C.checkLaunch(withLaunch(Ctx, S), Found);
    if (Found.empty())
      continue;
    std::vector<LaunchPart> Fixed = launchParts(S);
    for (size_t I = 0; I < Parts.size(); ++I)
      if (Parts[I].Value->K == ResolvedValue::Kind::Set)
        Giving[I].insert(Fixed[I].Value->Values.front());
  }
  // The parts whose choice decides, or every set part when none does.
  auto Named = [&](bool OnlyDeciding) {
    std::vector<std::string> Out;
    for (size_t I = 0; I < Parts.size(); ++I)
      if (!Giving[I].empty() &&
          (!OnlyDeciding || Giving[I].size() < Parts[I].Value->Values.size()))
        Out.push_back(
            formatv("{0} = {1}", Parts[I].Name,
                    join(map_range(Giving[I],
                                   [](int64_t V) { return std::to_string(V); }),
                         ", "))
                .str());
    return join(Out, " and ");
  };
  if (std::string Deciding = Named(true); !Deciding.empty())
    return "of the values that may reach this launch, " + Deciding +
           " give this finding";
  return "every value that may reach this launch gives this finding (" +
         Named(false) + ")";
}

/// A set of values (a sweep over block sizes) makes a check report once per
/// failing or slow value: keep one finding per check, the one that claims
/// most, with a note naming the values that give it.
void oneFindingPerCheck(ArrayRef<const Check *> Checks,
                        const LaunchContext &Ctx,
                        std::vector<Diagnostic> &Found) {
  if (!hasSets(Ctx.Launch))
    return;
  std::vector<Diagnostic> Kept;
  std::map<std::string, size_t> At;
  std::set<std::string> Repeated;
  for (Diagnostic &D : Found) {
    auto [It, New] = At.try_emplace(D.Check, Kept.size());
    if (New) {
      Kept.push_back(std::move(D));
      continue;
    }
    Repeated.insert(D.Check);
    // (Claims are ordered from the strongest, Fails, on.)
    if (D.Promise < Kept[It->second].Promise)
      Kept[It->second] = std::move(D);
  }
  for (const Check *C : Checks)
    if (Repeated.count(C->name().str()))
      if (std::optional<std::string> Note = valuesGiving(*C, Ctx))
        Kept[At[C->name().str()]].Notes.push_back(
            {SourceLoc(), std::move(*Note)});
  Found = std::move(Kept);
}

/// A value of a set proven to reach the launch on a feasible path with
/// which the launch fails by Check, whatever its other values are: (the
/// part's name, the value).
std::optional<std::pair<std::string, int64_t>>
provenFailure(ArrayRef<const Check *> Checks, const LaunchContext &Ctx,
              StringRef Check) {
  LaunchSite Fixed = Ctx.Launch;
  for (const LaunchPart &Part : launchParts(Fixed)) {
    if (Part.Value->K != ResolvedValue::Kind::Set)
      continue;
    ResolvedValue Whole = *Part.Value;
    for (int64_t X : Whole.Proven) {
      *Part.Value = ResolvedValue::constant(X);
      Part.Value->Origins = Whole.Origins;
      bool Fails =
          failsForEveryValue(Checks, Ctx, Fixed, [&](const Diagnostic &D) {
            return fails(D) && D.Check == Check;
          });
      if (Fails)
        return std::pair(Part.Name.str(), X);
    }
    *Part.Value = std::move(Whole);
  }
  return std::nullopt;
}

/// A set of values may hold some that never reach the launch. An error
/// stands when every value fails, or when a value proven to reach the
/// launch (ResolvedValue::Proven) fails by its check; otherwise the launch
/// may fail.
void settleValueSets(ArrayRef<const Check *> Checks, const LaunchContext &Ctx,
                     std::vector<Diagnostic> &Found) {
  if (!hasSets(Ctx.Launch))
    return;
  // Every value must fail, for one reason or another: {512, 2048} with 129
  // registers fails at 512 by registers and at 2048 by the block size.
  std::vector<const Check *> Failing;
  for (const Check *C : Checks)
    if (hasError(Found, C->name()))
      Failing.push_back(C);
  if (Failing.empty() || failsForEveryValue(Failing, Ctx, Ctx.Launch))
    return;
  for (Diagnostic &D : Found) {
    if (!fails(D))
      continue;
    if (auto Proven = provenFailure(Failing, Ctx, D.Check))
      D.Notes.push_back(
          {SourceLoc(),
           formatv("{0} = {1} reaches this launch on a feasible path: no "
                   "branch on the way depends on the choice of that value",
                   Proven->first, Proven->second)
               .str()});
    else
      mayFail(D, "only some of the values that may reach this launch fail; "
                 "it fails on the paths that give them");
  }
}

} // namespace

void checkRangesAtLowest(ArrayRef<const Check *> Checks,
                         const LaunchContext &Ctx,
                         std::vector<Diagnostic> &Found) {
  // Only ranges of positive values (zero fails for a reason of its own),
  // and no sets beside them (those are settled value by value).
  LaunchSite Lowest = Ctx.Launch;
  bool AnyRange = false;
  std::string Ranges;
  for (const ConstLaunchPart &P : launchParts(Ctx.Launch)) {
    const ResolvedValue &V = *P.Value;
    if (V.K == ResolvedValue::Kind::Set)
      return;
    if (V.K == ResolvedValue::Kind::Range && V.Min < 1)
      return;
    AnyRange |= V.K == ResolvedValue::Kind::Range;
  }
  if (!AnyRange)
    return;
  for (const LaunchPart &P : launchParts(Lowest))
    if (ResolvedValue *V = P.Value; V->K == ResolvedValue::Kind::Range) {
      std::vector<ValueOrigin> Origins = std::move(V->Origins);
      if (!Ranges.empty())
        Ranges += ", ";
      Ranges += describeValue(*V);
      *V = ResolvedValue::constant(V->Min);
      V->Origins = std::move(Origins);
    }
  Lowest.ThreadsPerBlock = threadsPerBlock(Lowest.Block);
  LaunchContext AtLowest = withLaunch(Ctx, Lowest);
  for (const Check *C : Checks) {
    if (!C->failsUpward())
      continue;
    std::vector<Diagnostic> AtLow;
    C->checkLaunch(AtLowest, AtLow);
    for (Diagnostic &D : AtLow) {
      if (!fails(D))
        continue;
      D.Notes.push_back(
          {SourceLoc(),
           formatv("the launch takes a value in {0}; it fails from the "
                   "lowest of them on, so for every one",
                   Ranges)
               .str()});
      Found.push_back(std::move(D));
    }
  }
}

/// A value known only from the branch tests on the way to the launch
/// (`case 512:` of `switch (threads)`, or a template argument whose instance
/// is called only under `bs == 512`) is what that path would launch; the
/// program may never take it. An error there becomes "may fail", and advice
/// on how well such a launch runs (the warning checks) is left out. With
/// NameTests, each such value's tests become notes (for findings that do
/// not carry the values' origins).
void settleBranchTestValues(const LaunchSite &L, std::vector<Diagnostic> &Found,
                            bool NameTests) {
  auto FromTests = [](const ConstLaunchPart &P) {
    return llvm::any_of(P.Value->Origins,
                        [](const ValueOrigin &O) { return O.BranchTest; });
  };
  std::vector<ConstLaunchPart> Parts = launchParts(L);
  if (llvm::none_of(Parts, FromTests))
    return;
  llvm::erase_if(
      Found, [](const Diagnostic &D) { return D.Promise == Claim::Advice; });
  for (Diagnostic &D : Found) {
    if (!fails(D))
      continue;
    if (NameTests)
      for (const ConstLaunchPart &P : Parts)
        for (const ValueOrigin &O : P.Value->Origins)
          if (O.BranchTest)
            addNote(
                D, O.Loc,
                (P.Name + " = " + describeValue(*P.Value) + " from " + O.What)
                    .str());
    mayFail(D, "the value is known only from the branch tests on the way "
               "here; the launch fails when the program takes that path");
  }
}

/// A launch that runs only when a device query says so may never run on the
/// GPUs of an arch where its error fires: the code checks the device for
/// that very case (`if (prop.sharedMemPerMultiprocessor >= SMEM)`). Its
/// error is kept only where it fires on every target arch.
void settleDeviceGuard(ArrayRef<const Check *> Checks,
                       const LaunchSite::Guard &Guard,
                       std::vector<std::vector<Diagnostic>> &PerArch) {
  if (!Guard.Loc.valid())
    return;
  for (const Check *C : Checks) {
    bool Everywhere = llvm::all_of(
        PerArch, [&](const auto &Found) { return hasError(Found, C->name()); });
    if (Everywhere)
      continue;
    for (std::vector<Diagnostic> &Found : PerArch)
      llvm::erase_if(Found, [&](const Diagnostic &D) {
        return D.Check == C->name() && fails(D);
      });
  }
}

void settleLaunchFindings(ArrayRef<const Check *> Checks,
                          ArrayRef<LaunchContext> PerArch,
                          std::vector<std::vector<Diagnostic>> &Found) {
  assert(PerArch.size() == Found.size());
  if (PerArch.empty())
    return;
  for (size_t I = 0; I < PerArch.size(); ++I) {
    oneFindingPerCheck(Checks, PerArch[I], Found[I]);
    settleValueSets(Checks, PerArch[I], Found[I]);
  }
  settleDeviceGuard(Checks, PerArch.front().Launch.DeviceGuard, Found);
  for (std::vector<Diagnostic> &One : Found)
    settleBranchTestValues(PerArch.front().Launch, One, /*NameTests=*/false);
  // A launch certain to fail gets its errors only: how well it would run
  // does not matter.
  for (std::vector<Diagnostic> &One : Found) {
    if (llvm::any_of(One, fails))
      llvm::erase_if(One, [](const Diagnostic &D) { return !fails(D); });
    for (Diagnostic &D : One)
      stateLaunchOutcome(D);
  }
}

} // namespace cudalint
