//===- CompilerNames.cpp - Which compiler a command names -----------------===//
//
// The compiler of a command (behind a ccache-style wrapper, or after the
// placeholder libTooling's fixed database puts in front of `-- <flags>`),
// and the host compiler's own headers, which an nvcc command's host side
// sees.
//
//===----------------------------------------------------------------------===//

#include "CommandTranslation.h"
#include "NvccOptions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

namespace cmdline {

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

StringRef withoutVersionSuffix(StringRef Name) {
  size_t Dash = Name.rfind('-');
  if (Dash != StringRef::npos && Dash + 1 < Name.size() &&
      all_of(Name.substr(Dash + 1),
             [](char C) { return isDigit(C) || C == '.'; }))
    return Name.take_front(Dash);
  return Name;
}

bool isClangName(StringRef Name) {
  Name = withoutVersionSuffix(Name);
  if (!Name.consume_back("clang++") && !Name.consume_back("clang"))
    return false;
  return Name.empty() || Name.ends_with("-");
}

bool isGccName(StringRef Name) {
  Name = withoutVersionSuffix(Name); // "g++-12", "x86_64-linux-gnu-gcc-12"
  if (Name == "mpicxx" || Name == "mpic++" || Name == "mpicc")
    return true;
  if (!Name.consume_back("g++") && !Name.consume_back("gcc") &&
      !Name.consume_back("c++") && !Name.consume_back("cc"))
    return false;
  return Name.empty() || Name.ends_with("-");
}

} // namespace cmdline

using namespace cmdline;

bool isPlaceholderCompiler(StringRef Argv0) {
  return sys::path::filename(Argv0) == "clang-tool";
}

std::optional<std::string> nvccOnlyFlag(ArrayRef<std::string> Args) {
  for (const std::string &Arg : Args) {
    NvccMatch M = matchNvccOption(Arg);
    if (!M.Option)
      continue;
    // Spellings Clang has no flag of: -arch=sm_80, -gencode, -Xcompiler,
    // --expt-relaxed-constexpr, --machine 64, --default-stream per-thread.
    switch (M.Option->Action) {
    case NvAction::Arch:
    case NvAction::Code:
    case NvAction::GenerateCode:
    case NvAction::Rdc:
    case NvAction::DeviceCompile:
    case NvAction::DeviceWhole:
    case NvAction::MaxRegCount:
    case NvAction::FastMath:
    case NvAction::DefaultStream:
    case NvAction::CompilerOptions:
    case NvAction::PtxasOptions:
      return Arg;
    default:
      break;
    }
    StringRef Long = M.Option->Long;
    if (Long.starts_with("expt-") || Long == "extended-lambda" ||
        (Long == "machine" && StringRef(Arg).starts_with("--")))
      return Arg;
  }
  return std::nullopt;
}

bool dropPlaceholderCompiler(std::vector<std::string> &Argv) {
  if (Argv.empty() || !isPlaceholderCompiler(Argv.front()))
    return true;
  if (Argv.size() < 2)
    return false;
  std::string Name = compilerName(Argv[1]);
  if (Name != "nvcc" && !isClangName(Name) && !isGccName(Name) &&
      !isHipCompilerName(Name) && !isCompilerCacheWrapper(Name)) {
    // A bare flag list in nvcc's spelling is nvcc's command.
    if (!nvccOnlyFlag(ArrayRef(Argv).drop_front()))
      return false;
    Argv.front() = "nvcc";
    return true;
  }
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

} // namespace cudalint
