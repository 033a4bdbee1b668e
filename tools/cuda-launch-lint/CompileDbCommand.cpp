//===- CompileDbCommand.cpp - `cuda-launch-lint compile-db` ---------------===//
//
//   cuda-launch-lint compile-db -p <build> -o <dir>
//
// Reads <build>/compile_commands.json, writes <dir>/compile_commands.json
// with every nvcc command translated for Clang (EditorDatabase), and the
// stand-in headers those commands name under <dir>/cuda-launch-lint/.
// The build's own database is never written: <dir> must be another
// directory. Files are written atomically (llvm::writeToOutput: a temporary
// file, then rename).
//
//===----------------------------------------------------------------------===//

#include "CompileDbCommand.h"

#include "CommandSupport.h"

#include "cudalint/Frontend/Frontend.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cudalint {

namespace {

cl::SubCommand CompileDb("compile-db",
                         "write a Clang-ready compile_commands.json for an "
                         "nvcc build (clangd, clang-tidy)");
cl::opt<std::string> BuildDir("p", cl::value_desc("build-dir"),
                              cl::desc("the build's compile_commands.json"),
                              cl::sub(CompileDb));
cl::opt<std::string>
    OutputDir("o", cl::value_desc("dir"),
              cl::desc("where to write compile_commands.json and the "
                       "stand-in headers (not the build directory)"),
              cl::sub(CompileDb));
cl::opt<std::string> CudaPath("cuda-path", cl::value_desc("dir"),
                              cl::desc("the CUDA toolkit (default: as lint)"),
                              cl::sub(CompileDb));

/// Writes Text to Path through a temporary file renamed over it.
Error writeAtomically(StringRef Path, StringRef Text) {
  if (std::error_code EC =
          sys::fs::create_directories(sys::path::parent_path(Path)))
    return createStringError(EC, Path + ": " + EC.message());
  return writeToOutput(Path, [&](raw_ostream &OS) {
    OS << Text;
    return Error::success();
  });
}

std::string databaseJSON(ArrayRef<clang::tooling::CompileCommand> Commands) {
  json::Array Entries;
  for (const clang::tooling::CompileCommand &C : Commands) {
    json::Object E{{"directory", C.Directory},
                   {"file", C.Filename},
                   {"arguments", json::Array(C.CommandLine)}};
    if (!C.Output.empty())
      E["output"] = C.Output;
    Entries.push_back(std::move(E));
  }
  std::string Text;
  raw_string_ostream OS(Text);
  OS << formatv("{0:2}", json::Value(std::move(Entries))) << "\n";
  return Text;
}

} // namespace

int runCompileDbCommand(ArrayRef<StringRef> Args) {
  std::vector<const char *> Argv = {"cuda-launch-lint", "compile-db"};
  std::vector<std::string> Storage(Args.begin(), Args.end());
  for (const std::string &S : Storage)
    Argv.push_back(S.c_str());
  if (!parseOptions(Argv, ""))
    return 2;
  if (BuildDir.empty() || OutputDir.empty())
    return fail("compile-db needs -p <build-dir> and -o <dir>");
  SmallString<256> In(BuildDir), Out(OutputDir);
  sys::fs::make_absolute(In);
  sys::fs::make_absolute(Out);
  sys::path::remove_dots(In, true);
  sys::path::remove_dots(Out, true);
  SmallString<256> Json(In);
  sys::path::append(Json, "compile_commands.json");
  if (!sys::fs::exists(Json))
    return fail("-p " + BuildDir + ": no compile_commands.json there");
  sys::fs::UniqueID InID, OutID;
  if (!sys::fs::getUniqueID(In, InID) && !sys::fs::getUniqueID(Out, OutID) &&
      InID == OutID)
    return fail("-o " + OutputDir +
                ": is the build directory; the build's own database is "
                "never overwritten");
  std::string Why;
  auto DB = clang::tooling::JSONCompilationDatabase::loadFromFile(
      Json, Why, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return fail(Json + ": " + Why);
  std::optional<CudaToolkit> Toolkit = findCudaToolkit(CudaPath, Why);
  if (!Toolkit)
    errs() << "cuda-launch-lint: note: " << Why
           << "; the commands name no toolkit\n";

  SmallString<256> StandInDir(Out);
  sys::path::append(StandInDir, "cuda-launch-lint");
  EditorDatabase E = editorDatabase(*DB, Toolkit, StandInDir);
  for (const std::string &N : E.Notes)
    errs() << "cuda-launch-lint: warning: " << N << "\n";
  for (const auto &[Path, Text] : E.StandIns)
    if (Error Err = writeAtomically(Path, Text))
      return fail(toString(std::move(Err)));
  SmallString<256> OutJson(Out);
  sys::path::append(OutJson, "compile_commands.json");
  if (Error Err = writeAtomically(OutJson, databaseJSON(E.Commands)))
    return fail(toString(std::move(Err)));
  errs() << "cuda-launch-lint: wrote " << OutJson << " (" << E.Commands.size()
         << " commands)\n";
  return 0;
}

} // namespace cudalint
