//===- CompileCommand.cpp - nvcc/clang command -> Clang CUDA parse --------===//
//
// translateCompileCommand: expands response and options files, finds the
// compiler (CompilerNames.cpp) and translates the arguments with nvcc's
// rules (NvccTranslation.cpp) or Clang's (ClangTranslation.cpp). Here also
// what both translators share: source files, list values, GPU archs,
// include paths.
//
//===----------------------------------------------------------------------===//

#include "cudalint/CompileCommands/CompileCommand.h"

#include "CommandTranslation.h"

#include "cudalint/Arch/Arch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <set>

using namespace llvm;

namespace cudalint {

namespace cmdline {

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

void Collector::addArch(StringRef Spelling, StringRef Flag,
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
  // An arch the table does not know is kept: whether it matters depends on
  // the archs judged (--arch may replace it), which the pipeline knows and
  // warns about (Pipeline.cpp, warnUnknownArchs).
  Group.push_back(std::move(*Arch));
}

void Collector::finishArchs() {
  StringSet<> Seen;
  for (const std::vector<std::string> &Group : ArchGroups)
    for (const std::string &Arch : Group)
      if (Seen.insert(Arch).second)
        Out.TargetArchs.push_back(Arch);
}

void Collector::addIncludeDir(StringRef Flag, StringRef Dir) {
  std::string Abs = absolutePath(Dir, WorkingDir);
  if (Flag == "-I") {
    Out.ClangArgs.push_back("-I" + Abs);
  } else {
    Out.ClangArgs.push_back(Flag.str());
    Out.ClangArgs.push_back(std::move(Abs));
  }
}

void Collector::addPreInclude(StringRef File) {
  Out.ClangArgs.push_back("-include");
  std::string Abs = absolutePath(File, WorkingDir);
  Out.ClangArgs.push_back(sys::fs::exists(Abs) ? Abs : File.str());
}

} // namespace cmdline

using namespace cmdline;

namespace {

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

} // namespace

std::optional<std::string> normalizeAmdArch(StringRef Spelling) {
  // A target ID: the processor, then ':feature+' / ':feature-' settings.
  StringRef Processor = Spelling.trim().split(':').first;
  StringRef Rest = Processor;
  if (!Rest.consume_front("gfx") || Rest.empty() || !isDigit(Rest.front()))
    return std::nullopt;
  // gfx90a, gfx1100; or a generic target, gfx10-3-generic.
  StringRef Number = Rest.take_while(isHexDigit);
  StringRef Generic = Rest.drop_front(Number.size());
  if (!Generic.empty()) {
    if (!Generic.consume_back("-generic") || Number.size() > 2)
      return std::nullopt;
    for (char C : Generic)
      if (!isDigit(C) && C != '-')
        return std::nullopt;
  }
  return Processor.lower();
}

bool isHipCompilerName(StringRef Name) {
  Name = withoutVersionSuffix(Name); // "hipcc-5.2", "amdclang++-17"
  return Name == "hipcc" || Name == "amdclang++" || Name == "amdclang";
}

bool isHipCommand(ArrayRef<std::string> Argv) {
  if (Argv.empty())
    return false;
  size_t First = 0;
  if (isCompilerCacheWrapper(compilerName(Argv[0])) && Argv.size() > 1)
    First = 1;
  if (isHipCompilerName(compilerName(Argv[First])))
    return true;
  for (size_t I = First + 1; I < Argv.size(); ++I) {
    StringRef Arg = Argv[I];
    if ((Arg == "-x" && I + 1 < Argv.size() && Argv[I + 1] == "hip") ||
        Arg == "-xhip")
      return true;
    if (!Arg.starts_with("-") && sys::path::extension(Arg) == ".hip")
      return true;
    StringRef Archs;
    if (Arg.consume_front("--offload-arch=") ||
        Arg.consume_front("--cuda-gpu-arch="))
      Archs = Arg;
    else if ((Arg == "--offload-arch" || Arg == "--cuda-gpu-arch") &&
             I + 1 < Argv.size())
      Archs = Argv[I + 1];
    SmallVector<StringRef, 4> Parts;
    Archs.split(Parts, ',', -1, /*KeepEmpty=*/false);
    if (any_of(Parts, [](StringRef P) { return bool(normalizeAmdArch(P)); }))
      return true;
  }
  return false;
}

std::optional<std::string> normalizeGpuArch(StringRef Spelling) {
  if (std::optional<std::string> Amd = normalizeAmdArch(Spelling))
    return Amd;
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

std::optional<std::string> nvccArchList(ArrayRef<std::string> TargetArchs) {
  std::set<unsigned> Numbers;
  for (StringRef Arch : TargetArchs) {
    StringRef Digits = Arch;
    unsigned N = 0;
    if (!Digits.consume_front("sm_") ||
        Digits.take_while(isDigit).getAsInteger(10, N))
      return std::nullopt;
    Numbers.insert(N * 10);
  }
  if (Numbers.empty())
    Numbers.insert(750); // nvcc 13's default arch, sm_75
  std::string List;
  for (unsigned N : Numbers)
    List += (List.empty() ? "" : ",") + std::to_string(N);
  return List;
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
  else if (isClangName(Name) || isHipCompilerName(Name))
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
  for (size_t &Index : Out.DroppedArgs)
    Index += CompilerIndex + 1; // from Args to Original
  C.finishArchs();
  Out.Hip = isHipCommand(Out.Original);
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
                                   "' is not a GPU architecture (sm_XY or "
                                   "gfxNNN)");
    Out.push_back(*A);
  }
  return Out;
}

bool asksForResourceUsage(ArrayRef<std::string> Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A == "--resource-usage" || A == "-res-usage")
      return true;
    if ((A == "-Xptxas" || A == "--ptxas-options") && I + 1 < Args.size() &&
        is_contained(split(Args[I + 1], ','), "-v"))
      return true;
    if ((A.consume_front("-Xptxas=") || A.consume_front("--ptxas-options=")) &&
        is_contained(split(A, ','), "-v"))
      return true;
  }
  return false;
}

std::string outputFileArgument(ArrayRef<std::string> Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if ((A == "-o" || A == "--output-file") && I + 1 < Args.size())
      return Args[I + 1];
    if (A.consume_front("--output-file=") || A.consume_front("-o"))
      if (!A.empty())
        return A.str();
  }
  return "";
}

} // namespace cudalint
