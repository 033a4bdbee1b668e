//===- EmbeddedRun.cpp - The pipeline inside someone else's Clang ---------===//

#include "cudalint/Embedded/EmbeddedRun.h"

#include "cudalint/Frontend/Frontend.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

namespace {

/// The user's own command for File: given, else from a compile database.
std::optional<clang::tooling::CompileCommand>
findCommand(StringRef File, const HostCommand &Cmd) {
  clang::tooling::CompileCommand C;
  C.Filename = File.str();
  if (!Cmd.Argv.empty()) {
    C.Directory = Cmd.Directory;
    C.CommandLine = Cmd.Argv;
    return C;
  }
  // (The parent is a prefix of Dir: shortening Dir in place, because
  // assigning Dir a StringRef into itself reads the buffer it clears.)
  for (SmallString<256> Dir(Cmd.BuildDir); !Dir.empty();
       Dir.resize(sys::path::parent_path(Dir).size())) {
    SmallString<256> Json(Dir);
    sys::path::append(Json, "compile_commands.json");
    std::string Why;
    if (sys::fs::exists(Json))
      if (auto DB = clang::tooling::JSONCompilationDatabase::loadFromFile(
              Json, Why, clang::tooling::JSONCommandLineSyntax::AutoDetect)) {
        std::vector<clang::tooling::CompileCommand> Commands =
            DB->getCompileCommands(File);
        if (!Commands.empty())
          return Commands.front();
      }
    if (!Cmd.SearchUpwards)
      break;
  }
  return std::nullopt;
}

} // namespace

PipelineResult runOnHostAST(const Pipeline &P, clang::ASTContext &Ctx,
                            StringRef MainFile, const HostCommand &Cmd) {
  SmallString<256> Main(MainFile);
  sys::fs::make_absolute(Main);
  sys::path::remove_dots(Main, /*remove_dot_dot=*/true);
  std::optional<clang::tooling::CompileCommand> Command =
      findCommand(Main, Cmd);
  PipelineInput In;
  In.Files = {Main.str().str()};
  In.UserCommand = [&](StringRef) { return Command; };
  In.CollectFacts = [&](const FrontendOptions &) {
    return std::vector<TranslationUnitFacts>{collectFactsFromAST(Ctx, Main)};
  };
  In.ParsesSources = false;
  return P.run(In);
}

clang::SourceLocation toSourceLocation(clang::SourceManager &SM,
                                       const SourceLoc &Loc) {
  if (!Loc.valid())
    return {};
  clang::OptionalFileEntryRef File =
      SM.getFileManager().getOptionalFileRef(Loc.File);
  if (!File)
    return {};
  return SM.translateFileLineCol(*File, Loc.Line, Loc.Column);
}

std::string escapeForDiagnostic(StringRef Message) {
  std::string Out;
  for (char C : Message) {
    if (C == '%')
      Out += '%';
    Out += C;
  }
  return Out;
}

} // namespace cudalint
