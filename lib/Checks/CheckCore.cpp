//===- CheckCore.cpp - Running the checks over the facts ------------------===//

#include "RunIndex.h"

#include "cudalint/Checks/AmdChecks.h"
#include "cudalint/Checks/Checks.h"
#include "cudalint/CompileCommands/CompileCommand.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace cudalint {

namespace {
std::string formatNumber(double V) {
  std::string Out;
  raw_string_ostream(Out) << format("%g", V);
  return Out;
}

std::optional<bool> parseBool(StringRef V) {
  V = V.trim();
  if (V.equals_insensitive("true") || V == "1")
    return true;
  if (V.equals_insensitive("false") || V == "0")
    return false;
  return std::nullopt;
}

/// The value of Spec given as Text, if it parses and is in range.
std::optional<double> parseOptionValue(const CheckOptionSpec &Spec,
                                       StringRef Text) {
  if (Spec.T == CheckOptionSpec::Type::Bool) {
    if (std::optional<bool> B = parseBool(Text))
      return *B ? 1.0 : 0.0;
    return std::nullopt;
  }
  double V;
  if (!to_float(Text.trim(), V))
    return std::nullopt;
  bool Below = Spec.MinExclusive ? V <= Spec.Min : V < Spec.Min;
  if (Below || V > Spec.Max)
    return std::nullopt;
  return V;
}
} // namespace

std::string CheckOptionSpec::defaultText() const {
  if (T == Type::Bool)
    return Default != 0 ? "true" : "false";
  return formatNumber(Default);
}

std::string CheckOptionSpec::acceptedText() const {
  if (T == Type::Bool)
    return "true or false";
  return (Twine("a number in ") + (MinExclusive ? "(" : "[") +
          formatNumber(Min) + ", " + formatNumber(Max) + "]")
      .str();
}

const CheckOptionSpec *Check::option(StringRef Name) const {
  for (const CheckOptionSpec &S : options())
    if (S.Name == Name)
      return &S;
  return nullptr;
}

Error validateCheckOption(StringRef Key, StringRef Value) {
  auto Fail = [](const Twine &Message) {
    return createStringError(inconvertibleErrorCode(), Message);
  };
  size_t Dot = Key.rfind('.');
  if (Dot == StringRef::npos || Dot == 0 || Dot + 1 == Key.size())
    return Fail("'" + Key + "' is not of the form '<check>.<Option>'");
  StringRef CheckName = Key.take_front(Dot), Name = Key.drop_front(Dot + 1);
  const Check *C = findCheck(CheckName);
  if (!C)
    return Fail("'" + Key + "' names an unknown check '" + CheckName +
                "' (see --list-checks)");
  const CheckOptionSpec *Spec = C->option(Name);
  if (!Spec) {
    std::vector<std::string> Known;
    for (const CheckOptionSpec &S : C->options())
      Known.push_back(S.Name.str());
    return Fail("unknown option '" + Name + "' for check '" + CheckName +
                "' (" +
                (Known.empty() ? std::string("it has no options")
                               : "known: " + join(Known, ", ")) +
                ")");
  }
  if (!parseOptionValue(*Spec, Value))
    return Fail(Key + " must be " + Spec->acceptedText() + ", not '" + Value +
                "'");
  return Error::success();
}

double CheckOptions::number(const Check &C,
                            const CheckOptionSpec &Option) const {
  const CheckOptionSpec *Spec = C.option(Option.Name);
  assert(Spec && "the check reads an option it does not declare");
  if (!Spec)
    return 0;
  auto It = Values.find((C.name() + "." + Option.Name).str());
  if (It != Values.end())
    if (std::optional<double> V = parseOptionValue(*Spec, It->second))
      return *V;
  return Spec->Default;
}

