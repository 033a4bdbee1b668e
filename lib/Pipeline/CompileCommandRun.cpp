//===- CompileCommandRun.cpp - One compile command's lint -----------------===//
//
// The compiler launcher's run (`cuda-launch-lint --wrap`): the Pipeline on
// the one source a compile command compiles, with the device facts of that
// compile.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Pipeline/Pipeline.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace cudalint {

Expected<PipelineResult> lintCompileCommand(
    ArrayRef<std::string> Argv, StringRef Source, StringRef ResourceUsage,
    std::function<void()> DeviceInputsReady, raw_ostream &Notes) {
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  LintSettings S;
  S.ResourceUsage = ResourceUsage.str();
  S.FindConfig = true;
  SmallString<256> File(Source);
  sys::fs::make_absolute(File);
  Expected<Pipeline> P =
      Pipeline::create(S, SettingNames::CommandLine, File.str());
  if (!P)
    return P.takeError();
  clang::tooling::CompileCommand Command(Cwd, File, Argv.vec(), "");
  // As `cuda-launch-lint file.cu -- nvcc <args>`: the compiler named. The
  // database adds the file itself; a Clang command (HIP's) is parsed as
  // given, so the source must not be named twice (two compile jobs).
  std::vector<std::string> Flags;
  for (size_t I = 0; I < Argv.size(); ++I)
    if (Argv[I] != Source ||
        (I > 0 && is_contained({"-o", "-MF", "-MT", "-MQ"}, Argv[I - 1])))
      Flags.push_back(Argv[I]);
  auto DB = translateNvccCommands(
      std::make_unique<clang::tooling::FixedCompilationDatabase>(Cwd, Flags),
      Notes);
  PipelineInput In;
  In.Files = {File.str().str()};
  In.UserCommand = [&](StringRef) { return Command; };
  In.CollectFacts = [&](const FrontendOptions &Opts) {
    return collectFacts(*DB, In.Files, Opts, Notes);
  };
  In.DeviceInputsReady = std::move(DeviceInputsReady);
  // One finding per arch, as `merge` needs them for JSON and SARIF; the
  // compiler diagnostics merge them.
  In.MergeArchs = false;
  return P->run(In);
}

} // namespace cudalint
