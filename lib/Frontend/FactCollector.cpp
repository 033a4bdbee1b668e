//===- FactCollector.cpp - Kernels and launch sites from the host AST -----===//
//
// The AST walk: kernels (with their host-side attributes), the launch forms
// (<<<>>>, the runtime and driver launch APIs of LaunchApis.h, named or
// through pointers, CUDA graph kernel nodes), cudaFuncSetAttribute /
// cudaFuncSetCacheConfig (KernelSettings.h), and the device-query
// conditions around launches.
// Launch values come from the ValueResolver. Parsing the units:
// CollectFacts.cpp.
//
//===----------------------------------------------------------------------===//

#include "FactCollector.h"

#include "ArchConditionals.h"
#include "DeadBranches.h"
#include "DeviceQueries.h"
#include "GridSync.h"
#include "KernelAttributes.h"
#include "KernelSettings.h"
#include "LaunchApis.h"
#include "LaunchConfigAttributes.h"
#include "LaunchWrappers.h"
#include "TraversalScopes.h"
#include "cudalint/Values/ValueResolver.h"

#include "cudalint/Frontend/Frontend.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

using namespace clang;

namespace cudalint {

namespace {

/// Everything that tells two launch facts apart, except the origins.
std::string launchKey(const LaunchSite &L) {
  return L.Loc.File + ":" + std::to_string(L.Loc.Line) + ":" +
         std::to_string(L.Loc.Column) + " " + L.Api + " " + L.Mangled + " " +
         L.Kernel + " " + std::to_string(L.OccupancyTuned) + " " +
         describeDim3(L.Grid) + " " + describeDim3(L.Block) + " " +
         describeValue(L.DynamicSharedMem) + " " +
         (L.ClusterDims ? describeDim3(*L.ClusterDims) : "-") + " " +
         (L.Cooperative ? std::to_string(*L.Cooperative) : "?");
}

class FactCollector : public RecursiveASTVisitor<FactCollector> {
public:
  FactCollector(ASTContext &Ctx, TranslationUnitFacts &Facts)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Facts(Facts),
        Mangler(Ctx.createMangleContext()), Callers(indexCallers(Ctx)),
        Resolver(Ctx, Callers, [this](SourceLocation L) { return locate(L); }),
        Settings(Ctx, Resolver,
                 {[this](SourceLocation L) { return locate(L); },
                  [this](const FunctionDecl *K) { return displayName(K); },
                  [this](const FunctionDecl *K) { return mangledName(K); }}),
        GridSyncs(
            Ctx, [this](SourceLocation L) { return locate(L); },
            [this](const FunctionDecl *FD) { return displayName(FD); }) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBodies() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasAttr<CUDAGlobalAttr>() && !FD->isDependentContext())
      kernel(FD);
    return true;
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    if (inSystemHeader(Call))
      return true;
    // In a template's pattern, or in a generic lambda's (whose body is
    // dependent though the function around it is not).
    bool InPattern =
        (CurrentFunction && CurrentFunction->isDependentContext()) ||
        Call->isInstantiationDependent();
    const auto *Overloads =
        dyn_cast<OverloadExpr>(Call->getCallee()->IgnoreParenImpCasts());
    const Expr *Callee = Overloads || InPattern ? nullptr : Call->getCallee();
    const char *Api = chevronLaunchApi(Call->getConfig(), Ctx);
    for (CallPin Pin : wrapperCalls(Callee, CurrentFunction, Resolver))
      for (LaunchSite &L :
           sitesPerKernel(Call, Api, Call->getDirectCallee(), Callee, Pin)) {
        if (L.Kernel.empty() && Overloads)
          L.Kernel = Overloads->getName().getAsString(); // kt<T>: unresolved
        const CallExpr *Config = Call->getConfig();
        if (Config && Config->getNumArgs() >= 2) {
          fillConfig(L, Config->getArg(0), Config->getArg(1),
                     Config->getNumArgs() >= 3 ? Config->getArg(2) : nullptr,
                     Resolver.choosing(Pin, Callee, L.Mangled));
        }
        if (InPattern) {
          L.InTemplatePattern = true;
          PatternLaunches.push_back(std::move(L));
        } else {
          Facts.Launches.push_back(std::move(L));
        }
      }
    return true;
  }

