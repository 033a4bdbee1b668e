//===- CudaLaunchLintTidyModule.cpp - The checks as a clang-tidy module ---===//
//
// `clang-tidy-19 --load=libCudaLaunchLintTidy.so --checks='-*,cuda-*' ...`
// registers one clang-tidy check per cuda-* check. The checks of one
// translation unit share its facts (collected once, from the AST clang-tidy
// parsed) and its device facts (the cache, a log file, or a device compile of
// the command in the compile database); each reports its own findings, so
// NOLINT, --header-filter and WarningsAsErrors are clang-tidy's.
//
// Options (CheckOptions in .clang-tidy; per check or global):
//   <check>.<Option>     the check's own options (cuda-occupancy-limited.
//                        MinOccupancy), as --check-option in the tool
//   ResourceUsage        auto (default) | nvcc | clang | none | <log file>
//   Archs                sm_80,sm_90 (default: the compile command's)
//   Gpu                  a GPU preset (H100-SXM ...), for the grid checks
//   CudaPath, CacheDir   as --cuda-path, --cache-dir
//   CompileDatabase      the directory of compile_commands.json (default:
//                        found upwards from the command's directory)
//
//===----------------------------------------------------------------------===//

#include "cudalint/EmbeddedRun.h"
#include "cudalint/Frontend.h"

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

/// The facts of the translation unit being checked, shared by its checks.
/// clang-tidy creates every check of a unit before parsing it and destroys
/// them after, so a unit's checks all hold the same state and the next unit
/// starts afresh.
struct UnitState {
  bool Done = false;
  bool Failed = false;
  std::optional<EmbeddedAnalysis> Analysis;
  /// The unit's enabled checks and all their options: the checks run
  /// together, once, as in the other front doors (a launch certain to fail
  /// keeps its errors only, whichever check would warn about it).
  std::vector<std::string> Enabled;
  CheckOptions Options;
  std::optional<std::vector<Diagnostic>> Findings;
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
    Settings.CudaPath = Options.getLocalOrGlobal("CudaPath", "");
    Settings.CacheDir = Options.getLocalOrGlobal("CacheDir", "");
    CompileDatabase = Options.getLocalOrGlobal("CompileDatabase", "");
    // Every declared option, validated as the standalone tool does; a bad
    // value is reported through clang-tidy's configuration diagnostics and
    // the default stands.
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
        CheckOpts.Values[Key] = Value;
      }
    Unit->Enabled.push_back(Name.str());
    for (const auto &[Key, Value] : CheckOpts.Values)
      Unit->Options.Values[Key] = Value;
  }

  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CUDA;
  }

  void storeOptions(ClangTidyOptions::OptionMap &Opts) override {
    Options.store(Opts, "ResourceUsage", Settings.ResourceUsage);
    if (!Settings.Archs.empty())
      Options.store(Opts, "Archs", Settings.Archs);
    if (!Settings.Gpu.empty())
      Options.store(Opts, "Gpu", Settings.Gpu);
    for (const auto &[Key, Value] : CheckOpts.Values)
      Options.store(Opts, StringRef(Key).rsplit('.').second, Value);
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
      if (llvm::Error E = validateEmbeddedSettings(Settings)) {
        configurationDiag("cuda-launch-lint: %0")
            << llvm::toString(std::move(E));
        Unit->Failed = true;
        return;
      }
      OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
      if (!Main)
        return;
      EmbeddedSettings S = Settings;
      S.BuildDir = CompileDatabase.empty() ? Ctx->getCurrentBuildDirectory()
                                           : CompileDatabase;
      S.SearchUpwards = CompileDatabase.empty();
      Unit->Analysis = EmbeddedAnalysis::run(AST, Main->getName(), S);
    }
    if (!Unit->Analysis)
      return;
    if (!Unit->Findings)
      Unit->Findings = Unit->Analysis->check(
          GlobList("-*," + llvm::join(Unit->Enabled, ",")), Unit->Options);
    for (const Diagnostic &D : *Unit->Findings) {
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
  EmbeddedSettings Settings;
  std::string CompileDatabase;
  CheckOptions CheckOpts;
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
