//===- CudaLaunchLintPlugin.cpp - The checks inside a normal Clang build --===//
//
//   clang++-19 -fplugin=libCudaLaunchLintPlugin.so
//     -Xclang -plugin-arg-cuda-launch-lint
//     -Xclang checks=cuda-*,-cuda-tail-effect ...
//
// Runs after the main action (the compile goes on as usual) on the host side
// of each CUDA compile, and reports through Clang's own diagnostics:
// error-severity checks as errors (the build fails), the others as warnings.
// NOLINT comments are honoured. Arguments (each `key=value`):
//   checks=<globs>                 which checks (default: as the tool)
//   warnings-as-errors=<globs>     promote these warnings to errors
//   resource-usage=auto|nvcc|clang|none|<log file>   (default auto)
//   arch=sm_80,sm_90  (Clang's host-side compile is not told the GPU archs:
//                     without arch= or a compile database, sm_75)
//   gpu=<preset>  cuda-path=<dir>  cache-dir=<dir>
//   compile-commands=<dir>         compile_commands.json for device facts
//                                  (default: found upwards from the cwd)
//   config=<file>                  a .cuda-launch-lint.yaml (default: the
//                                  nearest above the source, as the tool)
//   <check>.<Option>=<value>       a check option (MinOccupancy ...)
//   verbose                        print the run's notes as remarks
//
//===----------------------------------------------------------------------===//

#include "cudalint/Embedded/EmbeddedRun.h"
#include "cudalint/Frontend/Frontend.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;

namespace cudalint {
namespace {

class Consumer : public ASTConsumer {
public:
  // The action may be gone when the consumer runs: it keeps its own copy.
  Consumer(CompilerInstance &CI, std::string MainFile, Pipeline P,
           HostCommand Cmd, bool Verbose)
      : CI(CI), MainFile(std::move(MainFile)), P(std::move(P)),
        Cmd(std::move(Cmd)), Verbose(Verbose) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // The device-side compiles of the same file would repeat every finding.
    if (!Ctx.getLangOpts().CUDA || Ctx.getLangOpts().CUDAIsDevice)
      return;
    DiagnosticsEngine &DE = CI.getDiagnostics();
    // After errors the AST may be partial; Clang has said what is wrong.
    if (DE.hasErrorOccurred())
      return;
    PipelineResult R = runOnHostAST(P, Ctx, MainFile, Cmd);
    if (Verbose)
      for (const std::string &N : R.Notes)
        DE.Report(DE.getCustomDiagID(DiagnosticsEngine::Remark,
                                     "cuda-launch-lint: %0"))
            << N;
    SourceManager &SM = Ctx.getSourceManager();
    unsigned ErrorID = DE.getCustomDiagID(DiagnosticsEngine::Error, "%0 [%1]");
    unsigned WarningID =
        DE.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [%1]");
    unsigned NoteID = DE.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    for (const Diagnostic &D : R.Findings) {
      bool IsError = D.Sev == Severity::Error;
      DE.Report(toSourceLocation(SM, D.Loc), IsError ? ErrorID : WarningID)
          << D.Message << D.Check;
      for (const DiagnosticNote &N : D.Notes)
        DE.Report(toSourceLocation(SM, N.Loc), NoteID) << N.Message;
    }
  }

private:
  CompilerInstance &CI;
  std::string MainFile;
  Pipeline P;
  HostCommand Cmd;
  bool Verbose;
};

class Action : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer>
  CreateASTConsumer(CompilerInstance &CI, llvm::StringRef InFile) override {
    return std::make_unique<Consumer>(CI, InFile.str(), *P, Cmd, Verbose);
  }

  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    registerKernelAttributeSpellings();
    DiagnosticsEngine &DE = CI.getDiagnostics();
    auto Bad = [&](const llvm::Twine &Why) {
      DE.Report(DE.getCustomDiagID(DiagnosticsEngine::Error,
                                   "cuda-launch-lint plugin: %0"))
          << Why.str();
      return false;
    };
    llvm::SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    Cmd.BuildDir = Cwd.str().str();
    Cmd.SearchUpwards = true;
    LintSettings S;
    S.FindConfig = true;
    for (const std::string &Arg : Args) {
      auto [Key, Value] = llvm::StringRef(Arg).split('=');
      if (Key == "verbose" && Value.empty()) {
        Verbose = true;
        continue;
      }
      if (!llvm::StringRef(Arg).contains('='))
        return Bad("argument '" + Arg + "' is not key=value (see README)");
      if (Key == "checks")
        S.Checks = Value.str();
      else if (Key == "warnings-as-errors")
        S.WarningsAsErrors = Value.str();
      else if (Key == "resource-usage")
        S.ResourceUsage = Value.str();
      else if (Key == "arch")
        S.Archs = Value.str();
      else if (Key == "gpu")
        S.Gpu = Value.str();
      else if (Key == "cuda-path")
        S.CudaPath = Value.str();
      else if (Key == "cache-dir")
        S.CacheDir = Value.str();
      else if (Key == "config")
        S.ConfigFile = Value.str();
      else if (Key == "compile-commands") {
        Cmd.BuildDir = Value.str();
        Cmd.SearchUpwards = false;
      } else if (Key.contains('.') && Key.starts_with("cuda-"))
        S.CheckOptions.emplace_back(Key.str(), Value.str());
      else
        return Bad("unknown argument '" + Key + "' (see README)");
    }
    const auto &Inputs = CI.getFrontendOpts().Inputs;
    std::string First = Inputs.empty() || !Inputs.front().isFile()
                            ? std::string()
                            : Inputs.front().getFile().str();
    llvm::Expected<Pipeline> Created =
        Pipeline::create(S, SettingNames::Plugin, First);
    if (!Created)
      return Bad(llvm::toString(Created.takeError()));
    P.emplace(std::move(*Created));
    return true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

private:
  std::optional<Pipeline> P;
  HostCommand Cmd;
  bool Verbose = false;
};

} // namespace
} // namespace cudalint

static FrontendPluginRegistry::Add<cudalint::Action>
    X("cuda-launch-lint", "cuda-launch-lint: CUDA kernel launch checks");
