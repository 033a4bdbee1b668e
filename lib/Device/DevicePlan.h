//===- DevicePlan.h - Device compile jobs, one per unit x arch --*- C++ -*-===//
//
// The data flow of computeDeviceFacts: the planner turns each unit's compile
// command into jobs (DevicePlan.cpp), the runner runs them through the cache
// and the compilers and parses what they print (DeviceRun.cpp), and the
// results are joined onto the front end's kernels (DeviceJoin.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_DEVICE_DEVICEPLAN_H
#define CUDALINT_LIB_DEVICE_DEVICEPLAN_H

#include "DeviceCommand.h"

#include "cudalint/Device/DeviceFacts.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cudalint::device {

/// One device compile: one unit on one arch, and what it produced.
struct Job {
  size_t Unit;
  std::string Arch;
  Tool T;
  /// Argv templates (TmpMark for the temporary directory).
  std::vector<std::string> Compile, Ptxas;
  std::string Directory, File;
  std::string ToolchainId;
  // Results.
  std::vector<KernelResources> Kernels;
  std::vector<std::string> Notes;
  /// Why the job gave no results (unset when Ok).
  std::optional<DeviceGap> Gap;
  bool Ok = false;
};

/// The archs of --arch that are one vendor's: AMD's for a HIP unit,
/// NVIDIA's for a CUDA one (a run may hold both).
std::vector<std::string> vendorArchs(llvm::ArrayRef<std::string> Archs,
                                     bool Amd);

/// Turns each unit's compile command into its device compile jobs, one per
/// target arch, finding the compilers (and their versions, for the cache
/// key) the first time a unit needs them. Planning runs on one thread,
/// before any job.
class Planner {
public:
  /// Receives the run-wide notes (each once is the receiver's business).
  using NoteSink = std::function<void(const std::string &)>;

  Planner(const DeviceFactsOptions &Opts, NoteSink RunNote)
      : Opts(Opts), RunNote(std::move(RunNote)) {}

  /// Adds the jobs of unit UnitIndex (In, with its facts U) to Jobs and
  /// sets U.TargetArchs; what stands in the way is a note on U or the run.
  void plan(size_t UnitIndex, const DeviceCompileInput &In,
            TranslationUnitDeviceFacts &U,
            std::vector<std::unique_ptr<Job>> &Jobs);

private:
  /// What one run needs to know about the installed compilers, found once.
  struct Toolchain {
    std::string Nvcc, Ptxas; // empty: not there
    std::string NvccVersion; // `nvcc --version`, for the cache key
    std::string PtxasVersion;
    std::set<std::string> NvccArchs; // --list-gpu-code, "sm_75" ...
    std::map<std::string, std::string> ClangVersions; // clang path -> version
    std::string HipDeviceLibs; // the AMDGPU bitcode folder; empty: none
  };

  /// The jobs of a HIP unit: Clang per gfx target (HipDevice.h).
  void planHip(size_t UnitIndex, const DeviceCompileInput &In,
               const TranslatedCommand &T, TranslationUnitDeviceFacts &U,
               std::vector<std::unique_ptr<Job>> &Jobs);
  Tool chooseTool(const TranslatedCommand &T, bool CompilerNamed) const;
  /// The clang that compiles T's device side; empty (with a note) if none.
  std::string findClang(const TranslatedCommand &T);
  bool prepareToolchain(Tool T, const std::string &Clang);
  bool prepareNvcc();
  bool prepareClang(const std::string &Clang);
  /// The toolkit's program Name; empty when it is not there.
  std::string toolkitProgram(llvm::StringRef Name) const;
  /// Why toolkitProgram(Name) is empty.
  std::string missingProgram(llvm::StringRef Name) const;
  /// --arch, else the command's, else nvcc's default.
  std::vector<std::string> targetArchs(const TranslatedCommand &T);
  /// Whether Use can compile for Arch (a note when not).
  bool canTarget(Tool Use, const std::string &Arch);
  std::unique_ptr<Job> makeJob(size_t UnitIndex, const DeviceCompileInput &In,
                               Tool Use, const std::string &Clang,
                               const std::string &Arch,
                               llvm::ArrayRef<std::string> Flags,
                               const TranslatedCommand &T);

  const DeviceFactsOptions &Opts;
  NoteSink RunNote;
  Toolchain TC;
  bool HipDeviceLibsChecked = false;
  bool NvccChecked = false, NvccUsable = false, PtxasChecked = false,
       PtxasUsable = false;
};

} // namespace cudalint::device

#endif
