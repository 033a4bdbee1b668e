//===- CollectFacts.cpp - Parse each unit, collect its facts --------------===//
//
// One ClangTool per file, Opts.Jobs files at a time, each behind its own
// crash recovery boundary: Clang's errors become facts, a crash loses the
// unit's facts but not the run. The AST walk itself: FactCollector.cpp.
//
//===----------------------------------------------------------------------===//

#include "CudaParseSetup.h"
#include "FactCollector.h"

#include "cudalint/Frontend.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ThreadPool.h"

#include <csignal>

using namespace clang;

namespace cudalint {

namespace {

/// Keeps Clang's errors as facts (the analysis goes on with what Clang
/// recovered) and prints nothing itself.
class ErrorRecorder : public DiagnosticConsumer {
public:
  explicit ErrorRecorder(TranslationUnitFacts &Facts) : Facts(Facts) {}
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    FrontendError E;
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    E.Message = Message.str().str();
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const SourceManager &SM = Info.getSourceManager();
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Info.getLocation()));
      if (P.isValid()) {
        E.Loc.File = P.getFilename();
        E.Loc.Line = P.getLine();
        E.Loc.Column = P.getColumn();
      }
    }
    Facts.Errors.push_back(std::move(E));
  }

private:
  TranslationUnitFacts &Facts;
};

/// What a unit's analysis is doing, for the one line that reports a crash.
struct UnitStage {
  const char *What = "setting up the parse";
};

class CollectAction : public ASTFrontendAction {
public:
  CollectAction(TranslationUnitFacts &Facts, UnitStage &Stage)
      : Facts(Facts), Stage(Stage) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    struct Consumer : ASTConsumer {
      TranslationUnitFacts &Facts;
      UnitStage &Stage;
      Consumer(TranslationUnitFacts &F, UnitStage &S) : Facts(F), Stage(S) {}
      void HandleTranslationUnit(ASTContext &Ctx) override {
        Stage.What = "collecting kernels and launches";
        collectFactsInto(Ctx, Facts);
        Stage.What = "finishing the parse";
      }
    };
    Stage.What = "parsing";
    return std::make_unique<Consumer>(Facts, Stage);
  }

private:
  TranslationUnitFacts &Facts;
  UnitStage &Stage;
};

/// "SIGSEGV" for a crash's return code from CrashRecoveryContext (128 +
/// the signal on POSIX systems).
std::string crashName(int RetCode) {
  int Signal = RetCode - 128;
  switch (Signal) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGABRT:
    return "SIGABRT";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  default:
    return "exit code " + std::to_string(RetCode);
  }
}

} // namespace

std::vector<TranslationUnitFacts>
collectFacts(const tooling::CompilationDatabase &DB,
             llvm::ArrayRef<std::string> Files, const FrontendOptions &Opts,
             llvm::raw_ostream &Notes) {
  registerKernelAttributes();
  CudaParseSetup Setup = cudaParseSetup(Opts.Toolkit);
  std::vector<TranslationUnitFacts> All(Files.size());
  // One ClangTool per file; files are parsed Opts.Jobs at a time and the
  // results keep the input order.
  auto Parse = [&](size_t I) {
    TranslationUnitFacts &Facts = All[I];
    Facts.MainFile = Files[I];
    tooling::ClangTool Tool(DB, {Files[I]});
    for (const auto &[Path, Text] : Setup.VirtualFiles)
      Tool.mapVirtualFile(Path, Text);
    std::vector<std::string> Extra = Setup.Args;
    Extra.insert(Extra.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
    Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        Extra, tooling::ArgumentInsertPosition::END));
    ErrorRecorder Errors(Facts);
    Tool.setDiagnosticConsumer(&Errors);
    // The errors are summarised by the driver; Clang's own "N errors
    // generated" and "Error while processing" lines would only repeat them.
    Tool.setPrintErrorMessage(false);
    UnitStage Stage;
    struct Factory : tooling::FrontendActionFactory {
      TranslationUnitFacts &Facts;
      UnitStage &Stage;
      Factory(TranslationUnitFacts &F, UnitStage &S) : Facts(F), Stage(S) {}
      std::unique_ptr<FrontendAction> create() override {
        return std::make_unique<CollectAction>(Facts, Stage);
      }
    } F(Facts, Stage);
    // Each unit behind its own recovery boundary: a crash in Clang or in
    // the collector loses this unit's facts, not the run. What the crashed
    // unit had collected may be inconsistent, so none of it is kept.
    llvm::CrashRecoveryContext Boundary;
    if (!Boundary.RunSafely([&] { Tool.run(&F); })) {
      TranslationUnitFacts Lost;
      Lost.MainFile = Files[I];
      Lost.InternalError = "internal error (" + crashName(Boundary.RetCode) +
                           ") while " + Stage.What;
      Facts = std::move(Lost);
    }
    if (Opts.Progress)
      ++Opts.Progress->FilesParsed;
  };
  if (Opts.Progress)
    Opts.Progress->FilesTotal += Files.size();
  llvm::CrashRecoveryContext::Enable();
  if (Opts.Jobs == 1 || Files.size() <= 1) {
    for (size_t I = 0; I < Files.size(); ++I)
      Parse(I);
  } else {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Opts.Jobs));
    for (size_t I = 0; I < Files.size(); ++I)
      Pool.async([&, I] { Parse(I); });
    Pool.wait();
  }
  return All;
}

} // namespace cudalint