  /// Where a fatal error stopped the parse, if one did (the last error).
  void parseStoppedAt(SourceLoc Where) {
    Resolver.setParseStop(std::move(Where));
  }

  /// Adds the launches of templates that are never instantiated in this
  /// file (instantiations report their own, with their arguments), and
  /// merges the identical launches of several instantiations.
  /// The kernels the system headers define (CUB's, Thrust's), for launches
  /// of them and for --system-headers.
  void recordKernels(llvm::ArrayRef<const FunctionDecl *> Kernels) {
    for (const FunctionDecl *FD : Kernels)
      kernel(FD);
  }

  void finish() {
    std::set<std::tuple<std::string, unsigned, unsigned>> Instantiated =
        DeadLaunches;
    for (const LaunchSite &L : Facts.Launches)
      Instantiated.insert({L.Loc.File, L.Loc.Line, L.Loc.Column});
    for (LaunchSite &L : PatternLaunches)
      if (!Instantiated.count({L.Loc.File, L.Loc.Line, L.Loc.Column}))
        Facts.Launches.push_back(std::move(L));
    std::set<std::string> Seen;
    llvm::erase_if(Facts.Launches, [&](const LaunchSite &L) {
      return !Seen.insert(launchKey(L)).second;
    });
    std::stable_sort(Facts.Launches.begin(), Facts.Launches.end(),
                     [](const LaunchSite &A, const LaunchSite &B) {
                       return std::tie(A.Loc.File, A.Loc.Line, A.Loc.Column) <
                              std::tie(B.Loc.File, B.Loc.Line, B.Loc.Column);
                     });
    Facts.ExternalCalls = Resolver.externalCalls();
    Facts.DefinedFunctions = Resolver.definedFunctions();
    Facts.WrittenGlobals = Resolver.writtenGlobals();
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (isa<CUDAKernelCallExpr>(Call) || isDependent(Call) ||
        inSystemHeader(Call))
      return true;
    if (std::optional<LaunchCall> Launch = LaunchApiCalls.find(Call)) {
      size_t Before = Facts.Launches.size();
      launchThroughApi(Call, *Launch->Api);
      // Through a pointer either of two APIs may be behind.
      if (Launch->Ambiguous)
        for (size_t I = Before; I < Facts.Launches.size(); ++I)
          Facts.Launches[I].Cooperative = std::nullopt;
      return true;
    }
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier())
      return true;
    StringRef Name = Callee->getName();
    // The driver API's versioned entry points (cuGraphAddKernelNode is a
    // macro for cuGraphAddKernelNode_v2 since CUDA 12).
    StringRef Unversioned = Name;
    Unversioned.consume_back("_v2");
    for (const KernelNodeApi &Api : KernelNodeApis)
      if (Unversioned == Api.Name && Call->getNumArgs() > Api.Params) {
        launchFromStruct(Call, Api.Name, Call->getArg(Api.Params), Api.Driver,
                         /*Node=*/true);
        return true;
      }
    if (isKernelSettingCall(Name, Call->getNumArgs())) {
      for (KernelSetting &S :
           Settings.collect(Call, Name, kernelOf(Call->getArg(0)),
                            CurrentFunction, deviceGuard(Call)))
        Facts.KernelSettings.push_back(std::move(S));
    }
    return true;
  }

