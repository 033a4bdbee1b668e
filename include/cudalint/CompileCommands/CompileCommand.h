//===- CompileCommand.h - nvcc/clang command -> Clang CUDA parse -*- C++
//-*-===//
//
// Compile databases for .cu files hold nvcc command lines, which Clang
// rejects. This turns one compile command (nvcc, clang or a GCC-style
// compiler) into the flags a Clang 19 host-side CUDA parse needs, plus the
// facts about device code generation the command carries (target archs,
// -maxrregcount, -rdc, ...). Every nvcc flag family and what happens to it
// is listed in docs/nvcc-flags.md; the arity of each nvcc flag was taken
// from `nvcc --help` (CUDA 13.0) and checked with `nvcc -dryrun`, because a
// wrong arity swallows the source file that follows the flag.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_COMPILECOMMAND_H
#define CUDALINT_COMPILECOMMAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace cudalint {

enum class CompilerKind { Nvcc, Clang, Other };

struct TranslatedCommand {
  CompilerKind Kind = CompilerKind::Other;
  /// The compiler itself (argv[0], or argv[1] behind a ccache/sccache
  /// wrapper), as given.
  std::string Compiler;
  /// Argv as given, with @FILE response files and nvcc --options-file
  /// files expanded in place.
  std::vector<std::string> Original;
  /// The inputs that get compiled (.cu, .cpp, ...), as spelled in the
  /// command; objects, libraries and PTX inputs are left out.
  std::vector<std::string> SourceFiles;
  /// Flags for a Clang CUDA parse: -std, -D, -U, -I, -isystem, -include,
  /// -x cuda when nvcc was told -x cu, and the host flags Clang knows.
  /// Never the source file, -o, -c, -M*, GPU arch flags or the compiler.
  std::vector<std::string> ClangArgs;
  /// "sm_80", "sm_90a", "sm_100f", ... in command order, deduplicated.
  /// compute_XY and lto_XY become sm_XY.
  std::vector<std::string> TargetArchs;
  /// The command compiles its sources as HIP: `-x hip`, a `.hip` source, an
  /// AMD GPU arch (--offload-arch=gfx90a), or hipcc / amdclang++ (which
  /// compile `.cu` files as HIP). TargetArchs are then gfx archs.
  bool Hip = false;
  /// -arch=native, -arch=all or -arch=all-major (or --offload-arch=native):
  /// the archs depend on the machine or the toolkit, not on the command.
  bool ArchIsNativeOrAll = false;
  std::optional<unsigned> MaxRegCount;
  bool RelocatableDeviceCode = false;
  bool FastMath = false;
  bool DeviceDebug = false;
  bool LineInfo = false;
  /// -o and -MF as spelled (relative to the command's directory), or
  /// empty: where the build puts the object and its depfile.
  std::string OutputFile, DependencyFile;
  /// -Xptxas values, split on commas.
  std::vector<std::string> PtxasOptions;
  /// One per unknown flag spelling (the flag without its value) and one per
  /// unusable GPU architecture, e.g. "unknown nvcc flag '--frobnicate'
  /// dropped".
  std::vector<std::string> Warnings;
  /// Where the flags a warning reports dropped are in Original (Clang and
  /// GCC-style commands, whose Original is what Clang would otherwise run):
  /// the parse must leave them out, as it says.
  std::vector<size_t> DroppedArgs;
};

/// Translates one compile command. Argv[0] is the compiler (or a ccache /
/// sccache wrapper followed by the compiler); WorkingDir is the directory
/// the command runs in: relative response files and include directories are
/// resolved against it. Fails (an exit-2 class error, one line) on an empty
/// argv, a response or options file that cannot be read, a flag missing its
/// value, and a value nvcc itself would reject (-maxrregcount=abc,
/// -rdc=maybe).
llvm::Expected<TranslatedCommand>
translateCompileCommand(llvm::ArrayRef<std::string> Argv,
                        llvm::StringRef WorkingDir);

/// Whether Argv[0] is the placeholder libTooling's fixed database puts in
/// front of the flags given after `--` (`<dir>/clang-tool`).
bool isPlaceholderCompiler(llvm::StringRef Argv0);

