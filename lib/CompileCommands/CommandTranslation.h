//===- CommandTranslation.h - Shared pieces of the translators --*- C++ -*-===//
//
// translateCompileCommand (CompileCommand.cpp) expands response files, names
// the compiler (CompilerNames.cpp) and hands the arguments to the nvcc
// translator (NvccTranslation.cpp, on nvcc's option table in
// NvccOptions.cpp) or the Clang/GCC one (ClangTranslation.cpp, on Clang's
// own option table). Both fill a TranslatedCommand through a Collector.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_COMPILECOMMANDS_COMMANDTRANSLATION_H
#define CUDALINT_LIB_COMPILECOMMANDS_COMMANDTRANSLATION_H

#include "cudalint/CompileCommands/CompileCommand.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint::cmdline {

llvm::Error makeError(const llvm::Twine &Msg);
llvm::Error missingValue(llvm::StringRef Compiler, llvm::StringRef Flag);

/// Path resolved against WorkingDir, dots kept.
std::string absolutePath(llvm::StringRef Path, llvm::StringRef WorkingDir);

//===-- Compiler names (CompilerNames.cpp) -------------------------------===//

/// "nvcc", "clang++-19", ... for "/usr/local/cuda/bin/nvcc",
/// "C:\\CUDA\\bin\\nvcc.exe", "clang++-19".
std::string compilerName(llvm::StringRef Path);
bool isCompilerCacheWrapper(llvm::StringRef Name);
/// Name without a version suffix: "clang++-19" -> "clang++", "hipcc-5.2"
/// -> "hipcc".
llvm::StringRef withoutVersionSuffix(llvm::StringRef Name);
/// clang, clang++, clang-19, clang++-19.1, x86_64-linux-gnu-clang++; not
/// clang-cl (MSVC syntax) or clang-tidy.
bool isClangName(llvm::StringRef Name);
/// gcc, g++, c++, cc, g++-12, x86_64-linux-gnu-g++-12, mpicxx: a host
/// compiler with GCC's driver syntax.
bool isGccName(llvm::StringRef Name);

//===-- Shared by both translators (CompileCommand.cpp) ------------------===//

/// Inputs nvcc and clang accept that are not compiled from source.
bool isSourceFile(llvm::StringRef Path);

/// Splits a list value the way nvcc does: on commas, then each item the way
/// the shell would (nvcc pastes -Xcompiler items into the host command
/// line, so "-Xcompiler '-Wall -Wextra'" passes two flags).
std::vector<std::string> splitListValue(llvm::StringRef Value, bool ShellSplit);

/// ptxas' own -maxrregcount passed through -Xptxas.
std::optional<unsigned> ptxasMaxRegCount(llvm::ArrayRef<std::string> Options);

/// What a translator fills in, with the state the whole command shares.
struct Collector {
  TranslatedCommand &Out;
  llvm::StringRef WorkingDir;
  llvm::StringSet<> WarnedSpellings;
  /// Archs per -arch/-code pair or -gencode, in command order; the -arch /
  /// -code pair fills its slot once the whole command has been seen.
  std::vector<std::vector<std::string>> ArchGroups;

  void warnOnce(llvm::StringRef Spelling, const llvm::Twine &Message) {
    if (WarnedSpellings.insert(Spelling).second)
      Out.Warnings.push_back(Message.str());
  }

  /// Adds one GPU arch spelling from Flag; "native"/"all"/"all-major" set
  /// ArchIsNativeOrAll.
  void addArch(llvm::StringRef Spelling, llvm::StringRef Flag,
               std::vector<std::string> &Group);

  void finishArchs();

  void addIncludeDir(llvm::StringRef Flag, llvm::StringRef Dir);

  /// -include FILE looks in the working directory first and then along the
  /// include path (GCC's rule, which Clang follows), so only a file that is
  /// there may be made absolute.
  void addPreInclude(llvm::StringRef File);
};

//===-- Host flags, via Clang's option table (ClangTranslation.cpp) ----===//

/// Host compiler flags from -Xcompiler or forwarded unknown flags: keep what
/// a Clang parse can use (preprocessor, language, -f, -W, -O, -g, -m,
/// -pthread), drop the rest quietly. nvcc accepted the command, so a flag
/// here was meant for GCC and Clang not knowing it is no news; Clang would
/// reject the whole command for one unknown flag.
void addHostFlags(llvm::ArrayRef<std::string> Flags, Collector &C,
                  std::optional<std::string> &HostStd);

//===-- The translators --------------------------------------------------===//

/// nvcc's arguments (after the compiler), into C.
llvm::Error translateNvcc(llvm::ArrayRef<std::string> Args, Collector &C);

/// A clang or GCC-style compiler's arguments (after the compiler), into C.
llvm::Error translateClangLike(llvm::ArrayRef<std::string> Args, Collector &C);

} // namespace cudalint::cmdline

#endif
