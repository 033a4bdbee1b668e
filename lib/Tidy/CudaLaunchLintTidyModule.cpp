//===- CudaLaunchLintTidyModule.cpp - The checks as a clang-tidy module ---===//
//
// `clang-tidy-19 --load=libCudaLaunchLintTidy.so --checks='-*,cuda-*' ...`
// registers one clang-tidy check per cuda-* check. The checks of one
// translation unit share its facts (collected once, from the AST clang-tidy
// parsed) and its device facts (the cache, a log file, or a device compile of
// the command in the compile database), and run through the one Pipeline;
// each check reports its own findings, so --header-filter and
// WarningsAsErrors are clang-tidy's. NOLINT is applied by the pipeline as
// well: clang-tidy's own never suppresses an error-severity finding.
//
// Options (CheckOptions in .clang-tidy; per check or global):
//   <check>.<Option>     the check's own options (cuda-occupancy-limited.
//                        MinOccupancy), as --check-option in the tool
//   ResourceUsage        auto (default) | nvcc | clang | none | <log file>
//   Archs                sm_80,sm_90 (default: the compile command's)
//   Gpu                  a GPU preset (H100-SXM ...), for the grid checks
//   SMCount              the SM count of a GPU without a preset (with one
//                        arch in Archs), as --sm-count
//   CudaPath, CacheDir   as --cuda-path, --cache-dir
//   CompileDatabase      the directory of compile_commands.json (default:
//                        found upwards from the command's directory)
//
//===----------------------------------------------------------------------===//

#include "cudalint/Embedded/EmbeddedRun.h"
#include "cudalint/Frontend/Frontend.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"

#include <memory>

using namespace clang;
using namespace clang::tidy;
using namespace clang::ast_matchers;

namespace cudalint {
namespace {

/// The translation unit being checked, shared by its checks. clang-tidy
/// creates every check of a unit before parsing it and destroys them after,
/// so a unit's checks all hold the same state and the next unit starts
/// afresh.
struct UnitState {
  bool Done = false;
  /// The unit's enabled checks and all their options: the pipeline runs
  /// them together, once, as in the other front doors (a launch certain to
  /// fail keeps its errors only, whichever check would warn about it).
  std::vector<std::string> Enabled;
  std::vector<std::pair<std::string, std::string>> CheckOptions;
  std::optional<PipelineResult> Result;
};

std::shared_ptr<UnitState> currentUnit() {
  static std::weak_ptr<UnitState> Current;
  std::shared_ptr<UnitState> S = Current.lock();
  if (!S) {
    S = std::make_shared<UnitState>();
    Current = S;
  }
  return S;
}

class CudaCheck : public ClangTidyCheck {
public:
  CudaCheck(StringRef Name, ClangTidyContext *Context)
      : ClangTidyCheck(Name, Context), Ctx(Context), Unit(currentUnit()),
        Impl(findCheck(Name)) {
    Settings.ResourceUsage = Options.getLocalOrGlobal("ResourceUsage", "auto");
    Settings.Archs = Options.getLocalOrGlobal("Archs", "");
    Settings.Gpu = Options.getLocalOrGlobal("Gpu", "");
    // Empty is unset: an option cannot be absent from --dump-config.
    if (StringRef SMs = Options.getLocalOrGlobal("SMCount", ""); !SMs.empty())
      Settings.SMCount = SMs.str();
    Settings.CudaPath = Options.getLocalOrGlobal("CudaPath", "");
    Settings.CacheDir = Options.getLocalOrGlobal("CacheDir", "");
    CompileDatabase = Options.getLocalOrGlobal("CompileDatabase", "");
    // Every declared option, validated as the other doors do; a bad value
    // is reported through clang-tidy's configuration diagnostics and the
    // default stands.
    if (Impl)
      for (const CheckOptionSpec &O : Impl->options()) {
        std::string Key = (Name + "." + O.Name).str();
        std::string Value = Options.get(O.Name, O.defaultText()).str();
        if (llvm::Error E = validateCheckOption(Key, Value)) {
          configurationDiag("invalid configuration value '%0' for option "
                            "'%1': %2")
              << Value << Key << llvm::toString(std::move(E));
          Value = O.defaultText();
        }
        OwnOptions.emplace_back(O.Name, Value);
        Unit->CheckOptions.emplace_back(Key, Value);
      }
    Unit->Enabled.push_back(Name.str());
  }

  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CUDA;
  }

