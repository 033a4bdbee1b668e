//===- ClangTranslation.cpp - clang/GCC command -> Clang CUDA parse -------===//
//
// Clang and GCC-style commands are read with Clang's own driver option table
// (which flags Clang knows and how many arguments each takes); so are the
// host compiler flags of an nvcc command (-Xcompiler, forwarded flags).
//
//===----------------------------------------------------------------------===//

#include "CommandTranslation.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
namespace copts = clang::driver::options;

namespace cudalint::cmdline {

namespace {

const opt::OptTable &clangOptions() {
  return clang::driver::getDriverOptTable();
}

/// Arguments parsed with Clang's option table, with what each parsed Arg
/// was spelled as. The strings stay the caller's.
struct ParsedClangArgs {
  explicit ParsedClangArgs(ArrayRef<std::string> Args) {
    for (const std::string &Arg : Args)
      Argv.push_back(Arg.c_str());
    List = clangOptions().ParseArgs(Argv, MissingIndex, MissingCount,
                                    opt::Visibility(copts::ClangOption));
    for (const opt::Arg *A : List)
      Starts.push_back(A->getIndex());
    llvm::sort(Starts);
  }

  /// The Clang arguments of one parsed Arg, exactly as they were spelled.
  ArrayRef<const char *> tokens(const opt::Arg &A) const {
    unsigned Begin = A.getIndex();
    auto Next = upper_bound(Starts, Begin);
    unsigned End = Next == Starts.end() ? Argv.size() : *Next;
    return ArrayRef(Argv).slice(Begin, End - Begin);
  }

  std::vector<const char *> Argv;
  opt::InputArgList List;
  unsigned MissingIndex = 0, MissingCount = 0;
  std::vector<unsigned> Starts; // where each parsed Arg starts, sorted
};

/// Include directories are rewritten to absolute paths; everything else is
/// kept as spelled. Returns true when A was an include directory.
bool addIncludeArg(const opt::Arg &A, Collector &C) {
  const opt::Option &O = A.getOption();
  StringRef Flag;
  if (O.matches(copts::OPT_I))
    Flag = "-I";
  else if (O.matches(copts::OPT_isystem))
    Flag = "-isystem";
  else if (O.matches(copts::OPT_iquote))
    Flag = "-iquote";
  else if (O.matches(copts::OPT_idirafter))
    Flag = "-idirafter";
  else
    return false;
  C.addIncludeDir(Flag, A.getValue());
  return true;
}

} // namespace

void addHostFlags(ArrayRef<std::string> Flags, Collector &C,
                  std::optional<std::string> &HostStd) {
  if (Flags.empty())
    return;
  ParsedClangArgs Parsed(Flags);
  const opt::InputArgList &List = Parsed.List;

  for (const opt::Arg *A : List) {
    const opt::Option &O = A->getOption();
    // A flag cut off from its value by the comma split (or at the end).
    if (Parsed.MissingCount && A->getIndex() == Parsed.MissingIndex)
      continue;
    if (O.getKind() == opt::Option::UnknownClass ||
        O.getKind() == opt::Option::InputClass)
      continue;
    if (O.matches(copts::OPT_std_EQ)) {
      HostStd = A->getAsString(List);
      continue;
    }
    if (addIncludeArg(*A, C))
      continue;
    if (O.matches(copts::OPT_include)) {
      C.addPreInclude(A->getValue());
      continue;
    }
    ArrayRef<const char *> Tokens = Parsed.tokens(*A);
    StringRef First = Tokens.front();
    // GCC-tuned -Werror would turn warnings only Clang emits into parse
    // errors that nvcc never reported.
    if (First.starts_with("-Werror") || First == "-pedantic-errors")
      continue;
    bool Keep =
        O.matches(copts::OPT_D) || O.matches(copts::OPT_U) ||
        O.matches(copts::OPT_imacros) || O.matches(copts::OPT_W_Group) ||
        O.matches(copts::OPT_O_Group) || O.matches(copts::OPT_g_Group) ||
        O.matches(copts::OPT_pthread) ||
        (O.matches(copts::OPT_m_Group) &&
         !O.matches(copts::OPT_clang_ignored_m_Group)) ||
        (O.matches(copts::OPT_f_Group) &&
         !O.matches(copts::OPT_clang_ignored_f_Group) &&
         !O.matches(copts::OPT_clang_ignored_gcc_optimization_f_Group) &&
         !O.matches(copts::OPT_clang_ignored_legacy_options_Group) &&
         !O.matches(copts::OPT_cuda_Group) &&
         !O.matches(copts::OPT_offload_Group) &&
         !O.matches(copts::OPT_hip_Group));
    if (Keep)
      C.Out.ClangArgs.insert(C.Out.ClangArgs.end(), Tokens.begin(),
                             Tokens.end());
  }
}

//===----------------------------------------------------------------------===//
// clang and GCC-style compilers
//===----------------------------------------------------------------------===//

Error translateClangLike(ArrayRef<std::string> Args, Collector &C) {
  TranslatedCommand &Out = C.Out;
  StringRef Who = Out.Kind == CompilerKind::Clang ? "clang" : "compiler";
  // Clang spells these with '=' only; the two-argument form some scripts
  // write would otherwise leave its value behind as a source file.
  std::vector<std::string> Normalized;
  std::vector<size_t> ArgIndex; // where each normalized argument came from
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    ArgIndex.push_back(I);
    if (Arg == "--cuda-gpu-arch" || Arg == "--offload-arch" ||
        Arg == "--cuda-path") {
      if (I + 1 == Args.size())
        return missingValue(Who, Arg);
      Normalized.push_back((Arg + "=" + Args[++I]).str());
      continue;
    }
    Normalized.push_back(Arg.str());
  }
  ParsedClangArgs Parsed(Normalized);
  const opt::InputArgList &List = Parsed.List;
  if (Parsed.MissingCount)
    return missingValue(Who, Parsed.Argv[Parsed.MissingIndex]);

