//===- NvccOptions.cpp - nvcc's option table ------------------------------===//
//
// nvcc's option table below is `nvcc --help` of CUDA 13.0, plus the three
// undocumented pass-through flags -Xcudafe, -Xcicc and -Xfatbin. Which flags
// take a value was checked one by one with `nvcc -dryrun` (-qpp-config,
// -Ofc and -hls take one although --help does not show it for the first).
// nvcc's own syntax rules, also checked with -dryrun:
//   - long names only after "--", short names only after "-";
//   - a value follows as the next argument (even one starting with '-') or
//     after '=';
//   - only -D -U -I -L -l -O -t take a value glued on (-DX=1, -O3, -t4);
//   - list values (-D, -I, -Xcompiler, -gencode, ...) are split on commas;
//   - with -forward-unknown-to-host-compiler an unknown "-x" argument goes
//     to the host compiler alone: a following plain argument is an input.
// docs/nvcc-flags.md lists what happens to every family.
//
//===----------------------------------------------------------------------===//

#include "NvccOptions.h"

using namespace llvm;

namespace cudalint::cmdline {

namespace {

constexpr bool V = true;  // takes a value
constexpr bool F = false; // a flag
using A = NvAction;

// clang-format off
const NvccOption NvccOptions[] = {
    // Compilation phase.
    {"cuda", "cuda", F, A::Ignore},
    {"cubin", "cubin", F, A::Ignore},
    {"fatbin", "fatbin", F, A::Ignore},
    {"ptx", "ptx", F, A::Ignore},
    {"optix-ir", "optix-ir", F, A::Ignore},
    {"ltoir", "ltoir", F, A::Ignore},
    {"preprocess", "E", F, A::Ignore},
    {"generate-dependencies", "M", F, A::Ignore},
    {"generate-nonsystem-dependencies", "MM", F, A::Ignore},
    {"generate-dependencies-with-compile", "MD", F, A::Ignore},
    {"generate-nonsystem-dependencies-with-compile", "MMD", F, A::Ignore},
    {"dependency-output", "MF", V, A::DependencyFile},
    {"generate-dependency-targets", "MP", F, A::Ignore},
    {"compile", "c", F, A::Ignore},
    {"device-c", "dc", F, A::DeviceCompile},
    {"device-w", "dw", F, A::DeviceWhole},
    {"device-link", "dlink", F, A::Ignore},
    {"link", "link", F, A::Ignore},
    {"lib", "lib", F, A::Ignore},
    {"run", "run", F, A::Ignore},
    // Files and paths.
    {"output-file", "o", V, A::OutputFile},
    {"pre-include", "include", V, A::PreInclude},
    {"objdir-as-tempdir", "objtemp", F, A::Ignore},
    {"library", "l", V, A::Ignore, true},
    {"define-macro", "D", V, A::Define, true},
    {"undefine-macro", "U", V, A::Undefine, true},
    {"include-path", "I", V, A::IncludePath, true},
    {"system-include", "isystem", V, A::SystemInclude},
    {"library-path", "L", V, A::Ignore, true},
    {"output-directory", "odir", V, A::Ignore},
    {"compiler-bindir", "ccbin", V, A::Ignore},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", F, A::Ignore},
    {"archiver-binary", "arbin", V, A::Ignore},
    {"cudart", "cudart", V, A::Ignore},
    {"cudadevrt", "cudadevrt", V, A::Ignore},
    {"libdevice-directory", "ldir", V, A::Ignore},
    {"target-directory", "target-dir", V, A::Ignore},
    {"use-local-env", "use-local-env", F, A::Ignore},
    {"force-cl-env-setup", "force-cl-env-setup", F, A::Ignore},
    // Compiler and linker behaviour.
    {"profile", "pg", F, A::Ignore},
    {"debug", "g", F, A::ClangFlag, false, "-g"},
    {"device-debug", "G", F, A::DeviceDebug},
    {"generate-line-info", "lineinfo", F, A::LineInfo},
    {"optimization-info", "opt-info", V, A::Ignore},
    {"optimize", "O", V, A::ClangFlag, true, "-O"},
    {"Ofast-compile", "Ofc", V, A::Ignore},
    {"dopt", "dopt", V, A::Ignore},
    {"dlink-time-opt", "dlto", F, A::Ignore},
    {"lto", "lto", F, A::Ignore},
    {"gen-opt-lto", "gen-opt-lto", F, A::Ignore},
    {"ftemplate-backtrace-limit", "ftemplate-backtrace-limit", V, A::ClangFlag, false, "-ftemplate-backtrace-limit="},
    {"ftemplate-depth", "ftemplate-depth", V, A::ClangFlag, false, "-ftemplate-depth="},
    {"no-exceptions", "noeh", F, A::ClangFlag, false, "-fno-exceptions"},
    {"shared", "shared", F, A::Ignore},
    {"x", "x", V, A::Language},
    {"std", "std", V, A::Std},
    {"no-host-device-initializer-list", "nohdinitlist", F, A::Ignore},
    {"no-host-device-move-forward", "nohdmoveforward", F, A::Ignore},
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", F, A::Ignore},
    {"extended-lambda", "extended-lambda", F, A::Ignore},
    {"expt-extended-lambda", "expt-extended-lambda", F, A::Ignore},
    {"machine", "m", V, A::ClangFlag, false, "-m"},
    {"m64", "m64", F, A::ClangFlag, false, "-m64"},
    // Options for one phase.
    {"compiler-options", "Xcompiler", V, A::CompilerOptions},
    {"linker-options", "Xlinker", V, A::Ignore},
    {"archive-options", "Xarchive", V, A::Ignore},
    {"ptxas-options", "Xptxas", V, A::PtxasOptions},
    {"nvlink-options", "Xnvlink", V, A::Ignore},
    {"", "Xcudafe", V, A::Ignore},
    {"", "Xcicc", V, A::Ignore},
    {"", "Xfatbin", V, A::Ignore},
    // Driver behaviour.
    {"static-global-template-stub", "static-global-template-stub", V, A::Ignore},
    {"device-entity-has-hidden-visibility", "device-entity-has-hidden-visibility", V, A::Ignore},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler", F, A::ForwardToCompiler},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker", F, A::ForwardToLinker},
    {"forward-unknown-opts", "forward-unknown-opts", F, A::ForwardToBoth},
    {"dont-use-profile", "noprof", F, A::Ignore},
    {"dryrun", "dryrun", F, A::Ignore},
    {"verbose", "v", F, A::Ignore},
    {"threads", "t", V, A::Ignore, true},
    {"split-compile", "split-compile", V, A::Ignore},
    {"split-compile-extended", "split-compile-extended", V, A::Ignore},
    {"fdevice-syntax-only", "fdevice-syntax-only", F, A::Ignore},
    {"fdevice-time-trace", "fdevice-time-trace", V, A::Ignore},
    {"keep", "keep", F, A::Ignore},
    {"keep-dir", "keep-dir", V, A::Ignore},
    {"save-temps", "save-temps", F, A::Ignore},
    {"clean-targets", "clean", F, A::Ignore},
    {"time", "time", V, A::Ignore},
    {"run-args", "run-args", V, A::Ignore},
    {"input-drive-prefix", "idp", V, A::Ignore},
    {"dependency-drive-prefix", "ddp", V, A::Ignore},
    {"drive-prefix", "dp", V, A::Ignore},
    {"dependency-target-name", "MT", V, A::Ignore},
    {"no-align-double", "", F, A::Ignore},
    {"no-device-link", "nodlink", F, A::Ignore},
    // GPU code generation.
    {"gpu-architecture", "arch", V, A::Arch},
    {"gpu-code", "code", V, A::Code},
    {"generate-code", "gencode", V, A::GenerateCode},
    {"relocatable-device-code", "rdc", V, A::Rdc},
    {"entries", "e", V, A::Ignore},
    {"maxrregcount", "maxrregcount", V, A::MaxRegCount},
    {"use_fast_math", "use_fast_math", F, A::FastMath},
    {"ftz", "ftz", V, A::Ignore},
    {"prec-div", "prec-div", V, A::Ignore},
    {"prec-sqrt", "prec-sqrt", V, A::Ignore},
    {"fmad", "fmad", V, A::Ignore},
    {"extra-device-vectorization", "extra-device-vectorization", F, A::Ignore},
    {"default-stream", "default-stream", V, A::DefaultStream},
    // Diagnostics and tools.
    {"disable-warnings", "w", F, A::ClangFlag, false, "-w"},
    {"keep-device-functions", "keep-device-functions", F, A::Ignore},
    {"source-in-ptx", "src-in-ptx", F, A::Ignore},
    {"restrict", "restrict", F, A::Ignore},
    {"Wreorder", "Wreorder", F, A::PassSpelling},
    {"Wdefault-stream-launch", "Wdefault-stream-launch", F, A::Ignore},
    {"Wmissing-launch-bounds", "Wmissing-launch-bounds", F, A::Ignore},
    {"Wext-lambda-captures-this", "Wext-lambda-captures-this", F, A::Ignore},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations", F, A::PassSpelling},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", F, A::Ignore},
    {"Werror", "Werror", V, A::Ignore},
    {"resource-usage", "res-usage", F, A::Ignore},
    {"extensible-whole-program", "ewp", F, A::Ignore},
    {"no-compress", "no-compress", F, A::Ignore},
    {"qpp-config", "qpp-config", V, A::Ignore},
    {"compile-as-tools-patch", "astoolspatch", F, A::Ignore},
    {"list-gpu-code", "code-ls", F, A::Ignore},
    {"list-gpu-arch", "arch-ls", F, A::Ignore},
    {"display-error-number", "err-no", F, A::Ignore},
    {"no-display-error-number", "no-err-no", F, A::Ignore},
    {"diag-error", "diag-error", V, A::Ignore},
    {"diag-suppress", "diag-suppress", V, A::Ignore},
    {"diag-warn", "diag-warn", V, A::Ignore},
    {"host-linker-script", "hls", V, A::Ignore},
    {"augment-host-linker-script", "aug-hls", F, A::Ignore},
    {"relocatable-link", "r", F, A::Ignore},
    {"brief-diagnostics", "brief-diag", V, A::Ignore},
    {"jump-table-density", "jtd", V, A::Ignore},
    {"relocatable-ptx", "reloc-ptx", F, A::Ignore},
    {"device-stack-protector", "device-stack-protector", V, A::Ignore},
    {"compress-mode", "compress-mode", V, A::Ignore},
    {"frandom-seed", "frandom-seed", V, A::Ignore},
    {"sanitize", "sanitize", V, A::Ignore},
    {"jobserver", "jobserver", F, A::Ignore},
    {"help", "h", F, A::Ignore},
    {"version", "V", F, A::Ignore},
    // Expanded before parsing; listed so that the spelling is known.
    {"options-file", "optf", V, A::Ignore},
};

} // namespace

