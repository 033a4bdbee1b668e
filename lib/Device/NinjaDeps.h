//===- NinjaDeps.h - Ninja's record of the headers each output read -*- C++
//-*-//
//
// Ninja reads the depfile of every compile (`deps = gcc`, as CMake's Ninja
// generator writes for nvcc and Clang) into <build dir>/.ninja_deps and
// deletes it: for a Ninja build that log is the only record of the headers
// an object was built from. --resource-usage=objects reads it to tell a
// stale object from a fresh one.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_LIB_DEVICE_NINJADEPS_H
#define CUDALINT_LIB_DEVICE_NINJADEPS_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cudalint::device {

class NinjaDepsLog {
public:
  /// Reads Dir/.ninja_deps (format version 4, ninja 1.10 and newer: see
  /// ninja's src/deps_log.cc). Paths in it are relative to Dir.
  static llvm::Expected<NinjaDepsLog> load(llvm::StringRef Dir);

  /// The inputs recorded for Output (an absolute path), absolute; null when
  /// the log has no record of it.
  const std::vector<std::string> *inputsOf(llvm::StringRef Output) const;

private:
  llvm::StringMap<std::vector<std::string>> Inputs;
};

/// Path made absolute against Dir (a build directory, as a depfile's or the
/// deps log's relative paths are), without "." and "..".
std::string absolutePathIn(llvm::StringRef Dir, llvm::StringRef Path);

/// The prerequisites of a Makefile-style depfile (`obj.o: a.cu b.h \`),
/// with `\ ` and `$$` unescaped; relative ones as written.
std::vector<std::string> parseDepfile(llvm::StringRef Text);

} // namespace cudalint::device

#endif
