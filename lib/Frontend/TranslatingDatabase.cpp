//===- TranslatingDatabase.cpp - nvcc commands as Clang commands ----------===//

#include "cudalint/Frontend/Frontend.h"

#include "cudalint/CompileCommands/CompileCommand.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/Path.h"

#include <mutex>
#include <set>

using namespace clang::tooling;
using namespace llvm;

namespace cudalint {

namespace {

/// Whether Argv defines or undefines Macro itself (-DM, -DM=V, -D M, -UM).
bool namesMacro(ArrayRef<std::string> Argv, StringRef Macro) {
  for (size_t I = 0; I < Argv.size(); ++I) {
    StringRef A = Argv[I];
    StringRef Name;
    if ((A == "-D" || A == "-U") && I + 1 < Argv.size())
      Name = Argv[I + 1];
    else if (A.starts_with("-D") || A.starts_with("-U"))
      Name = A.drop_front(2);
    if (Name.take_until([](char C) { return C == '='; }) == Macro)
      return true;
  }
  return false;
}

/// What nvcc's host compile defines from the command's archs and Clang's
/// host parse does not: __CUDA_ARCH_LIST__ (nvcc --dryrun: the same value in
/// its host and device phases). Without it CUB's and Thrust's versioned
/// namespaces spell the macro's name, and no kernel templated on their types
/// has the name the device output gives it. For a CUDA unit only, and not
/// when the archs depend on the machine (-arch=native) or the command sets
/// the macro itself.
void addArchList(const TranslatedCommand &T, CompileCommand &C) {
  bool Cuda =
      T.Kind == CompilerKind::Nvcc ||
      sys::path::extension(C.Filename) == ".cu" ||
      is_contained(C.CommandLine, "-xcuda") ||
      any_of(seq<size_t>(1, C.CommandLine.size()), [&](size_t I) {
        return C.CommandLine[I - 1] == "-x" && C.CommandLine[I] == "cuda";
      });
  if (!Cuda || T.Hip || T.ArchIsNativeOrAll || C.CommandLine.empty() ||
      namesMacro(C.CommandLine, "__CUDA_ARCH_LIST__"))
    return;
  if (std::optional<std::string> List = nvccArchList(T.TargetArchs))
    C.CommandLine.insert(C.CommandLine.begin() + 1,
                         "-D__CUDA_ARCH_LIST__=" + *List);
}

class TranslatingDatabase : public CompilationDatabase {
public:
  TranslatingDatabase(std::unique_ptr<CompilationDatabase> Inner,
                      raw_ostream &Notes)
      : Inner(std::move(Inner)), Notes(Notes) {}

  /// The first usable command of each file: a file compiled twice (two
  /// targets, two configurations) is analysed once.
  std::vector<CompileCommand>
  getCompileCommands(StringRef File) const override {
    std::vector<CompileCommand> Commands = Inner->getCompileCommands(File);
    std::vector<CompileCommand> Out;
    for (CompileCommand &C : Commands) {
      if (!Out.empty())
        break;
      std::vector<std::string> Argv = C.CommandLine;
      bool Placeholder = !Argv.empty() && isPlaceholderCompiler(Argv.front());
      // `-- nvcc <flags>`, `-- clang++ <flags>`: the user's own compiler.
      bool Named = dropPlaceholderCompiler(Argv);
      // (A bare flag list has no compiler for the placeholder to give way
      // to: where nvcc stands now, it stood in for the placeholder.)
      if (Placeholder && Named && Argv.size() == C.CommandLine.size())
        note(C.Filename + ": the flags after '--' are read as nvcc's ('" +
             nvccOnlyFlag(Argv).value_or("") + "' is an nvcc flag)");
      auto T = translateCompileCommand(Argv, C.Directory);
      if (!T) {
        note(C.Filename +
             ": compile command not usable: " + toString(T.takeError()));
        continue;
      }
      for (const std::string &W : T->Warnings)
        note(W);
      if (T->Kind == CompilerKind::Nvcc) {
        C.CommandLine = {"clang++"};
        C.CommandLine.insert(C.CommandLine.end(), T->ClangArgs.begin(),
                             T->ClangArgs.end());
        C.CommandLine.push_back(C.Filename);
      } else if (!T->DroppedArgs.empty()) {
        // A flag reported dropped must not reach Clang (which would reject
        // the whole command for it): the command as given, without it.
        C.CommandLine.clear();
        for (size_t I = 0; I < T->Original.size(); ++I)
          if (!llvm::is_contained(T->DroppedArgs, I))
            C.CommandLine.push_back(T->Original[I]);
      } else if (Placeholder && Named) {
        C.CommandLine = Argv;
      }
      // nvcc's host compiler is GCC, which finds its own headers (omp.h);
      // after every other directory, so Clang's own headers still win.
      if ((T->Kind == CompilerKind::Nvcc || !Named) &&
          !hostCompilerIncludeDir().empty()) {
        auto At = C.CommandLine.end() - (C.CommandLine.size() > 1 ? 1 : 0);
        C.CommandLine.insert(At, {"-idirafter", hostCompilerIncludeDir()});
      }
      addArchList(*T, C);
      Out.push_back(std::move(C));
    }
    return Out;
  }

  std::vector<std::string> getAllFiles() const override {
    return Inner->getAllFiles();
  }

private:
  /// Each distinct note once per run, however many commands repeat it.
  void note(const std::string &Message) const {
    std::lock_guard<std::mutex> Lock(M);
    if (Seen.insert(Message).second)
      Notes << "cuda-launch-lint: warning: " << Message << "\n";
  }

  std::unique_ptr<CompilationDatabase> Inner;
  raw_ostream &Notes;
  mutable std::mutex M;
  mutable std::set<std::string> Seen;
};

} // namespace

std::unique_ptr<CompilationDatabase>
translateNvccCommands(std::unique_ptr<CompilationDatabase> Inner,
                      raw_ostream &Notes) {
  return std::make_unique<TranslatingDatabase>(std::move(Inner), Notes);
}

} // namespace cudalint
