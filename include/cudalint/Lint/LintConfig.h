//===- LintConfig.h - .cuda-launch-lint.yaml ---------------------*- C++
//-*-===//
//
// The project's configuration file, found by walking up from each source:
//
//   Checks: '-*,cuda-*,-cuda-tail-effect'   # or a YAML list of globs
//   WarningsAsErrors: 'cuda-occupancy-*'    # or a list
//   CheckOptions:                           # a map, or clang-tidy's list of
//     cuda-occupancy-limited.MinOccupancy: 0.4   #   {key: ..., value: ...}
//   Archs: [sm_80, sm_90]                   # or 'sm_80,sm_90'
//   Gpu: H100-SXM                           # or, for a GPU without a preset,
//   SMCount: 78                             #   its SM count (one arch)
//   HeaderFilterRegex: '.*/src/.*'
//
// Every key is optional; any other key is an error, and so are Gpu and
// SMCount together. Command-line options win
// over the file (the driver decides; see applyCheckOptions).
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LINTCONFIG_H
#define CUDALINT_LINTCONFIG_H

#include "cudalint/Arch/Arch.h"
#include "cudalint/Checks/Checks.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cudalint {

inline constexpr llvm::StringLiteral LintConfigFileName =
    ".cuda-launch-lint.yaml";

struct LintConfig {
  std::string Path;                            // the file it came from
  std::optional<std::string> Checks;           // glob list
  std::optional<std::string> WarningsAsErrors; // glob list
  /// "<check>.<Option>" -> value, in key order.
  std::map<std::string, std::string> CheckOptions;
  /// As spelled (sm_90a stays sm_90a); each one known to findArch.
  std::vector<std::string> Archs;
  /// The preset as spelled; known to findGpuPreset. Null when unset.
  const GpuPreset *Gpu = nullptr;
  std::optional<std::string> GpuName;
  /// The SM count of a GPU without a preset, a number in 1..MaxSMCount as
  /// written; the Pipeline pairs it with the run's one arch. Never with Gpu.
  std::optional<std::string> SMCount;
  /// A valid llvm::Regex.
  std::optional<std::string> HeaderFilterRegex;

  /// Copies CheckOptions into Options.Values, keeping values already there
  /// (set on the command line), and sets Options.Gpu when it is unset.
  void applyCheckOptions(cudalint::CheckOptions &Options) const;
};

/// Reads and validates a config file. Errors are one line:
/// "<path>:<line>:<col>: <problem>" (or "<path>: <problem>" when the file
/// cannot be read): malformed YAML, a key that is not one of the above, a
/// value of the wrong shape, an unknown arch or GPU preset, an SM count
/// that is not a number from 1 to MaxSMCount or beside Gpu, an invalid
/// regex, a CheckOptions key without '<check>.<Option>' form, a known
/// numeric option out of its range.
llvm::Expected<LintConfig> loadLintConfig(llvm::StringRef Path);

/// Parses Text as if it were the file Path (for tests and editors).
llvm::Expected<LintConfig> parseLintConfig(llvm::StringRef Text,
                                           llvm::StringRef Path);

/// The nearest .cuda-launch-lint.yaml in SourceFile's directory or one of
/// its parents (SourceFile made absolute first); none when there is none.
std::optional<std::string> findLintConfig(llvm::StringRef SourceFile);

} // namespace cudalint

#endif // CUDALINT_LINTCONFIG_H
