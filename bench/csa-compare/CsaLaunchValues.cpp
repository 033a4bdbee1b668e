// csa-compare: what the Clang Static Analyzer knows about each <<<>>>
// launch's block size, to compare with cuda-launch-lint's own value engine
// (bench/csa-compare/README.md).
//
// The analyzer runs with the core and apiModeling checkers plus one checker
// of ours, cudalint.LaunchValues. At every path that reaches the
// configuration call of a launch (`__cudaPushCallConfiguration(grid, block,
// ...)`, the CallExpr of CUDAKernelCallExpr::getConfig()) it reads block.x and
// block.x*y*z from the store and asks the constraint manager for a constant
// or a range. At the end of the translation unit it prints one JSON line per
// launch site of the main file, the paths' values joined: constant, set,
// range or unknown; a site no path reached says "visited": 0.
//
// The analyzer skips a translation unit with any error; cuda-launch-lint
// analyses what Clang recovered. For the same inputs, the error count is
// reset before the analysis and printed with each site ("parse_errors").
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"
#include "clang/StaticAnalyzer/Frontend/AnalysisConsumer.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/JSON.h"
#include <map>
#include <set>

using namespace clang;
using namespace clang::ento;

namespace {

unsigned ParseErrors = 0; // of the translation unit being analysed

// One launch site's values over every path that reached it.
struct Joined {
  unsigned Paths = 0, UnknownPaths = 0;
  std::set<int64_t> Constants;
  bool AnyRange = false;
  int64_t Lo = INT64_MAX, Hi = INT64_MIN;

  void addUnknown() { ++Paths, ++UnknownPaths; }
  void add(int64_t L, int64_t H) {
    ++Paths;
    if (L == H)
      Constants.insert(L);
    else
      AnyRange = true;
    Lo = std::min(Lo, L), Hi = std::max(Hi, H);
  }
  llvm::json::Value json() const {
    if (Paths == 0)
      return llvm::json::Object{{"kind", "unknown"}, {"why", "not visited"}};
    if (UnknownPaths)
      return llvm::json::Object{
          {"kind", "unknown"},
          {"why", "unconstrained on " + std::to_string(UnknownPaths) + " of " +
                      std::to_string(Paths) + " paths"}};
    if (AnyRange || Constants.size() > 16)
      return llvm::json::Object{{"kind", "range"}, {"lo", Lo}, {"hi", Hi}};
    if (Constants.size() == 1)
      return llvm::json::Object{{"kind", "constant"},
                                {"value", *Constants.begin()}};
    return llvm::json::Object{{"kind", "set"},
                              {"values", llvm::json::Array(Constants)}};
  }
};

struct Site {
  std::string Function;
  Joined BlockX, Threads;
  std::set<std::string> Kernels; // the callee's value per path, "?" unknown
};

class LaunchValues
    : public Checker<check::PreCall, check::EndOfTranslationUnit> {
  // Keyed by the launch's expansion location: template instances and
  // inlined copies of one site join.
  mutable std::map<std::pair<unsigned, unsigned>, Site> Sites;

  static std::pair<unsigned, unsigned> key(const SourceManager &SM,
                                           SourceLocation L) {
    L = SM.getExpansionLoc(L);
    return {SM.getExpansionLineNumber(L), SM.getExpansionColumnNumber(L)};
  }

  // Field `Name` of a record value: a lazy compound value (a copy of a
  // region in an older store) or a location.
  static SVal field(SVal Rec, StringRef Name, CheckerContext &C) {
    const TypedValueRegion *R = nullptr;
    Store S = C.getState()->getStore();
    if (auto LCV = Rec.getAs<nonloc::LazyCompoundVal>())
      R = LCV->getRegion(), S = LCV->getStore();
    else if (auto L = Rec.getAs<loc::MemRegionVal>())
      R = dyn_cast<TypedValueRegion>(L->getRegion());
    if (!R)
      return UnknownVal();
    const RecordDecl *RD = R->getValueType()->getAsRecordDecl();
    if (!RD)
      return UnknownVal();
    for (const FieldDecl *FD : RD->fields())
      if (FD->getName() == Name) {
        const FieldRegion *FR =
            C.getSValBuilder().getRegionManager().getFieldRegion(FD, R);
        return C.getStoreManager().getBinding(S, loc::MemRegionVal(FR),
                                              FD->getType());
      }
    return UnknownVal();
  }

  // A constant or a range, or unknown when the constraint manager knows
  // nothing (both bounds are the type's).
  static void record(Joined &J, SVal V, CheckerContext &C) {
    SValBuilder &SVB = C.getSValBuilder();
    ProgramStateRef St = C.getState();
    if (V.isUnknownOrUndef())
      return J.addUnknown();
    if (const llvm::APSInt *K = SVB.getKnownValue(St, V))
      return J.add(K->getExtValue(), K->getExtValue());
    const llvm::APSInt *Lo = SVB.getMinValue(St, V);
    const llvm::APSInt *Hi = SVB.getMaxValue(St, V);
    if (!Lo || !Hi)
      return J.addUnknown();
    llvm::APSInt TMin =
        llvm::APSInt::getMinValue(Lo->getBitWidth(), Lo->isUnsigned());
    llvm::APSInt TMax =
        llvm::APSInt::getMaxValue(Hi->getBitWidth(), Hi->isUnsigned());
    if (*Lo == TMin && *Hi == TMax)
      return J.addUnknown();
    J.add(Lo->getExtValue(),
          Hi->isUnsigned() ? (int64_t)Hi->getZExtValue() : Hi->getExtValue());
  }

public:
  void checkPreCall(const CallEvent &Call, CheckerContext &C) const {
    const auto *CE = dyn_cast_or_null<CallExpr>(Call.getOriginExpr());
    if (!CE)
      return;
    const SourceManager &SM = C.getSourceManager();
    // ExprEngine does not evaluate the CUDAKernelCallExpr itself (it is one
    // of the statements it skips: no PreCall, no inlining), but its callee
    // and configuration call are evaluated before it, in that order.
    const auto *K = dyn_cast_or_null<CUDAKernelCallExpr>(
        C.getLocationContext()->getParentMap().getParent(CE));
    if (!K || K->getConfig() != CE || Call.getNumArgs() < 2 ||
        !SM.isInMainFile(SM.getExpansionLoc(K->getBeginLoc())))
      return;
    Site &S = Sites[key(SM, K->getBeginLoc())];
    const auto *Fn = dyn_cast_or_null<NamedDecl>(C.getStackFrame()->getDecl());
    if (Fn && S.Function.empty())
      S.Function = Fn->getQualifiedNameAsString();
    const FunctionDecl *Kernel = C.getSVal(K->getCallee()).getAsFunctionDecl();
    S.Kernels.insert(Kernel ? Kernel->getNameAsString() : "?");
    SVal Block = Call.getArgSVal(1);
    SVal X = field(Block, "x", C), Y = field(Block, "y", C),
         Z = field(Block, "z", C);
    QualType U = C.getASTContext().UnsignedIntTy;
    record(S.BlockX, X, C);
    SValBuilder &SVB = C.getSValBuilder();
    QualType U64 = C.getASTContext().UnsignedLongLongTy;
    SVal XY = SVB.evalBinOp(C.getState(), BO_Mul, SVB.evalCast(X, U64, U),
                            SVB.evalCast(Y, U64, U), U64);
    SVal XYZ =
        SVB.evalBinOp(C.getState(), BO_Mul, XY, SVB.evalCast(Z, U64, U), U64);
    record(S.Threads, XYZ, C);
  }

  void checkEndOfTranslationUnit(const TranslationUnitDecl *TU,
                                 AnalysisManager &Mgr, BugReporter &) const {
    // Every launch of the main file, visited or not.
    struct Finder : RecursiveASTVisitor<Finder> {
      const SourceManager &SM;
      std::map<std::pair<unsigned, unsigned>, Site> &Sites;
      bool shouldVisitTemplateInstantiations() const { return true; }
      bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
        if (SM.isInMainFile(SM.getExpansionLoc(K->getBeginLoc())))
          Sites[key(SM, K->getBeginLoc())];
        return true;
      }
    } F{{}, Mgr.getSourceManager(), Sites};
    F.TraverseDecl(const_cast<TranslationUnitDecl *>(TU));

    const SourceManager &SM = Mgr.getSourceManager();
    std::string File(SM.getFileEntryRefForID(SM.getMainFileID())->getName());
    for (const auto &[Loc, S] : Sites) {
      llvm::json::Object O{{"file", File},
                           {"line", Loc.first},
                           {"column", Loc.second},
                           {"function", S.Function},
                           {"visited", S.BlockX.Paths},
                           {"parse_errors", ParseErrors},
                           {"kernels", llvm::json::Array(S.Kernels)},
                           {"block_x", S.BlockX.json()},
                           {"threads", S.Threads.json()}};
      llvm::outs() << llvm::json::Value(std::move(O)) << "\n";
    }
    Sites.clear();
  }
};