private:
  // Launches inside the toolkit's headers (the cudaLaunchKernel<T> wrapper,
  // CCCL's launchers) are the library's business, not the user's.
  bool inSystemHeader(const Expr *E) const {
    return SM.isInSystemHeader(SM.getFileLoc(E->getBeginLoc()));
  }

  static bool isDependent(const Expr *E) {
    return E->isTypeDependent() || E->isValueDependent() ||
           E->isInstantiationDependent();
  }

  SourceLoc locate(SourceLocation Loc) {
    SourceLoc Out;
    if (Loc.isInvalid())
      return Out;
    // A macro's use in the user's file, not its definition (nor the spelling
    // of one of its arguments).
    PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
    if (P.isInvalid())
      return Out;
    // Relative names are relative to the command's directory: the file
    // manager's working directory, not the process's.
    llvm::SmallString<256> Path(P.getFilename());
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    Out.File = Path.str().str();
    Out.Line = P.getLine();
    Out.Column = P.getColumn();
    return Out;
  }

  std::string displayName(const FunctionDecl *FD) {
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    PrintingPolicy Policy(Ctx.getLangOpts());
    Policy.SuppressUnwrittenScope = true;
    FD->getNameForDiagnostic(OS, Policy, /*Qualified=*/true);
    return Name;
  }

  std::string mangledName(const FunctionDecl *FD) {
    if (!Mangler->shouldMangleDeclName(FD))
      return FD->getName().str();
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    // The device entry's name, not the host stub's. (A <<<>>> of a function
    // that is no kernel survives in code Clang recovered from.)
    Mangler->mangleName(FD->hasAttr<CUDAGlobalAttr>()
                            ? GlobalDecl(FD, KernelReferenceKind::Kernel)
                            : GlobalDecl(FD),
                        OS);
    return Name;
  }

  void kernel(const FunctionDecl *FD) {
    const FunctionDecl *Def = FD->getDefinition();
    const FunctionDecl *Canonical = FD->getCanonicalDecl();
    if (!Seen.insert(Canonical).second)
      return;
    KernelInfo K;
    K.Name = displayName(FD);
    K.Mangled = mangledName(FD);
    K.Loc = locate((Def ? Def : FD)->getLocation());
    if (Def)
      K.DefinitionEnd = locate(Def->getEndLoc());
    K.IsTemplateInstantiation = FD->isTemplateInstantiation();
    K.InSystemHeader =
        SM.isInSystemHeader(SM.getFileLoc((Def ? Def : FD)->getLocation()));
    K.Attrs = readKernelAttributes(
        Def ? *Def : *FD, Ctx, [this](SourceLocation L) { return locate(L); },
        ArchTests);
    if (Def)
      K.GridSync = GridSyncs.find(Def);
    Facts.Kernels.push_back(std::move(K));
  }

  /// The kernel named by an argument such as `(void *)k`, `k<T>` or `&k`.
  const FunctionDecl *kernelOf(const Expr *E) {
    E = E->IgnoreParenCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(E);
        U && U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr()->IgnoreParenCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
        if (FD->hasAttr<CUDAGlobalAttr>())
          return FD;
    return nullptr;
  }

  /// The innermost condition around Launch that queries the device.
  LaunchSite::Guard deviceGuard(const Stmt *Launch) {
    LaunchSite::Guard G;
    const Expr *Condition = DeviceQueries.guardOf(Launch);
    if (!Condition)
      return G;
    G.Loc = locate(Condition->getBeginLoc());
    CharSourceRange Range =
        CharSourceRange::getTokenRange(Condition->getSourceRange());
    G.Text =
        Lexer::getSourceText(SM.getExpansionRange(Range), SM, Ctx.getLangOpts())
            .str();
    if (G.Text.size() > 80)
      G.Text = G.Text.substr(0, 77) + "...";
    return G;
  }

  LaunchSite site(const Expr *Call, const char *Api,
                  const FunctionDecl *Kernel) {
    LaunchSite L;
    L.Loc = locate(Call->getBeginLoc());
    L.DeviceGuard = deviceGuard(Call);
    L.Api = Api;
    L.Cooperative = isCooperativeApi(Api);
    if (Kernel) {
      L.Kernel = displayName(Kernel);
      L.Mangled = mangledName(Kernel);
    }
    if (CurrentFunction)
      L.EnclosingFunction = displayName(CurrentFunction);
    Settings.describeLaunch(L, Call, CurrentFunction);
    return L;
  }

  /// The launch Call makes, one per kernel it may launch: Named when it
  /// names its kernel, else each kernel Callee (a function pointer or
  /// reference, null when there is none to follow) may hold, with where
  /// the choice came from. One launch of an unknown kernel when they are
  /// not known.
  std::vector<LaunchSite> sitesPerKernel(const Expr *Call, const char *Api,
                                         const FunctionDecl *Named,
                                         const Expr *Callee, CallPin Pin) {
    // A launch in a branch this instantiation rules out never runs: no
    // site, here or from the template's pattern.
    if (deadBranchCondition(Ctx, *Call)) {
      SourceLoc Loc = locate(Call->getBeginLoc());
      DeadLaunches.insert({Loc.File, Loc.Line, Loc.Column});
      return {};
    }
    if (Named || !Callee)
      return {site(Call, Api, Named)};
    ValueResolver::Kernels Possible = Resolver.resolveKernels(Callee, Pin);
    if (Possible.Possible.empty())
      return {site(Call, Api, nullptr)};
    std::vector<LaunchSite> Out;
    for (const FunctionDecl *K : Possible.Possible) {
      Out.push_back(site(Call, Api, K));
      Out.back().KernelOrigins = Possible.Origins;
    }
    return Out;
  }

  /// A launch through one of LaunchApis, named or through a pointer.
  void launchThroughApi(const CallExpr *Call, const LaunchApi &Api) {
    switch (Api.Form) {
    case LaunchForm::KernelPointer: {
      const Expr *Kernel = Call->getArg(Api.Kernel);
      for (CallPin Pin : wrapperCalls(Kernel, CurrentFunction, Resolver))
        for (LaunchSite &L :
             sitesPerKernel(Call, Api.Name, kernelOf(Kernel), Kernel, Pin)) {
          fillConfig(L, Call->getArg(Api.Grid), Call->getArg(Api.Block),
                     Api.SharedMem < Call->getNumArgs()
                         ? Call->getArg(Api.SharedMem)
                         : nullptr,
                     Resolver.choosing(Pin, Kernel, L.Mangled));
          Facts.Launches.push_back(std::move(L));
        }
      return;
    }
    case LaunchForm::RuntimeConfig:
      launchWithConfig(Call, Api.Name);
      return;
    case LaunchForm::DriverConfig:
      launchFromStruct(Call, Api.Name, Call->getArg(0), /*Driver=*/true,
                       /*Node=*/false);
      return;
    case LaunchForm::DriverArguments: {
      // cuLaunchKernel(f, gx, gy, gz, bx, by, bz, smem, stream, ...): the
      // CUfunction names its kernel where it is followed to one
      // (cudaGetFuncBySymbol(&f, k)).
      // The values are the call's, whichever kernel it may launch.
      std::vector<LaunchSite> Sites =
          sitesPerKernel(Call, Api.Name, nullptr, Call->getArg(0), {});
      if (Sites.empty())
        return;
      Dim3Value Grid = {Resolver.resolveInt(Call->getArg(1)),
                        Resolver.resolveInt(Call->getArg(2)),
                        Resolver.resolveInt(Call->getArg(3))};
      Dim3Value Block = {Resolver.resolveInt(Call->getArg(4)),
                         Resolver.resolveInt(Call->getArg(5)),
                         Resolver.resolveInt(Call->getArg(6))};
      ResolvedValue SharedMem = Resolver.resolveInt(Call->getArg(7));
      for (LaunchSite &L : Sites) {
        L.Grid = Grid;
        L.Block = Block;
        L.DynamicSharedMem = SharedMem;
        L.ThreadsPerBlock = threadsPerBlock(Block);
        Facts.Launches.push_back(std::move(L));
      }
      return;
    }
    }
  }

  /// A launch whose values are the fields of the struct Params points to
  /// (`&params`), as they are at the call: a graph's kernel node
  /// (cudaKernelNodeParams: func, gridDim, blockDim, sharedMemBytes) or
  /// cuLaunchKernelEx's CUlaunchConfig; with Driver, the driver API's
  /// field names (gridDimX, ...), whose CUfunction names no kernel.
  void launchFromStruct(const CallExpr *Call, const char *Api,
                        const Expr *Params, bool Driver, bool Node) {
    const auto *AddrOf = dyn_cast<UnaryOperator>(Params->IgnoreParenImpCasts());
    const Expr *Struct = AddrOf && AddrOf->getOpcode() == UO_AddrOf
                             ? AddrOf->getSubExpr()
                             : nullptr;
    auto Part = [&](std::initializer_list<std::string> Path) {
      return Struct ? Resolver.resolveMember(Struct,
                                             std::vector<std::string>(Path))
                    : ResolvedValue::unknown(
                          "the launch parameters are read through a pointer");
    };
    std::vector<LaunchSite> Sites = {site(Call, Api, nullptr)};
    // cuLaunchKernelEx(&config, f, ...): f's kernel where it is followed to
    // one, as cuLaunchKernel's.
    if (!Node && Driver && Call->getNumArgs() > 1) {
      Sites = sitesPerKernel(Call, Api, nullptr, Call->getArg(1), {});
      if (Sites.empty())
        return;
    }
    if (Node && !Driver && Struct) {
      ValueResolver::Kernels Possible = Resolver.kernelsIn(Part({"func"}));
      if (!Possible.Possible.empty()) {
        Sites.clear();
        for (const FunctionDecl *K : Possible.Possible) {
          Sites.push_back(site(Call, Api, K));
          if (Possible.Possible.size() > 1)
            Sites.back().KernelOrigins = Possible.Origins;
        }
      }
    }
    // The values are the struct's, whichever kernel it names.
    Dim3Value Grid, Block;
    if (Driver) {
      Grid = {Part({"gridDimX"}), Part({"gridDimY"}), Part({"gridDimZ"})};
      Block = {Part({"blockDimX"}), Part({"blockDimY"}), Part({"blockDimZ"})};
    } else {
      Grid = {Part({"gridDim", "x"}), Part({"gridDim", "y"}),
              Part({"gridDim", "z"})};
      Block = {Part({"blockDim", "x"}), Part({"blockDim", "y"}),
               Part({"blockDim", "z"})};
    }
    ResolvedValue SharedMem = Part({"sharedMemBytes"});
    // CUlaunchConfig's attributes, as cudaLaunchConfig_t's (a kernel node
    // has none: its attributes are set apart).
    std::optional<Dim3Value> Cluster;
    std::optional<bool> Cooperative = false;
    if (!Node && Struct) {
      Cluster = clusterAttribute(Struct, DriverLaunchAttributes, Resolver, Ctx);
      Cooperative =
          cooperativeAttribute(Struct, DriverLaunchAttributes, Resolver, Ctx);
    } else if (!Node) {
      Cluster = Dim3Value{}; // whatever the config holds
      Cooperative = std::nullopt;
    }
    for (LaunchSite &L : Sites) {
      L.Grid = Grid;
      L.Block = Block;
      L.ThreadsPerBlock = threadsPerBlock(Block);
      L.DynamicSharedMem = SharedMem;
      if (!Node) {
        L.ClusterDims = Cluster;
        L.Cooperative = Cooperative;
      }
      Facts.Launches.push_back(std::move(L));
    }
  }

  /// cudaLaunchKernelEx(&config, kernel, args...): the launch values are
  /// the config's fields as they are at the call.
  void launchWithConfig(const CallExpr *Call, const char *Api) {
    // The kernel may be a pointer chosen at run time: each it may hold.
    const Expr *Kernel = Call->getArg(1);
    for (LaunchSite &L :
         sitesPerKernel(Call, Api, kernelOf(Kernel), Kernel, {}))
      launchWithConfig(Call, std::move(L));
  }
  void launchWithConfig(const CallExpr *Call, LaunchSite L) {
    const Expr *Config = Call->getArg(0)->IgnoreParenImpCasts();
    const auto *AddrOf = dyn_cast<UnaryOperator>(Config);
    if (AddrOf && AddrOf->getOpcode() == UO_AddrOf) {
      const Expr *Cfg = AddrOf->getSubExpr();
      auto Part = [&](std::initializer_list<std::string> Path) {
        return Resolver.resolveMember(Cfg, std::vector<std::string>(Path));
      };
      L.Grid = {Part({"gridDim", "x"}), Part({"gridDim", "y"}),
                Part({"gridDim", "z"})};
      L.Block = {Part({"blockDim", "x"}), Part({"blockDim", "y"}),
                 Part({"blockDim", "z"})};
      L.ThreadsPerBlock = threadsPerBlock(L.Block);
      L.DynamicSharedMem = Part({"dynamicSmemBytes"});
      L.ClusterDims =
          clusterAttribute(Cfg, RuntimeLaunchAttributes, Resolver, Ctx);
      L.Cooperative =
          cooperativeAttribute(Cfg, RuntimeLaunchAttributes, Resolver, Ctx);
    } else {
      L.ClusterDims = Dim3Value{}; // whatever the config holds
      L.Cooperative = std::nullopt;
    }
    Facts.Launches.push_back(std::move(L));
  }

  void fillConfig(LaunchSite &L, const Expr *Grid, const Expr *Block,
                  const Expr *SharedMem, CallPin Pin) {
    L.Grid = Resolver.resolveDim3(Grid, Pin);
    L.Block = Resolver.resolveDim3(Block, Pin);
    L.ThreadsPerBlock = threadsPerBlock(L.Block);
    L.DynamicSharedMem = SharedMem ? Resolver.resolveInt(SharedMem, Pin)
                                   : ResolvedValue::constant(0);
    L.OccupancyTuned = Resolver.isOccupancyTuned(Block);
  }

