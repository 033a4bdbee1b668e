//===- CheckRunner.cpp - Every check over a run, on every vendor's target -===//
//
// The one runner: each unit's launches, kernel settings and kernels, judged
// by every enabled check on the unit's CUDA archs (check<Facts>) and then on
// its gfx targets (checkAmd<Facts>, for the checks whose Vendors in
// Checks.def include Amd).
//
//===----------------------------------------------------------------------===//

#include "AmdCheckSupport.h"
#include "CheckSupport.h"
#include "RunIndex.h"

#include "cudalint/Checks/AmdChecks.h"
#include "cudalint/Checks/Checks.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace cudalint {

namespace {

/// At one place, the checks in the order of Checks.def: a launch's first
/// error is the one the runtime returns. A launch in a header is seen by
/// every file that includes it: its findings are kept once.
void sortAndMerge(std::vector<Diagnostic> &Out) {
  std::map<std::string, size_t, std::less<>> Rank;
  for (const std::unique_ptr<Check> &C : allChecks())
    Rank.emplace(C->name().str(), Rank.size());
  auto RankOf = [&](const Diagnostic &D) {
    auto It = Rank.find(D.Check);
    return It == Rank.end() ? Rank.size() : It->second;
  };
  auto Key = [&](const Diagnostic &D) {
    return std::make_tuple(std::cref(D.Loc.File), D.Loc.Line, D.Loc.Column,
                           RankOf(D), std::cref(D.Check), std::cref(D.Arch),
                           std::cref(D.Message));
  };
  std::sort(Out.begin(), Out.end(),
            [&](const Diagnostic &A, const Diagnostic &B) {
              return Key(A) < Key(B);
            });
  Out.erase(std::unique(Out.begin(), Out.end(),
                        [&](const Diagnostic &A, const Diagnostic &B) {
                          return Key(A) == Key(B);
                        }),
            Out.end());
}

/// A launch certain to fail on a target gets only its errors there.
void keepOnlyErrorsIfFails(Findings &Found) {
  if (any_of(Found,
             [](const Diagnostic &D) { return D.Promise == Claim::Fails; }))
    erase_if(Found,
             [](const Diagnostic &D) { return D.Promise != Claim::Fails; });
}

class Runner {
public:
  Runner(const CheckRun &Run, std::vector<const Check *> Enabled)
      : Run(Run), Enabled(std::move(Enabled)), Index(Run) {
    for (const Check *C : this->Enabled)
      if (C->judgesAmd())
        AmdEnabled.push_back(C);
  }

  void cudaUnit(const TranslationUnitFacts &U);
  void amdUnit(const TranslationUnitFacts &U);
  /// The diagnostics, with the notes counting a template's instantiations.
  std::vector<Diagnostic> finish();

private:
  void cudaLaunch(const TranslationUnitFacts &U, const LaunchSite &L);
  void cudaSetting(const KernelSetting &S, ArrayRef<const ArchInfo *> Archs);
  void cudaKernel(const KernelInfo &K, ArrayRef<const ArchInfo *> Archs);
  void addKernelFindings(const KernelInfo &K, std::vector<Diagnostic> &Found);
  void amdLaunch(const TranslationUnitFacts &U, const LaunchSite &L,
                 ArrayRef<const AmdArchInfo *> Archs);

