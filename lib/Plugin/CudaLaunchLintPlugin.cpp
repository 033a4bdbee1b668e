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
//   <check>.<Option>=<value>       a check option (MinOccupancy ...)
//   verbose                        print the run's notes as remarks
//
//===----------------------------------------------------------------------===//

#include "cudalint/EmbeddedRun.h"
#include "cudalint/Frontend.h"
#include "cudalint/LintPolicy.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;

namespace cudalint {
namespace {

struct PluginSettings {
  EmbeddedSettings Embedded;
  std::string Checks = defaultCheckGlobs().str();
  std::string WarningsAsErrors;
  CheckOptions Options;
  bool Verbose = false;
};

class Consumer : public ASTConsumer {
public:
  Consumer(CompilerInstance &CI, std::string MainFile, PluginSettings S)
      : CI(CI), MainFile(std::move(MainFile)), S(std::move(S)) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // The device-side compiles of the same file would repeat every finding.
    if (!Ctx.getLangOpts().CUDA || Ctx.getLangOpts().CUDAIsDevice)
      return;
    DiagnosticsEngine &DE = CI.getDiagnostics();
    // After errors the AST may be partial; Clang has said what is wrong.
    if (DE.hasErrorOccurred())
      return;
    EmbeddedAnalysis A = EmbeddedAnalysis::run(Ctx, MainFile, S.Embedded);
    if (S.Verbose)
      for (const std::string &N : A.Notes)
        DE.Report(DE.getCustomDiagID(DiagnosticsEngine::Remark,
                                     "cuda-launch-lint: %0"))
            << N;
    std::vector<Diagnostic> Found = A.check(GlobList(S.Checks), S.Options);
    LintPolicy Policy;
    Policy.WarningsAsErrorsGlobs = S.WarningsAsErrors;
    applyLintPolicy(Policy, A.units(), Found);
    SourceManager &SM = Ctx.getSourceManager();
    unsigned ErrorID = DE.getCustomDiagID(DiagnosticsEngine::Error, "%0 [%1]");
    unsigned WarningID =
        DE.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [%1]");
    unsigned NoteID = DE.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    for (const Diagnostic &D : Found) {
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
  PluginSettings S;
};

class Action : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer>
  CreateASTConsumer(CompilerInstance &CI, llvm::StringRef InFile) override {
    return std::make_unique<Consumer>(CI, InFile.str(), S);
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
    S.Embedded.BuildDir = Cwd.str().str();
    S.Embedded.SearchUpwards = true;
    for (const std::string &Arg : Args) {
      auto [Key, Value] = llvm::StringRef(Arg).split('=');
      if (Key == "verbose" && Value.empty()) {
        S.Verbose = true;
        continue;
      }
      if (!llvm::StringRef(Arg).contains('='))
        return Bad("argument '" + Arg + "' is not key=value (see README)");
      if (Key == "checks")
        S.Checks = Value.str();
      else if (Key == "warnings-as-errors")
        S.WarningsAsErrors = Value.str();
      else if (Key == "resource-usage")
        S.Embedded.ResourceUsage = Value.str();
      else if (Key == "arch")
        S.Embedded.Archs = Value.str();
      else if (Key == "gpu")
        S.Embedded.Gpu = Value.str();
      else if (Key == "cuda-path")
        S.Embedded.CudaPath = Value.str();
      else if (Key == "cache-dir")
        S.Embedded.CacheDir = Value.str();
      else if (Key == "compile-commands") {
        S.Embedded.BuildDir = Value.str();
        S.Embedded.SearchUpwards = false;
      } else if (Key.contains('.') && Key.starts_with("cuda-")) {
        if (llvm::Error E = validateCheckOption(Key, Value))
          return Bad(llvm::toString(std::move(E)));
        S.Options.Values[Key] = Value.str();
      } else
        return Bad("unknown argument '" + Key + "' (see README)");
    }
    if (llvm::Error E = validateEmbeddedSettings(S.Embedded))
      return Bad(llvm::toString(std::move(E)));
    GlobList Filter(S.Checks);
    if (llvm::none_of(allChecks(), [&](const std::unique_ptr<Check> &C) {
          return Filter.contains(C->name());
        }))
      return Bad("checks '" + S.Checks + "' enable no check");
    return true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

private:
  PluginSettings S;
};

} // namespace
} // namespace cudalint

static FrontendPluginRegistry::Add<cudalint::Action>
    X("cuda-launch-lint", "cuda-launch-lint: CUDA kernel launch checks");
