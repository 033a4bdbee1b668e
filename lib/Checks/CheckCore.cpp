//===- CheckCore.cpp - Running the checks over the facts ------------------===//

#include "cudalint/Checks.h"

#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace cudalint {

StringRef severityName(Severity S) {
  return S == Severity::Error ? "error" : "warning";
}

double CheckOptions::number(StringRef Check, StringRef Option,
                            double Default) const {
  auto It = Values.find((Check + "." + Option).str());
  double Out;
  if (It == Values.end() || !to_float(It->second, Out))
    return Default;
  return Out;
}

std::optional<int64_t> LaunchContext::maxThreadsBound() const {
  if (!Kernel)
    return std::nullopt;
  return effectiveMaxThreads(Kernel->Attrs, Resources);
}

std::optional<int64_t> LaunchContext::minBlocksBound() const {
  if (!Kernel)
    return std::nullopt;
  return effectiveMinBlocks(Kernel->Attrs, Resources);
}

const KernelSetting *LaunchContext::setting(StringRef Attribute) const {
  const KernelSetting *Last = nullptr;
  for (const KernelSetting *S : Settings)
    if (S->Attribute == Attribute)
      Last = S;
  return Last;
}

StringRef defaultCheckGlobs() { return "cuda-*"; }

const Check *findCheck(StringRef Name) {
  for (const std::unique_ptr<Check> &C : allChecks())
    if (C->name() == Name)
      return C.get();
  return nullptr;
}

namespace {
/// A view of the list under Key (empty when none): check contexts are made
/// per launch and arch, so they do not copy it.
template <typename T>
ArrayRef<T> listFor(const std::map<std::string, std::vector<T>> &Map,
                    const std::string &Key) {
  auto It = Map.find(Key);
  if (It == Map.end())
    return {};
  return It->second;
}
} // namespace

std::vector<Diagnostic> runChecks(const CheckRun &Run) {
  std::vector<const Check *> Enabled;
  for (const std::unique_ptr<Check> &C : allChecks())
    if (Run.Filter.contains(C->name()))
      Enabled.push_back(C.get());

  // The facts of all files together: a kernel defined in one file may be
  // launched, or configured, in another.
  std::map<std::string, const KernelInfo *> Kernels;
  std::map<std::string, std::vector<const KernelSetting *>> Settings;
  std::map<std::string, std::vector<const LaunchSite *>> Launches;
  for (const TranslationUnitFacts &U : Run.Units) {
    for (const KernelInfo &K : U.Kernels) {
      const KernelInfo *&Slot = Kernels[K.Mangled];
      // Prefer the definition (its bounds) over a declaration.
      if (!Slot ||
          (!Slot->Attrs.MaxThreadsPerBlock && K.Attrs.MaxThreadsPerBlock))
        Slot = &K;
    }
    for (const KernelSetting &S : U.KernelSettings)
      if (!S.Mangled.empty())
        Settings[S.Mangled].push_back(&S);
    for (const LaunchSite &L : U.Launches)
      if (!L.Mangled.empty())
        Launches[L.Mangled].push_back(&L);
  }
  auto ArchsOf = [&](const TranslationUnitFacts &U) {
    std::vector<const ArchInfo *> Out;
    ArrayRef<std::string> Names = Run.DefaultArchs;
    if (Run.Resources && !Run.Resources->archsFor(U.MainFile).empty())
      Names = Run.Resources->archsFor(U.MainFile);
    for (const std::string &N : Names)
      if (const ArchInfo *A = findArch(N))
        Out.push_back(A);
    return Out;
  };
  auto ResourcesOf = [&](StringRef Mangled,
                         const ArchInfo &A) -> const KernelResources * {
    if (!Run.Resources || !Run.Resources->Enabled || Mangled.empty())
      return nullptr;
    return Run.Resources->find(Mangled, A.Name);
  };
  auto KernelOf = [&](const std::string &Mangled) -> const KernelInfo * {
    auto It = Kernels.find(Mangled);
    return It == Kernels.end() ? nullptr : It->second;
  };

  std::vector<Diagnostic> Out;
  std::set<std::string> KernelsChecked;
  for (const TranslationUnitFacts &U : Run.Units) {
    std::vector<const ArchInfo *> Archs = ArchsOf(U);
    for (const LaunchSite &L : U.Launches)
      for (const ArchInfo *A : Archs) {
        LaunchContext Ctx{L,
                          L.Mangled.empty() ? nullptr : KernelOf(L.Mangled),
                          *A,
                          ResourcesOf(L.Mangled, *A),
                          listFor(Settings, L.Mangled),
                          listFor(Launches, L.Mangled),
                          Run.Options};
        for (const Check *C : Enabled)
          C->checkLaunch(Ctx, Out);
      }
    for (const KernelInfo &K : U.Kernels) {
      // Kernels in a header are checked once, with the first file's archs.
      if (!K.Loc.valid() || !KernelsChecked.insert(K.Mangled).second)
        continue;
      for (const ArchInfo *A : Archs) {
        KernelContext Ctx{K, *A, ResourcesOf(K.Mangled, *A),
                          listFor(Launches, K.Mangled), Run.Options};
        for (const Check *C : Enabled)
          C->checkKernel(Ctx, Out);
      }
    }
  }

  auto Key = [](const Diagnostic &D) {
    return std::tie(D.Loc.File, D.Loc.Line, D.Loc.Column, D.Check, D.Arch,
                    D.Message);
  };
  std::sort(Out.begin(), Out.end(),
            [&](const Diagnostic &A, const Diagnostic &B) {
              return Key(A) < Key(B);
            });
  // A launch in a header is seen by every file that includes it.
  Out.erase(std::unique(Out.begin(), Out.end(),
                        [&](const Diagnostic &A, const Diagnostic &B) {
                          return Key(A) == Key(B);
                        }),
            Out.end());
  return Out;
}

} // namespace cudalint
