//===- EmbeddedRun.cpp - The pipeline inside someone else's Clang ---------===//

#include "cudalint/Embedded/EmbeddedRun.h"

#include "cudalint/Frontend/Frontend.h"
#include "cudalint/Lint/LaunchCoverage.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
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
  if (Cmd.FixedFlags) {
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    clang::tooling::FixedCompilationDatabase Fixed(Cwd, *Cmd.FixedFlags);
    std::vector<clang::tooling::CompileCommand> Commands =
        Fixed.getCompileCommands(File);
    if (!Commands.empty())
      return Commands.front();
  }
  return std::nullopt;
}

} // namespace

std::vector<std::string> processArguments() {
  // The file reads as empty through stat: read it as a stream.
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileAsStream("/proc/self/cmdline");
  std::vector<std::string> Args;
  if (!Buffer)
    return Args;
  SmallVector<StringRef, 32> Parts;
  (*Buffer)->getBuffer().split(Parts, '\0', -1, /*KeepEmpty=*/true);
  // Every argument ends in a NUL: the last part is empty.
  if (!Parts.empty() && Parts.back().empty())
    Parts.pop_back();
  for (StringRef P : Parts)
    Args.push_back(P.str());
  return Args;
}

std::optional<std::vector<std::string>>
clangTidyFixedFlags(ArrayRef<std::string> Argv) {
  auto DoubleDash = llvm::find(Argv, "--");
  if (DoubleDash == Argv.end())
    return std::nullopt;
  std::vector<std::string> Before, After;
  for (auto It = Argv.begin(); It != DoubleDash; ++It) {
    StringRef A = *It;
    // -opt=value, --opt=value and -opt value, as llvm::cl reads them.
    A.consume_front("-");
    A.consume_front("-");
    for (auto [Name, Into] : {std::pair("extra-arg-before", &Before),
                              std::pair("extra-arg", &After)}) {
      if (StringRef Value = A;
          Value.consume_front(Name) && Value.consume_front("=")) {
        Into->push_back(Value.str());
        break;
      }
      if (A == Name && std::next(It) != DoubleDash) {
        Into->push_back(*++It);
        break;
      }
    }
  }
  std::vector<std::string> Flags = std::move(Before);
  Flags.insert(Flags.end(), std::next(DoubleDash), Argv.end());
  Flags.insert(Flags.end(), After.begin(), After.end());
  return Flags;
}

std::vector<RunMessage> runMessages(const PipelineResult &R) {
  std::vector<RunMessage> Out;
  for (const std::vector<std::string> *Lines : {&R.Notes, &R.Warnings})
    for (const std::string &Line : *Lines)
      Out.push_back({SourceLoc(), "cuda-launch-lint: " + Line});
  for (const UncheckedLaunch &U : R.Unchecked)
    Out.push_back({R.Units[U.Unit].Launches[U.Launch].Loc,
                   uncheckedLaunchMessage(R.Units[U.Unit].Launches[U.Launch],
                                          U.Reasons)});
  return Out;
}

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
