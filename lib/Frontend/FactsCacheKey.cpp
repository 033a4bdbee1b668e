//===- FactsCacheKey.cpp - What a unit's parse depends on besides files ---===//
//
// The facts of a unit are a function of: the tool (its build: facts change
// with the code that collects them), Clang (libclang-cpp is loaded at run
// time), the serialized form's version, the compile command Clang runs
// (after nvcc translation: directory, file, every argument), the arguments
// and in-memory headers the tool adds (the toolkit path, the stand-ins, the
// overrides header), the environment the Clang driver reads for include
// directories, and the content of every file the parse reads. All but the
// last go into this key; the files are the manifest's dependency sets.
//
//===----------------------------------------------------------------------===//

#include "FrontendCache.h"

#include "cudalint/Cache/CacheSupport.h"
#include "cudalint/Facts/FactsJSON.h"

#include "clang/Basic/Version.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Process.h"

using namespace llvm;

namespace cudalint {

std::string
factsCacheKey(const clang::tooling::CompilationDatabase &DB, StringRef File,
              ArrayRef<std::string> ExtraArgs,
              ArrayRef<std::pair<std::string, std::string>> VirtualFiles) {
  std::string Material = "cuda-launch-lint front-end facts " +
                         std::to_string(FactsSchemaVersion) + "\n";
  auto Add = [&](StringRef S) {
    Material += S;
    Material += '\0';
  };
  Add(toolIdentity());
  Add(clang::getClangFullVersion());
  Add(File);
  // Every command ClangTool will run for the file (a translating database
  // gives one), as it runs them.
  for (const clang::tooling::CompileCommand &C : DB.getCompileCommands(File)) {
    Add("--command--");
    Add(C.Directory);
    Add(C.Filename);
    Add(C.Output);
    for (const std::string &A : C.CommandLine)
      Add(A);
  }
  Add("--extra--");
  for (const std::string &A : ExtraArgs)
    Add(A);
  for (const auto &[Path, Text] : VirtualFiles) {
    Add(Path);
    Add(Text);
  }
  // The Clang driver adds these to the include path.
  for (const char *Var : {"CPATH", "C_INCLUDE_PATH", "CPLUS_INCLUDE_PATH",
                          "OBJC_INCLUDE_PATH", "OBJCPLUS_INCLUDE_PATH"}) {
    Add(Var);
    Add(sys::Process::GetEnv(Var).value_or("<unset>"));
  }
  return hashString(Material);
}

} // namespace cudalint
