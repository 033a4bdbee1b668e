//===- CrossUnitValues.cpp - Parameters resolved from other files ---------===//
//
// kernels.cu defines `void launch(int threads)` and main.cpp calls
// `launch(256)`: the launch's block size is unknown in kernels.cu alone,
// and 256 in a run over both. Each file's facts carry the parameters its
// launches are (ResolvedValue::Parameter) and its calls of functions it
// does not define (ExternalCalls); this joins them by mangled name. A
// function several files define (one compile database, several programs)
// gets no callers: the link decides which call reaches which definition.
//
//===----------------------------------------------------------------------===//

#include "CrossUnitValues.h"

#include "cudalint/Facts/SymbolicValues.h"

#include "llvm/ADT/StringMap.h"

namespace cudalint {

namespace {

/// How many files of callers to follow (main.cpp -> helper.cpp ->
/// kernels.cu is two).
constexpr unsigned MaxCallerFiles = 4;

class CrossUnitResolver {
public:
  explicit CrossUnitResolver(const std::vector<TranslationUnitFacts> &Units) {
    for (const TranslationUnitFacts &U : Units) {
      for (const ExternalCall &C : U.ExternalCalls)
        CallsOf[C.Function].push_back(&C);
      for (const std::string &F : U.DefinedFunctions)
        ++Definitions[F];
    }
  }

  /// V with the values its parameter's callers in other files pass: the
  /// parameter itself, or each parameter a size read at run time is made
  /// of (one that no analysed file calls stays a run-time size).
  ResolvedValue resolve(const ResolvedValue &V, unsigned Depth = 0) const {
    // The parameter itself: what its callers pass, as for an unknown one.
    if (V.isSymbolic() && V.Symbolic.size() == 1 && V.Parameter &&
        CallsOf.count(V.Parameter->Function))
      return fromCallers(*V.Parameter, Depth);
    if (V.isSymbolic())
      return substituteInputs(
          V, [&](const SymbolicNode &N) -> std::optional<ResolvedValue> {
            if (!N.Parameter || !CallsOf.count(N.Parameter->Function))
              return std::nullopt;
            return fromCallers(*N.Parameter, Depth);
          });
    if (V.isKnown() || !V.Parameter)
      return V;
    return fromCallers(*V.Parameter, Depth);
  }

private:
  /// What the calls of P's function in the analysed files pass to P.
  ResolvedValue fromCallers(const ParameterRef &P, unsigned Depth) const {
    std::string What = "parameter '" + P.ParameterName +
                       (P.Part.empty() ? "" : "." + P.Part) + "' of '" +
                       P.FunctionName + "'";
    // Defined in several files, it belongs to several programs (a compile
    // database of many samples): whose call reaches which is the linker's
    // choice.
    if (unsigned N = Definitions.lookup(P.Function); N > 1)
      return ResolvedValue::unknown(
          What + ": " + std::to_string(N) +
          " analysed files define it, so which calls reach this one "
          "depends on how they are linked");
    auto It = CallsOf.find(P.Function);
    if (It == CallsOf.end())
      return ResolvedValue::unknown(What + ": no caller in the analysed files");
    if (Depth >= MaxCallerFiles)
      return ResolvedValue::unknown(What + ": its callers are more than " +
                                    std::to_string(MaxCallerFiles) +
                                    " files away");
    std::vector<ResolvedValue> Parts;
    for (const ExternalCall *C : It->second) {
      ResolvedValue Arg = P.Index < C->Arguments.size()
                              ? resolve(argument(*C, P), Depth + 1)
                              : ResolvedValue::unknown();
      if (Arg.K == ResolvedValue::Kind::Unknown)
        return ResolvedValue::unknown(
            What + ": the call at " + C->Loc.File + ":" +
            std::to_string(C->Loc.Line) + " passes an unknown value" +
            (Arg.Reason.empty() ? "" : " (" + Arg.Reason + ")"));
      ValueOrigin FromCall;
      FromCall.What = What + " from this call";
      FromCall.Loc = C->Loc;
      Arg.Origins.push_back(std::move(FromCall));
      Parts.push_back(std::move(Arg));
    }
    // Whether each call's way there is independent of this file's branches
    // is not followed across files: no value is proven.
    ResolvedValue R = joinValues(Parts);
    if (R.K == ResolvedValue::Kind::Set)
      R.Proven.clear();
    return R;
  }

  /// What call C passes to the parameter (or part) P.
  static const ResolvedValue &argument(const ExternalCall &C,
                                       const ParameterRef &P) {
    if (P.Part.empty() || P.Index >= C.Dim3Arguments.size())
      return C.Arguments[P.Index];
    const Dim3Value &D = C.Dim3Arguments[P.Index];
    return P.Part == "x" ? D.X : P.Part == "y" ? D.Y : D.Z;
  }

  llvm::StringMap<std::vector<const ExternalCall *>> CallsOf;
  llvm::StringMap<unsigned> Definitions;
};

} // namespace

void resolveAcrossUnits(std::vector<TranslationUnitFacts> &Units) {
  CrossUnitResolver Resolver(Units);
  // A value read from a global's initialiser does not hold where an
  // analysed file writes that global.
  llvm::StringMap<std::string> WrittenIn;
  for (const TranslationUnitFacts &U : Units)
    for (const std::string &G : U.WrittenGlobals)
      WrittenIn.try_emplace(G, U.MainFile);
  auto Resolve = [&](ResolvedValue &V) {
    V = Resolver.resolve(V);
    for (const ValueOrigin &O : V.Origins)
      if (auto It = WrittenIn.find(O.Global);
          !O.Global.empty() && It != WrittenIn.end()) {
        V = ResolvedValue::unknown(O.What + ": written in " + It->second);
        return;
      }
  };
  for (TranslationUnitFacts &U : Units) {
    for (LaunchSite &L : U.Launches) {
      for (Dim3Value *D : {&L.Grid, &L.Block}) {
        Resolve(D->X);
        Resolve(D->Y);
        Resolve(D->Z);
      }
      Resolve(L.DynamicSharedMem);
      L.ThreadsPerBlock = threadsPerBlock(L.Block);
    }
    for (KernelSetting &S : U.KernelSettings)
      Resolve(S.Value);
  }
}

} // namespace cudalint
