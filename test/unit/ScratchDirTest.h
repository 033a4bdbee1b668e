//===- ScratchDirTest.h - A test with a directory of its own ----*- C++ -*-===//
//
// The fixture of the tests that write files: a fresh directory for each
// test, removed after it, and files named and written in it.
//
//===----------------------------------------------------------------------===//

#ifndef CUDALINT_TEST_UNIT_SCRATCHDIRTEST_H
#define CUDALINT_TEST_UNIT_SCRATCHDIRTEST_H

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

namespace cudalint::test {

class ScratchDirTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("cudalint-test", Dir));
  }
  void TearDown() override {
    if (!Dir.empty())
      llvm::sys::fs::remove_directories(Dir);
  }
  /// Rel, a path below the directory.
  std::string path(llvm::StringRef Rel) const {
    llvm::SmallString<128> P(Dir);
    llvm::sys::path::append(P, Rel);
    return std::string(P);
  }
  /// Writes Text to Rel, making its directories; returns its path.
  std::string write(llvm::StringRef Rel, llvm::StringRef Text) {
    std::string P = path(Rel);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(P));
    std::error_code EC;
    llvm::raw_fd_ostream OS(P, EC);
    EXPECT_FALSE(EC) << P;
    OS << Text;
    return P;
  }

  llvm::SmallString<128> Dir;
};

} // namespace cudalint::test

#endif // CUDALINT_TEST_UNIT_SCRATCHDIRTEST_H
