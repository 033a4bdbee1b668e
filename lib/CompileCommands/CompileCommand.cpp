//===- CompileCommand.cpp - nvcc/clang command -> Clang CUDA parse --------===//
//
// nvcc's option table below is `nvcc --help` of CUDA 13.0, plus the three
// undocumented pass-through flags -Xcudafe, -Xcicc and -Xfatbin. Which flags
// take a value was checked one by one with `nvcc -dryrun` (-qpp-config,
// -Ofc and -hls take one although --help does not show it for the first).
// nvcc's own syntax rules, also checked with -dryrun:
//   - long names only after "--", short names only after "-";
//   - a value follows as the next argument (even one starting with '-') or
//     after '=';
//   - only -D -U -I -L -l -O -t take a value glued on (-DX=1, -O3, -t4);
//   - list values (-D, -I, -Xcompiler, -gencode, ...) are split on commas;
//   - with -forward-unknown-to-host-compiler an unknown "-x" argument goes
//     to the host compiler alone: a following plain argument is an input.
// docs/nvcc-flags.md lists what happens to every family.
//
//===----------------------------------------------------------------------===//

#include "cudalint/CompileCommand.h"

#include "cudalint/Arch.h"

#include "clang/Driver/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

using namespace llvm;
namespace copts = clang::driver::options;

