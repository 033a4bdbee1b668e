//===- WarningsAsErrorsTest.cpp - --warnings-as-errors and exit codes -----===//

#include "cudalint/Lint/WarningsAsErrors.h"

#include "gtest/gtest.h"

using namespace cudalint;
using namespace llvm;

namespace {

Diagnostic diag(StringRef Check, Severity Sev) {
  Diagnostic D;
  D.Check = Check.str();
  D.Sev = Sev;
  return D;
}

TEST(WarningsAsErrorsTest, PromotesMatchingWarningsOnly) {
  WarningsAsErrors W("cuda-occupancy-*,cuda-tail-effect");
  Diagnostic Occ = diag("cuda-occupancy-limited", Severity::Warning);
  Diagnostic Warp =
      diag("cuda-block-size-not-warp-multiple", Severity::Warning);
  Diagnostic Err = diag("cuda-block-size-invalid", Severity::Error);
  EXPECT_TRUE(W.promotes(Occ));
  EXPECT_FALSE(W.promotes(Warp));
  EXPECT_FALSE(W.promotes(Err)); // already an error
  EXPECT_EQ(W.effectiveSeverity(Occ), Severity::Error);
  EXPECT_EQ(W.effectiveSeverity(Warp), Severity::Warning);
  EXPECT_EQ(W.effectiveSeverity(Err), Severity::Error);
  EXPECT_EQ(Occ.Sev, Severity::Warning); // the diagnostic is left alone
}

TEST(WarningsAsErrorsTest, ExitCodes) {
  std::vector<Diagnostic> Warnings = {
      diag("cuda-occupancy-limited", Severity::Warning),
      diag("cuda-tail-effect", Severity::Warning)};
  EXPECT_EQ(WarningsAsErrors().exitCode(Warnings), 0);
  EXPECT_EQ(WarningsAsErrors("").exitCode({}), 0);
  EXPECT_EQ(WarningsAsErrors("cuda-*,-cuda-occupancy-limited,-cuda-tail-effect")
                .exitCode(Warnings),
            0);
  EXPECT_EQ(WarningsAsErrors("cuda-tail-effect").exitCode(Warnings), 1);
  EXPECT_EQ(WarningsAsErrors("*").countErrors(Warnings), 2u);
  EXPECT_EQ(WarningsAsErrors("cuda-tail-*").countPromoted(Warnings), 1u);

  std::vector<Diagnostic> WithError = Warnings;
  WithError.push_back(diag("cuda-grid-size-invalid", Severity::Error));
  EXPECT_EQ(WarningsAsErrors().exitCode(WithError), 1);
  EXPECT_EQ(WarningsAsErrors().countErrors(WithError), 1u);
}

TEST(WarningsAsErrorsTest, PromoteInPlace) {
  std::vector<Diagnostic> Diags = {
      diag("cuda-occupancy-limited", Severity::Warning),
      diag("cuda-register-spills", Severity::Warning),
      diag("cuda-block-size-invalid", Severity::Error)};
  EXPECT_EQ(WarningsAsErrors("cuda-register-spills").promote(Diags), 1u);
  EXPECT_EQ(Diags[0].Sev, Severity::Warning);
  EXPECT_EQ(Diags[1].Sev, Severity::Error);
  EXPECT_EQ(Diags[2].Sev, Severity::Error);
}

} // namespace