NvccMatch matchNvccOption(StringRef Arg) {
  NvccMatch M;
  // Only "-x" and "--x" spell options; an empty argument (a compile
  // database may hold one) has no dash to drop.
  if (Arg.size() < 2 || Arg.front() != '-')
    return M;
  bool IsLong = Arg.starts_with("--");
  StringRef Body = Arg.drop_front(IsLong ? 2 : 1);
  auto [Name, Value] = Body.split('=');
  bool HasEquals = Body.contains('=');
  for (const NvccOption &O : NvccOptions) {
    StringRef Want = IsLong ? O.Long : O.Short;
    if (!Want.empty() && Want == Name) {
      M.Option = &O;
      if (HasEquals && O.TakesValue)
        M.InlineValue = Value.str();
      return M;
    }
  }
  if (IsLong)
    return M;
  // Glued values: "-DX=1", "-I/path", "-O3", "-t4"; "-D=X" is "-D X".
  for (const NvccOption &O : NvccOptions) {
    if (!O.Glued || !Body.starts_with(O.Short) || Body.size() == O.Short.size())
      continue;
    StringRef Rest = Body.drop_front(O.Short.size());
    Rest.consume_front("=");
    M.Option = &O;
    M.InlineValue = Rest.str();
    return M;
  }
  return M;
}

} // namespace cudalint::cmdline