public:
  // Every kind of function (constructors and operators too) encloses the
  // launches in its body; lambda bodies belong to the function around them.
  bool TraverseDecl(Decl *D) {
    const FunctionDecl *Saved = CurrentFunction;
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D))
      CurrentFunction = FD;
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    CurrentFunction = Saved;
    return R;
  }

  // A generic lambda's body is a pattern; the launches with their values
  // are in the call operators instantiated for each argument type
  // (`[&](auto bs) { k<bs.value><<<g, bs.value>>>(); }` called with
  // std::integral_constant<int, 64>, ...), which RecursiveASTVisitor does
  // not visit.
  bool TraverseLambdaExpr(LambdaExpr *L) {
    if (!RecursiveASTVisitor::TraverseLambdaExpr(L))
      return false;
    if (FunctionTemplateDecl *Generic = L->getDependentCallOperator())
      for (FunctionDecl *Instance : Generic->specializations())
        if (!TraverseDecl(Instance))
          return false;
    return true;
  }

private:
  ASTContext &Ctx;
  SourceManager &SM;
  TranslationUnitFacts &Facts;
  std::unique_ptr<MangleContext> Mangler;
  CallerIndex Callers;
  ValueResolver Resolver;
  KernelSettingCollector Settings;
  GridSyncFinder GridSyncs;
  std::set<const FunctionDecl *> Seen;
  const FunctionDecl *CurrentFunction = nullptr;
  std::vector<LaunchSite> PatternLaunches;
  /// Where a launch sits in a branch an instantiation rules out.
  std::set<std::tuple<std::string, unsigned, unsigned>> DeadLaunches;
  DeviceQueryFinder DeviceQueries{Ctx};
  LaunchApiFinder LaunchApiCalls{Ctx};
  ArchConditionals ArchTests{Ctx.getSourceManager(), Ctx.getLangOpts()};
};

} // namespace

