//===- LintConfigFuzzer.cpp - .cuda-launch-lint.yaml ----------------------===//
//
// Any file text gives a validated config or one line
// "<path>:<line>:<col>: <problem>".
//
//===----------------------------------------------------------------------===//

#include "cudalint/Lint/GlobList.h"
#include "cudalint/Lint/LintConfig.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Bytes, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Bytes), Size);
  llvm::Expected<cudalint::LintConfig> Config =
      cudalint::parseLintConfig(Text, "/fuzz/.cuda-launch-lint.yaml");
  if (!Config) {
    std::string Message = llvm::toString(Config.takeError());
    if (Message.find('\n') != std::string::npos)
      abort();
    return 0;
  }
  // What the driver does next with a valid config.
  if (Config->HeaderFilterRegex) {
    llvm::Regex R(*Config->HeaderFilterRegex);
    std::string Why;
    if (!R.isValid(Why))
      abort(); // documented as a valid llvm::Regex
    R.match("/fuzz/include/a.cuh");
  }
  for (const std::optional<std::string> &Globs :
       {Config->Checks, Config->WarningsAsErrors})
    if (Globs)
      cudalint::GlobList(*Globs).contains("cuda-occupancy-limited");
  cudalint::CheckOptions Options;
  Config->applyCheckOptions(Options);
  return 0;
}
