//===- LintCommand.cpp - `cuda-launch-lint [options] <source>...` ---------===//

#include "LintCommand.h"

#include "cudalint/FactsReport.h"
#include "cudalint/Frontend.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace cudalint {

namespace {

int fail(const Twine &Message) {
  errs() << "cuda-launch-lint: error: " << Message << "\n";
  return 2;
}

} // namespace

int runLintCommand(ArrayRef<StringRef> Args) {
  std::vector<std::string> Sources, CompileFlags;
  std::string BuildDir, CudaPath, Format = "text";
  bool HaveFlags = false, ListLaunches = false;

  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef Arg = Args[I];
    if (Arg == "--") {
      HaveFlags = true;
      for (StringRef F : Args.drop_front(I + 1))
        CompileFlags.push_back(F.str());
      break;
    }
    auto Value = [&](StringRef Name, std::string &Out) -> bool {
      if (Arg == Name && I + 1 < Args.size()) {
        Out = Args[++I].str();
        return true;
      }
      if (Arg.consume_front(Name) && Arg.consume_front("=")) {
        Out = Arg.str();
        return true;
      }
      return false;
    };
    if (Value("-p", BuildDir) || Value("--cuda-path", CudaPath) ||
        Value("--format", Format))
      continue;
    if (Arg == "--list-launches") {
      ListLaunches = true;
      continue;
    }
    if (Arg.starts_with("-"))
      return fail("unknown option '" + Arg + "' (see --help)");
    Sources.push_back(Arg.str());
  }
  if (Format != "text" && Format != "json")
    return fail("--format: '" + Format + "' is not one of text, json");

  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  if (!BuildDir.empty()) {
    SmallString<256> Json(BuildDir);
    sys::path::append(Json, "compile_commands.json");
    if (!sys::fs::exists(Json))
      return fail("-p " + BuildDir + ": no compile_commands.json there");
    std::string Why;
    DB = clang::tooling::JSONCompilationDatabase::loadFromFile(
        Json, Why, clang::tooling::JSONCommandLineSyntax::AutoDetect);
    if (!DB)
      return fail(Json + ": " + Why);
    if (Sources.empty())
      Sources = DB->getAllFiles();
    if (Sources.empty())
      return fail("-p " + BuildDir + ": compile_commands.json lists no file");
  } else {
    if (!HaveFlags)
      return fail("no compile flags: give them after '--', or a build "
                  "directory with -p");
    SmallString<256> Cwd;
    sys::fs::current_path(Cwd);
    DB = std::make_unique<clang::tooling::FixedCompilationDatabase>(
        Cwd, CompileFlags);
  }
  if (Sources.empty())
    return fail("no source file given");
  DB = translateNvccCommands(std::move(DB), errs());

  // Unreadable inputs are reported and skipped; the others are analysed.
  std::vector<std::string> Readable;
  for (const std::string &S : Sources) {
    SmallString<256> Abs(S);
    sys::fs::make_absolute(Abs);
    if (sys::fs::is_directory(Abs)) {
      errs() << "cuda-launch-lint: error: " << S << ": is a directory\n";
      continue;
    }
    if (std::error_code EC = sys::fs::access(Abs, sys::fs::AccessMode::Exist)) {
      errs() << "cuda-launch-lint: error: " << S << ": " << EC.message()
             << "\n";
      continue;
    }
    Readable.push_back(Abs.str().str());
  }
  if (Readable.empty())
    return fail("nothing could be analysed");

  FrontendOptions Opts;
  std::string Why;
  Opts.Toolkit = findCudaToolkit(CudaPath, Why);
  if (!Opts.Toolkit)
    errs() << "cuda-launch-lint: note: " << Why
           << "; parsing with built-in CUDA declarations, and register-based "
              "checks are off\n";

  std::vector<TranslationUnitFacts> Facts =
      collectFacts(*DB, Readable, Opts, errs());
  for (const TranslationUnitFacts &U : Facts)
    if (!U.Errors.empty())
      errs() << "cuda-launch-lint: note: " << U.MainFile << ": "
             << U.Errors.size()
             << " front-end error(s) (first: " << U.Errors.front().Loc.Line
             << ":" << U.Errors.front().Loc.Column << ": "
             << U.Errors.front().Message
             << "); analysed what Clang recovered\n";

  if (Format == "json")
    writeFactsJSON(outs(), Facts);
  else if (ListLaunches)
    printLaunchList(outs(), Facts);
  return Readable.size() == Sources.size() ? 0 : 2;
}

} // namespace cudalint