namespace cudalint {

namespace {

Error makeError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Error missingValue(StringRef Compiler, StringRef Flag) {
  return makeError(
      formatv("{0} flag '{1}' is missing its value", Compiler, Flag));
}

std::string absolutePath(StringRef Path, StringRef WorkingDir) {
  if (Path.empty() || WorkingDir.empty() || sys::path::is_absolute(Path))
    return Path.str();
  SmallString<256> Abs(WorkingDir);
  sys::path::append(Abs, Path);
  // Keep "..": the directory before it may be a symlink.
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/false);
  // "." in a relative working directory "." must not vanish: a bare -I
  // would swallow the next argument.
  return Abs.empty() ? std::string(".") : std::string(Abs);
}

/// "nvcc", "clang++-19", ... for "/usr/local/cuda/bin/nvcc",
/// "C:\\CUDA\\bin\\nvcc.exe", "clang++-19".
std::string compilerName(StringRef Path) {
  // The Windows style splits on both '/' and '\'.
  std::string Name =
      sys::path::filename(Path, sys::path::Style::windows).lower();
  StringRef Trimmed(Name);
  Trimmed.consume_back(".exe");
  return Trimmed.str();
}

bool isCompilerCacheWrapper(StringRef Name) {
  return Name == "ccache" || Name == "sccache" || Name == "buildcache";
}

/// clang, clang++, clang-19, clang++-19.1, x86_64-linux-gnu-clang++; not
/// clang-cl (MSVC syntax) or clang-tidy.
bool isClangName(StringRef Name) {
  // Strip a version suffix: "-19", "-19.1".
  size_t Dash = Name.rfind('-');
  if (Dash != StringRef::npos && Dash + 1 < Name.size() &&
      all_of(Name.substr(Dash + 1),
             [](char C) { return isDigit(C) || C == '.'; }))
    Name = Name.take_front(Dash);
  if (!Name.consume_back("clang++") && !Name.consume_back("clang"))
    return false;
  return Name.empty() || Name.ends_with("-");
}

//===----------------------------------------------------------------------===//
// Response files
//===----------------------------------------------------------------------===//

constexpr unsigned MaxResponseFileDepth = 16;

Error expandArgs(ArrayRef<std::string> In, StringRef WorkingDir, bool Nvcc,
                 unsigned Depth, std::vector<std::string> &Out);

Error expandFile(StringRef File, StringRef WorkingDir, bool Nvcc,
                 unsigned Depth, std::vector<std::string> &Out) {
  if (Depth >= MaxResponseFileDepth)
    return makeError(formatv("response files nested more than {0} deep at "
                             "'{1}' (does a file include itself?)",
                             MaxResponseFileDepth, File));
  std::string Path = absolutePath(File, WorkingDir);
  auto Buffer = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return makeError(formatv("cannot read response file '{0}': {1}", Path,
                             Buffer.getError().message()));
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 32> Tokens;
  StringRef Text = (*Buffer)->getBuffer();
  Text.consume_front("\xEF\xBB\xBF"); // UTF-8 byte order mark
  cl::TokenizeGNUCommandLine(Text, Saver, Tokens);
  std::vector<std::string> Args(Tokens.begin(), Tokens.end());
  return expandArgs(Args, WorkingDir, Nvcc, Depth + 1, Out);
}

/// Replaces "@FILE" (every compiler) and nvcc's "--options-file F1,F2" /
/// "-optf F" by the arguments the files hold. llvm::cl's own expansion
/// leaves an unreadable "@FILE" in place, which would then pass as a source
/// file; here it is an error.
Error expandArgs(ArrayRef<std::string> In, StringRef WorkingDir, bool Nvcc,
                 unsigned Depth, std::vector<std::string> &Out) {
  for (size_t I = 0; I < In.size(); ++I) {
    StringRef Arg = In[I];
    SmallVector<StringRef, 2> Files;
    if (Arg.size() > 1 && Arg.front() == '@') {
      Files.push_back(Arg.drop_front());
    } else if (Nvcc && (Arg == "-optf" || Arg == "--options-file")) {
      if (I + 1 == In.size())
        return missingValue("nvcc", Arg);
      StringRef(In[++I]).split(Files, ',', -1, /*KeepEmpty=*/false);
    } else if (Nvcc && (Arg.starts_with("-optf=") ||
                        Arg.starts_with("--options-file="))) {
      Arg.split('=').second.split(Files, ',', -1, /*KeepEmpty=*/false);
    } else {
      Out.push_back(Arg.str());
      continue;
    }
    for (StringRef File : Files)
      if (Error Err = expandFile(File, WorkingDir, Nvcc, Depth, Out))
        return Err;
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Inputs nvcc and clang accept that are not compiled from source.
bool isSourceFile(StringRef Path) {
  if (Path.empty())
    return false; // an empty argument names no file
  StringRef Ext = sys::path::extension(Path);
  if (Ext.empty())
    return true; // "-x cu kernel" compiles an extensionless file
  std::string Lower = Ext.drop_front().lower();
  return !is_contained({"o", "obj", "a", "lib", "so", "dylib", "dll", "ptx",
                        "cubin", "fatbin", "gpu", "res", "ltoir", "optixir",
                        "bc", "def", "exp"},
                       StringRef(Lower));
}

/// Splits a list value the way nvcc does: on commas, then each item the way
/// the shell would (nvcc pastes -Xcompiler items into the host command
/// line, so "-Xcompiler '-Wall -Wextra'" passes two flags).
std::vector<std::string> splitListValue(StringRef Value, bool ShellSplit) {
  std::vector<std::string> Items;
  SmallVector<StringRef, 8> Parts;
  Value.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Part : Parts) {
    if (!ShellSplit) {
      Items.push_back(Part.str());
      continue;
    }
    BumpPtrAllocator Alloc;
    StringSaver Saver(Alloc);
    SmallVector<const char *, 4> Tokens;
    cl::TokenizeGNUCommandLine(Part, Saver, Tokens);
    Items.insert(Items.end(), Tokens.begin(), Tokens.end());
  }
  return Items;
}

struct Collector {
  TranslatedCommand &Out;
  StringRef WorkingDir;
  StringSet<> WarnedSpellings;
  /// Archs per -arch/-code pair or -gencode, in command order; the -arch /
  /// -code pair fills its slot once the whole command has been seen.
  std::vector<std::vector<std::string>> ArchGroups;

  void warnOnce(StringRef Spelling, const Twine &Message) {
    if (WarnedSpellings.insert(Spelling).second)
      Out.Warnings.push_back(Message.str());
  }

  /// Adds one GPU arch spelling from Flag; "native"/"all"/"all-major" set
  /// ArchIsNativeOrAll.
  void addArch(StringRef Spelling, StringRef Flag,
               std::vector<std::string> &Group) {
    Spelling = Spelling.trim().trim("\"'[]");
    if (Spelling.empty())
      return;
    if (Spelling == "native" || Spelling == "all" || Spelling == "all-major") {
      Out.ArchIsNativeOrAll = true;
      return;
    }
    std::optional<std::string> Arch = normalizeGpuArch(Spelling);
    if (!Arch) {
      warnOnce(("arch:" + Spelling).str(),
               formatv("unknown GPU architecture '{0}' in '{1}' ignored",
                       Spelling, Flag));
      return;
    }
    if (!findArch(*Arch))
      warnOnce("arch:" + *Arch,
               formatv("GPU architecture '{0}' is not in the architecture "
                       "table",
                       *Arch));
    Group.push_back(std::move(*Arch));
  }

  void finishArchs() {
    StringSet<> Seen;
    for (const std::vector<std::string> &Group : ArchGroups)
      for (const std::string &Arch : Group)
        if (Seen.insert(Arch).second)
          Out.TargetArchs.push_back(Arch);
  }

  void addIncludeDir(StringRef Flag, StringRef Dir) {
    std::string Abs = absolutePath(Dir, WorkingDir);
    if (Flag == "-I") {
      Out.ClangArgs.push_back("-I" + Abs);
    } else {
      Out.ClangArgs.push_back(Flag.str());
      Out.ClangArgs.push_back(std::move(Abs));
    }
  }

  /// -include FILE looks in the working directory first and then along the
  /// include path (GCC's rule, which Clang follows), so only a file that is
  /// there may be made absolute.
  void addPreInclude(StringRef File) {
    Out.ClangArgs.push_back("-include");
    std::string Abs = absolutePath(File, WorkingDir);
    Out.ClangArgs.push_back(sys::fs::exists(Abs) ? Abs : File.str());
  }
};

//===----------------------------------------------------------------------===//
// Host compiler flags, filtered through Clang's own option table
//===----------------------------------------------------------------------===//

const opt::OptTable &clangOptions() {
  return clang::driver::getDriverOptTable();
}

/// The Clang arguments of one parsed Arg, exactly as they were spelled.
ArrayRef<const char *> argTokens(const opt::Arg &A, const opt::ArgList &List,
                                 const std::vector<unsigned> &Starts,
                                 ArrayRef<const char *> Argv) {
  unsigned Begin = A.getIndex();
  auto Next = upper_bound(Starts, Begin);
  unsigned End = Next == Starts.end() ? Argv.size() : *Next;
  return Argv.slice(Begin, End - Begin);
}

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

/// Host compiler flags from -Xcompiler or forwarded unknown flags: keep what
/// a Clang parse can use (preprocessor, language, -f, -W, -O, -g, -m,
/// -pthread), drop the rest quietly. nvcc accepted the command, so a flag
/// here was meant for GCC and Clang not knowing it is no news; Clang would
/// reject the whole command for one unknown flag.
void addHostFlags(ArrayRef<std::string> Flags, Collector &C,
                  std::optional<std::string> &HostStd) {
  if (Flags.empty())
    return;
  std::vector<const char *> Argv;
  for (const std::string &F : Flags)
    Argv.push_back(F.c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  opt::InputArgList List = clangOptions().ParseArgs(
      Argv, MissingIndex, MissingCount, opt::Visibility(copts::ClangOption));
  std::vector<unsigned> Starts;
  for (const opt::Arg *A : List)
    Starts.push_back(A->getIndex());
  llvm::sort(Starts);

  for (const opt::Arg *A : List) {
    const opt::Option &O = A->getOption();
    // A flag cut off from its value by the comma split (or at the end).
    if (MissingCount && A->getIndex() == MissingIndex)
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
    ArrayRef<const char *> Tokens = argTokens(*A, List, Starts, Argv);
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
// nvcc
//===----------------------------------------------------------------------===//

enum class NvAction : uint8_t {
  Ignore, // consumed (with its value); nothing a host-side parse needs
  Define,
  Undefine,
  IncludePath,
  SystemInclude,
  PreInclude,
  Std,
  Language,
  Optimize,
  PassSpelling, // the nvcc spelling is also a Clang flag with the same effect
  HostDebug,
  NoWarnings,
  M64,
  Machine,
  NoExceptions,
  TemplateDepth,
  TemplateBacktraceLimit,
  CompilerOptions,
  PtxasOptions,
  Arch,
  Code,
  GenerateCode,
  Rdc,
  DeviceCompile, // -dc: -rdc=true -c
  DeviceWhole,   // -dw: -rdc=false -c
  MaxRegCount,
  FastMath,
  DeviceDebug,
  LineInfo,
  DefaultStream,
  ForwardToCompiler,
  ForwardToLinker,
  ForwardToBoth,
};

struct NvccOption {
  StringLiteral Long;  // after "--"; empty for the undocumented -X flags
  StringLiteral Short; // after "-"; empty where nvcc has none
  bool TakesValue;
  NvAction Action;
  bool Glued = false; // the value may follow without a space: -DX, -O3
};

constexpr bool V = true;  // takes a value
constexpr bool F = false; // a flag
using A = NvAction;

// clang-format off
const NvccOption NvccOptions[] = {
    // Compilation phase.
    {"cuda", "cuda", F, A::Ignore},
    {"cubin", "cubin", F, A::Ignore},
    {"fatbin", "fatbin", F, A::Ignore},
    {"ptx", "ptx", F, A::Ignore},
    {"optix-ir", "optix-ir", F, A::Ignore},
    {"ltoir", "ltoir", F, A::Ignore},
    {"preprocess", "E", F, A::Ignore},
    {"generate-dependencies", "M", F, A::Ignore},
    {"generate-nonsystem-dependencies", "MM", F, A::Ignore},
    {"generate-dependencies-with-compile", "MD", F, A::Ignore},
    {"generate-nonsystem-dependencies-with-compile", "MMD", F, A::Ignore},
    {"dependency-output", "MF", V, A::Ignore},
    {"generate-dependency-targets", "MP", F, A::Ignore},
    {"compile", "c", F, A::Ignore},
    {"device-c", "dc", F, A::DeviceCompile},
    {"device-w", "dw", F, A::DeviceWhole},
    {"device-link", "dlink", F, A::Ignore},
    {"link", "link", F, A::Ignore},
    {"lib", "lib", F, A::Ignore},
    {"run", "run", F, A::Ignore},
    // Files and paths.
    {"output-file", "o", V, A::Ignore},
    {"pre-include", "include", V, A::PreInclude},
    {"objdir-as-tempdir", "objtemp", F, A::Ignore},
    {"library", "l", V, A::Ignore, true},
    {"define-macro", "D", V, A::Define, true},
    {"undefine-macro", "U", V, A::Undefine, true},
    {"include-path", "I", V, A::IncludePath, true},
    {"system-include", "isystem", V, A::SystemInclude},
    {"library-path", "L", V, A::Ignore, true},
    {"output-directory", "odir", V, A::Ignore},
    {"compiler-bindir", "ccbin", V, A::Ignore},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", F, A::Ignore},
    {"archiver-binary", "arbin", V, A::Ignore},
    {"cudart", "cudart", V, A::Ignore},
    {"cudadevrt", "cudadevrt", V, A::Ignore},
    {"libdevice-directory", "ldir", V, A::Ignore},
    {"target-directory", "target-dir", V, A::Ignore},
    {"use-local-env", "use-local-env", F, A::Ignore},
    {"force-cl-env-setup", "force-cl-env-setup", F, A::Ignore},
    // Compiler and linker behaviour.
    {"profile", "pg", F, A::Ignore},
    {"debug", "g", F, A::HostDebug},
    {"device-debug", "G", F, A::DeviceDebug},
    {"generate-line-info", "lineinfo", F, A::LineInfo},
    {"optimization-info", "opt-info", V, A::Ignore},
    {"optimize", "O", V, A::Optimize, true},
    {"Ofast-compile", "Ofc", V, A::Ignore},
    {"dopt", "dopt", V, A::Ignore},
    {"dlink-time-opt", "dlto", F, A::Ignore},
    {"lto", "lto", F, A::Ignore},
    {"gen-opt-lto", "gen-opt-lto", F, A::Ignore},
    {"ftemplate-backtrace-limit", "ftemplate-backtrace-limit", V, A::TemplateBacktraceLimit},
    {"ftemplate-depth", "ftemplate-depth", V, A::TemplateDepth},
    {"no-exceptions", "noeh", F, A::NoExceptions},
    {"shared", "shared", F, A::Ignore},
    {"x", "x", V, A::Language},
    {"std", "std", V, A::Std},
    {"no-host-device-initializer-list", "nohdinitlist", F, A::Ignore},
    {"no-host-device-move-forward", "nohdmoveforward", F, A::Ignore},
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", F, A::Ignore},
    {"extended-lambda", "extended-lambda", F, A::Ignore},
    {"expt-extended-lambda", "expt-extended-lambda", F, A::Ignore},
    {"machine", "m", V, A::Machine},
    {"m64", "m64", F, A::M64},
    // Options for one phase.
    {"compiler-options", "Xcompiler", V, A::CompilerOptions},
    {"linker-options", "Xlinker", V, A::Ignore},
    {"archive-options", "Xarchive", V, A::Ignore},
    {"ptxas-options", "Xptxas", V, A::PtxasOptions},
    {"nvlink-options", "Xnvlink", V, A::Ignore},
    {"", "Xcudafe", V, A::Ignore},
    {"", "Xcicc", V, A::Ignore},
    {"", "Xfatbin", V, A::Ignore},
    // Driver behaviour.
    {"static-global-template-stub", "static-global-template-stub", V, A::Ignore},
    {"device-entity-has-hidden-visibility", "device-entity-has-hidden-visibility", V, A::Ignore},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler", F, A::ForwardToCompiler},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker", F, A::ForwardToLinker},
    {"forward-unknown-opts", "forward-unknown-opts", F, A::ForwardToBoth},
    {"dont-use-profile", "noprof", F, A::Ignore},
    {"dryrun", "dryrun", F, A::Ignore},
    {"verbose", "v", F, A::Ignore},
    {"threads", "t", V, A::Ignore, true},
    {"split-compile", "split-compile", V, A::Ignore},
    {"split-compile-extended", "split-compile-extended", V, A::Ignore},
    {"fdevice-syntax-only", "fdevice-syntax-only", F, A::Ignore},
    {"fdevice-time-trace", "fdevice-time-trace", V, A::Ignore},
    {"keep", "keep", F, A::Ignore},
    {"keep-dir", "keep-dir", V, A::Ignore},
    {"save-temps", "save-temps", F, A::Ignore},
    {"clean-targets", "clean", F, A::Ignore},
    {"time", "time", V, A::Ignore},
    {"run-args", "run-args", V, A::Ignore},
    {"input-drive-prefix", "idp", V, A::Ignore},
    {"dependency-drive-prefix", "ddp", V, A::Ignore},
    {"drive-prefix", "dp", V, A::Ignore},
    {"dependency-target-name", "MT", V, A::Ignore},
    {"no-align-double", "", F, A::Ignore},
    {"no-device-link", "nodlink", F, A::Ignore},
    // GPU code generation.
    {"gpu-architecture", "arch", V, A::Arch},
    {"gpu-code", "code", V, A::Code},
    {"generate-code", "gencode", V, A::GenerateCode},
    {"relocatable-device-code", "rdc", V, A::Rdc},
    {"entries", "e", V, A::Ignore},
    {"maxrregcount", "maxrregcount", V, A::MaxRegCount},
    {"use_fast_math", "use_fast_math", F, A::FastMath},
    {"ftz", "ftz", V, A::Ignore},
    {"prec-div", "prec-div", V, A::Ignore},
    {"prec-sqrt", "prec-sqrt", V, A::Ignore},
    {"fmad", "fmad", V, A::Ignore},
    {"extra-device-vectorization", "extra-device-vectorization", F, A::Ignore},
    {"default-stream", "default-stream", V, A::DefaultStream},
    // Diagnostics and tools.
    {"disable-warnings", "w", F, A::NoWarnings},
    {"keep-device-functions", "keep-device-functions", F, A::Ignore},
    {"source-in-ptx", "src-in-ptx", F, A::Ignore},
    {"restrict", "restrict", F, A::Ignore},
    {"Wreorder", "Wreorder", F, A::PassSpelling},
    {"Wdefault-stream-launch", "Wdefault-stream-launch", F, A::Ignore},
    {"Wmissing-launch-bounds", "Wmissing-launch-bounds", F, A::Ignore},
    {"Wext-lambda-captures-this", "Wext-lambda-captures-this", F, A::Ignore},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations", F, A::PassSpelling},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", F, A::Ignore},
    {"Werror", "Werror", V, A::Ignore},
    {"resource-usage", "res-usage", F, A::Ignore},
    {"extensible-whole-program", "ewp", F, A::Ignore},
    {"no-compress", "no-compress", F, A::Ignore},
    {"qpp-config", "qpp-config", V, A::Ignore},
    {"compile-as-tools-patch", "astoolspatch", F, A::Ignore},
    {"list-gpu-code", "code-ls", F, A::Ignore},
    {"list-gpu-arch", "arch-ls", F, A::Ignore},
    {"display-error-number", "err-no", F, A::Ignore},
    {"no-display-error-number", "no-err-no", F, A::Ignore},
    {"diag-error", "diag-error", V, A::Ignore},
    {"diag-suppress", "diag-suppress", V, A::Ignore},
    {"diag-warn", "diag-warn", V, A::Ignore},
    {"host-linker-script", "hls", V, A::Ignore},
    {"augment-host-linker-script", "aug-hls", F, A::Ignore},
    {"relocatable-link", "r", F, A::Ignore},
    {"brief-diagnostics", "brief-diag", V, A::Ignore},
    {"jump-table-density", "jtd", V, A::Ignore},
    {"relocatable-ptx", "reloc-ptx", F, A::Ignore},
    {"device-stack-protector", "device-stack-protector", V, A::Ignore},
    {"compress-mode", "compress-mode", V, A::Ignore},
    {"frandom-seed", "frandom-seed", V, A::Ignore},
    {"sanitize", "sanitize", V, A::Ignore},
    {"jobserver", "jobserver", F, A::Ignore},
    {"help", "h", F, A::Ignore},
    {"version", "V", F, A::Ignore},
    // Expanded before parsing; listed so that the spelling is known.
    {"options-file", "optf", V, A::Ignore},
};
// clang-format on

/// One nvcc argument matched against the table.
struct NvccMatch {
  const NvccOption *Option = nullptr;
  std::optional<std::string> InlineValue; // after '=' or glued on
};

NvccMatch matchNvccOption(StringRef Arg) {
  NvccMatch M;
  // Only "-x" and "--x" spell options; an empty argument (a compile
  // database may hold one) has no dash to drop.
  if (Arg.size() < 2 || Arg.front() != '-')
    return M;
  bool IsLong = Arg.starts_with("--");
  StringRef Body = Arg.drop_front(IsLong ? 2 : 1);
  auto [Name, Value] = Body.split('=');
  bool HasEquals = Body.contains('=');
  for (const NvccOption &O : NvccOptions) {
    StringRef Want = IsLong ? O.Long : O.Short;
    if (!Want.empty() && Want == Name) {
      M.Option = &O;
      if (HasEquals && O.TakesValue)
        M.InlineValue = Value.str();
      return M;
    }
  }
  if (IsLong)
    return M;
  // Glued values: "-DX=1", "-I/path", "-O3", "-t4"; "-D=X" is "-D X".
  for (const NvccOption &O : NvccOptions) {
    if (!O.Glued || !Body.starts_with(O.Short) || Body.size() == O.Short.size())
      continue;
    StringRef Rest = Body.drop_front(O.Short.size());
    Rest.consume_front("=");
    M.Option = &O;
    M.InlineValue = Rest.str();
    return M;
  }
  return M;
}

/// "arch=compute_80,code=[compute_80,sm_80]", "arch=compute_80,code=sm_80",
/// "arch=compute_80,code=\"sm_80,compute_80\"" (CMake and hand-written
/// spellings), possibly several specs in one value.
void addGenerateCode(StringRef Value, StringRef Flag, Collector &C) {
  SmallVector<StringRef, 8> Items;
  Value.split(Items, ',', -1, /*KeepEmpty=*/false);
  std::string Arch;
  std::vector<std::string> Codes;
  bool InCode = false;
  auto Finish = [&] {
    std::vector<std::string> Group;
    if (!Codes.empty()) {
      for (const std::string &Code : Codes)
        C.addArch(Code, Flag, Group);
    } else if (!Arch.empty()) {
      C.addArch(Arch, Flag, Group);
    }
    C.ArchGroups.push_back(std::move(Group));
    Arch.clear();
    Codes.clear();
    InCode = false;
  };
  for (StringRef Item : Items) {
    Item = Item.trim().trim("\"'");
    if (Item.consume_front("arch=")) {
      if (!Arch.empty() || !Codes.empty())
        Finish();
      Arch = Item.str();
    } else if (Item.consume_front("code=")) {
      InCode = true;
      Codes.push_back(Item.str());
    } else if (InCode) {
      Codes.push_back(Item.str());
    } else {
      C.warnOnce(("gencode:" + Item).str(),
                 formatv("unexpected '{0}' in '{1}' ignored", Item, Flag));
    }
  }
  if (!Arch.empty() || !Codes.empty())
    Finish();
}

Expected<bool> parseNvccBool(StringRef Value, StringRef Flag) {
  std::string Lower = Value.lower();
  if (Lower == "true")
    return true;
  if (Lower == "false")
    return false;
  return makeError(
      formatv("nvcc flag '{0}' expects true or false, not '{1}'", Flag, Value));
}

Expected<unsigned> parseUnsigned(StringRef Value, StringRef Flag) {
  unsigned N;
  if (Value.trim().getAsInteger(10, N))
    return makeError(
        formatv("nvcc flag '{0}' expects a number, not '{1}'", Flag, Value));
  return N;
}

/// ptxas' own -maxrregcount passed through -Xptxas.
std::optional<unsigned> ptxasMaxRegCount(ArrayRef<std::string> Options) {
  std::optional<unsigned> Result;
  for (size_t I = 0; I < Options.size(); ++I) {
    StringRef Opt = Options[I];
    if (!Opt.consume_front("--") && !Opt.consume_front("-"))
      continue;
    auto [Name, Value] = Opt.split('=');
    if (Name != "maxrregcount")
      continue;
    if (!Opt.contains('=')) {
      if (I + 1 == Options.size())
        break;
      Value = Options[++I];
    }
    unsigned N;
    if (!Value.getAsInteger(10, N))
      Result = N;
  }
  return Result;
}

Error translateNvcc(ArrayRef<std::string> Args, Collector &C) {
  TranslatedCommand &Out = C.Out;
  bool ForwardUnknownToCompiler = false, ForwardUnknownToLinker = false;
  std::optional<std::string> NvccStd, HostStd;
  std::vector<std::string> HostFlags;
  // -arch and -code describe one pair wherever they are; the pair takes the
  // place of the first of them.
  std::optional<size_t> ArchCodeSlot;
  std::string ArchValue, ArchFlag, CodeFlag;
  std::vector<std::string> CodeValues;

  auto FlushHostFlags = [&] {
    addHostFlags(HostFlags, C, HostStd);
    HostFlags.clear();
  };

  // The forwarding flags apply to the whole command, wherever they are;
  // find them first so that forwarded flags keep their place.
  for (size_t I = 0; I < Args.size(); ++I) {
    NvccMatch M = matchNvccOption(Args[I]);
    if (!M.Option || StringRef(Args[I]).size() < 2 || Args[I][0] != '-')
      continue;
    if (M.Option->TakesValue && !M.InlineValue)
      ++I;
    else if (M.Option->Action == A::ForwardToCompiler)
      ForwardUnknownToCompiler = true;
    else if (M.Option->Action == A::ForwardToLinker)
      ForwardUnknownToLinker = true;
    else if (M.Option->Action == A::ForwardToBoth)
      ForwardUnknownToCompiler = ForwardUnknownToLinker = true;
  }

  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg.size() < 2 || Arg.front() != '-') {
      if (Arg != "-" && isSourceFile(Arg))
        Out.SourceFiles.push_back(Arg.str());
      continue;
    }
    NvccMatch M = matchNvccOption(Arg);
    if (!M.Option) {
      if (ForwardUnknownToCompiler) {
        // nvcc forwards the one argument; a following plain argument is an
        // input again.
        HostFlags.push_back(Arg.str());
        FlushHostFlags();
      } else if (!ForwardUnknownToLinker) {
        // The flag without its value is what the user should look up.
        StringRef Spelling = Arg.split('=').first;
        C.warnOnce(Spelling,
                   formatv("unknown nvcc flag '{0}' dropped", Spelling));
      }
      continue;
    }
    const NvccOption &O = *M.Option;
    // The flag without its value, for messages: "-D" for "-DX=1".
    StringRef FlagName =
        M.InlineValue ? Arg.drop_back(M.InlineValue->size()).rtrim('=') : Arg;
    std::string Value;
    if (O.TakesValue) {
      if (M.InlineValue) {
        Value = *M.InlineValue;
      } else {
        if (I + 1 == Args.size())
          return missingValue("nvcc", Arg);
        Value = Args[++I];
      }
    }

    switch (O.Action) {
    case A::Ignore:
      break;
    case A::Define:
      for (const std::string &Def : splitListValue(Value, false))
        Out.ClangArgs.push_back("-D" + Def);
      break;
    case A::Undefine:
      for (const std::string &Def : splitListValue(Value, false))
        Out.ClangArgs.push_back("-U" + Def);
      break;
    case A::IncludePath:
      for (const std::string &Dir : splitListValue(Value, false))
        C.addIncludeDir("-I", Dir);
      break;
    case A::SystemInclude:
      for (const std::string &Dir : splitListValue(Value, false))
        C.addIncludeDir("-isystem", Dir);
      break;
    case A::PreInclude:
      for (const std::string &File : splitListValue(Value, false))
        C.addPreInclude(File);
      break;
    case A::Std:
      NvccStd = "-std=" + Value;
      break;
    case A::Language:
      if (Value == "cu") {
        Out.ClangArgs.push_back("-x");
        Out.ClangArgs.push_back("cuda");
      } else if (Value == "c++" || Value == "c") {
        Out.ClangArgs.push_back("-x");
        Out.ClangArgs.push_back(Value);
      } else {
        C.warnOnce(("-x " + Value),
                   formatv("unknown nvcc language '-x {0}' dropped", Value));
      }
      break;
    case A::Optimize:
      Out.ClangArgs.push_back("-O" + Value);
      break;
    case A::PassSpelling:
      Out.ClangArgs.push_back(("-" + O.Short).str());
      break;
    case A::HostDebug:
      Out.ClangArgs.push_back("-g");
      break;
    case A::NoWarnings:
      Out.ClangArgs.push_back("-w");
      break;
    case A::M64:
      Out.ClangArgs.push_back("-m64");
      break;
    case A::Machine:
      Out.ClangArgs.push_back("-m" + Value);
      break;
    case A::NoExceptions:
      Out.ClangArgs.push_back("-fno-exceptions");
      break;
    case A::TemplateDepth:
      Out.ClangArgs.push_back("-ftemplate-depth=" + Value);
      break;
    case A::TemplateBacktraceLimit:
      Out.ClangArgs.push_back("-ftemplate-backtrace-limit=" + Value);
      break;
    case A::CompilerOptions: {
      // Parsed as one list so that "-Xcompiler -isystem,/opt/inc" keeps the
      // directory with its flag.
      std::vector<std::string> Items = splitListValue(Value, true);
      HostFlags.insert(HostFlags.end(), Items.begin(), Items.end());
      FlushHostFlags();
      break;
    }
    case A::PtxasOptions: {
      std::vector<std::string> Items = splitListValue(Value, true);
      Out.PtxasOptions.insert(Out.PtxasOptions.end(), Items.begin(),
                              Items.end());
      break;
    }
    case A::Arch:
    case A::Code:
      if (!ArchCodeSlot) {
        ArchCodeSlot = C.ArchGroups.size();
        C.ArchGroups.emplace_back();
      }
      if (O.Action == A::Arch) {
        // A second -arch replaces the first, as in nvcc.
        ArchValue = Value;
        ArchFlag = FlagName.str();
      } else {
        CodeFlag = FlagName.str();
        for (std::string &Code : splitListValue(Value, false))
          CodeValues.push_back(std::move(Code));
      }
      break;
    case A::GenerateCode:
      addGenerateCode(Value, FlagName, C);
      break;
    case A::Rdc: {
      Expected<bool> On = parseNvccBool(Value, FlagName);
      if (!On)
        return On.takeError();
      Out.RelocatableDeviceCode = *On;
      break;
    }
    case A::DeviceCompile:
      Out.RelocatableDeviceCode = true;
      break;
    case A::DeviceWhole:
      Out.RelocatableDeviceCode = false;
      break;
    case A::MaxRegCount: {
      Expected<unsigned> N = parseUnsigned(Value, FlagName);
      if (!N)
        return N.takeError();
      Out.MaxRegCount = *N;
      break;
    }
    case A::FastMath:
      Out.FastMath = true;
      break;
    case A::DeviceDebug:
      Out.DeviceDebug = true;
      break;
    case A::LineInfo:
      Out.LineInfo = true;
      break;
    case A::DefaultStream:
      // What nvcc itself passes to the host compiler: the runtime headers
      // then map the API to its per-thread-stream entry points.
      if (Value == "per-thread")
        Out.ClangArgs.push_back("-DCUDA_API_PER_THREAD_DEFAULT_STREAM=1");
      break;
    case A::ForwardToCompiler:
    case A::ForwardToLinker:
    case A::ForwardToBoth:
      break; // found before the loop
    }
  }

  if (ArchCodeSlot) {
    std::vector<std::string> &Group = C.ArchGroups[*ArchCodeSlot];
    if (!CodeValues.empty()) {
      for (const std::string &Code : CodeValues)
        C.addArch(Code, CodeFlag, Group);
    } else if (!ArchValue.empty()) {
      C.addArch(ArchValue, ArchFlag, Group);
    }
  }
  // nvcc's -std sets the dialect of the CUDA front end; a host -std only
  // reaches the host compiler.
  if (NvccStd)
    Out.ClangArgs.push_back(*NvccStd);
  else if (HostStd)
    Out.ClangArgs.push_back(*HostStd);
  if (!Out.MaxRegCount)
    Out.MaxRegCount = ptxasMaxRegCount(Out.PtxasOptions);
  return Error::success();
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
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg == "--cuda-gpu-arch" || Arg == "--offload-arch" ||
        Arg == "--cuda-path") {
      if (I + 1 == Args.size())
        return missingValue(Who, Arg);
      Normalized.push_back((Arg + "=" + Args[++I]).str());
      continue;
    }
    Normalized.push_back(Arg.str());
  }
  std::vector<const char *> Argv;
  for (const std::string &Arg : Normalized)
    Argv.push_back(Arg.c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  opt::InputArgList List = clangOptions().ParseArgs(
      Argv, MissingIndex, MissingCount, opt::Visibility(copts::ClangOption));
  if (MissingCount)
    return missingValue(Who, Argv[MissingIndex]);
  std::vector<unsigned> Starts;
  for (const opt::Arg *A : List)
    Starts.push_back(A->getIndex());
  llvm::sort(Starts);

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
    ArrayRef<const char *> Tokens = argTokens(*A, List, Starts, Argv);
    Out.ClangArgs.insert(Out.ClangArgs.end(), Tokens.begin(), Tokens.end());
  }
  if (!Out.MaxRegCount)
    Out.MaxRegCount = ptxasMaxRegCount(Out.PtxasOptions);
  return Error::success();
}

} // namespace

