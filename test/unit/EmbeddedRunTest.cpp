//===- EmbeddedRunTest.cpp - The embedded doors' command and messages -----===//
//
// lib/Embedded: the flags a clang-tidy command line compiles every file with
// (the module's command when no database has one).
//
//===----------------------------------------------------------------------===//

#include "cudalint/Embedded/EmbeddedRun.h"

#include <gtest/gtest.h>

using namespace cudalint;

namespace {

using Args = std::vector<std::string>;

TEST(EmbeddedRun, ClangTidyFlagsAfterDoubleDash) {
  EXPECT_EQ(
      clangTidyFixedFlags(Args{"clang-tidy-19", "--load=m.so", "f.cu", "--",
                               "-x", "cuda", "--cuda-gpu-arch=sm_80"}),
      (Args{"-x", "cuda", "--cuda-gpu-arch=sm_80"}));
  // --extra-arg-before goes first, --extra-arg last, in every spelling
  // llvm::cl reads.
  EXPECT_EQ(clangTidyFixedFlags(
                Args{"clang-tidy-19", "-extra-arg=-DA", "--extra-arg", "-DB",
                     "--extra-arg-before=-DC", "f.cu", "--", "-x", "cuda"}),
            (Args{"-DC", "-x", "cuda", "-DA", "-DB"}));
  // No `--`: clang-tidy reads a compile database instead.
  EXPECT_EQ(clangTidyFixedFlags(Args{"clang-tidy-19", "-p", "build", "f.cu"}),
            std::nullopt);
  // `--` with nothing after it is an empty command, not none.
  EXPECT_EQ(clangTidyFixedFlags(Args{"clang-tidy-19", "f.cu", "--"}), Args{});
}

TEST(EmbeddedRun, ProcessArgumentsAreThisProcess) {
  Args Own = processArguments();
  ASSERT_FALSE(Own.empty());
  EXPECT_NE(Own.front().find("cudalint-embedded-tests"), std::string::npos);
}

} // namespace
