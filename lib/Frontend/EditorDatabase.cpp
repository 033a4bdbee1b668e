//===- EditorDatabase.cpp - An nvcc build's database, for clangd ----------===//
//
// clangd and clang-tidy parse with Clang, which rejects nvcc's flags
// (--generate-code, -rdc=true, --extended-lambda, -Xcompiler=...) and, with
// CUDA 13, misses headers its CUDA wrapper still includes. The tool already
// translates those commands for its own parse; here the translation is
// written out for them: the same flags the tool's parse uses, minus what
// only its analysis wants, with the in-memory stand-ins made real files.
//
//===----------------------------------------------------------------------===//

#include "cudalint/Arch/Arch.h"
#include "cudalint/CompileCommands/CompileCommand.h"
#include "cudalint/Frontend/Frontend.h"

#include "CudaParseSetup.h"

#include "clang/Basic/Cuda.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace llvm;
using clang::tooling::CompileCommand;

namespace cudalint {

namespace {

/// Where the tool's parse keeps its in-memory headers.
constexpr StringLiteral VirtualRoot = "/__cudalint__";

/// Only the analysis wants these: the annotation overrides route attributes
/// to ones only the module and the plugin register, and the others trade
/// messages for robustness.
bool analysisOnly(StringRef Arg) {
  return Arg == "-fno-caret-diagnostics" || Arg == "-fno-spell-checking" ||
         Arg == "-Wno-unknown-attributes" || Arg.ends_with("/overrides.h");
}

/// The Clang these commands are for: clangd-19 and clang-tidy-19 take the
/// driver name from argv[0].
std::string clangCompilerPath() {
  ErrorOr<std::string> Found = sys::findProgramByName("clang++-19");
  return Found ? *Found : "clang++";
}

/// The parse flags, with the virtual root moved to StandInDir.
std::vector<std::string> editorParseArgs(const CudaParseSetup &Setup,
                                         StringRef StandInDir) {
  std::vector<std::string> Args;
  for (size_t I = 0; I < Setup.Args.size(); ++I) {
    StringRef A = Setup.Args[I];
    if (analysisOnly(A))
      continue;
    if (A == "-include" && I + 1 < Setup.Args.size() &&
        analysisOnly(Setup.Args[I + 1])) {
      ++I;
      continue;
    }
    std::string Arg = A.str();
    size_t At = Arg.find(VirtualRoot);
    if (At != std::string::npos)
      Arg.replace(At, VirtualRoot.size(), StandInDir.str());
    Args.push_back(std::move(Arg));
  }
  return Args;
}

} // namespace

EditorDatabase editorDatabase(const clang::tooling::CompilationDatabase &DB,
                              const std::optional<CudaToolkit> &Toolkit,
                              StringRef StandInDir) {
  EditorDatabase Out;
  CudaParseSetup Setup = cudaParseSetup(Toolkit);
  for (const auto &[Path, Text] : Setup.VirtualFiles) {
    StringRef Rest = Path;
    if (!analysisOnly(Path) && Rest.consume_front(VirtualRoot))
      Out.StandIns.push_back({(StandInDir + Rest).str(), Text});
  }
  std::vector<std::string> ParseArgs = editorParseArgs(Setup, StandInDir);
  std::string Clang = clangCompilerPath();
  for (CompileCommand C : DB.getAllCompileCommands()) {
    auto T = translateCompileCommand(C.CommandLine, C.Directory);
    if (!T) {
      Out.Notes.push_back(C.Filename +
                          ": left as it is: " + toString(T.takeError()));
      Out.Commands.push_back(std::move(C));
      continue;
    }
    if (T->Kind != CompilerKind::Nvcc) {
      Out.Commands.push_back(std::move(C));
      continue;
    }
    for (const std::string &W : T->Warnings)
      if (!is_contained(Out.Notes, W))
        Out.Notes.push_back(W);
    std::vector<std::string> Argv = {Clang};
    append_range(Argv, T->ClangArgs);
    std::vector<std::string> Archs = T->TargetArchs;
    if (Archs.empty())
      Archs = {DefaultTargetArch.str()};
    // Clang 19 refuses archs newer than it knows (sm_100 and up), and the
    // host side these commands parse does not depend on them.
    for (const std::string &A : Archs) {
      if (clang::StringToOffloadArch(A) == clang::OffloadArch::UNKNOWN) {
        std::string Note = "target arch " + A +
                           " is unknown to Clang 19; left out of the Clang "
                           "commands (the host side does not depend on it)";
        if (!is_contained(Out.Notes, Note))
          Out.Notes.push_back(std::move(Note));
        continue;
      }
      Argv.push_back("--cuda-gpu-arch=" + A);
    }
    append_range(Argv, ParseArgs);
    // nvcc's host compiler is GCC, which finds its own headers (omp.h).
    if (!hostCompilerIncludeDir().empty())
      append_range(Argv, std::vector<std::string>{"-idirafter",
                                                  hostCompilerIncludeDir()});
    Argv.push_back("-c");
    Argv.push_back(C.Filename);
    if (!C.Output.empty()) {
      Argv.push_back("-o");
      Argv.push_back(C.Output);
    }
    C.CommandLine = std::move(Argv);
    Out.Commands.push_back(std::move(C));
  }
  return Out;
}

} // namespace cudalint