  for (const opt::Arg *A : List) {
    const opt::Option &O = A->getOption();
    if (O.getKind() == opt::Option::InputClass) {
      if (isSourceFile(A->getValue()))
        Out.SourceFiles.push_back(A->getValue());
      continue;
    }
    if (O.getKind() == opt::Option::UnknownClass) {
      // getAsString returns a temporary: keep a copy of the flag's name.
      std::string Spelling =
          StringRef(A->getAsString(List)).split('=').first.str();
      C.warnOnce(Spelling,
                 formatv("unknown {0} flag '{1}' dropped", Who, Spelling));
      Out.DroppedArgs.push_back(ArgIndex[A->getIndex()]);
      continue;
    }
    if (O.matches(copts::OPT_offload_arch_EQ)) {
      std::vector<std::string> Group;
      for (const char *Value : A->getValues())
        for (const std::string &Arch : splitListValue(Value, false))
          C.addArch(Arch, A->getSpelling(), Group);
      C.ArchGroups.push_back(std::move(Group));
      continue;
    }
    if (O.matches(copts::OPT_o))
      Out.OutputFile = A->getValue();
    else if (O.matches(copts::OPT_MF))
      Out.DependencyFile = A->getValue();
    // Set by the caller for the parse, or only meaningful for a build.
    if (O.matches(copts::OPT_o) || O.matches(copts::OPT_c) ||
        O.matches(copts::OPT_S) || O.matches(copts::OPT_E) ||
        O.matches(copts::OPT_M_Group) ||
        O.matches(copts::OPT_no_offload_arch_EQ) ||
        O.matches(copts::OPT_cuda_path_EQ) || O.matches(copts::OPT_nogpulib) ||
        O.matches(copts::OPT_cuda_host_only) ||
        O.matches(copts::OPT_cuda_device_only) ||
        O.matches(copts::OPT_offload_host_only) ||
        O.matches(copts::OPT_offload_device_only))
      continue;
    if (O.matches(copts::OPT_fgpu_rdc))
      Out.RelocatableDeviceCode = true;
    else if (O.matches(copts::OPT_fno_gpu_rdc))
      Out.RelocatableDeviceCode = false;
    else if (O.matches(copts::OPT_ffast_math))
      Out.FastMath = true;
    else if (O.matches(copts::OPT_cuda_noopt_device_debug))
      Out.DeviceDebug = true;
    else if (O.matches(copts::OPT_Xcuda_ptxas))
      Out.PtxasOptions.push_back(A->getValue());
    if (addIncludeArg(*A, C))
      continue;
    ArrayRef<const char *> Tokens = Parsed.tokens(*A);
    Out.ClangArgs.insert(Out.ClangArgs.end(), Tokens.begin(), Tokens.end());
  }
  if (!Out.MaxRegCount)
    Out.MaxRegCount = ptxasMaxRegCount(Out.PtxasOptions);
  return Error::success();
}

} // namespace cudalint::cmdline
