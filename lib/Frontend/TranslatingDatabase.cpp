//===- TranslatingDatabase.cpp - nvcc commands as Clang commands ----------===//

#include "cudalint/Frontend/Frontend.h"

#include "cudalint/CompileCommands/CompileCommand.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

#include <mutex>
#include <set>

using namespace clang::tooling;
using namespace llvm;

namespace cudalint {

namespace {

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
