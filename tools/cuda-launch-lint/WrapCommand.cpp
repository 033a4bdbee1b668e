//===- WrapCommand.cpp - `cuda-launch-lint --wrap <compiler> <args>...` ---===//
//
// The compiler launcher (CMAKE_CUDA_COMPILER_LAUNCHER="cuda-launch-lint;
// --wrap", or NVCC="cuda-launch-lint --wrap nvcc" in a Makefile):
//  1. runs the user's compile as asked, with the compiler's resource report
//     added (nvcc: -Xptxas -v); the report's lines are hidden unless the
//     user asked for them; the output, messages and exit status are the
//     compile's. A HIP compile (hipcc, amdclang++, clang++ -x hip) runs
//     unchanged;
//  2. lints the same command, with the device facts from that report (no
//     device compile of its own) or, for HIP, from the AMDGPU code objects
//     in the object it wrote (`--resource-usage=objects` on this one
//     command; an object without them, such as -fgpu-rdc's bitcode, has
//     its device side compiled per gfx target as a direct run does), and
//     prints the findings as compiler diagnostics, errors as warnings
//     unless --wrap-errors;
//  3. writes the findings next to the object file (<object>.cuda-launch-
//     lint.json) for `cuda-launch-lint merge <build dir>`.
// A failed compile is not linted; a lint that cannot run says so in one line
// and the compile's result stands.
//
//===----------------------------------------------------------------------===//

#include "WrapCommand.h"

#include "CommandSupport.h"
#include "UnitReport.h"

#include "cudalint/CompileCommands/CompileCommand.h"
#include "cudalint/Device/DeviceFacts.h"
#include "cudalint/Lint/LintPolicy.h"
#include "cudalint/Pipeline/Pipeline.h"
#include "cudalint/Report/DiagnosticsReport.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <future>
#include <set>
#include <tuple>

using namespace llvm;

namespace cudalint {

namespace {

void note(const Twine &Message) {
  errs() << "cuda-launch-lint: " << Message << "\n";
}

std::string readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

struct CompileRun {
  int ExitCode = 1;
  std::string Stdout, Stderr;
};

/// Runs Argv (no shell; argv[0] looked up on PATH), capturing its output.
Expected<CompileRun> runCompile(ArrayRef<std::string> Argv) {
  ErrorOr<std::string> Program = StringRef(Argv[0]).contains('/')
                                     ? ErrorOr<std::string>(Argv[0])
                                     : sys::findProgramByName(Argv[0]);
  if (!Program)
    return createStringError(Program.getError(),
                             "'" + Argv[0] + "' not found on PATH");
  SmallString<128> Out, Err;
  if (std::error_code EC = sys::fs::createTemporaryFile("cll-wrap", "out", Out))
    return createStringError(EC, "temporary file: " + EC.message());
  if (std::error_code EC = sys::fs::createTemporaryFile("cll-wrap", "err", Err))
    return createStringError(EC, "temporary file: " + EC.message());
  auto Remove = make_scope_exit([&] {
    sys::fs::remove(Out);
    sys::fs::remove(Err);
  });
  std::vector<StringRef> Args(Argv.begin(), Argv.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Out),
                                          StringRef(Err)};
  std::string Why;
  bool Failed = false;
  CompileRun R;
  R.ExitCode = sys::ExecuteAndWait(*Program, Args, std::nullopt, Redirects, 0,
                                   0, &Why, &Failed);
  if (Failed)
    return createStringError(inconvertibleErrorCode(), Argv[0] + ": " + Why);
  R.Stdout = readFile(Out);
  R.Stderr = readFile(Err);
  return R;
}

/// The launcher's own options (--wrap-*) off the front of Args: whether
/// errors fail the compile; none after an unknown one (said).
std::optional<bool> launcherOptions(ArrayRef<StringRef> &Args) {
  bool ErrorsFail = false;
  while (!Args.empty() && Args.front().starts_with("--wrap-")) {
    if (Args.front() != "--wrap-errors") {
      note("error: unknown launcher option '" + Args.front() +
           "' (known: --wrap-errors)");
      return std::nullopt;
    }
    ErrorsFail = true;
    Args = Args.drop_front();
  }
  return ErrorsFail;
}

/// The compiler's output, as the build expects it; without the ptxas
/// report the launcher asked for (HideResourceReport).
void forwardOutput(const CompileRun &C, bool HideResourceReport) {
  outs() << C.Stdout;
  outs().flush();
  SmallVector<StringRef, 0> Lines;
  StringRef(C.Stderr).split(Lines, '\n');
  for (size_t I = 0; I < Lines.size(); ++I) {
    if (HideResourceReport && isPtxasReportLine(Lines[I]))
      continue;
    errs() << Lines[I] << (I + 1 < Lines.size() ? "\n" : "");
  }
}

/// The lint's findings as compiler diagnostics (warnings unless
/// ErrorsFail), and the unit report beside Object for `merge`; the
/// launcher's exit status.
int reportLint(PipelineResult &R, StringRef Log, bool ErrorsFail,
               StringRef Object, StringRef Source) {
  for (const std::string &E : R.InternalErrors)
    note("warning: not linted: " + E);
  bool Errors = false;
  // The report's temporary file is gone by the time anyone reads this.
  std::string LogSource = ("log:" + Log).str();
  for (Diagnostic &D : R.Findings)
    for (DiagnosticNote &N : D.Notes)
      if (size_t At = N.Message.find(LogSource); At != std::string::npos)
        N.Message.replace(At, LogSource.size(), "this compile's ptxas report");
  for (Diagnostic D : mergeArchs(R.Findings)) {
    Errors |= D.Sev == Severity::Error;
    if (!ErrorsFail)
      D.Sev = Severity::Warning;
    printDiagnostics(errs(), {D}, false);
  }
  if (!Object.empty()) {
    UnitReport Report;
    Report.Source = Source.str();
    Report.Findings = R.Findings;
    Report.Units = R.Units;
    Report.Device = R.Device;
    Report.DefaultArchs = R.DefaultArchs;
    Report.Gpu = R.Gpu ? R.Gpu->Name.str() : "";
    std::string Path = (Object + UnitReportSuffix).str();
    if (Error E = writeUnitReport(Path, Report))
      note("warning: " + Path + ": " + toString(std::move(E)));
  }
  return ErrorsFail && Errors ? 1 : 0;
}

} // namespace

