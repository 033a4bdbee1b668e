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
//   sm-count=<N>                   a GPU without a preset (one arch), as
//                                  the tool's --sm-count
//   compile-commands=<dir>         compile_commands.json for device facts
//                                  (default: found upwards from the cwd)
//   config=<file>                  a .cuda-launch-lint.yaml (default: the
//                                  nearest above the source, as the tool)
//   <check>.<Option>=<value>       a check option (MinOccupancy ...)
//   verbose                        accepted for older commands: the run's
//                                  notes are always printed as remarks
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

/// The key=value arguments that set one of the door's settings as written.
template <typename Setting>
using SettingKeys = std::pair<llvm::StringLiteral, Setting LintSettings::*>;
constexpr SettingKeys<std::string> TextSettings[] = {
    {"resource-usage", &LintSettings::ResourceUsage},
    {"arch", &LintSettings::Archs},
    {"gpu", &LintSettings::Gpu},
    {"cuda-path", &LintSettings::CudaPath},
    {"cache-dir", &LintSettings::CacheDir},
    {"config", &LintSettings::ConfigFile}};
constexpr SettingKeys<std::optional<std::string>> OptionalSettings[] = {
    {"checks", &LintSettings::Checks},
    {"warnings-as-errors", &LintSettings::WarningsAsErrors},
    {"sm-count", &LintSettings::SMCount}};

/// Sets the setting Key names to Value; false for a key that names none.
bool setSetting(LintSettings &S, llvm::StringRef Key, llvm::StringRef Value) {
  for (const auto &[Name, Member] : TextSettings)
    if (Key == Name) {
      S.*Member = Value.str();
      return true;
    }
  for (const auto &[Name, Member] : OptionalSettings)
    if (Key == Name) {
      S.*Member = Value.str();
      return true;
    }
  return false;
}

class Consumer : public ASTConsumer {
public:
  // The action may be gone when the consumer runs: it keeps its own copy.
  Consumer(CompilerInstance &CI, std::string MainFile, Pipeline P,
           HostCommand Cmd)
      : CI(CI), MainFile(std::move(MainFile)), P(std::move(P)),
        Cmd(std::move(Cmd)) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // The device-side compiles of the same file would repeat every finding.
    if (!Ctx.getLangOpts().CUDA || Ctx.getLangOpts().CUDAIsDevice)
      return;
    DiagnosticsEngine &DE = CI.getDiagnostics();
    // After errors the AST may be partial; Clang has said what is wrong.
    if (DE.hasErrorOccurred())
      return;
    PipelineResult R = runOnHostAST(P, Ctx, MainFile, Cmd);
    SourceManager &SM = Ctx.getSourceManager();
    // What the tool says beside its findings, as it says it: the arch it
    // fell back to, launches not fully checked (never silence).
    for (const RunMessage &M : runMessages(R))
      DE.Report(toSourceLocation(SM, M.Loc),
                DE.getCustomDiagID(DiagnosticsEngine::Remark, "%0"))
          << M.Text;
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
};

class Action : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer>
  CreateASTConsumer(CompilerInstance &CI, llvm::StringRef InFile) override {
    if (!P) // not reached: clang calls this only after ParseArgs made P
      return std::make_unique<ASTConsumer>();
    return std::make_unique<Consumer>(CI, InFile.str(), *P, Cmd);
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
      if (Key == "verbose" && Value.empty())
        continue;
      if (!llvm::StringRef(Arg).contains('='))
        return Bad("argument '" + Arg + "' is not key=value (see README)");
      if (setSetting(S, Key, Value))
        continue;
      if (Key == "compile-commands") {
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
};

} // namespace
} // namespace cudalint

static FrontendPluginRegistry::Add<cudalint::Action>
    X("cuda-launch-lint", "cuda-launch-lint: CUDA kernel launch checks");