  const CheckRun &Run;
  std::vector<const Check *> Enabled, AmdEnabled;
  RunIndex Index;
  std::vector<Diagnostic> Out;
  std::set<std::string> KernelsChecked, AmdKernelsChecked;
  // A kernel template's instantiations share their source: a finding at the
  // same place, by the same check, on the same arch, is reported once, with
  // a note counting the other instantiations (40 head sizes of one
  // __launch_bounds__(D) are one finding to fix, not 40).
  std::map<
      std::tuple<std::string, unsigned, unsigned, std::string, std::string>,
      std::pair<size_t, std::set<std::string>>>
      FirstInstantiationFinding;
};

void Runner::addKernelFindings(const KernelInfo &K,
                               std::vector<Diagnostic> &Found) {
  for (Diagnostic &D : Found) {
    if (!K.IsTemplateInstantiation) {
      Out.push_back(std::move(D));
      continue;
    }
    auto [It, New] = FirstInstantiationFinding.try_emplace(
        {D.Loc.File, D.Loc.Line, D.Loc.Column, D.Check, D.Arch}, Out.size(),
        std::set<std::string>{K.Mangled});
    if (New)
      Out.push_back(std::move(D));
    else
      It->second.second.insert(K.Mangled);
  }
}

void Runner::cudaLaunch(const TranslationUnitFacts &U, const LaunchSite &L) {
  std::vector<LaunchContext> PerArch = Index.launchContexts(U, L);
  std::vector<std::vector<Diagnostic>> Found(PerArch.size());
  for (size_t I = 0; I < PerArch.size(); ++I) {
    for (const Check *C : Enabled)
      C->checkLaunch(PerArch[I], Found[I]);
    checkRangesAtLowest(Enabled, PerArch[I], Found[I]);
  }
  settleLaunchFindings(Enabled, PerArch, Found);
  for (std::vector<Diagnostic> &One : Found)
    for (Diagnostic &D : One)
      Out.push_back(std::move(D));
}

void Runner::cudaSetting(const KernelSetting &S,
                         ArrayRef<const ArchInfo *> Archs) {
  // A call whose kernel is not traced (a driver API CUfunction) is checked
  // on its own: what the kernel's static shared memory is, or which calls
  // came before, is not known.
  const KernelSetting *Self = &S;
  ArrayRef<const KernelSetting *> OfKernel =
      S.Mangled.empty() ? ArrayRef(Self) : Index.settingsOf(S.Mangled);
  std::vector<std::vector<Diagnostic>> Found(Archs.size());
  for (size_t I = 0; I < Archs.size(); ++I) {
    if (Index.compiledOut(S.Mangled, *Archs[I]))
      continue;
    SettingContext Ctx{
        S,         S.Mangled.empty() ? nullptr : Index.kernel(S.Mangled),
        *Archs[I], Index.resources(S.Mangled, *Archs[I]),
        OfKernel,  Run.Options};
    for (const Check *C : Enabled)
      C->checkSetting(Ctx, Found[I]);
  }
  settleDeviceGuard(Enabled, S.DeviceGuard, Found);
  for (std::vector<Diagnostic> &One : Found)
    for (Diagnostic &D : One)
      Out.push_back(std::move(D));
}

void Runner::cudaKernel(const KernelInfo &K, ArrayRef<const ArchInfo *> Archs) {
  for (const ArchInfo *A : Archs) {
    if (Index.compiledOut(K.Mangled, *A))
      continue;
    KernelContext Ctx{K, *A, Index.resources(K.Mangled, *A),
                      Index.launchesOf(K.Mangled), Run.Options};
    std::vector<Diagnostic> Found;
    for (const Check *C : Enabled)
      C->checkKernel(Ctx, Found);
    addKernelFindings(K, Found);
  }
}

void Runner::cudaUnit(const TranslationUnitFacts &U) {
  std::vector<const ArchInfo *> Archs = Index.archsOf(U);
  for (const LaunchSite &L : U.Launches)
    cudaLaunch(U, L);
  for (const KernelSetting &S : U.KernelSettings)
    cudaSetting(S, Archs);
  for (const KernelInfo &Seen : U.Kernels) {
    // Kernels in a header are checked once, with the first file's archs,
    // and as defined: a file may see only a declaration.
    const KernelInfo &K = *Index.kernel(Seen.Mangled);
    if (!K.Loc.valid() || !KernelsChecked.insert(K.Mangled).second)
      continue;
    cudaKernel(K, Archs);
  }
}

void Runner::amdLaunch(const TranslationUnitFacts &U, const LaunchSite &L,
                       ArrayRef<const AmdArchInfo *> Archs) {
  for (const AmdArchInfo *A : Archs) {
    if (Run.Resources && !L.Mangled.empty() &&
        Run.Resources->compiledOut(L.Mangled, A->Name))
      continue;
    AmdLaunchContext Ctx{L,
                         L.Mangled.empty() ? nullptr : Index.kernel(L.Mangled),
                         *A,
                         Index.resources(L.Mangled, *A),
                         Index.launchesOf(L.Mangled),
                         Run.Options,
                         Index.settingsOf(L.Mangled),
                         amdWaveSizeOn(U, *A)};
    Findings Found;
    for (const Check *C : AmdEnabled)
      C->checkAmdLaunch(Ctx, Found);
    settleBranchTestValues(L, Found, /*NameTests=*/true);
    keepOnlyErrorsIfFails(Found);
    for (Diagnostic &D : Found) {
      stateLaunchOutcome(D);
      Out.push_back(std::move(D));
    }
  }
}

void Runner::amdUnit(const TranslationUnitFacts &U) {
  std::vector<const AmdArchInfo *> Archs = Index.amdArchsOf(U);
  if (Archs.empty())
    return;
  for (const LaunchSite &L : U.Launches)
    amdLaunch(U, L, Archs);
  for (const KernelSetting &S : U.KernelSettings)
    for (const AmdArchInfo *A : Archs) {
      if (Run.Resources && !S.Mangled.empty() &&
          Run.Resources->compiledOut(S.Mangled, A->Name))
        continue;
      AmdSettingContext Ctx{S, *A, Index.resources(S.Mangled, *A), Run.Options};
      for (const Check *C : AmdEnabled)
        C->checkAmdSetting(Ctx, Out);
    }
  for (const KernelInfo &Seen : U.Kernels) {
    const KernelInfo *K = Index.kernel(Seen.Mangled);
    if (!K || !K->Loc.valid() || !AmdKernelsChecked.insert(K->Mangled).second)
      continue;
    for (const AmdArchInfo *A : Archs) {
      AmdKernelContext Ctx{*K, *A, Index.resources(K->Mangled, *A),
                           Index.launchesOf(K->Mangled), Run.Options};
      for (const Check *C : AmdEnabled)
        C->checkAmdKernel(Ctx, Out);
    }
  }
}

std::vector<Diagnostic> Runner::finish() {
  for (const auto &[Where, First] : FirstInstantiationFinding)
    if (size_t Others = First.second.size() - 1)
      Out[First.first].Notes.push_back(
          {SourceLoc(),
           formatv("{0} other instantiation{1} of this template get{2} the "
                   "same finding, with {3} own values",
                   Others, Others == 1 ? "" : "s", Others == 1 ? "s" : "",
                   Others == 1 ? "its" : "their")
               .str()});
  sortAndMerge(Out);
  return std::move(Out);
}

} // namespace

std::vector<Diagnostic> runChecks(const CheckRun &Run) {
  std::vector<const Check *> Enabled;
  if (Run.Enabled)
    Enabled = *Run.Enabled;
  else
    for (const std::unique_ptr<Check> &C : allChecks())
      Enabled.push_back(C.get());
  Runner R(Run, std::move(Enabled));
  for (const TranslationUnitFacts &U : Run.Units)
    R.cudaUnit(U);
  // HIP units on their gfx targets: the checks' AMD bodies.
  for (const TranslationUnitFacts &U : Run.Units)
    R.amdUnit(U);
  return R.finish();
}

} // namespace cudalint
