//===- UnitObject.cpp - A unit's device facts from its own object ---------===//
//
// The -o of the unit's compile command, resolved against its directory, is
// used when it exists and is at least as new as the source and every header
// the build recorded for it (what Ninja and Make themselves compare); its
// kernels for each of the command's target archs then stand for the device
// compiles (ObjectFacts.cpp): cubins for CUDA, AMDGPU code objects for HIP.
// Anything else (HIP's -fgpu-rdc bitcode too) falls back to compiling, with
// a note saying why.
//
//===----------------------------------------------------------------------===//

#include "UnitObject.h"

#include "DevicePlan.h"

#include "cudalint/CompileCommands/CompileCommand.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint::device {

namespace {

std::optional<sys::TimePoint<>> modified(StringRef Path) {
  sys::fs::file_status St;
  if (sys::fs::status(Path, St) || !sys::fs::exists(St))
    return std::nullopt;
  return St.getLastModificationTime();
}

/// The headers a depfile lists, resolved against Dir; none when it is not
/// there.
std::optional<std::vector<std::string>> depfileInputs(StringRef Depfile,
                                                      StringRef Dir) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Depfile);
  if (!Buf)
    return std::nullopt;
  std::vector<std::string> Out;
  for (const std::string &D : parseDepfile((*Buf)->getBuffer()))
    Out.push_back(absolutePathIn(Dir, D));
  return Out;
}

} // namespace

const NinjaDepsLog *FreshnessCheck::ninjaLog(StringRef Directory) {
  auto [It, New] = Logs.try_emplace(Directory.str());
  if (New) {
    Expected<NinjaDepsLog> Log = NinjaDepsLog::load(Directory);
    if (Log)
      It->second = std::make_unique<NinjaDepsLog>(std::move(*Log));
    else
      consumeError(Log.takeError()); // no Ninja build there
  }
  return It->second.get();
}

std::optional<std::string> FreshnessCheck::staleness(StringRef Object,
                                                     StringRef Source,
                                                     StringRef Depfile,
                                                     StringRef Directory) {
  std::optional<sys::TimePoint<>> Built = modified(Object);
  if (!Built)
    return std::string("not built yet");
  std::optional<sys::TimePoint<>> Src = modified(Source);
  if (!Src || *Src > *Built)
    return std::string("older than its source");
  std::optional<std::vector<std::string>> Inputs;
  if (!Depfile.empty())
    Inputs = depfileInputs(absolutePathIn(Directory, Depfile), Directory);
  if (!Inputs)
    if (const NinjaDepsLog *Log = ninjaLog(Directory))
      if (const std::vector<std::string> *In = Log->inputsOf(Object))
        Inputs = *In;
  for (const std::string &H : Inputs.value_or(std::vector<std::string>())) {
    std::optional<sys::TimePoint<>> T = modified(H);
    if (!T)
      return H + ", which it was built from, is gone";
    if (*T > *Built)
      return "older than " + H;
  }
  return std::nullopt;
}

bool factsFromObject(const DeviceCompileInput &In,
                     const DeviceFactsOptions &Opts, FreshnessCheck &Fresh,
                     TranslationUnitDeviceFacts &U) {
  if (In.Argv.empty())
    return false;
  Expected<TranslatedCommand> T =
      translateCompileCommand(In.Argv, In.Directory);
  if (!T) {
    consumeError(T.takeError()); // the planner reports it
    return false;
  }
  if (T->OutputFile.empty()) {
    U.Notes.push_back(In.File + ": its compile command names no object "
                                "(-o); compiled instead");
    return false;
  }
  std::string Object = absolutePathIn(In.Directory, T->OutputFile);
  if (std::optional<std::string> Why =
          Fresh.staleness(Object, In.File, T->DependencyFile, In.Directory)) {
    U.Notes.push_back(Object + ": " + *Why + ", compiled instead");
    return false;
  }
  Expected<BinaryDeviceFacts> Facts = readBinaryDeviceFacts(Object);
  if (!Facts) {
    U.Notes.push_back(Object + ": " + toString(Facts.takeError()) +
                      "; compiled instead");
    return false;
  }

  // --arch (this vendor's), else the command's, else what the compiler
  // built by default (the object says which).
  std::vector<std::string> Archs = vendorArchs(Opts.Archs, T->Hip);
  U.TargetArchs = Archs.empty() ? T->TargetArchs : Archs;
  if (U.TargetArchs.empty() || (Archs.empty() && T->ArchIsNativeOrAll))
    U.TargetArchs = Facts->CubinArchs;
  // -fgpu-rdc: a HIP object holds bitcode, and its code is made at the
  // device link; compiling the unit gives the facts.
  for (const std::string &Arch : U.TargetArchs)
    if (is_contained(Facts->BitcodeOnlyArchs, Arch)) {
      U.TargetArchs.clear();
      U.Notes.push_back(Object + ": only LLVM bitcode for " + Arch +
                        " (-fgpu-rdc: code is made at the device link), "
                        "compiled instead");
      return false;
    }
  for (const std::string &Arch : U.TargetArchs) {
    auto Note = [&](const Twine &Why) {
      U.Notes.push_back(
          (Object + ": " + Why + "; no device facts for " + Arch).str());
    };
    if (Facts->Containers == 0) {
      U.CompiledArchs.push_back(Arch); // a host-only object: no kernels
      continue;
    }
    if (is_contained(Facts->CubinArchs, Arch)) {
      U.CompiledArchs.push_back(Arch);
      for (const KernelResources &K : Facts->Kernels)
        if (K.Arch == Arch)
          U.Kernels.push_back(K);
      continue;
    }
    std::string Compute = "compute_" + StringRef(Arch).drop_front(3).str();
    if (is_contained(Facts->PtxOnlyArchs, Arch))
      Note("only PTX for " + Compute + " (the driver compiles it at run time)");
    else if (is_contained(Facts->LtoOnlyArchs, Arch))
      Note("only LTO IR for " + Compute +
           " (-dlto: code is made at the "
           "device link)");
    else
      Note("no " + Arch + " code in it (it has " +
           (Facts->CubinArchs.empty() ? std::string("no cubin")
                                      : join(Facts->CubinArchs, ", ")) +
           ")");
  }
  return true;
}

} // namespace cudalint::device