bool isPlaceholderCompiler(StringRef Argv0) {
  return sys::path::filename(Argv0) == "clang-tool";
}

bool dropPlaceholderCompiler(std::vector<std::string> &Argv) {
  if (Argv.empty() || !isPlaceholderCompiler(Argv.front()))
    return true;
  if (Argv.size() < 2)
    return false;
  std::string Name = compilerName(Argv[1]);
  if (Name != "nvcc" && !isClangName(Name) && !isCompilerCacheWrapper(Name))
    return false;
  Argv.erase(Argv.begin());
  return true;
}

const std::string &hostCompilerIncludeDir() {
  // /usr/lib/gcc/<triple>/<version>/include, the newest version: what
  // `gcc -print-file-name=include` says on Debian, without running it.
  static const std::string Dir = [] {
    std::string Best;
    unsigned BestVersion = 0;
    std::error_code EC;
    for (sys::fs::directory_iterator Triple("/usr/lib/gcc", EC), End;
         !EC && Triple != End; Triple.increment(EC))
      for (sys::fs::directory_iterator Version(Triple->path(), EC);
           !EC && Version != End; Version.increment(EC)) {
        unsigned Major = 0;
        SmallString<256> Include(Version->path());
        sys::path::append(Include, "include");
        if (!StringRef(sys::path::filename(Version->path()))
                 .take_while(isDigit)
                 .getAsInteger(10, Major) &&
            Major > BestVersion && sys::fs::is_directory(Include)) {
          BestVersion = Major;
          Best = std::string(Include);
        }
      }
    return Best;
  }();
  return Dir;
}

