//===- ProcessCancelTest.cpp - Device compiles stop when cancelled --------===//
//
// The language server cancels a device refresh that a newer save replaces:
// runProcess kills the compile (with its process group) once the flag is
// set, and the result is a failure that says so, never a success.

#include "Process.h"
#include "ScratchDirTest.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <atomic>

using namespace cudalint;
using namespace llvm;

namespace {

/// sh, and files for the child's stdout and stderr in a scratch directory.
class ProcessCancelTest : public test::ScratchDirTest {
protected:
  void SetUp() override {
    ScratchDirTest::SetUp();
    if (HasFatalFailure())
      return;
    Sh = findExecutable("sh");
    ASSERT_FALSE(Sh.empty());
    Out = path("out");
    Err = path("err");
  }
  std::string Sh, Out, Err;
};

TEST_F(ProcessCancelTest, ASetFlagKillsTheProcess) {
  std::atomic<bool> Cancel{true};
  // Without the flag this would run for an hour (the timeout is off).
  ProcessResult R = runProcess({Sh, "-c", "sleep 3600"}, "", Out, Err,
                               /*TimeoutSeconds=*/0, &Cancel);
  EXPECT_TRUE(R.Started);
  EXPECT_TRUE(R.Cancelled);
  EXPECT_FALSE(R.TimedOut);
  EXPECT_FALSE(R.succeeded());
  EXPECT_EQ(R.describe(0), "cancelled (killed)");
}

TEST_F(ProcessCancelTest, AnUnsetFlagChangesNothing) {
  std::atomic<bool> Cancel{false};
  ProcessResult R = runProcess({Sh, "-c", "exit 0"}, "", Out, Err, 0, &Cancel);
  EXPECT_TRUE(R.succeeded());
  EXPECT_FALSE(R.Cancelled);
}

} // namespace