int runWrapCommand(ArrayRef<StringRef> Args) {
  std::optional<bool> ErrorsFail = launcherOptions(Args);
  if (!ErrorsFail)
    return 2;
  if (Args.empty()) {
    note("error: --wrap needs the compile command: --wrap <compiler> <args>");
    return 2;
  }
  std::vector<std::string> Argv(Args.begin(), Args.end());
  // The compiler behind a ccache/sccache in front of it, and the source.
  std::optional<TranslatedCommand> T;
  if (Expected<TranslatedCommand> Translated =
          translateCompileCommand(Argv, ""))
    T = std::move(*Translated);
  else
    consumeError(Translated.takeError());
  bool Nvcc = T && T->Kind == CompilerKind::Nvcc;
  // hipcc, amdclang++, clang++ -x hip / --offload-arch=gfx... / a .hip
  // source: compiled unchanged, its device facts read from the object it
  // writes (else compiled per gfx target as a direct run does).
  bool Hip = T && T->Hip;
  bool UserAsked = asksForResourceUsage(Argv);
  std::vector<std::string> Run = Argv;
  if (Nvcc && !UserAsked)
    Run.push_back("-Xptxas=-v");

  // Lint a compile of one CUDA or HIP source; anything else is only
  // compiled.
  bool Lints = T && T->SourceFiles.size() == 1 &&
               (Hip || StringRef(T->SourceFiles.front()).ends_with(".cu"));
  SmallString<128> Log;
  if (Lints)
    if (std::error_code EC =
            sys::fs::createTemporaryFile("cll-wrap", "log", Log)) {
      note("warning: not linted: " + EC.message());
      Lints = false;
    }
  auto RemoveLog = make_scope_exit([&] {
    if (!Log.empty())
      sys::fs::remove(Log);
  });
  // The lint's front end parses while the compiler runs, on a core the
  // compile leaves idle; its device stage waits for the compile's report.
  std::promise<void> Compiled;
  std::shared_future<void> Report = Compiled.get_future().share();
  std::string LintNotes;
  raw_string_ostream LintNotesStream(LintNotes);
  std::future<Expected<PipelineResult>> Lint;
  if (Lints)
    Lint = std::async(std::launch::async, [&] {
      return lintCompileCommand(
          Argv, T->SourceFiles.front(),
          Hip    ? StringRef("objects")
          : Nvcc ? StringRef(Log)
                 : StringRef("none"),
          [Report] { Report.wait(); }, LintNotesStream);
    });
  // A compile that fails, or cannot run, ends the launcher with its result
  // at once: a parse still running is not waited for.
  auto ExitNowIfLinting = [&](int ExitCode) {
    if (!Lint.valid())
      return;
    sys::fs::remove(Log);
    outs().flush();
    errs().flush();
    sys::Process::Exit(ExitCode, /*NoCleanup=*/true);
  };

  Expected<CompileRun> C = runCompile(Run);
  if (!C) {
    note("error: " + toString(C.takeError()));
    ExitNowIfLinting(127);
    return 127;
  }
  forwardOutput(*C, /*HideResourceReport=*/!UserAsked && Nvcc);
  if (C->ExitCode != 0)
    ExitNowIfLinting(C->ExitCode);
  if (C->ExitCode != 0 || !Lint.valid() || !T) // (a lint implies T)
    return C->ExitCode;

  {
    std::error_code EC;
    raw_fd_ostream OS(Log, EC);
    OS << C->Stderr;
  }
  Compiled.set_value();
  Expected<PipelineResult> R = Lint.get();
  errs() << LintNotes;
  if (!R) {
    note("warning: not linted: " + toString(R.takeError()));
    return 0;
  }
  return reportLint(*R, Log, *ErrorsFail, outputFileArgument(Argv),
                    T->SourceFiles.front());
}

} // namespace cudalint
