//===- CompileDatabase.cpp - A standalone run's compile commands ----------===//

#include "cudalint/CompileCommands/CompileCommand.h"
#include "cudalint/Frontend/Frontend.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadCompileDatabase(StringRef BuildDir,
                    std::optional<std::vector<std::string>> CompileFlags,
                    std::vector<std::string> &Files) {
  auto Fail = [](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(), Why);
  };
  if (BuildDir.empty()) {
    if (!CompileFlags)
      return Fail("no compile flags: give them after '--', or a build "
                  "directory with -p");
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    return std::make_unique<clang::tooling::FixedCompilationDatabase>(
        Cwd, *CompileFlags);
  }
  SmallString<256> Json(BuildDir);
  sys::path::append(Json, "compile_commands.json");
  if (!sys::fs::exists(Json))
    return Fail("-p " + BuildDir + ": no compile_commands.json there");
  std::string Why;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          Json, Why, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return Fail(Json + ": " + Why);
  if (Files.empty()) {
    // In a stable order (the database's own is its hash table's).
    Files = DB->getAllFiles();
    llvm::sort(Files);
    if (Files.empty())
      return Fail("-p " + BuildDir + ": compile_commands.json lists no file");
  }
  return DB;
}

std::optional<clang::tooling::CompileCommand>
userCompileCommand(const clang::tooling::CompilationDatabase &DB,
                   StringRef File) {
  std::vector<clang::tooling::CompileCommand> Commands =
      DB.getCompileCommands(File);
  if (Commands.empty())
    return std::nullopt;
  clang::tooling::CompileCommand C = std::move(Commands.front());
  dropPlaceholderCompiler(C.CommandLine);
  return C;
}

std::vector<std::string> readableSources(ArrayRef<std::string> Files,
                                         std::vector<std::string> &Unreadable) {
  std::vector<std::string> Readable;
  for (const std::string &S : Files) {
    SmallString<256> Abs(S);
    sys::fs::make_absolute(Abs);
    if (sys::fs::is_directory(Abs)) {
      Unreadable.push_back(S + ": is a directory");
      continue;
    }
    if (std::error_code EC = sys::fs::access(Abs, sys::fs::AccessMode::Exist)) {
      Unreadable.push_back(S + ": " + EC.message());
      continue;
    }
    Readable.push_back(Abs.str().str());
  }
  return Readable;
}

} // namespace cudalint
