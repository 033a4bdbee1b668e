//===- NvccOptions.h - nvcc's option table ----------------------*- C++ -*-===//
//
// Every nvcc flag of CUDA 13.0 (`nvcc --help`, plus the undocumented
// -Xcudafe, -Xcicc and -Xfatbin), whether it takes a value, and what the
// translation does with it. NvccOptions.cpp says how each was checked.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_COMPILECOMMANDS_NVCCOPTIONS_H
#define CUDALINT_LIB_COMPILECOMMANDS_NVCCOPTIONS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace cudalint::cmdline {

enum class NvAction : uint8_t {
  Ignore, // consumed (with its value); nothing a host-side parse needs
  Define,
  Undefine,
  IncludePath,
  SystemInclude,
  PreInclude,
  Std,
  Language,
  PassSpelling, // the nvcc spelling is also a Clang flag with the same effect
  ClangFlag,    // the option's ClangFlag, followed by the value if it has one
  CompilerOptions,
  PtxasOptions,
  Arch,
  Code,
  GenerateCode,
  Rdc,
  DeviceCompile, // -dc: -rdc=true -c
  DeviceWhole,   // -dw: -rdc=false -c
  MaxRegCount,
  FastMath,
  DeviceDebug,
  LineInfo,
  DefaultStream,
  ForwardToCompiler,
  ForwardToLinker,
  ForwardToBoth,
  OutputFile,     // -o: where the object goes (--resource-usage=objects)
  DependencyFile, // -MF: the depfile written with it
};

struct NvccOption {
  llvm::StringLiteral Long;  // after "--"; empty for the undocumented -X flags
  llvm::StringLiteral Short; // after "-"; empty where nvcc has none
  bool TakesValue;
  NvAction Action;
  bool Glued = false; // the value may follow without a space: -DX, -O3
  /// With NvAction::ClangFlag: the Clang flag the option is ("-O" for -O3,
  /// "-fno-exceptions" for -noeh).
  llvm::StringLiteral ClangFlag = "";
};

/// One nvcc argument matched against the table.
struct NvccMatch {
  const NvccOption *Option = nullptr;
  std::optional<std::string> InlineValue; // after '=' or glued on
};

/// Matches one argument against the table (no option for an argument that
/// spells none): long names only after "--", short names only after "-", a
/// value after '=' or, for the few flags that take one so, glued on.
NvccMatch matchNvccOption(llvm::StringRef Arg);

} // namespace cudalint::cmdline

#endif