bool CheckOptions::flag(const Check &C, const CheckOptionSpec &Option) const {
  return number(C, Option) != 0;
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

SettingRefusal settingRefusal(const KernelSetting &S, const ArchInfo &Arch,
                              const KernelResources *Resources) {
  if (!S.Value.isConstant())
    return SettingRefusal::None;
  int64_t V = S.Value.value();
  if (S.Attribute == "MaxDynamicSharedMemorySize") {
    // cudaFuncSetAttribute refuses a maximum that, with the kernel's static
    // shared memory, exceeds the arch's opt-in maximum (an H100, CUDA 13.0:
    // cudaErrorInvalidValue, and the kernel keeps its previous limit).
    uint64_t Static =
        Resources && Resources->HasUsage ? Resources->StaticSmem : 0;
    if (V > 0 && uint64_t(V) + Static > Arch.SharedMemPerBlockOptIn)
      return SettingRefusal::OverOptInMaximum;
  } else if (S.Attribute == "PreferredSharedMemoryCarveout") {
    // A percentage, or -1 (cudaSharedmemCarveoutDefault).
    if (V < -1 || V > 100)
      return SettingRefusal::CarveoutOutOfRange;
  } else if (S.Attribute == "NonPortableClusterSizeAllowed") {
    // Allowing non-portable clusters where there are no clusters; setting
    // it to 0 there is left alone (what the runtime says was not checked).
    if (V != 0 && !Arch.SupportsClusters)
      return SettingRefusal::NoClusters;
  }
  return SettingRefusal::None;
}

const KernelSetting *LaunchContext::setting(StringRef Attribute) const {
  const KernelSetting *Last = nullptr;
  for (const KernelSetting *S : Settings)
    if (S->Attribute == Attribute &&
        settingRefusal(*S, Arch, Resources) == SettingRefusal::None)
      Last = S;
  return Last;
}

const KernelSetting *LaunchContext::refusedSetting(StringRef Attribute) const {
  const KernelSetting *Last = nullptr;
  for (const KernelSetting *S : Settings)
    if (S->Attribute == Attribute &&
        settingRefusal(*S, Arch, Resources) != SettingRefusal::None)
      Last = S;
  return Last;
}

std::vector<const KernelSetting *> LaunchContext::settingsThatMayBeThisKernels(
    StringRef Attribute, function_ref<bool(int64_t)> Permits) const {
  std::vector<const KernelSetting *> Out;
  for (const KernelSetting *S : SettingsOfAnyKernel)
    if (S->Attribute == Attribute &&
        (!S->Value.isConstant() || Permits(S->Value.value())))
      Out.push_back(S);
  return Out;
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

RunIndex::RunIndex(const CheckRun &Run) : Run(Run) {
  for (const TranslationUnitFacts &U : Run.Units) {
    for (const KernelInfo &K : U.Kernels) {
      const KernelInfo *&Slot = Kernels[K.Mangled];
      // Prefer the definition (its annotations, what its body does) over a
      // declaration seen in another file.
      auto Annotated = [](const KernelInfo &I) {
        return I.Attrs.MaxThreadsPerBlock || I.Attrs.MaxRegisters ||
               I.Attrs.ClusterDims;
      };
      auto Defined = [](const KernelInfo &I) {
        return I.DefinitionEnd.valid();
      };
      if (!Slot || (!Defined(*Slot) && Defined(K)) ||
          (Defined(*Slot) == Defined(K) && !Annotated(*Slot) && Annotated(K)))
        Slot = &K;
    }
    for (const KernelSetting &S : U.KernelSettings) {
      AllSettings.push_back(&S);
      if (!S.Mangled.empty())
        Settings[S.Mangled].push_back(&S);
    }
    for (const LaunchSite &L : U.Launches)
      if (!L.Mangled.empty())
        Launches[L.Mangled].push_back(&L);
  }
}

const KernelInfo *RunIndex::kernel(const std::string &Mangled) const {
  auto It = Kernels.find(Mangled);
  return It == Kernels.end() ? nullptr : It->second;
}

std::vector<const ArchInfo *>
RunIndex::archsOf(const TranslationUnitFacts &U) const {
  std::vector<const ArchInfo *> Out;
  // An arch the file's code is not built for (its device compile said so)
  // is not judged: no finding of any severity comes from it.
  std::vector<std::string> Names =
      Run.Resources ? Run.Resources->archsToJudge(U.MainFile, Run.DefaultArchs)
                    : Run.DefaultArchs;
  for (const std::string &N : Names)
    if (const ArchInfo *A = findArch(N))
      Out.push_back(A);
  return Out;
}

bool RunIndex::compiledOut(StringRef Mangled, const ArchInfo &A) const {
  return Run.Resources && !Mangled.empty() &&
         Run.Resources->compiledOut(Mangled, A.Name);
}

const KernelResources *RunIndex::resources(StringRef Mangled,
                                           const ArchInfo &A) const {
  if (!Run.Resources || !Run.Resources->Enabled || Mangled.empty())
    return nullptr;
  return Run.Resources->find(Mangled, A.Name);
}

ArrayRef<const LaunchSite *>
RunIndex::launchesOf(const std::string &Mangled) const {
  return listFor(Launches, Mangled);
}

ArrayRef<const KernelSetting *>
RunIndex::settingsOf(const std::string &Mangled) const {
  return listFor(Settings, Mangled);
}

std::vector<LaunchContext>
RunIndex::launchContexts(const TranslationUnitFacts &U,
                         const LaunchSite &L) const {
  std::vector<LaunchContext> PerArch;
  for (const ArchInfo *A : archsOf(U))
    if (!compiledOut(L.Mangled, *A))
      PerArch.push_back({L, L.Mangled.empty() ? nullptr : kernel(L.Mangled), *A,
                         resources(L.Mangled, *A), listFor(Settings, L.Mangled),
                         listFor(Launches, L.Mangled),
                         L.Mangled.empty() ? ArrayRef(AllSettings)
                                           : ArrayRef<const KernelSetting *>(),
                         Run.Options});
  return PerArch;
}

std::vector<const AmdArchInfo *>
RunIndex::amdArchsOf(const TranslationUnitFacts &U) const {
  std::vector<std::string> Names =
      Run.Resources ? Run.Resources->archsToJudge(U.MainFile, Run.DefaultArchs)
                    : Run.DefaultArchs;
  std::vector<const AmdArchInfo *> Out;
  for (const std::string &N : Names)
    if (isAmdArch(N))
      if (const AmdArchInfo *A = findAmdArch(N))
        Out.push_back(A);
  return Out;
}

const KernelResources *RunIndex::resources(StringRef Mangled,
                                           const AmdArchInfo &A) const {
  if (!Run.Resources || !Run.Resources->Enabled || Mangled.empty())
    return nullptr;
  return Run.Resources->find(Mangled, A.Name);
}

} // namespace cudalint
