//===- LaunchCoverage.cpp - Which launches were not fully checked ---------===//

#include "cudalint/Lint/LaunchCoverage.h"

#include "cudalint/Checks/SizeLimits.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <set>

using namespace llvm;

namespace cudalint {

namespace {

using Kind = UncheckedReason::Kind;

/// What keeps the launch's run-time sizes of Kind within the hardware's
/// limits on A: "safe while ne1 <= 65535".
std::string runtimeCondition(const LaunchSite &L, Kind K, const ArchInfo *A) {
  if (!A)
    return "";
  std::vector<SafeCondition> Conditions;
  for (const SizeLimit &Limit :
       hardwareSizeLimits(L, *A, 0, A->SharedMemPerBlock, ""))
    if ((Limit.K == SizeLimit::Kind::Grid) == (K == Kind::RuntimeGrid) &&
        (Limit.K == SizeLimit::Kind::SharedMemory) ==
            (K == Kind::RuntimeDynamicSharedMemory))
      llvm::append_range(Conditions, safeConditions(Limit));
  return Conditions.empty() ? "within the hardware's limits for every value"
                            : describeSafeConditions(Conditions);
}

/// The value reasons of a launch: one per kind of part (grid, block, dynamic
/// shared memory, cluster), naming its first unknown part; a part made of
/// sizes read at run time says what keeps it launchable on A.
void valueReasons(const LaunchSite &L, const ArchInfo *A,
                  std::vector<UncheckedReason> &Out) {
  std::set<Kind> Seen;
  for (const ConstLaunchPart &P : launchParts(L)) {
    if (P.Value->isKnown())
      continue;
    bool Runtime = P.Value->isSymbolic();
    Kind K = P.Id.starts_with("grid.")
                 ? (Runtime ? Kind::RuntimeGrid : Kind::UnknownGrid)
             : P.Id.starts_with("block.")
                 ? (Runtime ? Kind::RuntimeBlock : Kind::UnknownBlock)
             : P.Id == "smem" ? (Runtime ? Kind::RuntimeDynamicSharedMemory
                                         : Kind::UnknownDynamicSharedMemory)
                              : Kind::UnknownCluster;
    if (!Seen.insert(K).second)
      continue;
    std::string Why =
        P.Value->Reason.empty() ? "no reason given" : P.Value->Reason;
    if (Runtime)
      if (std::string Safe = runtimeCondition(L, K, A); !Safe.empty())
        Why += "; " + Safe;
    Out.push_back({K, "", "", (P.Id + ": " + Why).str()});
  }
  // The parts are known but their product is not (it overflows).
  if (!Seen.count(Kind::UnknownBlock) && !Seen.count(Kind::RuntimeBlock) &&
      !L.ThreadsPerBlock.isKnown())
    Out.push_back({Kind::UnknownBlock, "", "",
                   "threads per block: " + L.ThreadsPerBlock.Reason});
}

/// Where each kernel is defined (its unit's main file), for the device
/// gap that explains its missing facts.
std::map<std::string, std::string>
definingFiles(ArrayRef<TranslationUnitFacts> Units) {
  std::map<std::string, std::string> Out;
  for (const TranslationUnitFacts &U : Units)
    for (const KernelInfo &K : U.Kernels)
      if (K.DefinitionEnd.valid())
        Out.try_emplace(K.Mangled, U.MainFile);
  return Out;
}

/// Why Mangled has no device facts on Arch, from the table: the device gap
/// of the file that defines it (else of the launch's file), else whether
/// that file was compiled for Arch at all.
UncheckedReason noDeviceFacts(const DeviceResourceTable &T, StringRef Mangled,
                              StringRef DefiningFile, StringRef LaunchFile,
                              StringRef Arch) {
  UncheckedReason R{Kind::NoDeviceFacts, Arch.str(), "", ""};
  if (auto It = T.NamespaceMismatches.find({Mangled.str(), Arch.str()});
      It != T.NamespaceMismatches.end()) {
    R.Cause = "versioned_namespace_differs";
    R.Detail = It->second;
    return R;
  }
  const DeviceGap *G = T.gap(DefiningFile, Arch);
  if (!G)
    G = T.gap(LaunchFile, Arch);
  if (G) {
    R.Cause = deviceGapKindName(G->K).str();
    R.Detail = G->Detail;
  } else if (T.compiled(DefiningFile, Arch)) {
    R.Cause = "not_in_device_output";
    R.Detail = "the kernel is not in the device compiler's output";
  } else {
    R.Cause = "not_compiled";
    R.Detail = ("the file was not compiled for " + Arch).str();
  }
  return R;
}

} // namespace

namespace {

/// A kind's name in JSON and SARIF ("unknown_block"), and how the summary
/// says it ("unknown block size").
struct KindSpelling {
  StringRef Name, Phrase;
};

KindSpelling spellingOf(Kind K) {
  switch (K) {
  case Kind::UnknownKernel:
    return {"unknown_kernel", "unknown kernel"};
  case Kind::UnknownGrid:
    return {"unknown_grid", "unknown grid size"};
  case Kind::UnknownBlock:
    return {"unknown_block", "unknown block size"};
  case Kind::UnknownDynamicSharedMemory:
    return {"unknown_dynamic_smem", "unknown dynamic shared memory"};
  case Kind::UnknownCluster:
    return {"unknown_cluster", "unknown cluster shape"};
  case Kind::RuntimeGrid:
    return {"runtime_grid", "grid size read at run time"};
  case Kind::RuntimeBlock:
    return {"runtime_block", "block size read at run time"};
  case Kind::RuntimeDynamicSharedMemory:
    return {"runtime_dynamic_smem", "dynamic shared memory read at run time"};
  case Kind::NoDeviceFacts:
    return {"no_device_facts", "no device facts"};
  case Kind::NoTargetArch:
    return {"no_target_arch", "built for none of the archs"};
  }
  llvm_unreachable("unknown unchecked-launch kind");
}

StringRef kindPhrase(Kind K) { return spellingOf(K).Phrase; }

} // namespace

StringRef uncheckedKindName(Kind K) { return spellingOf(K).Name; }

std::string describeUncheckedReason(const UncheckedReason &R) {
  std::string Phrase = kindPhrase(R.K).str();
  if (R.K == Kind::NoDeviceFacts && !R.Arch.empty())
    Phrase += " on " + R.Arch;
  return R.Detail.empty() ? Phrase : Phrase + " (" + R.Detail + ")";
}

bool isLaunchOfTheFile(const LaunchSite &L) { return !L.InTemplatePattern; }

size_t launchesOfTheFiles(ArrayRef<TranslationUnitFacts> Units) {
  size_t N = 0;
  for (const TranslationUnitFacts &U : Units)
    N += llvm::count_if(U.Launches, isLaunchOfTheFile);
  return N;
}

std::vector<UncheckedLaunch> uncheckedLaunches(const CheckRun &Run) {
  std::vector<UncheckedLaunch> Out;
  std::map<std::string, std::string> Defined = definingFiles(Run.Units);
  const DeviceResourceTable *T = Run.Resources;
  // Device compiles ran (some may all have failed: their reasons are per
  // arch), or device facts are off altogether.
  bool DeviceOn = T && (T->Enabled || !T->GapsByFile.empty());
  for (size_t UI = 0; UI < Run.Units.size(); ++UI) {
    const TranslationUnitFacts &U = Run.Units[UI];
    std::vector<std::string> Archs =
        T ? T->archsToJudge(U.MainFile, Run.DefaultArchs) : Run.DefaultArchs;
    for (size_t LI = 0; LI < U.Launches.size(); ++LI) {
      const LaunchSite &L = U.Launches[LI];
      if (!isLaunchOfTheFile(L))
        continue;
      UncheckedLaunch Entry{UI, LI, {}};
      std::vector<UncheckedReason> &Why = Entry.Reasons;
      if (L.Mangled.empty())
        Why.push_back({Kind::UnknownKernel, "", "",
                       L.Kernel.empty()
                           ? "the launch's kernel is not traced"
                           : "'" + L.Kernel + "' has no mangled name"});
      // The hardware's limits of the first arch judged (those of every
      // CUDA arch since sm_75 are the same).
      const ArchInfo *A = nullptr;
      for (const std::string &Name : Archs) {
        A = findArch(Name);
        if (A)
          break;
      }
      valueReasons(L, A, Why);
      if (Archs.empty()) {
        Why.push_back(
            {Kind::NoTargetArch, "", "",
             "its device code is not built for " +
                 join(T ? T->archsFor(U.MainFile) : ArrayRef(Run.DefaultArchs),
                      ", ")});
      } else if (!DeviceOn) {
        Why.push_back({Kind::NoDeviceFacts, "", "device_facts_off",
                       "device facts are off: register-based checks did "
                       "not run"});
      } else if (!L.Mangled.empty()) {
        auto It = Defined.find(L.Mangled);
        StringRef DefiningFile =
            It == Defined.end() ? StringRef(U.MainFile) : StringRef(It->second);
        for (const std::string &A : Archs)
          if (!T->find(L.Mangled, A))
            Why.push_back(
                noDeviceFacts(*T, L.Mangled, DefiningFile, U.MainFile, A));
      }
      if (!Why.empty())
        Out.push_back(std::move(Entry));
    }
  }
  return Out;
}

std::string describeUncheckedReasons(ArrayRef<UncheckedReason> Reasons) {
  return join(map_range(Reasons, describeUncheckedReason), "; ");
}

std::string uncheckedLaunchMessage(const LaunchSite &L,
                                   ArrayRef<UncheckedReason> Reasons) {
  return "launch of " +
         (L.Kernel.empty() ? std::string("an unknown kernel")
                           : "'" + L.Kernel + "'") +
         " not fully checked: " + describeUncheckedReasons(Reasons);
}

std::string uncheckedSummary(ArrayRef<UncheckedLaunch> Unchecked,
                             size_t TotalLaunches) {
  if (Unchecked.empty())
    return "";
  // Launches per kind (a launch counts once per kind), in kind order; the
  // device causes by arch and detail, as few words as say them.
  std::map<Kind, size_t> PerKind;
  std::vector<std::string> Causes;
  // Launches whose values were all checked, short only of device facts:
  // with device facts off that is every launch, and the count says how
  // many the rest left unchecked.
  size_t OnlyDevice = count_if(Unchecked, [](const UncheckedLaunch &U) {
    return all_of(U.Reasons, [](const UncheckedReason &R) {
      return R.K == Kind::NoDeviceFacts;
    });
  });
  for (const UncheckedLaunch &U : Unchecked) {
    std::set<Kind> Kinds;
    for (const UncheckedReason &R : U.Reasons) {
      Kinds.insert(R.K);
      if (R.K != Kind::NoDeviceFacts)
        continue;
      std::string Cause = R.Arch.empty() ? R.Detail : R.Arch + ": " + R.Detail;
      if (!is_contained(Causes, Cause))
        Causes.push_back(Cause);
    }
    for (Kind K : Kinds)
      ++PerKind[K];
  }
  std::vector<std::string> Parts;
  for (const auto &[K, N] : PerKind) {
    std::string Part = formatv("{0} {1}", N, kindPhrase(K)).str();
    if (K == Kind::NoDeviceFacts) {
      constexpr size_t Shown = 3;
      std::vector<std::string> Some(
          Causes.begin(), Causes.begin() + std::min(Shown, Causes.size()));
      if (Causes.size() > Shown)
        Some.push_back(formatv("{0} more", Causes.size() - Shown).str());
      Part += " (" + join(Some, "; ") + ")";
      if (OnlyDevice && OnlyDevice < Unchecked.size())
        Part += formatv(", {0} of them for that alone", OnlyDevice).str();
    }
    Parts.push_back(std::move(Part));
  }
  return formatv("{0} of {1} launch{2} not fully checked: {3}",
                 Unchecked.size(), TotalLaunches,
                 TotalLaunches == 1 ? "" : "es", join(Parts, ", "))
      .str();
}

} // namespace cudalint