void collectFactsInto(ASTContext &Ctx, TranslationUnitFacts &Facts,
                      std::optional<SourceLoc> FatalAt) {
  // (The host's scope is put back afterwards: a clang-tidy or plugin host
  // shares the context.)
  std::vector<Decl *> HostScope = Ctx.getTraversalScope();
  auto Restore =
      llvm::make_scope_exit([&] { Ctx.setTraversalScope(HostScope); });
  TraversalScopes Scopes = traversalScopes(Ctx);
  Ctx.setTraversalScope(Scopes.Indexed);
  FactCollector Collector(Ctx, Facts); // the callers' index
  Ctx.setTraversalScope(Scopes.User);
  Collector.recordKernels(kernelsDeclaredIn(Scopes.System));
  if (FatalAt)
    Collector.parseStoppedAt(std::move(*FatalAt));
  else if (Ctx.getDiagnostics().hasFatalErrorOccurred())
    Collector.parseStoppedAt(Facts.Errors.empty() ? SourceLoc()
                                                  : Facts.Errors.back().Loc);
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
  Collector.finish();
}

TranslationUnitFacts collectFactsFromAST(ASTContext &Ctx,
                                         llvm::StringRef MainFile) {
  TranslationUnitFacts Facts;
  llvm::SmallString<256> Path(MainFile);
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  Facts.MainFile = Path.str().str();
  collectFactsInto(Ctx, Facts);
  return Facts;
}

} // namespace cudalint
