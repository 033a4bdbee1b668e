//===- DeviceJoin.cpp - Device facts onto the front end's kernels ---------===//
//
// The last step of the device data flow: each unit's KernelResources, keyed
// by the device compiler's entry names, become the DeviceResourceTable the
// checks read, keyed by the front end's mangled names (exactly, else by the
// demangled name when that is unambiguous).
//
//===----------------------------------------------------------------------===//

#include "cudalint/Device/DeviceFacts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"

#include "llvm/Support/Regex.h"

#include <set>

using namespace llvm;

namespace cudalint {

/// With -rdc, nvcc prefixes kernels of internal linkage (static, anonymous
/// namespace) with the unit: "__nv_static_<N>_<N characters>_<mangled>",
/// e.g. __nv_static_32__4183ad31_10_kernels_cu_6fad4618__ZN43_GLOBAL__N_...
static StringRef withoutNvStatic(StringRef Name) {
  StringRef Rest = Name;
  unsigned Length = 0;
  if (!Rest.consume_front("__nv_static_") || Rest.consumeInteger(10, Length) ||
      Rest.size() < size_t(Length) + 2)
    return Name;
  Rest = Rest.drop_front(Length + 2);
  return Rest.starts_with("_Z") ? Rest : Name;
}

std::string kernelJoinKey(StringRef Mangled) {
  Mangled = withoutNvStatic(Mangled);
  if (!Mangled.starts_with("_Z"))
    return Mangled.str();
  std::string D = llvm::demangle(Mangled);
  return D.empty() ? Mangled.str() : D;
}

/// CUB's and Thrust's versioned inline namespaces, as identifiers:
/// CUB_<version>_SM_<__CUDA_ARCH_LIST__ with commas as underscores>
/// (Thrust's adds _NS). A host parse without the macro spells its name
/// (SM___CUDA_ARCH_LIST__).
static const Regex &versionedNamespace() {
  static const Regex R("^((CUB|THRUST)_([0-9]+)_SM_([0-9]+(_[0-9]+)*|__CUDA_"
                       "ARCH_LIST__))(_NS)?$");
  return R;
}

/// Mangled with each versioned namespace reduced to its library and version
/// (WithVersion) or to its library alone; the namespaces, as spelled, in
/// Spelled. Mangled itself when it has none. A mangled identifier is its
/// length, then that many characters: each digit run is tried as a length
/// (from its longest tail: a name before it may end in digits).
static std::string
versionedNamespaceKey(StringRef Mangled, bool WithVersion,
                      std::vector<std::string> *Spelled = nullptr) {
  std::string Out;
  size_t I = 0;
  while (I < Mangled.size()) {
    if (!isDigit(Mangled[I])) {
      Out += Mangled[I++];
      continue;
    }
    size_t End = I;
    while (End < Mangled.size() && isDigit(Mangled[End]))
      ++End;
    bool Found = false;
    for (size_t From = I; From < End && !Found; ++From) {
      unsigned Length = 0;
      SmallVector<StringRef, 7> M;
      if (Mangled.slice(From, End).getAsInteger(10, Length) ||
          End + Length > Mangled.size() ||
          !versionedNamespace().match(Mangled.substr(End, Length), &M))
        continue;
      Out += Mangled.slice(I, From);
      Out += "@" + M[2].str() + (WithVersion ? "_" + M[3].str() : "") + "@";
      if (Spelled)
        Spelled->push_back(Mangled.substr(End, Length).str());
      I = End + Length;
      Found = true;
    }
    if (!Found) {
      Out += Mangled.slice(I, End);
      I = End;
    }
  }
  return Out;
}

/// The reason a kernel found only up to its versioned namespaces gets.
static std::string namespaceMismatch(StringRef Host,
                                     ArrayRef<const KernelResources *> Device) {
  std::vector<std::string> HostNs, DeviceNs;
  versionedNamespaceKey(Host, false, &HostNs);
  for (const KernelResources *R : Device)
    versionedNamespaceKey(R->Mangled, false, &DeviceNs);
  std::sort(DeviceNs.begin(), DeviceNs.end());
  DeviceNs.erase(std::unique(DeviceNs.begin(), DeviceNs.end()), DeviceNs.end());
  for (std::string &N : DeviceNs)
    N = "'" + N + "'";
  return "the device compiler's output has it only in another versioned "
         "namespace (" +
         join(DeviceNs, ", ") + "; the host parse has '" +
         join(HostNs, "', '") +
         "'): the host and device compiles read different CUB or Thrust "
         "versions";
}

/// Clang 19 does not know __cluster_dims__ and __maxnreg__: its PTX lacks
/// them, which with HasPtx would read as "no such annotation on this arch".
/// The source's annotation stands for the checks, with a note saying so.
static void keepSourceAnnotations(KernelResources &R, const KernelInfo &K,
                                  const std::string &File,
                                  std::set<std::string> &Said,
                                  std::vector<std::string> &Notes) {
  if (R.Source != "clang" || !R.HasPtx)
    return;
  auto Note = [&](StringRef Annotation, StringRef Value) {
    std::string N =
        (File + ": clang does not compile " + Annotation + " (kernel '" +
         K.Name + "'); the source's " + Value + " is used")
            .str();
    if (Said.insert(N).second)
      Notes.push_back(std::move(N));
  };
  const KernelAttributes &A = K.Attrs;
  if (!R.ReqNCtaPerCluster && A.ClusterDims && A.ClusterDims->X.isConstant() &&
      A.ClusterDims->Y.isConstant() && A.ClusterDims->Z.isConstant()) {
    R.ReqNCtaPerCluster = {unsigned(A.ClusterDims->X.value()),
                           unsigned(A.ClusterDims->Y.value()),
                           unsigned(A.ClusterDims->Z.value())};
    Note("__cluster_dims__", describeDim3(*A.ClusterDims));
  }
  if (!R.MaxNReg && A.MaxRegisters) {
    R.MaxNReg = unsigned(*A.MaxRegisters);
    Note("__maxnreg__", std::to_string(*A.MaxRegisters) + " registers");
  }
}

/// A cubin records neither .minnctapersm nor .maxnreg (ptxas folds them
/// into the register cap it applied): the source's annotations stand for
/// them, with a note, as they do for a Clang device compile.
static void keepSourceBoundsForCubin(KernelResources &R, const KernelInfo &K,
                                     const std::string &File,
                                     std::set<std::string> &Said,
                                     std::vector<std::string> &Notes) {
  if (!R.BoundsFromCubin)
    return;
  auto Note = [&](StringRef What, StringRef Value) {
    std::string N = (File + ": a cubin does not record " + What + " (kernel '" +
                     K.Name + "'); the source's value, " + Value + ", is used")
                        .str();
    if (Said.insert(N).second)
      Notes.push_back(std::move(N));
  };
  const KernelAttributes &A = K.Attrs;
  if (A.MinBlocksPerSM) {
    R.MinNCtaPerSM = unsigned(*A.MinBlocksPerSM);
    Note("the min blocks of __launch_bounds__",
         std::to_string(*A.MinBlocksPerSM));
  }
  if (A.MaxRegisters) {
    R.MaxNReg = unsigned(*A.MaxRegisters);
    Note("__maxnreg__", std::to_string(*A.MaxRegisters) + " registers");
  }
}

DeviceResourceTable joinDeviceFacts(const DeviceFacts &Device,
                                    ArrayRef<TranslationUnitFacts> Units) {
  DeviceResourceTable Table;
  Table.Mode = Device.Mode;
  Table.Notes = Device.Notes;
  for (const TranslationUnitDeviceFacts &D : Device.Units)
    Table.Notes.insert(Table.Notes.end(), D.Notes.begin(), D.Notes.end());
  bool Any = false;
  for (const TranslationUnitDeviceFacts &D : Device.Units)
    Any |= !D.CompiledArchs.empty();
  Table.Enabled = Any;

  std::set<std::string> Said;
  for (const TranslationUnitFacts &U : Units) {
    std::vector<const TranslationUnitDeviceFacts *> Mine;
    for (const TranslationUnitDeviceFacts &D : Device.Units)
      if (D.MainFile.empty() || D.MainFile == U.MainFile)
        Mine.push_back(&D);
    std::vector<std::string> &Archs = Table.ArchsByFile[U.MainFile];
    for (const TranslationUnitDeviceFacts *D : Mine)
      for (const std::string &A : D->TargetArchs)
        if (!is_contained(Archs, A))
          Archs.push_back(A);
    for (const TranslationUnitDeviceFacts *D : Mine) {
      std::vector<std::string> &Compiled =
          Table.CompiledArchsByFile[U.MainFile];
      for (const std::string &A : D->CompiledArchs)
        if (!is_contained(Compiled, A))
          Compiled.push_back(A);
      if (!D->Gaps.empty())
        append_range(Table.GapsByFile[U.MainFile], D->Gaps);
    }
    if (Mine.empty())
      continue;
    // Exact names first, then join keys; per arch.
    std::map<std::pair<std::string, std::string>, const KernelResources *>
        Exact;
    using Candidates = std::map<std::pair<std::string, std::string>,
                                std::vector<const KernelResources *>>;
    // ByArchFree: names equal but for the arch list in CUB's and Thrust's
    // namespaces, which nvcc derives from the compile's archs: a device
    // compile per arch has its one arch there, the user's build (and the
    // host parse) every arch of the command. The same kernel. ByLibrary:
    // equal up to the namespaces' versions as well, a different library
    // build: not joined, but the reason says so.
    Candidates ByKey, ByArchFree, ByLibrary;
    auto AddTo = [](Candidates &C, std::string Key, const KernelResources &K) {
      auto &V = C[{std::move(Key), K.Arch}];
      if (llvm::none_of(V, [&](const KernelResources *O) {
            return O->Mangled == K.Mangled;
          }))
        V.push_back(&K);
    };
    for (const TranslationUnitDeviceFacts *D : Mine)
      for (const KernelResources &K : D->Kernels) {
        Exact[{K.Mangled, K.Arch}] = &K;
        AddTo(ByKey, kernelJoinKey(K.Mangled), K);
        std::string ArchFree = versionedNamespaceKey(K.Mangled, true);
        if (ArchFree != K.Mangled) {
          AddTo(ByArchFree, ArchFree, K);
          AddTo(ByLibrary, versionedNamespaceKey(K.Mangled, false), K);
        }
      }
    for (const KernelInfo &K : U.Kernels) {
      if (K.Mangled.empty())
        continue;
      auto Join = [&](const KernelResources &R, const std::string &Arch) {
        KernelResources &Joined = Table.Resources[{K.Mangled, Arch}];
        Joined = R;
        keepSourceAnnotations(Joined, K, U.MainFile, Said, Table.Notes);
        keepSourceBoundsForCubin(Joined, K, U.MainFile, Said, Table.Notes);
      };
      for (const std::string &Arch : Archs) {
        if (auto It = Exact.find({K.Mangled, Arch}); It != Exact.end()) {
          Join(*It->second, Arch);
          continue;
        }
        std::string ArchFree = versionedNamespaceKey(K.Mangled, true);
        if (ArchFree != K.Mangled) {
          auto Near = ByArchFree.find({ArchFree, Arch});
          if (Near != ByArchFree.end() && Near->second.size() == 1) {
            Join(*Near->second.front(), Arch);
            continue;
          }
          auto Lib =
              ByLibrary.find({versionedNamespaceKey(K.Mangled, false), Arch});
          if (Lib != ByLibrary.end())
            Table.NamespaceMismatches[{K.Mangled, Arch}] =
                namespaceMismatch(K.Mangled, Lib->second);
        }
        auto It = ByKey.find({kernelJoinKey(K.Mangled), Arch});
        if (It == ByKey.end())
          continue;
        if (It->second.size() == 1) {
          Join(*It->second.front(), Arch);
          continue;
        }
        std::string N = U.MainFile + ": kernel " + K.Name + " (" + K.Mangled +
                        ") matches " + std::to_string(It->second.size()) +
                        " device entries on " + Arch +
                        " (same demangled name); not joined";
        if (Said.insert(N).second)
          Table.Notes.push_back(N);
      }
    }
    for (const KernelInfo &K : U.Kernels)
      for (const std::string &Arch : Archs)
        if (!K.Mangled.empty() && Table.compiledOut(K.Mangled, Arch)) {
          std::string N = U.MainFile + ": kernel " + K.Name +
                          ": its body is empty on " + Arch +
                          " and not on another arch (the preprocessor "
                          "removes its code there); nothing of it is judged "
                          "for " +
                          Arch;
          if (Said.insert(N).second)
            Table.Notes.push_back(N);
        }
  }
  return Table;
}

} // namespace cudalint
