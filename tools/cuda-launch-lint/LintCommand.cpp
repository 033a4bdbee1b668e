//===- LintCommand.cpp - `cuda-launch-lint [options] <source>...` ---------===//

#include "LintCommand.h"

#include "cudalint/DeviceFacts.h"
#include "cudalint/CompileCommand.h"
#include "cudalint/FactsReport.h"
#include "cudalint/Frontend.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <future>

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
  // Device facts (lib/Device, docs/device-facts.md).
  std::string ResourceUsage = "auto", ArchList, CacheDir, JobsText,
              DeviceTimeout;
  bool NoCache = false, Verbose = false;

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
      // On a copy: "-j4" must still read "-j4" after Value("-j") fails.
      StringRef Rest = Arg;
      if (Rest.consume_front(Name) && Rest.consume_front("=")) {
        Out = Rest.str();
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
    // Device facts options.
    if (Value("--resource-usage", ResourceUsage) || Value("--arch", ArchList) ||
        Value("--cache-dir", CacheDir) || Value("-j", JobsText) ||
        Value("--device-timeout", DeviceTimeout))
      continue;
    if (Arg.starts_with("-j") && Arg.size() > 2) {
      JobsText = Arg.drop_front(2).str();
      continue;
    }
    if (Arg == "--no-cache" || Arg == "--verbose") {
      (Arg == "--no-cache" ? NoCache : Verbose) = true;
      continue;
    }
    if (Arg.starts_with("-"))
      return fail("unknown option '" + Arg + "' (see --help)");
    Sources.push_back(Arg.str());
  }
  if (Format != "text" && Format != "json")
    return fail("--format: '" + Format + "' is not one of text, json");

  DeviceFactsOptions DevOpts;
  DevOpts.M = parseResourceUsageMode(ResourceUsage, DevOpts.LogFile);
  if (DevOpts.M == DeviceFactsOptions::Mode::Log) {
    if (ResourceUsage.empty())
      return fail("--resource-usage: expected auto, nvcc, clang, none or a "
                  "log file");
    if (sys::fs::is_directory(DevOpts.LogFile))
      return fail("--resource-usage " + DevOpts.LogFile + ": is a directory");
    if (std::error_code EC =
            sys::fs::access(DevOpts.LogFile, sys::fs::AccessMode::Exist))
      return fail("--resource-usage " + DevOpts.LogFile + ": " +
                  EC.message());
  }
  if (!ArchList.empty()) {
    SmallVector<StringRef, 4> Parts;
    StringRef(ArchList).split(Parts, ',', -1, false);
    for (StringRef P : Parts) {
      auto A = normalizeGpuArch(P.trim());
      if (!A)
        return fail("--arch: '" + P + "' is not a GPU architecture (sm_XY)");
      DevOpts.Archs.push_back(*A);
    }
  }
  if (!JobsText.empty() &&
      (StringRef(JobsText).getAsInteger(10, DevOpts.Jobs) || !DevOpts.Jobs))
    return fail("-j: '" + JobsText + "' is not a positive number");
  if (!DeviceTimeout.empty() &&
      (StringRef(DeviceTimeout).getAsInteger(10, DevOpts.TimeoutSeconds) ||
       !DevOpts.TimeoutSeconds))
    return fail("--device-timeout: '" + DeviceTimeout +
                "' is not a positive number of seconds");
  DevOpts.UseCache = !NoCache;
  DevOpts.CacheDir = CacheDir;

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
  // The user's own commands, for device compilation (owned by the wrapper).
  clang::tooling::CompilationDatabase *UserDB = DB.get();
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
           << "; parsing with built-in CUDA declarations"
           << (DevOpts.M == DeviceFactsOptions::Mode::Log
                   ? ""
                   : ", and register-based checks are off")
           << "\n";

  // Device facts run beside the front end: they need only the commands.
  std::future<DeviceFacts> DeviceRun;
  bool WantDevice = DevOpts.M == DeviceFactsOptions::Mode::None ||
                    DevOpts.M == DeviceFactsOptions::Mode::Log ||
                    Opts.Toolkit;
  if (WantDevice) {
    if (Opts.Toolkit)
      DevOpts.CudaRoot = Opts.Toolkit->Root;
    std::vector<DeviceCompileInput> Inputs;
    for (const std::string &F : Readable) {
      DeviceCompileInput In{F, "", {}};
      for (clang::tooling::CompileCommand &C :
           UserDB->getCompileCommands(F)) {
        In.Directory = C.Directory;
        In.Argv = std::move(C.CommandLine);
        // `-- nvcc <flags>`: the fixed database's placeholder compiler.
        if (In.Argv.size() > 1 &&
            sys::path::filename(In.Argv[0]) == "clang-tool" &&
            sys::path::stem(In.Argv[1]) == "nvcc")
          In.Argv.erase(In.Argv.begin());
        break;
      }
      Inputs.push_back(std::move(In));
    }
    DeviceRun = std::async(std::launch::async, [Inputs, DevOpts] {
      return computeDeviceFacts(Inputs, DevOpts);
    });
  }

  std::vector<TranslationUnitFacts> Facts =
      collectFacts(*DB, Readable, Opts, errs());

  DeviceResourceTable Device;
  if (DeviceRun.valid()) {
    DeviceFacts D = DeviceRun.get();
    Device = joinDeviceFacts(D, Facts);
    for (const std::string &N : Device.Notes)
      errs() << "cuda-launch-lint: note: " << N << "\n";
    if (Verbose)
      errs() << "cuda-launch-lint: device compiles: " << D.Stats.DeviceCompiles
             << ", cache hits: " << D.Stats.CacheHits
             << ", cache misses: " << D.Stats.CacheMisses
             << ", cache writes: " << D.Stats.CacheWrites
             << ", failed: " << D.Stats.FailedCompiles
             << format(", device facts: %.2f s", D.Stats.Seconds) << "\n";
  }
  for (const TranslationUnitFacts &U : Facts)
    if (!U.Errors.empty())
      errs() << "cuda-launch-lint: note: " << U.MainFile << ": "
             << U.Errors.size()
             << " front-end error(s) (first: " << U.Errors.front().Loc.Line
             << ":" << U.Errors.front().Loc.Column << ": "
             << U.Errors.front().Message
             << "); analysed what Clang recovered\n";

  if (Format == "json")
    writeFactsJSON(outs(), Facts, &Device);
  else if (ListLaunches)
    printLaunchList(outs(), Facts);
  return Readable.size() == Sources.size() ? 0 : 2;
}

} // namespace cudalint