// Hands the analysis a translation unit with errors, as if it had none.
struct ForgiveErrors : MultiplexConsumer {
  DiagnosticsEngine &Diags;
  ForgiveErrors(std::unique_ptr<ASTConsumer> C, DiagnosticsEngine &D)
      : MultiplexConsumer(one(std::move(C))), Diags(D) {}
  static std::vector<std::unique_ptr<ASTConsumer>>
  one(std::unique_ptr<ASTConsumer> C) {
    std::vector<std::unique_ptr<ASTConsumer>> V;
    V.push_back(std::move(C));
    return V;
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    ParseErrors = Diags.getNumErrors();
    Diags.Reset(/*soft=*/true);
    MultiplexConsumer::HandleTranslationUnit(Ctx);
  }
};

llvm::cl::OptionCategory Category("csa-compare");
llvm::cl::opt<unsigned>
    MaxLoop("max-loop", llvm::cl::init(4), llvm::cl::cat(Category),
            llvm::cl::desc("times a path may visit one block of the CFG (the "
                           "analyzer's -analyzer-max-loop, default 4)"));

class Action : public ASTFrontendAction {
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    AnalyzerOptions &AO = CI.getAnalyzerOpts();
    AO.CheckersAndPackages = {
        {"core", true}, {"apiModeling", true}, {"cudalint.LaunchValues", true}};
    AO.AnalysisDiagOpt = PD_TEXT_MINIMAL; // core's own reports: stderr
    AO.maxBlockVisitOnPath = MaxLoop;
    auto Consumer = CreateAnalysisConsumer(CI);
    Consumer->AddCheckerRegistrationFn([](CheckerRegistry &R) {
      R.addChecker<LaunchValues>("cudalint.LaunchValues",
                                 "Records each launch's block size", "");
    });
    return std::make_unique<ForgiveErrors>(std::move(Consumer),
                                           CI.getDiagnostics());
  }
};

} // namespace

int main(int argc, const char **argv) {
  auto Options = tooling::CommonOptionsParser::create(argc, argv, Category);
  if (!Options) {
    llvm::errs() << Options.takeError();
    return 2;
  }
  tooling::ClangTool Tool(Options->getCompilations(),
                          Options->getSourcePathList());
  Tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      "-resource-dir=" CSA_COMPARE_RESOURCE_DIR,
      tooling::ArgumentInsertPosition::BEGIN));
  return Tool.run(tooling::newFrontendActionFactory<Action>().get());
}
