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
#include "llvm/Demangle/Demangle.h"

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
    std::map<std::pair<std::string, std::string>,
             std::vector<const KernelResources *>>
        ByKey;
    for (const TranslationUnitDeviceFacts *D : Mine)
      for (const KernelResources &K : D->Kernels) {
        Exact[{K.Mangled, K.Arch}] = &K;
        auto &V = ByKey[{kernelJoinKey(K.Mangled), K.Arch}];
        if (llvm::none_of(V, [&](const KernelResources *O) {
              return O->Mangled == K.Mangled;
            }))
          V.push_back(&K);
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
