//===- LspOptions.cpp - The `lsp` command's options -----------------------===//

#include "cudalint/Lsp/LspServer.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace cudalint {

StringRef lspHelp() {
  return R"(cuda-launch-lint lsp: a language server over stdio (docs/editors.md).

  --compile-commands-dir=DIR  the directory of compile_commands.json (default:
                              as clangd, the file's directory, its parents,
                              and a build/ beside each)
  --resource-usage=MODE       auto|nvcc|clang|none|objects|<file>, as lint
  --arch=sm_80,sm_90          target archs (default: config, else commands)
  --config=FILE               the config file for every file (default: the
                              nearest .cuda-launch-lint.yaml above each)
  --checks=GLOBS, --gpu=PRESET, --cuda-path=DIR, --cache-dir=DIR, --no-cache
  --inlay-hints               threads per block and occupancy at each launch
  --debounce-ms=N             wait after an edit before analysing (300)
  --docs-dir=DIR              the check pages linked from each finding
  --lit-test                  tests: delimited input ('---' lines, '#'
                              comments), pretty output, in order
)";
}

namespace {

Error optionError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), "lsp: " + Message);
}

/// The options that take a text value and store it as given.
std::string *textOption(StringRef Name, LspOptions &O) {
  if (Name == "--resource-usage")
    return &O.Settings.ResourceUsage;
  if (Name == "--arch")
    return &O.Settings.Archs;
  if (Name == "--gpu")
    return &O.Settings.Gpu;
  if (Name == "--cuda-path")
    return &O.Settings.CudaPath;
  if (Name == "--cache-dir")
    return &O.Settings.CacheDir;
  if (Name == "--docs-dir")
    return &O.DocsDir;
  return nullptr;
}

/// An option without a value; false when A is none of them.
bool applyFlag(StringRef A, LspOptions &O) {
  if (A == "--help" || A == "-h")
    O.Help = true;
  else if (A == "--lit-test")
    O.Synchronous = O.DelimitedInput = O.PrettyOutput = true;
  else if (A == "--inlay-hints")
    O.InlayHints = true;
  else if (A == "--no-cache")
    O.Settings.NoCache = true;
  else
    return false;
  return true;
}

/// An option with a value (Name=Value, Value not empty).
Error applyValue(StringRef Arg, StringRef Name, StringRef Value,
                 LspOptions &O) {
  if (std::string *Text = textOption(Name, O)) {
    *Text = Value.str();
    return Error::success();
  }
  if (Name == "--checks") {
    O.Settings.Checks = Value.str();
    return Error::success();
  }
  if (Name == "--compile-commands-dir") {
    SmallString<256> D(Value);
    sys::fs::make_absolute(D);
    if (!sys::fs::is_directory(D))
      return optionError("--compile-commands-dir " + Value +
                         ": not a directory");
    O.CompileCommandsDir = D.str().str();
    return Error::success();
  }
  if (Name == "--config") {
    SmallString<256> F(Value);
    sys::fs::make_absolute(F);
    O.Settings.ConfigFile = F.str().str();
    return Error::success();
  }
  if (Name == "--debounce-ms") {
    if (Value.getAsInteger(10, O.DebounceMs))
      return optionError("--debounce-ms: '" + Value + "' is not a number");
    return Error::success();
  }
  return optionError("unknown option '" + Arg +
                     "' (see 'cuda-launch-lint lsp --help')");
}

} // namespace

Expected<LspOptions> parseLspOptions(ArrayRef<StringRef> Args) {
  LspOptions O;
  O.Settings.FindConfig = true;
  for (StringRef A : Args) {
    if (applyFlag(A, O)) {
      if (O.Help)
        return O;
      continue;
    }
    auto [Name, Value] = A.split('=');
    bool Known = textOption(Name, O) || Name == "--checks" ||
                 Name == "--compile-commands-dir" || Name == "--config" ||
                 Name == "--debounce-ms";
    if (Known && Value.empty())
      return optionError(Name + " needs a value (" + Name + "=...)");
    if (Error E = applyValue(A, Name, Value, O))
      return std::move(E);
  }
  return O;
}

Error checkLspSettings(const LspOptions &Options, StringRef WorkDir) {
  LintSettings S = Options.Settings;
  S.FindConfig = false;
  S.RequireChecks = false;
  SmallString<256> File(WorkDir);
  sys::path::append(File, "lsp.cu");
  Expected<Pipeline> P = Pipeline::create(S, SettingNames::CommandLine, File);
  if (!P)
    return optionError(toString(P.takeError()));
  return Error::success();
}

} // namespace cudalint