std::optional<std::string> normalizeGpuArch(StringRef Spelling) {
  StringRef Rest = Spelling.trim();
  if (!Rest.consume_front("sm_") && !Rest.consume_front("compute_") &&
      !Rest.consume_front("lto_"))
    return std::nullopt;
  StringRef Digits = Rest.take_while(isDigit);
  StringRef Suffix = Rest.drop_front(Digits.size());
  if (Digits.empty() || !(Suffix.empty() || Suffix == "a" || Suffix == "f"))
    return std::nullopt;
  return ("sm_" + Rest).str();
}

Expected<TranslatedCommand> translateCompileCommand(ArrayRef<std::string> Argv,
                                                    StringRef WorkingDir) {
  if (Argv.empty() || Argv.front().empty())
    return makeError("empty compile command");
  TranslatedCommand Out;
  // "ccache nvcc ...": the compiler is the wrapper's first argument.
  size_t CompilerIndex = 0;
  if (isCompilerCacheWrapper(compilerName(Argv[0])) && Argv.size() > 1 &&
      !StringRef(Argv[1]).starts_with("-"))
    CompilerIndex = 1;
  Out.Compiler = Argv[CompilerIndex];
  std::string Name = compilerName(Out.Compiler);
  if (Name == "nvcc")
    Out.Kind = CompilerKind::Nvcc;
  else if (isClangName(Name))
    Out.Kind = CompilerKind::Clang;
  else
    Out.Kind = CompilerKind::Other;

  Out.Original.assign(Argv.begin(), Argv.begin() + CompilerIndex + 1);
  if (Error Err = expandArgs(Argv.drop_front(CompilerIndex + 1), WorkingDir,
                             Out.Kind == CompilerKind::Nvcc, 0, Out.Original))
    return std::move(Err);

  Collector C{Out, WorkingDir, {}, {}};
  ArrayRef<std::string> Args =
      ArrayRef<std::string>(Out.Original).drop_front(CompilerIndex + 1);
  // Args points into Out.Original, which the translation only reads.
  Error Err = Out.Kind == CompilerKind::Nvcc ? translateNvcc(Args, C)
                                             : translateClangLike(Args, C);
  if (Err)
    return std::move(Err);
  C.finishArchs();
  return Out;
}

Expected<std::vector<std::string>> parseGpuArchList(StringRef List) {
  std::vector<std::string> Out;
  SmallVector<StringRef, 4> Parts;
  List.split(Parts, ',', -1, false);
  for (StringRef P : Parts) {
    std::optional<std::string> A = normalizeGpuArch(P.trim());
    if (!A)
      return createStringError(inconvertibleErrorCode(),
                               "'" + P.trim() +
                                   "' is not a GPU architecture (sm_XY)");
    Out.push_back(*A);
  }
  return Out;
}

} // namespace cudalint