/// `file.cu -- nvcc <flags>` (or clang++, or ccache nvcc): drops the fixed
/// database's placeholder when the flags start with the compiler itself,
/// and names nvcc in its place when a bare flag list has a flag only nvcc
/// spells (nvccOnlyFlag). Returns whether the command now names its
/// compiler; false for another bare flag list, whose placeholder stays.
bool dropPlaceholderCompiler(std::vector<std::string> &Argv);

/// The first of Args that only nvcc spells (-arch=sm_80, -gencode ...,
/// -Xcompiler, --expt-relaxed-constexpr, --default-stream); none when
/// Clang could read them all.
std::optional<std::string> nvccOnlyFlag(llvm::ArrayRef<std::string> Args);

/// Whether a compile command asks for ptxas' resource report itself
/// (--resource-usage, -res-usage, -Xptxas -v, --ptxas-options=-v).
bool asksForResourceUsage(llvm::ArrayRef<std::string> Args);

/// The value of -o (--output-file) as spelled; empty when there is none.
std::string outputFileArgument(llvm::ArrayRef<std::string> Args);

/// The host compiler's own header directory (GCC's, holding omp.h and the
/// like), for parsing an nvcc command as nvcc's host compiler would: nvcc
/// uses GCC on Linux. Empty when none is installed.
const std::string &hostCompilerIncludeDir();

/// "sm_80", "compute_90a", "lto_100f" -> "sm_80", "sm_90a", "sm_100f";
/// an AMD GPU target as normalizeAmdArch gives it ("gfx90a:xnack+" ->
/// "gfx90a"). Returns none for anything else ("native", "sm_", "gfx").
std::optional<std::string> normalizeGpuArch(llvm::StringRef Spelling);

/// "gfx90a", "gfx90a:sramecc+:xnack-", "gfx1100", "gfx10-3-generic" ->
/// the processor ("gfx90a", "gfx1100", "gfx10-3-generic"): a target ID's
/// feature settings do not change the limits the checks read. Returns none
/// for anything that is not gfx followed by a hexadecimal-digit processor
/// number.
std::optional<std::string> normalizeAmdArch(llvm::StringRef Spelling);

/// The value nvcc gives __CUDA_ARCH_LIST__ in every phase of a compile,
/// its host compile included, for these target archs (normalized, as
/// TargetArchs holds them): each arch's number times ten, ascending, once
/// each ({"sm_80", "sm_75", "sm_90a"} -> "750,800,900"); nvcc's default,
/// "750", for none. CUB and Thrust splice it into their versioned
/// namespaces (CUB_300001_SM_750_800), so kernels templated on their types
/// mangle with it. None for an AMD arch.
std::optional<std::string>
nvccArchList(llvm::ArrayRef<std::string> TargetArchs);

/// Whether a normalized arch is an AMD GPU's (gfx...), not an NVIDIA one's.
inline bool isAmdArch(llvm::StringRef Arch) { return Arch.starts_with("gfx"); }

/// The arch Clang compiles HIP for when a command names none (Clang 19's
/// HIP default offload arch).
inline constexpr llvm::StringLiteral DefaultHipTargetArch = "gfx906";

/// Whether a command line (compiler first, as a compile database holds it)
/// compiles its sources as HIP: TranslatedCommand::Hip without translating
/// the whole command. For the parse, which must add `-x hip` to a `.cu`
/// file built by hipcc or with a gfx --offload-arch.
bool isHipCommand(llvm::ArrayRef<std::string> Argv);

/// Whether Name (a compiler's file name, no directory) is a HIP compiler
/// driver that takes Clang's flags: hipcc, amdclang++, amdclang.
bool isHipCompilerName(llvm::StringRef Name);

/// "sm_80, compute_90a, gfx90a" -> {"sm_80", "sm_90a", "gfx90a"}: a
/// comma-separated list as --arch and the Archs settings take it. Fails on
/// the first entry that is not a GPU arch ("'sm' is not a GPU architecture
/// (sm_XY or gfxNNN)").
llvm::Expected<std::vector<std::string>> parseGpuArchList(llvm::StringRef List);

} // namespace cudalint

#endif // CUDALINT_COMPILECOMMAND_H