  /// Every option the check reads, defaults included (--dump-config).
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override {
    Options.store(Opts, "ResourceUsage", Settings.ResourceUsage);
    Options.store(Opts, "Archs", Settings.Archs);
    Options.store(Opts, "Gpu", Settings.Gpu);
    Options.store(Opts, "SMCount", Settings.SMCount.value_or(""));
    Options.store(Opts, "CudaPath", Settings.CudaPath);
    Options.store(Opts, "CacheDir", Settings.CacheDir);
    Options.store(Opts, "CompileDatabase", CompileDatabase);
    for (const auto &[Name, Value] : OwnOptions)
      Options.store(Opts, Name, Value);
  }

  void registerMatchers(MatchFinder *Finder) override {
    Finder->addMatcher(translationUnitDecl().bind("tu"), this);
  }

  void check(const MatchFinder::MatchResult &Result) override {
    if (!Impl)
      return;
    ASTContext &AST = *Result.Context;
    SourceManager &SM = AST.getSourceManager();
    if (!Unit->Done) {
      Unit->Done = true;
      OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
      if (!Main)
        return;
      LintSettings S = Settings;
      S.Checks = "-*," + llvm::join(Unit->Enabled, ",");
      S.CheckOptions = Unit->CheckOptions;
      S.RequireChecks = false;
      S.HostAppliesSuppression = true;
      llvm::Expected<Pipeline> P =
          Pipeline::create(S, SettingNames::ClangTidy, Main->getName());
      if (!P) {
        configurationDiag("cuda-launch-lint: %0")
            << llvm::toString(P.takeError());
        return;
      }
      HostCommand Cmd;
      Cmd.BuildDir = CompileDatabase.empty() ? Ctx->getCurrentBuildDirectory()
                                             : CompileDatabase;
      Cmd.SearchUpwards = CompileDatabase.empty();
      // clang-tidy does not hand its checks the command: without a database
      // entry, the flags it was given after `--` are the command.
      Cmd.FixedFlags = clangTidyFixedFlags(processArguments());
      const PipelineResult &Ran =
          Unit->Result.emplace(runOnHostAST(*P, AST, Main->getName(), Cmd));
      // Said once per unit, in the tool's own name rather than a check's:
      // the arch it fell back to, failed device compiles, launches not
      // fully checked.
      for (const RunMessage &M : runMessages(Ran))
        Ctx->diag("cuda-launch-lint", toSourceLocation(SM, M.Loc),
                  escapeForDiagnostic(M.Text), DiagnosticIDs::Remark);
    }
    const std::optional<PipelineResult> &Ran = Unit->Result;
    if (!Ran)
      return;
    for (const Diagnostic &D : Ran->Findings) {
      if (D.Check != Impl->name())
        continue;
      SourceLocation Loc = toSourceLocation(SM, D.Loc);
      if (Loc.isInvalid())
        continue;
      diag(Loc, escapeForDiagnostic(D.Message),
           D.Sev == Severity::Error ? DiagnosticIDs::Error
                                    : DiagnosticIDs::Warning);
      for (const DiagnosticNote &N : D.Notes) {
        // A note about no place in particular stays without one.
        diag(toSourceLocation(SM, N.Loc), escapeForDiagnostic(N.Message),
             DiagnosticIDs::Note);
      }
    }
  }

private:
  ClangTidyContext *Ctx;
  std::shared_ptr<UnitState> Unit;
  const Check *Impl;
  LintSettings Settings;
  std::string CompileDatabase;
  std::vector<std::pair<llvm::StringRef, std::string>> OwnOptions;
};

class CudaLaunchLintModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    registerKernelAttributeSpellings();
    for (const std::unique_ptr<Check> &C : allChecks())
      Factories.registerCheckFactory(
          C->name(), [](StringRef Name, ClangTidyContext *Context) {
            return std::make_unique<CudaCheck>(Name, Context);
          });
  }
};

} // namespace
} // namespace cudalint

static clang::tidy::ClangTidyModuleRegistry::Add<cudalint::CudaLaunchLintModule>
    X("cuda-launch-lint-module",
      "cuda-launch-lint: CUDA kernel launch configuration checks.");
